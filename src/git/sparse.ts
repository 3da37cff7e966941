// A sparse checkout can leave the memory folder out of the worktree while HEAD holds it
// (`git sparse-checkout set src`: cone mode keeps the top-level files, .openclaw_memory.toml among
// them, but no other folder). git-memory reads memory from the worktree: it then saw no MEMORY.md,
// TASKS.md or journal, and a command that carries a file's old content on wrote a new one over the
// committed file (`forget` committed a MEMORY.md of its own line alone).
import { join } from 'node:path';
import { EXIT, GitMemoryError } from '../errors.js';
import { exists } from '../fs/stat.js';
import { MEMORY_DIR } from '../paths.js';
import { gitSync } from './git.js';
import type { Repo } from './repo.js';

/**
 * Whether this worktree's sparse checkout leaves a memory file out (an index entry under the memory
 * folder marked skip-worktree). Outside a sparse checkout (no `info/sparse-checkout` in the
 * worktree's git directory) one stat and no git process.
 */
export function memoryLeftOut(repo: Repo): boolean {
  if (!exists(join(repo.gitDir, 'info', 'sparse-checkout'))) return false;
  try {
    // `-t`: each path with its tag, `S` for skip-worktree.
    return /^S /m.test(gitSync(['ls-files', '-t', '--', `${MEMORY_DIR}/`], repo.root));
  } catch {
    return false;
  }
}

/** Throws, before anything is read or written, where the sparse checkout leaves memory out. */
export function assertMemoryCheckedOut(repo: Repo): void {
  if (!memoryLeftOut(repo)) return;
  throw new GitMemoryError(
    `the sparse checkout leaves ${MEMORY_DIR}/ out of this worktree: git-memory would read no memory and write over the committed files`,
    EXIT.error,
    `git sparse-checkout add ${MEMORY_DIR}`,
  );
}
