import type { Argv, CommandModule } from 'yargs';
import { run, type GlobalArgs, type Io } from '../io.js';
import type { ResolveData } from '../../commands/resolve.js';
import { foldMessage, rekeyMessage } from '../../memory/tasks-merge-messages.js';
import { anOperation } from '../../git/repo.js';

function render(d: ResolveData): string {
  if (!d.files.length) return 'nothing to resolve: TASKS.md, MEMORY.md and PRIMER.md have no conflicts\n';
  const lines = d.files.flatMap((f) => {
    if (f.how === 'rebuilt') return [`rebuilt ${f.path}`];
    if (f.how === 'merged by entry') return [`merged ${f.path} entry by entry: every entry of both sides kept`];
    const both = [...new Set((f.decided ?? []).map((c) => c.id))];
    return [
      `merged ${f.path} by task id: ${f.tasks} tasks${both.length ? `; newer change kept where both sides changed ${both.join(', ')}` : ''}`,
      ...(f.rekeyed ?? []).map((r) => `  ${rekeyMessage(r)}`),
      ...(f.folded ?? []).map((r) => `  ${foldMessage(r)}`),
    ];
  });
  if (d.staged.length) lines.push(`marked resolved: ${d.staged.join(', ')}; conclude with \`git commit\` (or \`--continue\` the operation)`);
  if (d.commit) lines.push(`committed the repair as ${d.commit.sha.slice(0, 7)}`);
  if (d.waiting) lines.push(`${anOperation(d.waiting)} is in progress: commit the repaired files after it (\`git memory commit\`)`);
  return `${lines.join('\n')}\n`;
}

export const resolveCommand = (io: Io): CommandModule<GlobalArgs, GlobalArgs> => ({
  command: 'resolve',
  describe: 'Repair TASKS.md (merged by task id), MEMORY.md (by entry) and PRIMER.md (rebuilt) left conflicted by a merge without the driver',
  builder: (y: Argv<GlobalArgs>) =>
    y
      .example('git merge feature && git memory resolve', 'after a merge that stopped on TASKS.md')
      .example('git memory resolve', 'after pulling a merge whose TASKS.md was committed with conflict markers'),
  handler: (a) => run(io, a, async (ctx) => (await import('../../commands/resolve.js')).resolve(ctx), render),
});
