import { isRecord, readState, writeState } from '../../fs/state.js';
import { git } from '../../git/git.js';
import type { Repo } from '../../git/repo.js';
import { CorruptFileError } from '../../memory/frontmatter.js';
import { deletedByHand, dreamtThrough, parseLongTerm, type DreamThrough, type LongTermDoc } from '../../memory/long-term.js';
import { HAND_DELETED_FILE, LONG_TERM_FILE } from '../../paths.js';

/**
 * MEMORY.md as the last dream committed it (the newest commit of the file whose subject says a
 * dream made it), or null: what it had that the file lacks now was deleted by hand. `through` (the
 * file's `dreamt through` commits) bounds the walk: that dream's commit came after the commit it was
 * dreamt at, so history before those is never read (a whole history's path-limited walk is seconds
 * at 200k commits). A commit of them this clone lacks (a shallow clone) gives null.
 */
export async function lastDreamt(root: string, through?: DreamThrough): Promise<LongTermDoc | null> {
  const bound = through?.commits.length ? ['HEAD', '--not', ...through.commits, '--'] : ['--'];
  const sha = (await git(['log', '-1', '--format=%H', '--fixed-strings', '--grep=dream over ', ...bound, LONG_TERM_FILE], { cwd: root, allowFail: true }))?.trim();
  if (!sha) return null;
  const text = await git(['show', `${sha}:${LONG_TERM_FILE}`], { cwd: root, allowFail: true });
  try {
    return text ? parseLongTerm(text, LONG_TERM_FILE) : null;
  } catch (e) {
    if (e instanceof CorruptFileError) return null;
    throw e;
  }
}

/**
 * What the state directory keeps: for one text of MEMORY.md, the facts deleted from it by hand.
 * Kept under the text itself, not a hash of it: the primer runs this at every session start, and
 * loading node:crypto costs ~12 ms of CPU there, more than reading a copy of the file and comparing.
 */
interface Kept {
  text: string;
  deleted: string[];
}
const isKept = (v: unknown): v is Kept => isRecord(v) && typeof v.text === 'string' && Array.isArray(v.deleted) && v.deleted.every((t) => typeof t === 'string');

/**
 * The facts deleted from MEMORY.md by hand since the last dream (`text` is the file as it is now):
 * until the next dream lists them under Forgotten, what reads the journal (search) leaves them out
 * as it leaves out a forgotten fact. Kept in the state directory for the same text, so a search
 * asks git (two calls) only after MEMORY.md changed; a MEMORY.md no dream wrote asks nothing.
 */
export async function handDeleted(repo: Repo, text: string): Promise<string[]> {
  const through = dreamtThrough(text);
  if (!through) return [];
  const kept = readState(repo.stateDir, HAND_DELETED_FILE, isKept);
  if (kept?.text === text) return kept.deleted;
  let current: LongTermDoc;
  try {
    current = parseLongTerm(text, LONG_TERM_FILE);
  } catch (e) {
    if (e instanceof CorruptFileError) return [];
    throw e;
  }
  const previous = await lastDreamt(repo.root, through);
  const deleted = previous ? deletedByHand(previous.entries, current.entries).map((e) => e.text) : [];
  try {
    writeState(repo.stateDir, HAND_DELETED_FILE, { text, deleted } satisfies Kept);
  } catch {
    /* asked again next time (a read-only git directory) */
  }
  return deleted;
}
