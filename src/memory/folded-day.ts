import { CorruptFileError, readFrontmatter } from './frontmatter.js';
import { parseSession, sessionHead, type Session } from './session.js';

/**
 * A folded day: the session files of one day (`journal/<date>/*.md`), each kept verbatim, in one
 * file `journal/<date>.md` — the place of the original per-day journal, so every reader that reads
 * a day already reads it (parseDay hands it here). One index entry a day instead of one a session:
 * see `git memory fold` (docs/fold.md).
 *
 *     ---
 *     date: 2026-09-14
 *     folded: 2
 *     ---
 *     <!-- git-memory: folded from .openclaw_memory/journal/2026-09-14/0910-claude-k3f9ab.md -->
 *     ---
 *     session: 20260914-0910-k3f9ab
 *     …the session file, byte for byte…
 *     <!-- git-memory: folded from .openclaw_memory/journal/2026-09-14/1430-codex-9c01de.md -->
 *     …
 */
export const FOLD_MARK_RE = /^<!-- git-memory: folded from (\S+\.md) -->$/;

export const FOLDED_SHAPE = `---
date: 2026-09-14
folded: 2
---
<!-- git-memory: folded from .openclaw_memory/journal/2026-09-14/0910-claude-k3f9ab.md -->
---
session: 20260914-0910-k3f9ab
…`;

/** One session file kept in a folded day: where it was, and its text as it was. */
export interface FoldedFile {
  origin: string;
  text: string;
}

const mark = (origin: string) => `<!-- git-memory: folded from ${origin} -->`;

/** Whether a session file's text can be folded: no line of it could be read as the start of another. */
export function foldable(text: string): boolean {
  return !text.split('\n').some((l) => FOLD_MARK_RE.test(l.replace(/\r$/, '')));
}

/** The text of a folded day holding `files` (in the order given; the caller sorts them). */
export function renderFolded(date: string, files: readonly FoldedFile[]): string {
  const blocks = files.map((f) => `${mark(f.origin)}\n${f.text.endsWith('\n') ? f.text : `${f.text}\n`}`);
  return `---\ndate: ${date}\nfolded: ${files.length}\n---\n${blocks.join('')}`;
}

/** Whether a day file's frontmatter says it is a folded day. */
export const isFoldedData = (data: Record<string, unknown>) => data.folded !== undefined;

/** The session files a folded day's body holds, verbatim (a file without a final newline gains one). */
export function foldedFiles(body: string, path: string): FoldedFile[] {
  const out: FoldedFile[] = [];
  let current: { origin: string; lines: string[] } | null = null;
  const lines = body.split('\n');
  if (lines.at(-1) === '') lines.pop();
  for (const line of lines) {
    const m = FOLD_MARK_RE.exec(line.replace(/\r$/, ''));
    if (m) {
      if (current) out.push({ origin: current.origin, text: `${current.lines.join('\n')}\n` });
      current = { origin: m[1]!, lines: [] };
    } else if (current) current.lines.push(line);
    else if (line.trim()) throw new CorruptFileError(path, 'a folded day holds only session files, each after its `<!-- git-memory: folded from … -->` line', FOLDED_SHAPE);
  }
  if (current) out.push({ origin: current.origin, text: `${current.lines.join('\n')}\n` });
  return out;
}

/**
 * The sessions of a folded day, each read as its own file was (parseSession), with `path` the
 * folded day (where it can be read now) and `origin` the file it was folded from.
 */
export function parseFolded(body: string, path: string): Session[] {
  return foldedFiles(body, path).map((f) => ({ ...parseSession(f.text, path), origin: f.origin }));
}

/**
 * The session `id` of a folded day's body as parseFolded(body, path).find(...) gives it, the
 * others' bodies left unparsed: a search hit's snippet needs one session of a day that may hold
 * dozens. The other files' frontmatter is still checked, so a day parseFolded rejects (a line
 * outside any file, a file that is not a session's) is rejected here too.
 */
