import { CorruptFileError, EXIT, GitMemoryError } from '../errors.js';
import type { Ctx, Result } from '../commands/context.js';
import { stdoutWriter } from './stdout.js';

/** Where a CLI run reads and writes; tests pass their own. */
export interface Io {
  cwd: string;
  env: NodeJS.ProcessEnv;
  out(text: string): void;
  err(text: string): void;
  readStdin(): Promise<Buffer>;
  /** Set by the one place that decides how the process ends. */
  exitCode: number;
}

export interface GlobalArgs {
  json?: boolean;
}

function paint(io: Io, code: string, text: string, stream: 'err' | 'out' = 'err'): string {
  const tty = stream === 'err' ? process.stderr.isTTY : process.stdout.isTTY;
  return tty && !io.env.NO_COLOR && io.env.TERM !== 'dumb' ? `\x1b[${code}m${text}\x1b[0m` : text;
}

/** The one place errors become messages and exit codes. */
export function reportError(io: Io, e: unknown, json: boolean): void {
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
    message = `${e.message}; it was left as it is`;
    hint = `expected shape:\n${e.expected}`;
  } else {
    message = `internal error: ${(e as Error)?.message ?? String(e)}`;
    if (io.env.GIT_MEMORY_DEBUG) hint = (e as Error)?.stack;
  }
  io.err(`${paint(io, '31', 'error:')} ${message}\n${hint ? `${hint}\n` : ''}`);
  if (json) io.out(`${JSON.stringify({ ok: false, error: { code, message, ...(hint ? { hint } : {}), ...(details ?? {}) } }, null, 2)}\n`);
  io.exitCode = code;
}

/** Runs a handler and prints its result: `--json` on stdout, or the rendered text; warnings on stderr. */
export async function run<T>(io: Io, args: GlobalArgs, call: (ctx: Ctx) => Promise<Result<T>>, render: (data: T) => string): Promise<void> {
  const ctx: Ctx = { cwd: io.cwd, env: io.env, readStdin: () => io.readStdin() };
  try {
    const result = await call(ctx);
    for (const w of result.warnings) io.err(`${paint(io, '33', 'warning:')} ${w}\n`);
    if (args.json) io.out(`${JSON.stringify({ ok: true, ...(result.data as object) }, null, 2)}\n`);
    else io.out(render(result.data));
  } catch (e) {
    reportError(io, e, !!args.json);
  }
}

/** The process's own streams. */
export function defaultIo(): Io {
  return {
    cwd: process.cwd(),
    env: process.env,
    out: stdoutWriter(),
    err: (t) => void process.stderr.write(t),
    readStdin: async () => {
      const chunks: Buffer[] = [];
      for await (const c of process.stdin) chunks.push(c as Buffer);
      return Buffer.concat(chunks);
    },
    exitCode: 0,
  };
}
