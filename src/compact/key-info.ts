/**
 * The answer key of a compaction (seed 004's extractKeyInformation): file names, error messages,
 * the user's messages and technical terms, taken from the ledger — never from a model — and the
 * check of whether a summary kept each one.
 */
import { joinContinued } from '../safety/plain-view.js';
import { redactQuickLines } from '../safety/quick-redact.js';
import { isRandomRun } from '../safety/rules.js';
import type { Ledger } from '../transcripts/ledger.js';
import { splitWords } from './words.js';

export type KeyKind = 'file_names' | 'error_messages' | 'user_commands' | 'technical_terms';
export const KEY_KINDS: KeyKind[] = ['file_names', 'error_messages', 'user_commands', 'technical_terms'];

export interface KeyItem {
  /** The item as the ledger has it (a path, an error's first line, a user message, a term). */
  text: string;
  /** Lower-case words looked for in the summary (files and terms: the text itself). */
  probe: string[];
  /** Identifiers an error names (`TypeError`, `TS2345`, `revokeRefreshToken`): a summary that keeps the error names them all. */
  must?: string[];
}

export type KeyInfo = Record<KeyKind, KeyItem[]>;

/** How many of each the key holds at most: the newest are kept (a long session's oldest reads matter least). */
export const KEY_LIMITS = { readOnlyFiles: 10, errors: 30, userMessages: 60, terms: 20 } as const;
/** Characters of a user message or an error that its probe words come from. */
const PROBE_CHARS = 300;
/** Share of an error's or a message's probe words a summary must contain for it to count as kept. */
export const PROBE_SHARE = 0.6;

const STOP = new Set(
  'the and for with that this from have what when then than them they into your you are was were will would should could there their about after before please just also make sure need want like some more only here does done dont can not but all any its it\'s which while been being over under again still very much each other such into onto upon our out how why who let lets use using used file files'.split(' '),
);

/** Words worth looking for: 4+ letters and not common, or anything with a digit (codes, versions). */
export function probeWords(text: string): string[] {
  const seen = new Set<string>();
  for (const w of text.slice(0, PROBE_CHARS).toLowerCase().split(/[^\p{L}\p{N}_]+/u)) {
    if (!w) continue;
    const cjk = /[\u3400-\u9fff]/.test(w);
    if ((w.length >= 4 || cjk || (/\d/.test(w) && w.length >= 2)) && !STOP.has(w)) seen.add(w);
  }
  return [...seen];
}

