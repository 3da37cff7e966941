import { accessSync, constants } from 'node:fs';
import { dirname } from 'node:path';
/** Exit codes, documented in the README. */
export const EXIT = { ok: 0, error: 1, usage: 2, secret: 3 } as const;
export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/**
 * An error the user can act on. `exitCode` decides how the process ends; `hint` is shown under the
 * message (e.g. the expected input shape); `details` go into `--json` output.
 */
export class GitMemoryError extends Error {
  constructor(
    message: string,
    readonly exitCode: ExitCode = EXIT.error,
    readonly hint?: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'GitMemoryError';
  }
}

/**
 * A parser's message as one line for ours: its first line, without the position it ends with (TOML's
 * "at row 1, col 9, pos 8:", YAML's "at line 2, column 15:"), which ours gives as file:line, and
 * without the colon that led into the code frame left out.
 */
export function parserReason(message: string): string {
  return (message.split('\n', 1)[0] ?? '').replace(/ at (row \d+, col \d+, pos \d+|line \d+, column \d+)/, '').replace(/:\s*$/, '');
}

/** Bad usage or bad input: exit 2, nothing written. */
export class UsageError extends GitMemoryError {
  constructor(message: string, hint?: string, details?: Record<string, unknown>) {
    super(message, EXIT.usage, hint, details);
    this.name = 'UsageError';
  }
}

/**
 * A bare repository where a command needs a working tree. run() (cli/io.ts) names the command the
 * user ran in the message; `also` says what does work there.
 */
export class BareRepositoryError extends GitMemoryError {
  constructor(
    readonly gitDir: string,
    readonly command = 'this command',
    readonly also?: string,
  ) {
    super(
      `a bare repository has no working tree: ${command} needs one`,
      EXIT.error,
      also ?? 'run it in a clone with a working tree (git clone, or git worktree add); `git memory scan --all`, `scan BASE...HEAD` and `diff` read history and work here',
      { gitDir },
    );
    this.name = 'BareRepositoryError';
  }
}

/** git's words for an object a partial clone's remote promised and that git-memory would not fetch (git/own-config.ts). */
const MISSING_PROMISED = /from promisor remote|lazy fetching disabled/;
const MISSING_PROMISED_HINT =
  'this is a partial clone (`git clone --filter=…`) and git needs history it left on the remote: git-memory never fetches (it runs inside hooks, where that would reach the network); let git fetch it (a `git log --name-only` or `git show` of that history fetches what it lacks), then run this again';

/** The git command `args` run, after git's own options (`--literal-pathspecs`, `-c key=value`). */
function subcommand(args: readonly string[]): string {
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '-c' || args[i] === '-C') i++;
    else if (!args[i]!.startsWith('-')) return args[i]!;
  }
  return args[0] ?? '';
}

/**
 * What git said, on one line: its last three lines, and its `fatal:` line where that came before
 * them (git's refusal of a repository another user owns is a `fatal:` line, then three lines of advice).
 */
function gitSays(stderr: string): string {
  const lines = stderr.trim().split('\n').filter((l) => l.trim());
  const last = lines.slice(-3);
  const fatal = lines.find((l) => l.startsWith('fatal: '));
  return [...(fatal && !last.includes(fatal) ? [fatal] : []), ...last].map((l) => l.trim()).join(' ');
}

/** A git command failed; carries git's own stderr. */
export class GitError extends GitMemoryError {
  constructor(
    readonly args: readonly string[],
    readonly stderr: string,
    readonly status: number | null,
  ) {
    super(`git ${subcommand(args)} failed: ${gitSays(stderr) || `exit ${status}`}`, EXIT.error, MISSING_PROMISED.test(stderr) ? MISSING_PROMISED_HINT : undefined);
    this.name = 'GitError';
  }
}

/** A memory file that cannot be parsed. Reported with its path; the file is never rewritten. */
export class CorruptFileError extends Error {
  constructor(
    readonly path: string,
    readonly reason: string,
    readonly expected: string,
  ) {
    super(`${path}: ${reason}`);
    this.name = 'CorruptFileError';
  }
}

/** What the file system said, in words, for the errors a user can act on (a full disk, a read-only mount). */
const FS_WORDS: Record<string, string> = {
  ENOSPC: 'no space left on device',
  EDQUOT: 'disk quota exceeded',
  EROFS: 'read-only file system',
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  // A memory path of the wrong kind (a hand edit, a commit): PRIMER.md a folder, `.openclaw_memory` a file.
  EISDIR: 'a folder is where a file belongs',
  ENOTDIR: 'a file is where a folder belongs',
};

/** Whether fsErrorWords' words for `e` say a path is of the wrong kind (it has to be moved, not made writable). */
export function isWrongKindOfPath(e: unknown): boolean {
  const err = e as NodeJS.ErrnoException | null;
  return err?.code === 'EISDIR' || err?.code === 'ENOTDIR' || (err?.code === 'EEXIST' && err.syscall === 'mkdir');
}

/**
 * The plain words for a file system error a user can act on, or null for any other error. A
 * recursive mkdir on a read-only mount fails with ENOENT (node's walk up the path): the directory
 * it could not make is asked whether it can be written, which says EROFS there.
 */
export function fsErrorWords(e: unknown): string | null {
  const err = e as NodeJS.ErrnoException | null;
  let code = err?.code;
  // The nearest directory that exists on the way up says why it could not be made in.
  for (let dir = err?.path; code === 'ENOENT' && err?.syscall === 'mkdir' && dir && dirname(dir) !== dir; ) {
    dir = dirname(dir);
    try {
      accessSync(dir, constants.W_OK);
      break;
    } catch (probe) {
      const c = (probe as NodeJS.ErrnoException).code;
      if (c !== 'ENOENT') code = c;
    }
  }
  // mkdir of a folder where a file is: EEXIST (other EEXISTs are a writer's own business).
  if (code === 'EEXIST' && err?.syscall === 'mkdir') return FS_WORDS.ENOTDIR!;
  return (code && FS_WORDS[code]) || null;
}
