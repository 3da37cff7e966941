import type { Argv, CommandModule } from 'yargs';
import { EXIT } from '../../errors.js';
import { run, type GlobalArgs, type Io } from '../io.js';
import type { ScanData } from '../../commands/scan.js';

interface Args extends GlobalArgs {
  range?: string;
  all?: boolean;
  staged?: boolean;
}

const WHAT = { worktree: 'in the working tree', staged: 'staged', all: 'in the history of every ref', range: 'brought by the range' } as const;

function render(d: ScanData): string {
  const messages = d.messages ? ` and ${d.messages} memory commit message${d.messages === 1 ? '' : 's'}` : '';
  const what = `memory file version${d.scanned === 1 ? '' : 's'}${messages} ${d.range ? `brought by ${d.range.spec}` : WHAT[d.source]}`;
  if (d.ok) return `no secrets in ${d.scanned} ${what}\n`;
  const lines = d.findings.map((f) => `${f.file}:${f.line}:${f.column} ${f.ruleId} ${f.masked}${f.commit ? ` (commit ${f.commit.slice(0, 7)})` : ''}`);
  const n = d.findings.length;
  lines.push('', `${n} secret${n === 1 ? '' : 's'} found in ${d.scanned} ${what}`);
  lines.push('Remove each value (or reference it, e.g. process.env.NAME); a false positive goes in [secrets] allowlist.');
  if (d.source === 'all' || d.source === 'range') lines.push('A secret in a commit stays in history until the commits that carry it are rewritten.');
  return `${lines.join('\n')}\n`;
}

export const scanCommand = (io: Io): CommandModule<GlobalArgs, Args> => ({
  command: 'scan [range]',
  describe: 'Scan memory files for secrets, for CI (exit 3 when any is found)',
  builder: (y: Argv<GlobalArgs>) =>
    y
      .positional('range', { type: 'string', describe: 'Scan the memory versions the commits of <base>...<head>, <base>..<head> or <base> bring' })
      .option('all', { type: 'boolean', describe: 'Scan every version of every memory file in the history of every ref' })
      .option('staged', { type: 'boolean', describe: 'Scan memory files as staged in the index' })
      .example('git memory scan', 'the memory files in the working tree')
      .example('git memory scan origin/main...HEAD', 'what a pull request adds, in CI')
      .example('git memory scan --all --json', 'all of history, as data'),
  handler: (a) =>
    run(
      io,
      a,
      async (ctx) => {
        const r = await (await import('../../commands/scan.js')).scan(ctx, { all: a.all, staged: a.staged, range: a.range });
        return { ...r, exit: r.data.ok ? EXIT.ok : EXIT.secret };
      },
      render,
    ),
});
