import { existsSync, lstatSync, readdirSync, rmdirSync, unlinkSync } from 'node:fs';
import { regularFileText } from '../fs/read-file.js';
import { EXIT, GitMemoryError } from '../errors.js';
import { basename, dirname, join } from 'node:path';
import { inside, realOrGiven } from '../fs/inside.js';
import { gitSync } from '../git/git.js';
import type { Repo } from '../git/repo.js';
import { writeAtomic } from '../fs/atomic.js';
import { isMemoryPath } from '../paths.js';
import { writablePath } from '../worktree-path.js';

export type FileResult = 'created' | 'updated' | 'unchanged' | 'removed' | 'absent';

/**
 * The file a repository path stands for: a symlinked file (CLAUDE.md → AGENTS.md is common) is
 * edited where it points, never replaced, wherever it points.
 */
function resolvedPath(repo: Repo, path: string): string {
  const abs = join(repo.root, path);
  const real = realOrGiven(abs);
  // A file not made yet lies where its folder really is (`.claude` may itself be a link).
  return real !== abs || existsSync(abs) ? real : join(realOrGiven(dirname(abs)), basename(abs));
}

/** What init and uninstall say of a file changed through a link that leads out of the repository. */
export function outsideNote(f: { path: string; result: FileResult; outside?: string }): string | null {
  if (!f.outside) return null;
  return `${f.path} is a link to ${f.outside}, outside the repository: it was ${f.result} there, and that change is not part of this repository's commits`;
}

/**
 * A file's text; null when there is none. Opened without blocking and read only when it is a
 * regular file: an agent file committed as a link to /dev/zero or a FIFO would otherwise hang
 * `init`, `doctor` and `uninstall` (and fill the memory, for /dev/zero).
 */
function read(path: string, shown: string): string | null {
  let text: string | null;
  try {
    text = regularFileText(path);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw e;
  }
  if (text === null) throw new GitMemoryError(`${shown}${shown === path ? '' : ` (${path})`} is not a regular file; it was left as it is`, EXIT.error, 'replace it (or the link that leads to it) with a regular file, then run the command again');
  return text;
}

/**
 * Throws where `path`, or a folder on its way, is a symbolic link the repository tracks: one that
 * leads outside it (to `abs`) would have init write git-memory's section into whatever file a
 * clone's commit names (`CLAUDE.md` → ~/.bashrc, whose shell then runs the section's backquoted
 * commands; `.claude/settings.json` → the user's own settings, for every project). A link the user
 * made and did not commit (a CLAUDE.md linked to a shared ~/RULES.md) is written through, as before.
 */
function refuseCommittedLink(repo: Repo, path: string, abs: string): void {
  const parts = path.split('/');
  const prefixes = parts.map((_, i) => parts.slice(0, i + 1).join('/'));
  let listed = '';
  try {
    listed = gitSync(['ls-files', '--stage', '-z', '--', ...prefixes.map((p) => `:(literal)${p}`)], repo.root);
  } catch {
    return; // no index to ask (not a repository yet): nothing committed
  }
  const link = listed.split('\0').find((e) => e.startsWith('120000 '))?.split('\t')[1];
  if (!link) return;
  throw new GitMemoryError(
    `${path} leads outside the repository (to ${abs}) through ${link}, a symbolic link committed to it: git-memory does not write through a link that came with the repository`,
    EXIT.error,
    `if the link is yours, add git-memory's section to ${abs} by hand, or keep the link out of the repository (git rm --cached ${link}); if it came from someone else's commit, remove it`,
  );
}

interface Planned {
  path: string;
  label: string;
  abs: string;
  before: string | null;
  after: string | null;
  /** The file starts with a byte order mark (Windows editors write one): edited without it, written back with it. */
  bom?: boolean;
}

const BOM = '\uFEFF';
/** A file's text without its byte order mark, which the agents ignore and the parsers refuse. */
const withoutBom = (text: string | null) => (text !== null && text.startsWith(BOM) ? text.slice(1) : text);

/**
 * Collects changes to several files and writes them only once every change has been computed: a
 * file that cannot be parsed stops the run before anything is written. Changes to one file chain
 * (Gemini CLI's hooks and MCP server share settings.json), also when two paths lead to it (a
 * CLAUDE.md linked to AGENTS.md): it is reported under the path first changed. A file whose text does not change is not
 * touched, so a second run changes nothing; a change to null deletes the file and the directory it
 * leaves empty (`.codex/`), never the repository root.
 */
export function planFiles(repo: Repo) {
  const files = new Map<string, Planned>();
  return {
    /** Queues `fn` on the file's text (null: absent). */
    change(path: string, label: string, fn: (text: string | null) => string | null): void {
      // A file of the memory folder (Aider's instructions) is never written through a link, as no
      // memory file is (worktree-path.ts): a clone's committed link would have init edit, and
      // uninstall delete, whatever file it names outside the repository.
      if (isMemoryPath(path)) writablePath(repo.root, path, { includeFile: true });
      const abs = resolvedPath(repo, path);
      let p = files.get(abs);
      if (!p) {
        const raw = read(abs, path);
        const before = withoutBom(raw);
        p = { path, label, abs, before, after: before, ...(raw !== before ? { bom: true } : {}) };
        files.set(abs, p);
      }
      p.after = fn(p.after);
    },
    /** Current planned text of a file. */
    text(path: string): string | null {
      const abs = resolvedPath(repo, path);
      return files.has(abs) ? files.get(abs)!.after : withoutBom(read(abs, path));
    },
    /** The file a path stands for (see resolvedPath): two paths with one answer are one file. */
    where(path: string): string {
      return resolvedPath(repo, path);
    },
    /** True when the path itself is a symbolic link. */
    linked(path: string): boolean {
      try {
        return lstatSync(join(repo.root, path)).isSymbolicLink();
      } catch {
        return false;
      }
    },
    /**
     * Writes every planned change. `outside`: where a changed file really is when a link led out of
     * the repository (a CLAUDE.md linked to a shared ~/RULES.md): the change is made there, and is no
     * part of what the repository commits, which the user is told.
     */
    apply(): { path: string; label: string; result: FileResult; outside?: string }[] {
      // Before anything is written: a link that leads out of the repository and came with it (git
      // tracks it) was a teammate's choice of which of this user's files to edit, not the user's.
      for (const p of files.values()) {
        if (p.after !== p.before && inside(repo.root, p.abs) === null) refuseCommittedLink(repo, p.path, p.abs);
      }
      return [...files.values()].map((p) => {
        if (p.after === p.before) return { path: p.path, label: p.label, result: p.before === null ? 'absent' : 'unchanged' };
        const outside = inside(repo.root, p.abs) === null ? { outside: p.abs } : {};
        if (p.after !== null) {
          writeAtomic(repo.stateDir, p.abs, p.bom ? BOM + p.after : p.after);
          return { path: p.path, label: p.label, result: p.before === null ? 'created' : 'updated', ...outside };
        }
        unlinkSync(p.abs);
        const dir = dirname(p.abs);
        if (dir !== repo.root && existsSync(dir) && !readdirSync(dir).length) rmdirSync(dir);
        return { path: p.path, label: p.label, result: 'removed', ...outside };
      });
    },
  };
}

export type FilePlan = ReturnType<typeof planFiles>;
