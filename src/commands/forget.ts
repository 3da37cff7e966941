import { localDate } from '../clock.js';
import { distance } from '../did-you-mean.js';
import { EXIT, GitMemoryError, UsageError } from '../errors.js';
import { memoryFileText, symlinkMessage } from '../worktree-path.js';
import { anOperation, operationInProgress, theOperation } from '../git/repo.js';
import { listDays, readDays } from '../memory/journal.js';
import { factId, factShape, matchesForgotten, parseLongTerm, serializeLongTerm, type LongTermDoc, type LongTermEntry } from '../memory/long-term.js';
import { CorruptFileError } from '../memory/frontmatter.js';
import { decodeInput } from '../input.js';
import { controlCharProblems } from '../safety/control-chars.js';
import { guardText } from '../safety/guard.js';
import { LONG_TERM_FILE } from '../paths.js';
import { open, type Ctx, type Result } from './context.js';
import { commitMessage, type CommitOutcome } from './steps/commit-memory.js';
import { commitLongTerm } from './steps/commit-long-term.js';

export interface ForgetOptions {
  /** The fact's text (or words of it), or its short id as the primer's --explain and `forget` show it. */
  target: string;
  /** `--as-given`: forget the text as written even where it is close to a fact (a typo is then kept as a forgetting). */
  asGiven?: boolean;
  /** `--all`: forget every fact the words are in (else words in more than one fact are refused, with the facts and their ids). */
  all?: boolean;
}

export interface ForgetData {
  /** The facts now listed under Forgotten, with their ids and where they were found. */
  forgotten: { id: string; text: string; from: 'MEMORY.md' | 'journal' | 'given' }[];
  path: string;
  commit: { sha: string; paths: string[] } | null;
  waiting: CommitOutcome['waiting'];
}

const ID = /^[0-9a-f]{6}$/i;
/** How far back the journal is read for a fact named by its id alone. */
const JOURNAL_DAYS = 60;

/** Facts of the live sections of MEMORY.md (not superseded, not forgotten). */
const live = (doc: LongTermDoc) => doc.entries.filter((e) => e.section !== 'superseded' && e.section !== 'forgotten');

/**
 * `git memory forget <text|id>`: takes a wrong fact out of memory for good. Its line leaves
 * MEMORY.md's sections and is listed under Forgotten (so the pull request's diff shows what was
 * forgotten), and from then on the primer, search and every dream leave it out, from a session of
 * the window too. By id: a fact of MEMORY.md, else a learned item or decision of the journal's
 * recent days. By text: the facts that say it (in the same words, or nearly), else the text as given.
 * Never while a merge, rebase… is stopped (as dream and fold): MEMORY.md is tracked, and a change to
 * it in the worktree stops `git rebase --continue` and a bisect's next checkout.
 */
