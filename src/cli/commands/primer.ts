import type { Argv, CommandModule } from 'yargs';
import { run, type GlobalArgs, type Io } from '../io.js';
import { PRIMER_OPTIONS } from '../options/primer.js';
import type { Ctx, Result } from '../../commands/context.js';
import type { PrimerData, PrimerFor, PrimerOptions } from '../../commands/primer.js';

/** A Learned line's fact: without its list marker, its kind's label and its staleness mark. */
const factOf = (line: string) =>
  line
    .replace(/^- /, '')
    .replace(/^(?:convention|gotcha|user preference|theme|open lead|约定|注意|用户偏好|主题|待跟进): /, '')
    .replace(/\s\((?:may be stale|可能已过时)[^)]{0,400}\)$/, '');

export interface PrimerArgs extends GlobalArgs {
  format: string;
  explain?: boolean;
  days?: number;
  'max-tokens'?: number;
  write: boolean;
  for?: string;
}

/** What `--explain` says: the budget, and every item it left out; `factId` names each fact shown (memory/long-term.ts). */
export function explain(d: PrimerData, factId: (text: string) => string): string {
  const lines = [
    `primer: ${d.tokens} tokens (estimated, never below a real tokenizer's count), ${d.included.length} item${d.included.length === 1 ? '' : 's'}; window ${d.window.from} … ${d.window.to} with ${d.window.sessions} session${d.window.sessions === 1 ? '' : 's'}${d.window.read === undefined ? '' : ` (${d.window.read} read, newest first: the budget shows no more)`}`,
  ];
  if (!d.dropped.length) lines.push('nothing was left out for the budget');
  else {
    lines.push(`left out for the budget (${d.dropped.length}):`);
    for (const x of d.dropped) lines.push(`  [${x.section}] ${x.text.replace(/^- /, '')} (${x.tokens} tokens; ${x.reason})`);
  }
  const learned = d.included.filter((x) => x.section === 'learned');
  if (learned.length) {
    lines.push('learned facts shown, by id (`git memory forget <id>` forgets one for good):');
    for (const x of learned) lines.push(`  ${factId(factOf(x.text))} ${factOf(x.text)}`);
  }
  return `${lines.join('\n')}\n`;
}

/** What builds the primer for runPrimer: `primer()` itself, or the lean path's start-only primerStart(). */
export type PrimerBuild = (ctx: Ctx, opts: PrimerOptions) => Promise<Result<PrimerData>>;

/** Runs the primer for parsed arguments; shared by yargs and the lean path (which passes its own `build`). */
export function runPrimer(io: Io, a: PrimerArgs, build: PrimerBuild): Promise<void> {
  const json = !!a.json || a.format === 'json';
  let idOf: ((text: string) => string) | undefined;
  return run(
    io,
    { json, _: ['primer'] },
    async (ctx) => {
      const r = await build(ctx, { maxTokens: a['max-tokens'], days: a.days, write: a.write, for: a.for as PrimerFor | undefined, ...(a.explain ? { explain: true } : {}) });
      // The facts' ids for --explain: MEMORY.md's judgement loads only then (a start never asks).
      if (a.explain) idOf = (await import('../../memory/long-term.js')).factId;
      if (!json || a.explain) return r;
      // JSON lists items and drops only with --explain, to keep the default small.
      const { dropped: _d, included, ...rest } = r.data;
      return { ...r, data: { ...rest, items: included.length } as unknown as PrimerData };
    },
    (d) => {
      if (a.explain && idOf) io.err(explain(d, idOf));
      return d.markdown;
    },
  );
}

export const primerCommand = (io: Io): CommandModule<GlobalArgs, PrimerArgs> => ({
  command: 'primer',
  describe: 'Print the briefing for a new agent session (and write PRIMER.md)',
  builder: (y: Argv<GlobalArgs>) =>
    y
      .options(PRIMER_OPTIONS)
      .example('git memory primer', 'the briefing as markdown')
      .example('git memory primer --explain --max-tokens 600', 'a smaller briefing, and what did not fit')
      .example('git memory primer --for compact', 'what the agent gets after a compaction') as unknown as Argv<PrimerArgs>,
  handler: (a) => runPrimer(io, a, async (ctx, opts) => (await import('../../commands/primer.js')).primer(ctx, opts)),
});
