import type { Argv, CommandModule } from 'yargs';
import { EXIT } from '../../errors.js';
import { run, type GlobalArgs, type Io } from '../io.js';
import type { DoctorData } from '../../commands/doctor.js';

const MARK = { ok: '✓', info: '·', problem: '✗' } as const;

function render(d: DoctorData): string {
  const where = d.hooks.husky ? `${d.hooks.dir} (husky)` : d.hooks.dir;
  const lines = [`git-memory doctor: ${d.root}`, `hooks run from ${where}${d.hooks.hooksPath ? ` (core.hooksPath = ${d.hooks.hooksPath})` : ''}`, ''];
  for (const c of d.checks) {
    lines.push(`${MARK[c.level]} ${c.message}`);
    if (c.fix && c.level !== 'ok') lines.push(`    fix: ${c.fix.split('\n').join('\n    ')}`);
  }
  const problems = d.checks.filter((c) => c.level === 'problem').length;
  lines.push('', problems ? `${problems} problem${problems === 1 ? '' : 's'} found` : 'no problems found');
  if (d.off) lines.push(`git-memory is OFF ${d.off === 'GIT_MEMORY=0' ? 'in this shell (GIT_MEMORY=0)' : 'in this clone (memory.enabled false)'}: nothing is recorded until it is turned back on`);
  return `${lines.join('\n')}\n`;
}

export const doctorCommand = (io: Io): CommandModule<GlobalArgs, GlobalArgs> => ({
  command: 'doctor',
  describe: 'Check hooks, merge driver, config and memory files; every problem comes with its fix (exit 1 if any)',
  builder: (y: Argv<GlobalArgs>) => y.example('git memory doctor --json', 'the same as data, for scripts'),
  handler: (a) =>
    run(
      io,
      a,
      async (ctx) => {
        const r = await (await import('../../commands/doctor.js')).doctor(ctx);
        return { ...r, exit: r.data.ok ? EXIT.ok : EXIT.error };
      },
      render,
    ),
});
