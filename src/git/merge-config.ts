import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ATTRIBUTES_FILE, MEMORY_DIR, TASKS_FILE } from '../paths.js';
import { writablePath } from '../worktree-path.js';
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
const hasLine = (text: string, line = ATTRIBUTES_LINE) => text.split(/\r?\n/).some((l) => l.trim() === line);

/** Adds the TASKS.md, MEMORY.md and journal day lines to the memory directory's `.gitattributes`. */
export function installAttributes(repo: Repo): ChangeResult {
  const path = attributesPath(repo);
  const text = existsSync(path) ? readFileSync(path, 'utf8') : null;
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
  const path = attributesPath(repo);
  return existsSync(path) && hasLine(readFileSync(path, 'utf8'));
}

/** Whether the memory `.gitattributes` names the driver for folded journal days (a repository set up before them lacks it). */
export function journalAttributesInstalled(repo: Repo): boolean {
  const path = attributesPath(repo);
  return existsSync(path) && hasLine(readFileSync(path, 'utf8'), JOURNAL_ATTRIBUTES_LINE);
}

/** Registers the driver in the repository's git config (local: shared by its worktrees). */
export async function installDriverConfig(repo: Repo): Promise<ChangeResult> {
  const get = (key: string) => git(['config', '--get', `merge.${DRIVER}.${key}`], { cwd: repo.root, allowFail: true });
  const [name, driver] = await Promise.all([get('name'), get('driver')]);
  if (driver?.trim() === DRIVER_COMMAND && name) return 'unchanged';
  await git(['config', `merge.${DRIVER}.name`, 'git-memory: TASKS.md merged by task id'], { cwd: repo.root });
  await git(['config', `merge.${DRIVER}.driver`, DRIVER_COMMAND], { cwd: repo.root });
  return driver ? 'updated' : 'created';
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