export async function forget(ctx: Ctx, opts: ForgetOptions): Promise<Result<ForgetData>> {
  const o = open(ctx);
  const { repo } = o;
  const warnings = [...o.warnings];
  // Capped as every text a front door takes (log, tasks add): it is written into MEMORY.md.
  const target = decodeInput(opts.target, 'the text to forget').replace(/\s+/g, ' ').trim();
  if (!target) throw new UsageError('say what to forget', 'usage: git memory forget "<the fact, or words of it>" | <id>');
  const control = controlCharProblems(target, 'the text to forget');
  if (control.length) throw new UsageError(control[0]!);
  const op = operationInProgress(repo);
  if (op) throw new GitMemoryError(`${anOperation(op)} is in progress; nothing was forgotten`, EXIT.error, `finish or abort ${theOperation(op)}, then run \`git memory forget\` again`);
  const path = LONG_TERM_FILE;
  const { text, link } = memoryFileText(repo.root, path);
  if (link) throw new GitMemoryError(`${symlinkMessage(link)}; nothing was forgotten`, EXIT.error, `replace the link with the file itself (git rm ${link.link}), or remove it if it came from someone else's commit`);
  let doc: LongTermDoc;
  try {
    doc = text === null ? { lang: o.config.journal.language, entries: [] } : parseLongTerm(text, path);
  } catch (e) {
    if (!(e instanceof CorruptFileError)) throw e;
    throw new GitMemoryError(`${e.message}; nothing was forgotten`, EXIT.error, `fix the line by hand; expected shape:\n${e.expected}`);
  }
  const byId = ID.test(target);
  // A letter or two names no fact: kept as given it would be a forgetting of nothing a person meant.
  if (!byId && target.replace(/[^\p{L}\p{N}]/gu, '').length < 3 && !UNSPACED.test(target)) {
    throw new UsageError(`"${target}" is too short to name a fact; nothing was forgotten`, 'give the fact\'s words, or its 6-digit id (git memory primer --explain lists them)');
  }
  const lower = target.toLowerCase();
  const wanted = [factShape(target)];
  // By text: the fact in the same words (or nearly), or a fact the words are in as whole words ("e" is in every fact).
  const sameFact = (t: string) => matchesForgotten(t, wanted);
  const hit = (t: string) => (byId ? factId(t) === target.toLowerCase() : sameFact(t) || holdsWords(t.toLowerCase(), lower));
  const found: ForgetData['forgotten'] = [];
  const entries: LongTermEntry[] = [];
  for (const e of live(doc)) if (hit(e.text)) entries.push(e);
  for (const e of entries) found.push({ id: factId(e.text), text: e.text, from: 'MEMORY.md' });
  // The sessions each fact was found in: its Forgotten line names them, as a fact of MEMORY.md's does.
  const saidIn = new Map<string, string[]>(entries.map((e) => [e.text, e.sessions]));
  // Every fact read, for the near ones where none says the text (a typo).
  const read: string[] = live(doc).map((e) => e.text);
  if (!found.length) {
    const days = listDays(repo.root).slice(-JOURNAL_DAYS);
    for (const s of readDays(repo.root, days).sessions) {
      for (const t of [...s.learned, ...s.decisions]) {
        read.push(t);
        if (!hit(t)) continue;
        const ids = saidIn.get(t);
        if (!ids) {
          saidIn.set(t, [s.id]);
          found.push({ id: factId(t), text: t, from: 'journal' });
        } else if (!ids.includes(s.id)) ids.push(s.id);
      }
    }
  }
  // Words several facts hold name none of them: each is listed, to be forgotten by its id, or all with --all.
  if (!byId && !opts.all && found.length > 1 && !found.every((f) => sameFact(f.text))) {
    const shown = found.slice(0, MAX_LISTED).map((f) => `  [${f.id}] ${f.text}`);
    if (found.length > MAX_LISTED) shown.push(`  … and ${found.length - MAX_LISTED} more`);
    throw new UsageError(
      `"${target}" is in ${found.length} facts; nothing was forgotten:\n${shown.join('\n')}`,
      `forget one by its id (git memory forget ${found[0]!.id}), or give more of its words; \`git memory forget --all "${target}"\` forgets every one`,
    );
  }
  if (!found.length) {
    if (byId) throw new UsageError(`no fact has the id ${target}`, 'the primer (--explain) and `git memory forget` show the ids; or give the fact\'s text');
    // A text no fact says but one nearly does is a typo more likely than a fact still to come: kept
    // as given, it could not be taken back but by editing MEMORY.md ("forget \"rate limt\"").
    const near = opts.asGiven ? [] : nearFacts(target, read);
    if (near.length) {
      throw new UsageError(
        `no fact says "${target}"; nothing was forgotten. Close to it:\n${near.map((t) => `  [${factId(t)}] ${t}`).join('\n')}`,
        `forget one by its id (git memory forget ${factId(near[0]!)}) or its words; \`git memory forget --as-given "${target}"\` keeps the text as written`,
      );
    }
    found.push({ id: factId(target), text: target, from: 'given' });
  }
  const already = doc.entries.filter((e) => e.section === 'forgotten').map((e) => factShape(e.text));
  const date = localDate(o.now);
  const gone = new Set(entries);
  doc = {
    ...doc,
    entries: [
      ...doc.entries.filter((e) => !gone.has(e)),
      ...found
        .filter((f) => !matchesForgotten(f.text, already))
        .map((f): LongTermEntry => ({ section: 'forgotten', text: f.text, sessions: saidIn.get(f.text) ?? [], files: [], date })),
    ],
  };
  const guarded = await guardText(serializeLongTerm(doc), path, { mode: o.config.secrets.mode, allowlist: o.config.secrets.allowlist, root: repo.root });
  warnings.push(...guarded.warnings);
  const message = commitMessage(o.config, `forget ${found.length === 1 ? `"${found[0]!.text.slice(0, 40)}"` : `${found.length} facts`}`, found.map((f) => `Forgotten: ${f.text}`));
  const { commit, waiting } = await commitLongTerm(o, guarded.text, message, warnings);
  return { data: { forgotten: found, path, commit, waiting }, warnings };
}

const MAX_LISTED = 10;

/** Letters and digits: a character inside a word. */
const WORD_CHAR = /[\p{L}\p{N}_]/u;
/** Scripts written without spaces between words: any place in them is a word's edge. */
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Thai}]/u;

/**
 * Whether `text` holds `words` (both in small letters) where neither end cuts a word: "rate limits"
 * is in "Rate limits are per user", "e" and "limit" are not (in Chinese or Japanese every place is
 * an edge). One pass of indexOf per place found: bounded by the fact's length.
 */
export function holdsWords(text: string, words: string): boolean {
  if (!words) return false;
  const first = words[0]!;
  const last = words[words.length - 1]!;
  for (let at = text.indexOf(words); at !== -1; at = text.indexOf(words, at + 1)) {
    const before = at === 0 ? '' : text[at - 1]!;
    const after = text[at + words.length] ?? '';
    const openEdge = !before || !WORD_CHAR.test(before) || !WORD_CHAR.test(first) || UNSPACED.test(first) || UNSPACED.test(before);
    const closeEdge = !after || !WORD_CHAR.test(after) || !WORD_CHAR.test(last) || UNSPACED.test(last) || UNSPACED.test(after);
    if (openEdge && closeEdge) return true;
  }
  return false;
}

/** Words of a text, small letters: runs of letters and digits, each cut at 40 (edit distance grows with both lengths). */
const words = (text: string) => (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).map((w) => w.slice(0, 40));

/** Whether `a` (a word typed) is `b` (a fact's word) with a typo: a third of its letters edited at most (one at least), or `b` begun. */
function nearWord(a: string, b: string): boolean {
  if (a === b || (a.length >= 4 && b.startsWith(a))) return true;
  return Math.abs(a.length - b.length) <= Math.max(1, Math.floor(b.length / 3)) && distance(a, b) <= Math.max(1, Math.floor(b.length / 3));
}

const MAX_NEAR_WORDS = 24;

/** The facts (at most 3, no repeats) in which every word of `target` of three letters or more is there, or nearly. */
export function nearFacts(target: string, facts: readonly string[]): string[] {
  // Distinct words, and a fact's length of them at most: the work stays bounded whatever is typed.
  const typed = [...new Set(words(target).filter((w) => w.length >= 3))];
  if (!typed.length || typed.length > MAX_NEAR_WORDS) return [];
  const out: string[] = [];
  for (const fact of new Set(facts)) {
    const own = words(fact);
    if (typed.every((t) => own.some((w) => nearWord(t, w)))) out.push(fact);
    if (out.length === 3) break;
  }
  return out;
}
