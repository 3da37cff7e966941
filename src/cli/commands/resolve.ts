import type { Argv, CommandModule } from 'yargs';
import { run, type GlobalArgs, type Io } from '../io.js';
import type { ResolveData, ResolvedFile } from '../../commands/resolve.js';
import { foldMessage, quoteText as q, rekeyMessage } from '../../memory/tasks-merge-messages.js';
import { anOperation, theOperation } from '../../git/repo.js';
import { tasksWaitLine } from '../messages.js';

/** What the working-tree file held beyond git's versions and was kept: one line per kind. */
function worktreeLines(f: ResolvedFile): string[] {
  const w = f.worktree;
  if (!w) return [];
  const name = (x: { id: string; task: string } | { section: string; text: string }) => ('id' in x ? `${x.id} ${q(x.task)}` : q(x.text));
  const list = (xs: readonly ({ id: string; task: string } | { section: string; text: string })[]) => xs.map(name).join(', ');
  const file = f.path.slice(f.path.lastIndexOf('/') + 1);
  return [
    w.added.length ? `  from the working tree: ${list(w.added)} (in neither side nor the base: added)` : '',
    w.edited.length ? `  from the working tree: ${list(w.edited)} (edited there: that version kept)` : '',
    w.restored.length ? `  from the working tree: ${list(w.restored)} (a side had deleted it; the file you resolved kept it)` : '',
    w.missing.length ? `  kept ${list(w.missing)}: in the merge but not in the working tree's ${file}; delete ${w.missing.length > 1 ? 'them' : 'it'} by hand after the merge if that was meant` : '',
  ].filter(Boolean);
}

/** What resolve did with the journal files the operation left unmerged. */
function journalLines(j: ResolveData['journal']): string[] {
  if (!j) return [];
  const n = (k: number, one: string) => `${k} ${one}${k === 1 ? '' : 's'}`;
  const from = (side: 'ours' | 'theirs' | 'both') => j.kept.filter((k) => k.from === side && !k.movedFrom).length;
  const moved = j.kept.filter((k) => k.movedFrom).length;
  const removed = j.removed.length - moved;
  const done = [
    j.kept.length > moved ? `kept ${n(j.kept.length - moved, 'session file')} as the side that added it wrote it (${from('ours')} ours, ${from('theirs')} theirs${from('both') ? `, ${from('both')} alike on both` : ''})` : '',
    moved ? `put ${n(moved, 'session file')} back in ${moved === 1 ? 'its own day' : 'their own days'} (git had moved ${moved === 1 ? 'it' : 'them'} after a folded day's folder)` : '',
    removed ? `removed ${n(removed, 'session file')} neither side has any more (folded into day files)` : '',
    j.merged.length ? `merged ${n(j.merged.length, 'folded day')} session by session` : '',
  ].filter(Boolean);
  return [
    ...(done.length ? [`settled the journal: ${done.join('; ')}; every session once, marked resolved`] : []),
    ...j.left.map((l) => `left unmerged: ${l.path}: ${l.reason}`),
  ];
}

function render(d: ResolveData): string {
  const settledJournal = !!d.journal && d.journal.kept.length + d.journal.removed.length + d.journal.merged.length > 0;
  const lines = d.files.length || d.journal ? [] : ['nothing to resolve: TASKS.md, MEMORY.md and PRIMER.md have no conflicts'];
  lines.push(...journalLines(d.journal));
  lines.push(...d.files.flatMap((f) => {
    if (f.how === 'rebuilt') return [`rebuilt ${f.path}`];
    if (f.how === 'merged by entry') return [`merged ${f.path} entry by entry: every entry of both sides kept`, ...worktreeLines(f)];
    const both = [...new Set((f.decided ?? []).map((c) => c.id))];
    return [
      `merged ${f.path} by task id: ${f.tasks} tasks${both.length ? `; newer change kept where both sides changed ${both.join(', ')}` : ''}`,
      ...(f.rekeyed ?? []).map((r) => `  ${rekeyMessage(r)}`),
      ...(f.folded ?? []).map((r) => `  ${foldMessage(r)}`),
      ...worktreeLines(f),
    ];
  }));
  if (d.staged.length) lines.push(`marked resolved: ${d.staged.join(', ')}; conclude with \`git commit\` (or \`--continue\` the operation)`);
  else if (settledJournal && !d.journal!.left.length) lines.push('conclude with `git commit` (or `--continue` the operation) once your other conflicts are resolved');
  if (d.commit) lines.push(`committed the repair as ${d.commit.sha.slice(0, 7)}`);
  if (d.tasksWaiting) {
    const theOp = d.tasksWaiting.op ? theOperation(d.tasksWaiting.op) : 'the git operation';
    const which = d.tasksWaiting.tasks.map((t) => `${t.id} ${q(t.task)}`).join(', ');
    lines.push(`${which ? `changed during ${theOp}: ${which}; ` : ''}${tasksWaitLine(theOp)}`);
  }
  if (d.waiting) lines.push(`${anOperation(d.waiting)} is in progress: commit the repaired files after it (\`git memory commit\`)`);
  return `${lines.join('\n')}\n`;
}

export const resolveCommand = (io: Io): CommandModule<GlobalArgs, GlobalArgs> => ({
  command: 'resolve',
  describe: 'Repair TASKS.md (merged by task id), MEMORY.md (by entry), PRIMER.md (rebuilt) and journal files (from the two sides) left conflicted by a merge',
  builder: (y: Argv<GlobalArgs>) =>
    y
      .example('git merge feature && git memory resolve', 'after a merge that stopped on TASKS.md')
      .example('git memory resolve', 'after pulling a merge whose TASKS.md was committed with conflict markers')
      .example('git merge teammate && git memory resolve', 'after a merge of two branches that both folded the journal stopped on session files'),
  handler: (a) => run(io, a, async (ctx) => (await import('../../commands/resolve.js')).resolve(ctx), render),
});
