import { CONFIG_FILE, MEMORY_DIR } from '../paths.js';
import { git } from './git.js';
import { LOG_PATHSPEC } from './log-cache.js';

/** The paths that make up memory: the memory directory and the config (whose allowlist is shared too). */
export const MEMORY_PATHS = [MEMORY_DIR, CONFIG_FILE] as const;

/** One version of a memory file: a blob, the path it had, and the commit that brought it (if any). */
export interface MemoryVersion {
  path: string;
  blob: string;
  commit?: string;
}

const splitZ = (out: string | null) => (out ?? '').split('\0').filter(Boolean);

/**
 * Memory files of the working tree that a commit could share: tracked ones and untracked ones git
 * does not ignore (so a gitignored PRIMER.md is left out, a committed one is in). Sorted, repo-relative.
 */
export async function worktreeMemoryFiles(root: string): Promise<string[]> {
  const out = await git(['ls-files', '-z', '--cached', '--others', '--exclude-standard', '--', ...MEMORY_PATHS], { cwd: root });
  return [...new Set(splitZ(out))].sort();
}

/** Memory files as staged in the index (`git show :path`), conflict stages included. */
export async function stagedMemoryFiles(root: string): Promise<MemoryVersion[]> {
  const out = await git(['ls-files', '-z', '--stage', '--', ...MEMORY_PATHS], { cwd: root });
  return splitZ(out).flatMap((entry) => {
    const m = /^(\d{6}) ([0-9a-f]+) \d\t(.*)$/s.exec(entry);
    return m && m[1] !== '160000' ? [{ path: m[3]!, blob: m[2]! }] : [];
  });
}

/**
 * A `--raw` entry: `:mode new-mode old new S` for a commit, `::m1 m2 new-mode h1 h2 new SS` for a
 * merge shown as a combined diff. The resulting mode and blob are the last of their runs.
 */
function resultOf(raw: string): { mode: string; blob: string } | null {
  const parts = raw.replace(/^:+/, '').split(' ');
  parts.pop(); // status letters
  const n = parts.length / 2;
  if (!Number.isInteger(n) || n < 1) return null;
  return { mode: parts[n - 1]!, blob: parts[2 * n - 1]! };
}

/**
 * Every memory file version the commits selected by `revArgs` introduce (`git log --raw`), one per
 * blob id, attributed to the oldest commit that brings it. `--full-history` keeps side branches a
 * merge discarded (`-s ours`), and combined diffs (`-c`) show what a merge itself wrote (a conflict
 * resolution). Deleted files and submodules have no content and are skipped.
 */
export async function memoryVersionsIn(cwd: string, revArgs: readonly string[]): Promise<MemoryVersion[]> {
  const out = await git(
    ['log', '--full-history', '-c', '--raw', '--no-abbrev', '--no-renames', '-z', '--format=%x1e%H', ...revArgs, '--', ...MEMORY_PATHS],
    { cwd },
  );
  // Newest commit first: an older commit carrying the same blob takes over the attribution.
  const byBlob = new Map<string, MemoryVersion & { age: number }>();
  const chunks = out.split('\x1e');
  chunks.forEach((chunk, age) => {
    const [commit, ...fields] = chunk.split('\0').map((f) => f.replace(/^\n/, ''));
    if (!commit) return;
    for (let i = 0; i < fields.length; i++) {
      if (!fields[i]!.startsWith(':')) continue;
      const result = resultOf(fields[i]!);
      const path = fields[++i];
      if (!result || path === undefined || /^0+$/.test(result.blob) || result.mode === '160000' || result.mode === '000000') continue;
      byBlob.set(result.blob, { path, blob: result.blob, commit, age });
    }
  });
  // Oldest commit first, paths in order within a commit.
  return [...byBlob.values()]
    .sort((a, b) => b.age - a.age || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
    .map(({ age: _age, ...v }) => v);
}

/** A memory commit's message (see memoryCommitMessages). */
export interface MemoryCommitMessage {
  commit: string;
  message: string;
}

/**
 * The messages of the commits selected by `revArgs` that change memory files and nothing else (the
 * commits git-memory makes, as git/log.ts's isMemoryCommit tells them), for the secret scan: the
 * summary in a memory commit's subject is memory too. Two walks at once: the commits that change
 * memory files (with their messages), less those that change anything else. Merges are left out
 * (git writes their messages).
 */
export async function memoryCommitMessages(cwd: string, revArgs: readonly string[]): Promise<MemoryCommitMessage[]> {
  const [memory, other] = await Promise.all([
    git(['log', '--full-history', '--no-merges', '-z', '--format=%H%n%B', ...revArgs, '--', ...MEMORY_PATHS.map((p) => `:(top)${p}`)], { cwd }),
    git(['log', '--full-history', '--no-merges', '--format=%H', ...revArgs, '--', ...LOG_PATHSPEC], { cwd }),
  ]);
  const touchesOther = new Set(other.split('\n').filter(Boolean));
  return splitZ(memory).flatMap((raw) => {
    const entry = raw.replace(/^\n/, '');
    const at = entry.indexOf('\n');
    const commit = at < 0 ? entry : entry.slice(0, at);
    return touchesOther.has(commit) ? [] : [{ commit, message: at < 0 ? '' : entry.slice(at + 1) }];
  });
}
