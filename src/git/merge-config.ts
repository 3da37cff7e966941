import { closeSync, fchmodSync, lstatSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { ATTRIBUTES_FILE, MEMORY_DIR, TASKS_FILE } from '../paths.js';
import { symlinkOnPath, writablePath } from '../worktree-path.js';
import { readTextOrNull } from '../fs/read-file.js';
import { GitError } from '../errors.js';
import { git } from './git.js';
import type { Repo } from './repo.js';

/** The merge driver's name in git config and `.gitattributes`. */
export const DRIVER = 'git-memory-tasks';
const COMMENT = '# git-memory: merge TASKS.md by task id (git memory init; harmless without git-memory)';
export const ATTRIBUTES_LINE = `TASKS.md merge=${DRIVER}`;
/** MEMORY.md (long-term memory) is merged by the same driver, entry by entry. */
export const LONG_TERM_ATTRIBUTES_LINE = `MEMORY.md merge=${DRIVER}`;
/**
 * A day file of the journal (`journal/<date>.md`: a day folded by `git memory fold`) is merged by the
 * same driver, session by session. `*` stops at a slash: the session files under `journal/<date>/`,
 * written once and never merged, are not named.
 */
export const JOURNAL_ATTRIBUTES_LINE = `journal/*.md merge=${DRIVER}`;

/**
 * The driver command. Where git-memory is not on PATH (it was uninstalled, a teammate copied the
 * config) it falls back to git's own line merge, exactly what git does with no driver configured.
 */
export const DRIVER_COMMAND =
  'if command -v git-memory >/dev/null 2>&1; then git-memory merge-driver %O %A %B %P; ' +
  'else git merge-file -L ours -L base -L theirs %A %O %B; fi';

export type ChangeResult = 'created' | 'updated' | 'unchanged' | 'removed' | 'absent';

const attributesPath = (repo: Repo) => join(repo.root, ATTRIBUTES_FILE);
/**
 * The memory `.gitattributes` as git reads it, or null: not through a symbolic link (git refuses one
 * in the tree) and only a regular file (a link to a FIFO hung `end`, `init`, `doctor` and `uninstall`).
 */
const attributesText = (repo: Repo) => (symlinkOnPath(repo.root, ATTRIBUTES_FILE) ? null : readTextOrNull(attributesPath(repo)));
const hasLine = (text: string, line = ATTRIBUTES_LINE) => text.split(/\r?\n/).some((l) => l.trim() === line);

/** Adds the TASKS.md, MEMORY.md and journal day lines to the memory directory's `.gitattributes`. */
export function installAttributes(repo: Repo): ChangeResult {
  const path = attributesPath(repo);
  const text = attributesText(repo);
  const lines = [ATTRIBUTES_LINE, LONG_TERM_ATTRIBUTES_LINE, JOURNAL_ATTRIBUTES_LINE];
  if (text !== null && lines.every((l) => hasLine(text, l))) return 'unchanged';
  // A file from before MEMORY.md or folded days existed gets just the lines it lacks.
  const ours = text !== null && hasLine(text) ? lines.filter((l) => !hasLine(text, l)).map((l) => `${l}\n`).join('') : `${COMMENT}\n${lines.join('\n')}\n`;
  writablePath(repo.root, ATTRIBUTES_FILE, { includeFile: true });
  mkdirSync(join(repo.root, MEMORY_DIR), { recursive: true });
  writeFileSync(path, text === null ? ours : `${text}${text === '' || text.endsWith('\n') ? '' : '\n'}${ours}`);
  return text === null ? 'created' : 'updated';
}

/**
 * Whether the memory `.gitattributes` holds our TASKS.md line. `uninstall` leaves the file as it is:
 * it is committed, shared by the team, and a clone without the driver merges with git's own line
 * merge (whose conflicts `git memory resolve` settles), so one person's uninstall changes nothing
 * for the others.
 */
export function attributesInstalled(repo: Repo): boolean {
  const text = attributesText(repo);
  return text !== null && hasLine(text);
}

/** Whether the memory `.gitattributes` names the driver for folded journal days (a repository set up before them lacks it). */
export function journalAttributesInstalled(repo: Repo): boolean {
  const text = attributesText(repo);
  return text !== null && hasLine(text, JOURNAL_ATTRIBUTES_LINE);
}

/**
 * The pattern of the driver's two keys for `git config --get-regexp`, which matches it against the
 * canonical name: section and key in lower case, the subsection as written (DRIVER has no
 * character a pattern reads specially but the dots escaped here).
 */
export const DRIVER_KEYS = `merge\\.${DRIVER}\\.(name|driver)`;
const NAME_KEY = `merge.${DRIVER}.name`;
const DRIVER_KEY = `merge.${DRIVER}.driver`;
const DRIVER_NAME = 'git-memory: TASKS.md merged by task id';

/**
 * The config keys whose canonical name matches `^(pattern)$`, read as `git config --get` reads each
 * (every level, includes, `-c`), with one git process: the last value of each key, '' for a key
 * written without a value. Empty where none is set; null where git could not read the config.
 */
export async function readConfigKeys(repo: Repo, pattern: string): Promise<Map<string, string> | null> {
  let out: string;
  try {
    out = await git(['config', '-z', '--get-regexp', `^(${pattern})$`], { cwd: repo.root });
  } catch (e) {
    if (e instanceof GitError && e.status === 1) return new Map(); // none set
    return null;
  }
  const keys = new Map<string, string>();
  // -z: "key\nvalue\0", or "key\0" for a key without a value.
  for (const entry of out.split('\0').slice(0, -1)) {
    const nl = entry.indexOf('\n');
    keys.set(nl < 0 ? entry : entry.slice(0, nl), nl < 0 ? '' : entry.slice(nl + 1));
  }
  return keys;
}

/**
 * Registers the driver in the repository's git config (local: shared by its worktrees). `keys`: the
 * driver's keys as readConfigKeys read them (init reads them with core.hooksPath in one process).
 */
export async function installDriverConfig(repo: Repo, keys?: Map<string, string> | null): Promise<ChangeResult> {
  const found = keys !== undefined ? keys : await readConfigKeys(repo, DRIVER_KEYS);
  const name = found?.get(NAME_KEY);
  const driver = found?.get(DRIVER_KEY);
  if (driver?.trim() === DRIVER_COMMAND && name !== undefined) return 'unchanged';
  // Neither key set anywhere: the new section is appended as `git config` appends it, where the file is
  // one it provably appends to (appendDriverSection); otherwise, and for any change, git writes it.
  if (found && name === undefined && driver === undefined && appendDriverSection(repo)) return 'created';
  await git(['config', NAME_KEY, DRIVER_NAME], { cwd: repo.root });
  await git(['config', DRIVER_KEY, DRIVER_COMMAND], { cwd: repo.root });
  return driver !== undefined ? 'updated' : 'created';
}

/** A value as `git config` writes it: quoted where it starts or ends with a space or holds ; or #. */
function configValue(value: string): string {
  const escaped = value.replace(/[\\"\n\t]/g, (c) => ({ '\\': '\\\\', '"': '\\"', '\n': '\\n', '\t': '\\t' })[c]!);
  return /^ | $|[;#]/.test(value) ? `"${escaped}"` : escaped;
}

/** The bytes `git config` appends for the driver's name and then its command, to a file without the section. */
export const DRIVER_SECTION = `[merge "${DRIVER}"]\n\tname = ${configValue(DRIVER_NAME)}\n\tdriver = ${configValue(DRIVER_COMMAND)}\n`;

/**
 * A config file in the shape git writes (`git init`, `git config`): a section first, then only section
 * lines and `<tab>key = value` lines (a value plain or quoted, escapes as git writes them) or a bare
 * key, each ending in a newline; no comment, blank line, CR or continuation; no line naming the
 * driver (git would add the keys to that section). Empty counts: git writes the section at its start.
 */
const SECTION_LINE = /^\[[A-Za-z0-9.-]+(?: "(?:[^"\\\n]|\\["\\])*")?\]$/;
const ENTRY_LINE = /^\t[A-Za-z][A-Za-z0-9-]*(?: = (?:(?:[^"\\\n;#]|\\[\\"nt])*|"(?:[^"\\\n]|\\[\\"nt])*"))?$/;
export function plainConfig(text: string): boolean {
  if (text === '') return true;
  if (!text.endsWith('\n') || text.toLowerCase().includes(DRIVER)) return false;
  const lines = text.slice(0, -1).split('\n');
  return SECTION_LINE.test(lines[0]!) && lines.every((l) => SECTION_LINE.test(l) || ENTRY_LINE.test(l));
}

/**
 * Appends the driver's section to the repository's config file as the two `git config` processes
 * would, byte for byte and under git's own lock (`config.lock`, created exclusively, given the file's
 * mode, renamed over it), without starting them. False, with nothing written, wherever git could
 * write anything else or elsewhere: GIT_CONFIG, GIT_DIR or GIT_COMMON_DIR set, a config that is not a
 * plain file or not in git's plain shape (plainConfig), the lock held, any error.
 */
export function appendDriverSection(repo: Repo, env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.GIT_CONFIG !== undefined || env.GIT_DIR !== undefined || env.GIT_COMMON_DIR !== undefined) return false;
  const path = join(repo.commonDir, 'config');
  const lockPath = `${path}.lock`;
  let lock: number;
  let mode: number;
  try {
    const st = lstatSync(path);
    if (!st.isFile()) return false;
    mode = st.mode & 0o7777;
    lock = openSync(lockPath, 'wx');
  } catch {
    return false; // not there, or locked: git says what it says
  }
  try {
    // Read under the lock, as git reads it.
    const text = readFileSync(path);
    if (!plainConfig(text.toString('latin1'))) {
      closeSync(lock);
      rmSync(lockPath, { force: true });
      return false;
    }
    const bytes = Buffer.concat([text, Buffer.from(DRIVER_SECTION)]);
    if (writeSync(lock, bytes) !== bytes.length) throw new Error('short write');
    fchmodSync(lock, mode);
    closeSync(lock);
    renameSync(lockPath, path);
    return true;
  } catch {
    try {
      closeSync(lock);
    } catch {
      /* closed already */
    }
    rmSync(lockPath, { force: true });
    return false;
  }
}

/** Removes the driver's config section. */
export async function uninstallDriverConfig(repo: Repo): Promise<ChangeResult> {
  const out = await git(['config', '--remove-section', `merge.${DRIVER}`], { cwd: repo.root, allowFail: true });
  return out === null ? 'absent' : 'removed';
}

/** What doctor needs to know about the driver. */
export async function driverStatus(repo: Repo): Promise<{ driver: string | null; attributes: boolean; attributeApplies: string | null }> {
  const driver = (await git(['config', '--get', `merge.${DRIVER}.driver`], { cwd: repo.root, allowFail: true }))?.trim() || null;
  const attributes = attributesInstalled(repo);
  const check = await git(['check-attr', 'merge', '--', TASKS_FILE], { cwd: repo.root, allowFail: true });
  const attributeApplies = check ? (/: merge: (.*)$/m.exec(check)?.[1]?.trim() ?? null) : null;
  return { driver, attributes, attributeApplies };
}
