import { isRecord, readState, writeState } from '../../fs/state.js';
import { gitOutput } from '../../git/early.js';
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
  const text = await lastDreamtText(root, through);
  try {
    return text ? parseLongTerm(text, LONG_TERM_FILE) : null;
  } catch (e) {
    if (e instanceof CorruptFileError) return null;
    throw e;
  }
}

/**
 * Git's options for a patch that holds a file's whole new text (see wholeFileOfPatch), whatever the
 * user's configuration: no external diff or text conversion, no colour, every line of context,
 * blank context lines with their space, and no signature check printed before it.
 */
const WHOLE_PATCH = { config: ['-c', 'diff.suppressBlankEmpty=false', '-c', 'log.showSignature=false'], log: ['-p', '--unified=100000000', '--no-ext-diff', '--no-textconv', '--no-color', '--no-renames'] };

/**
 * The text of MEMORY.md as the last dream committed it (see lastDreamt), or null. One git process
 * finds the commit and shows the file, as a patch with every line of context: a first search in a
 * fresh clone waits for this (two processes took 100-200 ms at 10,000 sessions under load), started
 * without node:child_process where node allows it (see gitOutput). Where
 * that patch does not hold the whole file (the commit changed only its mode, a binary file), `git
 * show` is asked.
 */
export async function lastDreamtText(root: string, through?: DreamThrough): Promise<string | null> {
  const bound = through?.commits.length ? ['HEAD', '--not', ...through.commits, '--'] : ['--'];
  const out = await gitOutput([...WHOLE_PATCH.config, 'log', '-1', '--format=%H', '--fixed-strings', '--grep=dream over ', ...WHOLE_PATCH.log, ...bound, LONG_TERM_FILE], root);
  const sha = out && /^[0-9a-f]{40,64}(?=\n)/.exec(out)?.[0];
  if (!sha) return null;
  return wholeFileOfPatch(out) ?? (await git(['show', `${sha}:${LONG_TERM_FILE}`], { cwd: root, allowFail: true }));
}

/**
 * A file's new text from `git log -p` output holding one file's patch with every line of context
 * (WHOLE_PATCH): its context and added lines, in order. Null unless that output is one patch of one
 * hunk that starts at the file's first line and holds as many lines as its header says.
 */
export function wholeFileOfPatch(out: string): string | null {
  const lines = out.split('\n');
  if (lines.at(-1) === '') lines.pop();
  const at = lines.findIndex((l) => l.startsWith('@@ '));
  if (at < 0 || lines.filter((l) => l.startsWith('diff --git ')).length !== 1) return null;
  const head = /^@@ -\d+(?:,\d+)? \+(\d+)(?:,(\d+))? @@/.exec(lines[at]!);
  if (!head) return null;
  const count = head[2] === undefined ? 1 : Number(head[2]);
  if (count > 0 && head[1] !== '1') return null;
  const kept: string[] = [];
  let last = '';
  let endless = false;
  for (const line of lines.slice(at + 1)) {
    const kind = line[0];
    if (kind === ' ' || kind === '+') kept.push(line.slice(1));
    else if (kind === '\\') {
      // "\ No newline at end of file": about the line before it, on the side(s) that line is on.
      if (last === ' ' || last === '+') endless = true;
    } else if (kind !== '-') return null;
    if (kind !== '\\') last = kind!;
  }
  if (kept.length !== count) return null;
  return count === 0 ? '' : `${kept.join('\n')}${endless ? '' : '\n'}`;
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
