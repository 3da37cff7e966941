import { BareRepositoryError, CorruptFileError, EXIT, fsErrorWords, GitMemoryError, isWrongKindOfPath, UsageError } from '../errors.js';
import type { Ctx, Result } from '../commands/context.js';
import { readStdin } from '../fs/stdin.js';
import { boundedMessage, expectedShape, GIT_MISSING, internalError, LABEL, leftAsItIs, seeHelp } from './messages.js';
import { stdoutWriter } from '../fs/stdout.js';
import { stripControlChars } from '../safety/control-chars.js';
import { SymlinkedMemoryError } from '../worktree-path.js';

/** Where a CLI run reads and writes; tests pass their own. */
export interface Io {
  cwd: string;
  env: NodeJS.ProcessEnv;
  out(text: string): void;
  err(text: string): void;
  /** Standard input to its end; with `max`, its first `max` + 1 bytes at most, the rest unread (see fs/stdin.ts). */
  readStdin(max?: number): Promise<Buffer>;
  /** Set only by run() and reportError() below: the one place that decides how the process ends. */
  exitCode: number;
  /**
   * Masks secrets in an error message before it is shown. The full command line scans with the
   * whole secret scan; without one (the lean start-ups) the project rules mask it, which needs no
   * scanner load.
   */
  mask?: (text: string) => Promise<string>;
  /**
   * Starts `git-memory <args>` detached (the workers an agent hook starts, `hook agent`): from this
   * process's binary where not given; an in-process caller (the tests) names its own.
   */
  startWorker?: (args: string[], cwd: string, opts?: { low?: boolean }) => void;
}

/** The project rules' masking, line by line: no scanner to load, and loaded only on an error. */
async function quickMask(text: string): Promise<string> {
  const { redactQuickLines } = await import('../safety/quick-redact.js');
  return redactQuickLines(text);
}

export interface GlobalArgs {
  json?: boolean;
  /** The command's words, as yargs gives them (the lean start-ups set the command's name). */
  _?: readonly (string | number)[];
}

function paint(io: Io, code: string, text: string, stream: 'err' | 'out' = 'err'): string {
  const tty = stream === 'err' ? process.stderr.isTTY : process.stdout.isTTY;
  return tty && !io.env.NO_COLOR && io.env.TERM !== 'dumb' ? `\x1b[${code}m${text}\x1b[0m` : text;
}

/** The error of a spawn of git that found no git to start. */
const isGitMissing = (e: unknown) => {
  const err = e as NodeJS.ErrnoException | null;
  return err?.code === 'ENOENT' && err.syscall === 'spawn git';
};

/**
 * Where errors become messages and exit codes (run() below is the other half). Messages quote what
 * the user typed, so message and hint are masked first: no error repeats a value the secret scan
 * would refuse.
 */
export async function reportError(io: Io, e: unknown, json: boolean): Promise<void> {
  let code: number = EXIT.error;
  let message: string;
  let hint: string | undefined;
  let details: Record<string, unknown> | undefined;
  if (e instanceof GitMemoryError) {
    code = e.exitCode;
    message = e.message;
    hint = e.hint;
    details = e.details;
  } else if (e instanceof CorruptFileError) {
    message = leftAsItIs(e.message);
    hint = expectedShape(e.expected);
  } else if (isGitMissing(e)) {
    ({ message, hint } = GIT_MISSING);
  } else if (fsErrorWords(e)) {
    // A file system that refuses a write (read-only .git in an agent sandbox, a full disk): not an
    // internal error, and said in words, with where.
    // A rename names the file it replaces as `dest`: that is the one in the way, not the temporary file.
    const err = e as NodeJS.ErrnoException & { dest?: string };
    const where = err.dest ?? err.path;
    const fix = isWrongKindOfPath(e) ? 'move what is in the way on that path (a hand edit or a commit put it there), then run the command again' : 'this command writes memory and needs the git directory and the memory folder writable';
    message = `${fsErrorWords(e)}${where ? `: cannot write ${where}` : ''}; ${fix}`;
    if (io.env.GIT_MEMORY_DEBUG) hint = (e as Error)?.stack;
  } else {
    message = internalError((e as Error)?.message ?? String(e));
    if (io.env.GIT_MEMORY_DEBUG) hint = (e as Error)?.stack;
  }
  const mask = io.mask ?? quickMask;
  message = boundedMessage(await mask(message));
  if (hint) hint = boundedMessage(await mask(hint));
  io.err(`${paint(io, '31', LABEL.error)} ${message}\n${hint ? `${hint}\n` : ''}`);
  if (json) io.out(`${JSON.stringify({ ok: false, error: { code, message, ...(hint ? { hint } : {}), ...(details ?? {}) } }, null, 2)}\n`);
  io.exitCode = code;
}

/**
 * Runs a handler and prints its result: `--json` on stdout, or the rendered text; warnings on
 * stderr. With reportError, the only code that sets the exit code: from `Result.exit`, or from the
 * error thrown. The rendered text loses its control characters but newline and tab: it quotes
 * memory files (a teammate's commit, a hand edit), whose escape sequences would otherwise reach
 * the reader's terminal (repaint it, retitle it, or write its clipboard with OSC 52). `colour`: the
 * renderer paints with escape sequences itself (the status line), and its text is shown as it is.
 */
export async function run<T>(io: Io, args: GlobalArgs, call: (ctx: Ctx) => Promise<Result<T>>, render: (data: T) => string, opts: { colour?: boolean } = {}): Promise<void> {
  const ctx: Ctx = { cwd: io.cwd, env: io.env };
  try {
    const result = await call(ctx);
    if (result.exit !== undefined) io.exitCode = result.exit;
    // A warning may quote a memory file (a line it skipped, a session's field): masked as an error is,
    // by the project rules (no scanner to load), for memory committed past the scan (stop 54).
    for (const w of result.warnings) io.err(`${paint(io, '33', LABEL.warning)} ${await quickMask(w)}\n`);
    if (args.json) io.out(`${JSON.stringify({ ok: true, ...(result.data as object) }, null, 2)}\n`);
    else io.out(opts.colour ? render(result.data) : stripControlChars(render(result.data)));
  } catch (e) {
    const command = args._?.[0];
    let named = e instanceof BareRepositoryError && e.command === 'this command' && command ? new BareRepositoryError(e.gitDir, `git memory ${command}`, e.also) : e;
    // A memory path through a symbolic link: the hint says how to undo it, from where git says it came.
    if (named instanceof SymlinkedMemoryError) {
      const { linkOrigin } = await import('../git/link-origin.js');
      named = new SymlinkedMemoryError(named.root, named.found, named.rel, await linkOrigin(named.root, named.found.link));
    }
    // Bad usage the handler found (a value out of range, text it refused) names the command's help.
    if (named instanceof UsageError && !named.hint && command) named = new UsageError(named.message, seeHelp(String(command)).trimEnd(), named.details);
    await reportError(io, named, !!args.json);
  }
}

/** The process's own streams. */
export function defaultIo(): Io {
  return {
    cwd: process.cwd(),
    env: process.env,
    out: stdoutWriter(),
    err: (t) => void process.stderr.write(t),
    readStdin: (max) => readStdin(process.stdin, { max }),
    exitCode: 0,
  };
}