export function foldedSession(body: string, path: string, id: string): Session | undefined {
  let found: Session | undefined;
  for (const f of foldedBlocks(body, path)) {
    if (sessionHead(f.text, path).id === id && !found) found = { ...parseSession(f.text, path), origin: f.origin };
  }
  return found;
}

/**
 * foldedSession for a day known to read whole, as a current search index knows every file it
 * holds (search/key.ts: the file is as it was when it was indexed, and a day that cannot be read
 * is not indexed): the other files are not checked again, and only files that can hold `id` have
 * their frontmatter read: those whose text has the id, or a backslash (an escape could spell it).
 */
export function foldedSessionOfReadDay(body: string, path: string, id: string): Session | undefined {
  for (const f of foldedBlocks(body, path)) {
    if (!f.text.includes(id) && !f.text.includes('\\')) continue;
    if (sessionHead(f.text, path).id === id) return { ...parseSession(f.text, path), origin: f.origin };
  }
  return undefined;
}

const MARK_START = '<!-- git-memory: folded from ';

/** foldedFiles, found by their marks instead of splitting the whole day into lines. */
function* foldedBlocks(body: string, path: string): Generator<FoldedFile> {
  const withNewline = (text: string) => (text.endsWith('\n') ? text : `${text}\n`);
  let origin: string | null = null;
  let from = 0;
  for (let at = body.indexOf(MARK_START); at !== -1; at = body.indexOf(MARK_START, at + 1)) {
    if (at > 0 && body[at - 1] !== '\n') continue;
    const eol = body.indexOf('\n', at);
    const end = eol === -1 ? body.length : eol;
    const m = FOLD_MARK_RE.exec(body.slice(at, body[end - 1] === '\r' ? end - 1 : end));
    if (!m) continue;
    if (origin !== null) yield { origin, text: withNewline(body.slice(from, at)) };
    else if (body.slice(0, at).trim()) throw new CorruptFileError(path, 'a folded day holds only session files, each after its `<!-- git-memory: folded from … -->` line', FOLDED_SHAPE);
    origin = m[1]!;
    from = eol === -1 ? body.length : eol + 1;
  }
  if (origin !== null) yield { origin, text: withNewline(body.slice(from)) };
  else if (body.trim()) throw new CorruptFileError(path, 'a folded day holds only session files, each after its `<!-- git-memory: folded from … -->` line', FOLDED_SHAPE);
}

/** The session files of a folded day's whole text; null when it is not a folded day (no frontmatter `folded`). */
export function foldedDay(text: string, path: string): { date: string; files: FoldedFile[] } | null {
  const { data, body } = readFrontmatter(text, path, FOLDED_SHAPE);
  if (!isFoldedData(data) || typeof data.date !== 'string') return null;
  return { date: data.date, files: foldedFiles(body, path) };
}

/**
 * Merges two folded days (and their base; null for add/add) session file by session file: every
 * file either side has is kept once. A file both sides changed differently cannot be decided here
 * (null: the caller merges the text instead, and git reports the conflict).
 */
export function mergeFolded(base: FoldedFile[] | null, ours: FoldedFile[], theirs: FoldedFile[]): FoldedFile[] | null {
  const before = new Map((base ?? []).map((f) => [f.origin, f.text]));
  const mine = new Map(ours.map((f) => [f.origin, f.text]));
  const other = new Map(theirs.map((f) => [f.origin, f.text]));
  const out: FoldedFile[] = [];
  for (const origin of new Set([...mine.keys(), ...other.keys(), ...before.keys()])) {
    const [b, a, t] = [before.get(origin), mine.get(origin), other.get(origin)];
    let text: string | undefined;
    if (a === t) text = a;
    else if (a === b) text = t; // only theirs changed (or removed) it
    else if (t === b) text = a; // only ours did
    else if (a === undefined || t === undefined) text = a ?? t; // added on one side, or removed on one and changed on the other: kept
    else return null;
    if (text !== undefined) out.push({ origin, text });
  }
  return out.sort((x, y) => (x.origin < y.origin ? -1 : x.origin > y.origin ? 1 : 0));
}
