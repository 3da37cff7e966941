import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeAtomic } from '../../fs/atomic.js';
import { readState, writeState } from '../../fs/state.js';
import type { JudgedPairs, Primer, PrimerInput, PrimerOptions } from '../../memory/primer.js';
import { PRIMER_PHRASES } from '../../memory/primer-phrases.js';
import { estimateTokens } from '../../memory/tokens.js';
import { BUILT_PRIMER_FILE, JUDGED_PAIRS_FILE } from '../../paths.js';
import { mark } from '../../trace.js';
import { BUILD } from '../../version.js';

/**
 * The primer last built, kept beside the question it answered: the next session's start after an
 * `end` (which builds it) usually asks the same (the same sessions, tasks, facts, log and settings),
 * and gets the answer without building it again; only the time in its header is made anew. Any
 * change to what the primer reads, to its settings or to the program (version.ts BUILD) makes the question differ,
 * and the primer is built as before. Kept in the git directory, never committed.
 */

/**
 * The question a primer answers, as text: everything buildPrimer reads (its input is plain data:
 * strings, numbers, arrays, objects) but the time and HEAD's id (its length only), which only the
 * header shows (an `end` builds the primer before its memory commit moves HEAD; the next start's
 * primer is the same but for that id). In three parts, each what a later answer adds: what the
 * files say, then git's log (the commits, the hot files), then the staleness of MEMORY.md's facts
 * (git's walk back to the oldest anchor, usually the last answer in): `\0` between them, which
 * JSON never writes unescaped. A kept answer whose question starts with the first parts of this one
 * can only differ by the last (keptAnswerMayServe).
 */
function question(input: PrimerInput, options: PrimerOptions): [files: string, git: string, marks: string] {
  const { git, generatedAt: _at, learned, ...rest } = input;
  return [
    JSON.stringify([BUILD, options, { ...rest, ...(learned ? { learned: learned.map(({ stale: _stale, ...l }) => l) } : {}) }]),
    JSON.stringify({ ...git, head: git.head === null ? null : git.head.length }),
    JSON.stringify(learned?.map((l) => l.stale ?? null) ?? []),
  ];
}

/** The kept file's first line for these parts of a question. */
const asText = (parts: readonly string[]) => parts.join('\0');

/**
 * Whether the primer kept in `stateDir` was made from what `input` holds so far, up to its
 * files' part (`git`: and git's log): whether it may still answer, once the answers still to come
 * are in. `input`'s staleness marks are not read. A hint only, for what to make while git answers
 * (gather-primer.ts): builtPrimer asks the whole question.
 */
export function keptAnswerMayServe(stateDir: string, input: PrimerInput, options: PrimerOptions, upTo: 'files' | 'git'): boolean {
  const parts = question(input, options);
  const asked = `${asText(upTo === 'files' ? parts.slice(0, 1) : parts.slice(0, 2))}\0`;
  try {
    return readFileSync(join(stateDir, BUILT_PRIMER_FILE), 'utf8').startsWith(asked);
  } catch {
    return false;
  }
}

/**
 * What is kept of a primer: all but the items left out, which only `--explain` lists (and which it
 * makes when read: a 200-line MEMORY.md leaves ~170 out).
 */
type Kept = Omit<Primer, 'dropped'>;

/** The header line as `built` says it, and as it says it for `input`. */
function headerLines(built: Kept, input: PrimerInput, lang: PrimerOptions['lang']): [string, string] {
  const { branch, commit, generatedAt, authors } = built.provenance;
  const say = PRIMER_PHRASES[lang].provenance;
  return [say({ branch, commit, at: generatedAt, authors }), say({ branch, commit: input.git.head, at: input.generatedAt, authors })];
}

