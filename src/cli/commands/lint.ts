import type { Argv, CommandModule } from 'yargs';
import { EXIT } from '../../errors.js';
import { run, type GlobalArgs, type Io } from '../io.js';
import type { LintData, LintProblem } from '../../commands/lint.js';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function problemLine(p: LintProblem): string {
  const where = p.line ? `${p.line}${p.column ? `:${p.column}` : ''}` : '-';
  const head = `  ${where.padEnd(8)} ${p.check.padEnd(13)} ${p.rule ? `${p.rule} ` : ''}${p.message}`;
  return p.expected ? `${head}\n${' '.repeat(25)}expected:\n${p.expected.replace(/^/gm, ' '.repeat(27))}` : head;
}

/** Entries of MEMORY.md that may be stale: listed, not counted as problems. */
function staleLines(d: LintData): string {
  if (!d.stale?.length) return '';
  return `\nmay be stale (.openclaw_memory/MEMORY.md; check them, then edit or let the next dream update them):\n${d.stale.map((s) => `  ${String(s.line).padEnd(8)} ${s.text} — ${s.why}`).join('\n')}\n`;
}

function render(d: LintData): string {
  if (d.ok) return `${plural(d.files, 'memory file')} checked: no problems\n${staleLines(d)}`;
  const lines: string[] = [];
  for (const r of d.report) lines.push(r.file, ...r.problems.map(problemLine), '');
  const secrets = d.secrets ? ` (${plural(d.secrets, 'secret')})` : '';
  lines.push(`${plural(d.problems, 'problem')}${secrets} in ${plural(d.report.length, 'file')}; ${plural(d.files, 'memory file')} checked`);
  return `${lines.join('\n')}\n${staleLines(d)}`;
}

export const lintCommand = (io: Io): CommandModule<GlobalArgs, GlobalArgs> => ({
  command: 'lint',
  describe:
    'Checks every memory file, for CI: schema, primer budget, secrets, invisible and control characters, instruction-like lines, duplicate session and task ids, size caps (exit 1 on problems, 3 if a secret is among them)',
  builder: (y: Argv<GlobalArgs>) => y.example('git memory lint', 'a report grouped by file').example('git memory lint --json', 'the same as data'),
  handler: (a) =>
    run(
      io,
      a,
      async (ctx) => {
        const r = await (await import('../../commands/lint.js')).lint(ctx);
        return { ...r, exit: r.data.ok ? EXIT.ok : r.data.secrets ? EXIT.secret : EXIT.error };
      },
      render,
    ),
});