/** The first meaningful line of an error, without tool markup. */
export function errorLine(message: string): string {
  const clean = message.replace(/<\/?[a-z_]+>/g, ' ').replace(/\x1b\[[0-9;]*m/g, '');
  const line = clean.split('\n').map((l) => l.trim()).find((l) => l.length > 3) ?? clean.trim();
  return line.slice(0, 200);
}

/** Programs too common to be worth naming in a summary. */
const TRIVIAL = new Set('ls cd cat echo grep rg find head tail sed awk pwd mkdir rm cp mv wc sort true test which sleep chmod touch xargs tr cut env export set source'.split(' '));
/** Programs whose first argument says what was done (`npm test`, `git rebase`). */
const WITH_SUB = new Set('npm npx pnpm yarn bun git cargo go pip pip3 uv poetry docker kubectl make gradle mvn dotnet deno'.split(' '));

/** Program names (with the sub-command for package managers and git) a shell command line runs. */
export function commandTerms(command: string): string[] {
  const out: string[] = [];
  // A continued line goes on with the next: the second half of a secret split there is no program.
  for (const part of joinContinued(command).split(/&&|\|\||;|\||\n/)) {
    const words = part.trim().split(/\s+/).filter((w) => !/^[A-Z_][A-Z0-9_]*=/.test(w));
    let prog = words[0]?.replace(/^.*\//, '');
    if (!prog || !/^[a-z][\w.+-]*$/i.test(prog) || TRIVIAL.has(prog)) continue;
    if (prog === 'sudo' || prog === 'time') prog = words[1];
    if (!prog) continue;
    const sub = words[words.indexOf(prog) + 1];
    out.push(WITH_SUB.has(prog) && sub && /^[a-z][\w:-]*$/.test(sub) ? `${prog} ${sub}` : prog);
  }
  return out;
}

/** Identifiers in prose: `backticked`, camelCase, PascalCase with an inner capital, snake_case, error codes. */
export function identifierTerms(text: string): string[] {
  const out: string[] = [];
  // Every span is read, whatever its length, and only those of 3 to 40 characters kept: a pattern
  // that matched only short spans took a long span's closing backtick for an opening one, and every
  // term after it on the line was read from between two spans (stop 55).
  for (const m of text.matchAll(/`([^`\n]+)`/g)) if (m[1]!.length >= 3 && m[1]!.length <= 40) out.push(m[1]!.trim());
  for (const m of text.matchAll(/\b([a-z]+[A-Z][A-Za-z0-9]*|[A-Z][a-z0-9]+[A-Z][A-Za-z0-9]*|[a-z][a-z0-9]*_[a-z0-9_]+|[A-Z]{1,5}\d{3,5}|E[A-Z]{3,10})\b/g)) out.push(m[1]!);
  // A key pasted alone, no name nor prefix before it for a rule to find (`kJI2taWSgEVzlr2NElVi…`):
  // camel case to the pattern above, it went to Key Technical Concepts (stop 54).
  return out.filter((t) => t.length >= 3 && !t.includes('/') && !(t.match(/[A-Za-z0-9]{16,}/g) ?? []).some(isRandomRun));
}

const item = (text: string, probe: string[] = [text.toLowerCase()]): KeyItem => ({ text, probe });

/** The key of a ledger: what a good summary of it must still say. */
export function extractKeyInfo(ledger: Ledger): KeyInfo {
  const changed = ledger.files.filter((f) => f.edits + f.writes > 0);
  const readOnly = ledger.files.filter((f) => f.edits + f.writes === 0).sort((a, b) => b.last_call - a.last_call).slice(0, KEY_LIMITS.readOnlyFiles);
  const file_names = [...changed, ...readOnly].map((f) => item(f.path));

  // Words of the session's paths say nothing about which error it was: a summary that names the
  // files would otherwise keep every error that mentions them.
  const pathWords = new Set(ledger.files.flatMap((f) => f.path.toLowerCase().split(/[^\p{L}\p{N}_]+/u)));
  const errors = new Map<string, KeyItem>();
  for (const e of [...ledger.errors].reverse()) {
    const line = errorLine(e.message);
    const probe = probeWords(line).filter((w) => !pathWords.has(w));
    const k = probe.join(' ');
    if (!probe.length || errors.has(k)) continue;
    const must = [...new Set(identifierTerms(line).map((t) => t.toLowerCase()))].filter((t) => !pathWords.has(t));
    errors.set(k, { text: line, probe, ...(must.length ? { must } : {}) });
    if (errors.size >= KEY_LIMITS.errors) break;
  }
  const messages = new Map<string, KeyItem>();
  for (const m of ledger.user_messages.slice(-KEY_LIMITS.userMessages)) {
    const probe = probeWords(m.text);
    // "yes", "go on": nothing a summary could be checked for.
    if (probe.length < 2) continue;
    messages.set(probe.join(' '), item(m.text.trim(), probe));
  }

  const counts = new Map<string, number>();
  const add = (t: string, w = 1) => counts.set(t, (counts.get(t) ?? 0) + w);
  for (const c of ledger.commands) for (const t of commandTerms(c.command)) add(t);
  // Terms from the messages and errors as redacted, each text once (the rules' strings found in
  // the texts joined): a secret a user pasted is no technical term, and its camel-case runs
  // (`kJI2taWSgEVzlr2NElVi…` of a JWT, an AWS key) went to the summary's Key Technical Concepts,
  // a model's must-keep list and the agent's context after a compaction (stop 53).
  const said = (texts: string[]) => (texts.length ? identifierTerms(redactQuickLines(texts.join('\n\n'))) : []);
  for (const t of said(ledger.user_messages.map((m) => m.text))) add(t, 2);
  for (const t of said(ledger.errors.map((e) => e.message.slice(0, 500)))) add(t);
  const paths = new Set(ledger.files.map((f) => f.path.toLowerCase()));
  const technical_terms = [...counts.entries()]
    .filter(([t]) => !paths.has(t.toLowerCase()))
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, KEY_LIMITS.terms)
    .map(([t]) => item(t));

  return { file_names, error_messages: [...errors.values()].reverse(), user_commands: [...messages.values()], technical_terms };
}

/** A summary as the checks read it: lower-cased, and its words. */
export interface SummaryText {
  lower: string;
  words: Set<string>;
  /** Where each `/name.` of the summary starts (slashMarks), made at the first path looked for. */
  marks?: Map<string, number[]>;
}

export function summaryText(summary: string): SummaryText {
  const lower = summary.toLowerCase();
  return { lower, words: new Set(splitWords(lower)) };
}

const ASCII_WORD = /^[A-Za-z0-9_]+$/;

/**
 * Every `/` of `lower` followed by a `.` before any other `/`, by the text from that `/` to that
 * `.` (its first after the `/`): where a path `…/name.ext` may occur, its last `/` is one of these,
 * under the key its own last `/` and first `.` after it make. One walk of the text: the `.` found
 * for one `/` serves those before it, and no key overlaps another.
 */
function slashMarks(lower: string): Map<string, number[]> {
  const marks = new Map<string, number[]>();
  let dot = -1;
  for (let i = lower.indexOf('/'); i >= 0; ) {
    const next = lower.indexOf('/', i + 1);
    if (dot <= i) {
      dot = lower.indexOf('.', i + 1);
      if (dot < 0) break;
    }
    if (next < 0 || dot < next) {
      const key = lower.slice(i, dot + 1);
      const at = marks.get(key);
      if (at) at.push(i);
      else marks.set(key, [i]);
    }
    i = next;
  }
  return marks;
}

/**
 * Whether the summary contains `p`, a path (`lower.includes(p)`). Its stem (between its last `/`
 * and its last `.`) is a whole word wherever `p` occurs, so a stem missing from the summary's
 * words settles it without a search; otherwise `p` can only start where the summary has its last
 * `/` and the text up to the first `.` after it (slashMarks), compared there alone. A key holds up to
 * hundreds of files: a search of a 28,000-character summary for each, or a callback for each place
 * a name like `index.ts` occurs (a callback called thousands of times is compiled by V8's optimizing
 * compiler, millions of instructions in a process that runs once), cost a SessionStart after a
 * compaction milliseconds.
 */
function contains(t: SummaryText, p: string): boolean {
  const slash = p.lastIndexOf('/');
  const dot = p.lastIndexOf('.');
  if (slash < 0 || dot <= slash + 1) return t.lower.includes(p);
  const stem = p.slice(slash + 1, dot);
  if (ASCII_WORD.test(stem) && !t.words.has(stem)) return false;
  const at = (t.marks ??= slashMarks(t.lower)).get(p.slice(slash, p.indexOf('.', slash + 1) + 1));
  if (!at) return false;
  for (let k = 0; k < at.length; k++) {
    const i = at[k]! - slash;
    if (i >= 0 && t.lower.startsWith(p, i)) return true;
  }
  return false;
}

/** `\w` (no `u` flag) by character code. */
const wordCode = (c: number) => (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;

/**
 * Whether `base` occurs in `lower` as a file name of its own: what
 * `new RegExp(`(^|[^\\w.-])${escapeRegExp(base)}($|[^\\w-])`).test(lower)` says, without a pattern
 * compiled for each file.
 */
function bareName(lower: string, base: string): boolean {
  for (let i = lower.indexOf(base); i >= 0; i = lower.indexOf(base, i + 1)) {
    const b = i === 0 ? -1 : lower.charCodeAt(i - 1);
    const end = i + base.length;
    const a = end === lower.length ? -1 : lower.charCodeAt(end);
    if ((b < 0 || !(wordCode(b) || b === 46 || b === 45)) && (a < 0 || !(wordCode(a) || a === 45))) return true;
  }
  return false;
}

const CJK = /[\u3400-\u9fff]/;

/** A probe word is in the summary as a word of its own, or with a plural or tense ending. */
function hasWord(t: SummaryText, w: string): boolean {
  if (CJK.test(w)) return t.lower.includes(w);
  const words = t.words;
  return words.has(w) || words.has(`${w}s`) || words.has(`${w}es`) || words.has(`${w}d`) || words.has(`${w}ed`) || words.has(`${w}ing`) || (w.endsWith('s') && words.has(w.slice(0, -1)));
}

/** Whether a summary keeps one key item. Loops, not callbacks: see contains(). */
export function kept(kind: KeyKind, it: KeyItem, t: SummaryText, uniqueBase?: Set<string>): boolean {
  const lower = t.lower;
  if (kind === 'file_names') {
    const p = it.probe[0]!;
    if (contains(t, p)) return true;
    const base = p.slice(p.lastIndexOf('/') + 1);
    // A bare file name counts when no other key file has the same one.
    return base.length >= 4 && p.includes('/') && !!uniqueBase?.has(base) && bareName(lower, base);
  }
  if (kind === 'technical_terms') return lower.includes(it.probe[0]!);
  if (it.must) for (const w of it.must) if (!lower.includes(w)) return false;
  let hits = 0;
  for (const w of it.probe) if (hasWord(t, w)) hits++;
  return hits / it.probe.length >= PROBE_SHARE;
}

/** File base names that only one key file has. */
export function uniqueBases(files: KeyItem[]): Set<string> {
  const n = new Map<string, number>();
  for (const f of files) {
    const b = f.probe[0]!.slice(f.probe[0]!.lastIndexOf('/') + 1);
    n.set(b, (n.get(b) ?? 0) + 1);
  }
  return new Set([...n].filter(([, c]) => c === 1).map(([b]) => b));
}