/** The kept primer for this question, its time and HEAD made anew; null when none is kept for it (or it cannot be read). */
function keptFor(path: string, asked: string, input: PrimerInput, options: PrimerOptions): Primer | null {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return null;
  }
  const cut = text.indexOf('\n');
  if (cut !== asked.length || !text.startsWith(asked)) return null;
  try {
    const kept = JSON.parse(text.slice(cut + 1)) as Kept;
    if (typeof kept.markdown !== 'string' || typeof kept.tokens !== 'number' || !Array.isArray(kept.included) || typeof kept.provenance !== 'object') return null;
    const [was, now] = headerLines(kept, input, options.lang);
    const at = kept.markdown.indexOf(was);
    if (at < 0) return null;
    const markdown = kept.markdown.slice(0, at) + now + kept.markdown.slice(at + was.length);
    // The budget counts an id of that length at its costliest (memory/primer.ts fitsForAnyHead):
    // the same items fit whichever id it is; only the count of the text is made again.
    return { ...kept, markdown, tokens: estimateTokens(markdown), dropped: [], provenance: { ...kept.provenance, commit: input.git.head, generatedAt: input.generatedAt } };
  } catch {
    return null;
  }
}

/**
 * The primer for `input`: the one kept in `stateDir` when it answered the same question, else
 * built and kept. A kept one lists no item left out (`dropped` is empty): with `explain` (who reads
 * them) it is always built. Keeping is best effort: a git directory that cannot be written still
 * gets its primer. The builder (memory/primer.ts, and the redaction and instruction rules it
 * loads, whose patterns are made as they load: ~1.1 ms) is loaded only when the kept one does not answer.
 */
export async function builtPrimer(stateDir: string, input: PrimerInput, options: PrimerOptions, explain = false): Promise<Primer> {
  const path = join(stateDir, BUILT_PRIMER_FILE);
  const asked = asText(question(input, options));
  const kept = explain ? null : keptFor(path, asked, input, options);
  if (kept) {
    mark('primer: kept answer used');
    return kept;
  }
  const { buildPrimer, fitsForAnyHead, judgedAcrossBuilds, judgedKey } = await import('../../memory/primer.js');
  mark('primer: builder loaded');
  const pairs = keptJudgements(stateDir, judgedKey);
  const built = judgedAcrossBuilds(pairs, () => buildPrimer(input, options));
  keepJudgements(stateDir, pairs);
  // Only a primer the same for any HEAD id of its length is kept (not one cut after rendering).
  if (!fitsForAnyHead(built, options)) return built;
  try {
    const { dropped: _left, ...keep } = built;
    writeAtomic(stateDir, path, `${asked}\n${JSON.stringify(keep satisfies Kept)}`, { durable: false });
  } catch {
    /* not kept: the next start builds it */
  }
  return built;
}

/** What JUDGED_PAIRS_FILE holds: the program that judged, and each pair as [newer, older, verdict]. */
interface KeptJudgements {
  build: string;
  pairs: [string, string, boolean][];
}
const isKeptJudgements = (v: unknown): v is KeptJudgements =>
  typeof v === 'object' && v !== null && (v as KeptJudgements).build === BUILD && Array.isArray((v as KeptJudgements).pairs) && (v as KeptJudgements).pairs.every((p) => Array.isArray(p) && p.length === 3 && typeof p[0] === 'string' && typeof p[1] === 'string' && typeof p[2] === 'boolean');

/** The verdicts the last build kept, where this program kept them (any other, a torn or missing file: none). */
function keptJudgements(stateDir: string, key: (newer: string, older: string) => string): JudgedPairs {
  const kept = readState(stateDir, JUDGED_PAIRS_FILE, isKeptJudgements);
  return { before: new Map(kept?.pairs.map(([newer, older, v]) => [key(newer, older), v])), used: new Map() };
}

/** Keeps the verdicts this build took or made (only those: the file does not grow), where they differ from those kept; never throws. */
function keepJudgements(stateDir: string, pairs: JudgedPairs): void {
  if (pairs.used.size === pairs.before.size && [...pairs.used].every(([k, [, , v]]) => pairs.before.get(k) === v)) return;
  try {
    writeState(stateDir, JUDGED_PAIRS_FILE, { build: BUILD, pairs: [...pairs.used.values()] } satisfies KeptJudgements);
  } catch {
    /* judged again next time */
  }
}
