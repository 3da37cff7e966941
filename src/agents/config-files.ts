import { existsSync, lstatSync, readdirSync, rmdirSync, unlinkSync } from 'node:fs';
import { regularFileText } from '../fs/read-file.js';
import { EXIT, GitMemoryError } from '../errors.js';
import { dirname, join } from 'node:path';
import { inside, realOrGiven } from '../fs/inside.js';
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
  return realOrGiven(join(repo.root, path));
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

interface Planned {
  path: string;
  label: string;
  abs: string;
  before: string | null;
  after: string | null;
}

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
        const before = read(abs, path);
        p = { path, label, abs, before, after: before };
        files.set(abs, p);
      }
      p.after = fn(p.after);
    },
    /** Current planned text of a file. */
    text(path: string): string | null {
      const abs = resolvedPath(repo, path);
      return files.has(abs) ? files.get(abs)!.after : read(abs, path);
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
      return [...files.values()].map((p) => {
        if (p.after === p.before) return { path: p.path, label: p.label, result: p.before === null ? 'absent' : 'unchanged' };
        const outside = inside(repo.root, p.abs) === null ? { outside: p.abs } : {};
        if (p.after !== null) {
          writeAtomic(repo.stateDir, p.abs, p.after);
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
