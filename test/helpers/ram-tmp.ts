// Where the unit tests make their temporary directories: a folder in RAM (/dev/shm) where the
// machine has one, set as TMPDIR by vitest.config.ts before any worker starts, so the tests, the git
// and node processes they start, and vitest's own teardown all use it.
//
// Why: the tests make and remove tens of thousands of small files (repositories, their objects,
// index and lock files), and on a disk file system (ext4) creating and deleting inodes was a third of
// the processor time of a file-heavy test file (fold.test.ts: 27.0 s of CPU in /tmp on ext4, 19.7 s in
// /dev/shm). Nothing a test asserts depends on the disk: both are POSIX file systems with nanosecond
// times, hard links, atomic renames and modes, and git's racy-index rules apply on both.
import { accessSync, constants, mkdirSync, statfsSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** statfs's f_type of a tmpfs (linux/magic.h). */
const TMPFS_MAGIC = 0x01021994;
/** Less free RAM than this in the folder: the disk's temporary folder is used instead. */
const ENOUGH = 1 << 30;

/**
 * The folder for the tests' temporary directories: `$TMPDIR` where the caller set one (their choice
 * stands); else a folder of this user's under /dev/shm where that is a writable tmpfs with at least
 * 1 GiB free; else undefined (the system's temporary folder, /tmp).
 */
export function ramTempDir(env: NodeJS.ProcessEnv = process.env, shm = '/dev/shm'): string | undefined {
  if (env.TMPDIR) return undefined;
  try {
    const fs = statfsSync(shm);
    if (fs.type !== TMPFS_MAGIC || fs.bavail * fs.bsize < ENOUGH) return undefined;
    accessSync(shm, constants.W_OK);
    const dir = join(shm, `git-memory-tests-${process.getuid?.() ?? 'user'}`);
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    // Another user's folder of that name is not ours to use.
    if (process.getuid && statSync(dir).uid !== process.getuid()) return undefined;
    return dir;
  } catch {
    return undefined;
  }
}
