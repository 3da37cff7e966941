import { childProcess } from '../child-process.js';
import { GitError } from '../errors.js';
import { INTERNAL_ENV } from '../paths.js';

export interface GitOptions {
  cwd: string;
  /** Extra environment entries (merged over process.env; `undefined` removes a variable). */
  env?: Record<string, string | undefined>;
  /** Written to git's stdin. */
  input?: string;
  /** Resolve with `null` instead of throwing when git exits non-zero. */
  allowFail?: boolean;
}

/** The environment of every git process we start (see early.ts too). */
export function buildEnv(extra?: Record<string, string | undefined>): NodeJS.ProcessEnv {
  // Our own git processes carry a marker so the post-commit hook can skip them, and never prompt.
  const env: NodeJS.ProcessEnv = { ...process.env, [INTERNAL_ENV]: '1', GIT_TERMINAL_PROMPT: '0' };
  for (const [k, v] of Object.entries(extra ?? {})) {
    if (v === undefined) delete env[k];
    else env[k] = v;
  }
  return env;
}

/** Runs git and returns stdout; throws GitError with git's stderr on failure. The one way we call git. */
export function git(args: readonly string[], opts: GitOptions & { allowFail: true }): Promise<string | null>;
export function git(args: readonly string[], opts: GitOptions): Promise<string>;
export function git(args: readonly string[], opts: GitOptions): Promise<string | null> {
  return new Promise((resolve, reject) => {
    if (opts.input !== undefined) {
      // execFile cannot feed stdin; spawn does.
      const child = childProcess().spawn('git', args, { cwd: opts.cwd, env: buildEnv(opts.env), stdio: ['pipe', 'pipe', 'pipe'] });
      const out: Buffer[] = [];
      const err: Buffer[] = [];
      child.stdout.on('data', (b: Buffer) => out.push(b));
      child.stderr.on('data', (b: Buffer) => err.push(b));
      child.on('error', reject);
      child.on('close', (code) => {
        if (code === 0) resolve(Buffer.concat(out).toString('utf8'));
        else if (opts.allowFail) resolve(null);
        else reject(new GitError(args, Buffer.concat(err).toString('utf8'), code));
      });
      child.stdin.end(opts.input);
      return;
    }
    childProcess().execFile(
      'git',
      args,
      { cwd: opts.cwd, env: buildEnv(opts.env), maxBuffer: 256 * 1024 * 1024, encoding: 'utf8' },
      (error, stdout, stderr) => {
        if (!error) return resolve(stdout);
        if (opts.allowFail && typeof error.code === 'number') return resolve(null);
        if (typeof error.code !== 'number') return reject(error);
        reject(new GitError(args, stderr, error.code));
      },
    );
  });
}

/** Synchronous variant for the hook fast path, where an event loop buys nothing. */
export function gitSync(args: readonly string[], cwd: string): string {
  try {
    return childProcess().execFileSync('git', args, { cwd, env: buildEnv(), encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (e) {
    const err = e as { stderr?: string; status?: number | null };
    throw new GitError(args, String(err.stderr ?? ''), err.status ?? null);
  }
}
