import { closeSync, openSync, readdirSync, readlinkSync, readSync, realpathSync } from 'node:fs';
import { basename } from 'node:path';
import { childProcess } from '../child-process.js';

/**
 * git commands that read HEAD when they start and move it at their end with that value as the
 * expected one, holding no lock in between while a hook (pre-commit, prepare-commit-msg, commit-msg,
 * pre-merge-commit) or the message editor runs: builtin/commit.c's as-is commit lets go of
 * index.lock before prepare_to_commit, and its ref transaction fails with "cannot lock ref 'HEAD':
 * is at … but expected …" if HEAD moved meanwhile. A memory commit must not land in that window.
 * (An alias runs the builtin as a child `git commit …`, which is what is found.)
 */
const RACING = new Set(['commit', 'merge']);

/** git's options that take their value as the next argument (before the subcommand). */
const WITH_VALUE = new Set(['-c', '-C', '--git-dir', '--work-tree', '--namespace', '--config-env', '--super-prefix', '--list-cmds', '--attr-source']);

/** The subcommand a git process runs, from its arguments; null for anything that is not git. */
export function gitSubcommand(argv: readonly string[]): string | null {
  const exe = basename(argv[0] ?? '');
  if (exe.startsWith('git-')) return exe.slice(4); // a dashed builtin (git-commit), as old scripts call it
  if (exe !== 'git') return null;
  for (let i = 1; i < argv.length; i++) {
    const a = argv[i]!;
    if (WITH_VALUE.has(a)) i++;
    else if (!a.startsWith('-')) return a;
  }
  return null;
}

const realOr = (path: string): string => {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
};

/**
 * The processes of a `git commit` or `git merge` under way in the worktree at `root`, read from
 * /proc: git runs a command with a work tree from that tree's top (setup_git_directory changes to
 * it), so the process's cwd says which worktree it commits in. Processes of other users (whose cwd
 * cannot be read) are not this user's commits. `ignore`: pids known to be past their ref update (the
 * commit whose post-commit hook started this process). Where there is no /proc, `ps` lists the
 * commands without their folders: any such git process of the machine counts (a wait, never a
 * lost commit). Costs a directory listing and a read per process (~1 ms for 90 processes), only when a memory
 * commit lands.
 */
export function commitsUnderWay(root: string, ignore: readonly number[] = [], proc = '/proc'): number[] {
  let pids: string[];
  try {
    pids = readdirSync(proc).filter((n) => /^\d+$/.test(n));
  } catch {
    return viaPs(ignore);
  }
  const top = realOr(root);
  const found: number[] = [];
  for (const name of pids) {
    const pid = Number(name);
    if (pid === process.pid || ignore.includes(pid)) continue;
    const argv = commandLine(`${proc}/${name}/cmdline`);
    const sub = argv && gitSubcommand(argv);
    if (!sub || !RACING.has(sub)) continue;
    try {
      if (readlinkSync(`${proc}/${name}/cwd`) === top) found.push(pid);
    } catch {
      /* ended meanwhile, or another user's */
    }
  }
  return found;
}

const buffer = Buffer.allocUnsafe(1024);
/** At most this much of a command line is read (Linux's limit for one argument is 128 KiB). */
const ARGS_MAX = 1024 * 1024;

/**
 * A process's arguments: one read into a buffer kept for it (a third of readFileSync's processor
 * time over a machine's processes), more only for a longer command line. Null when it ended.
 */
function commandLine(path: string): string[] | null {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch {
    return null;
  }
  try {
    const n = readSync(fd, buffer, 0, buffer.length, null);
    if (n < buffer.length) return buffer.toString('latin1', 0, n).split('\0');
    // Longer: global options before the subcommand (an IDE's `-c credential.helper=/long/path …`)
    // would otherwise hide it. Read on, up to what a command line can hold.
    const parts = [Buffer.from(buffer)];
    for (let total = n, k = 1; k > 0 && total < ARGS_MAX; total += k) {
      const more = Buffer.allocUnsafe(64 * 1024);
      k = readSync(fd, more, 0, more.length, null);
      parts.push(more.subarray(0, k));
    }
    return Buffer.concat(parts).toString('latin1').split('\0');
  } catch {
    return null;
  } finally {
    closeSync(fd);
  }
}

/** commitsUnderWay without /proc: every `git commit` or `git merge` `ps` lists. */
function viaPs(ignore: readonly number[]): number[] {
  const r = childProcess().spawnSync('ps', ['-A', '-o', 'pid=', '-o', 'args='], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  if (r.status !== 0 || typeof r.stdout !== 'string') return [];
  return r.stdout.split('\n').flatMap((line) => {
    const m = /^\s*(\d+)\s+(.*)$/.exec(line);
    if (!m) return [];
    const pid = Number(m[1]);
    const sub = gitSubcommand(m[2]!.split(/\s+/));
    return sub && RACING.has(sub) && pid !== process.pid && !ignore.includes(pid) ? [pid] : [];
  });
}
