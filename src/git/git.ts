import { childProcess } from '../child-process.js';
import { GitError } from '../errors.js';
import { INTERNAL_ENV } from '../paths.js';
import { withOwnConfig } from './own-config.js';

export interface GitOptions {
  cwd: string;
  /** Extra environment entries (merged over process.env; `undefined` removes a variable). */
  env?: Record<string, string | undefined>;
  /** Written to git's stdin. */
  input?: string;
  /** Resolve with `null` instead of throwing when git exits non-zero. */
  allowFail?: boolean;
  /** With `allowFail` (and no `input`): resolve with what git wrote before it failed, instead of `null`. */
  keepOut?: boolean;
  /** With `input`: git is stopped after this many milliseconds (a program it runs may wait on a person). */
  timeoutMs?: number;
}

/** The environment of every git process we start (see early.ts too). */
export function buildEnv(extra?: Record<string, string | undefined>): NodeJS.ProcessEnv {
  // Our own git processes carry a marker so the post-commit hook can skip them, and never prompt.
  // Nor do they take optional locks: `git status` would otherwise hold index.lock to refresh the
  // index, and a user's `git add` or `git commit` started meanwhile fails at once (git does not
  // wait for index.lock). The one index write the tool makes takes the lock itself (index-swap.ts).
  // They read the user's configuration with the few settings git-memory relies on set (OWN_GIT_CONFIG).
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    [INTERNAL_ENV]: '1',
    GIT_TERMINAL_PROMPT: '0',
    GIT_OPTIONAL_LOCKS: '0',
    GIT_NO_LAZY_FETCH: '1',
    GIT_CONFIG_PARAMETERS: withOwnConfig(process.env.GIT_CONFIG_PARAMETERS),
  };
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
      let timedOut = false;
      const timer = opts.timeoutMs === undefined ? null : setTimeout(() => ((timedOut = true), child.kill('SIGKILL')), opts.timeoutMs);
      child.stdin.on('error', () => undefined); // git gone before reading it all (EPIPE): its exit status says why
      child.on('error', reject);
      child.on('close', (code) => {
        if (timer) clearTimeout(timer);
        const stderr = Buffer.concat(err).toString('utf8') + (timedOut ? `fatal: stopped by git-memory after ${Math.round(opts.timeoutMs! / 1000)} s\n` : '');
        if (code === 0) resolve(Buffer.concat(out).toString('utf8'));
        else if (opts.allowFail) resolve(null);
        else reject(new GitError(args, stderr, code));
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
        if (opts.allowFail && typeof error.code === 'number') return resolve(opts.keepOut ? stdout : null);
        if (typeof error.code !== 'number') return reject(error);
        reject(new GitError(args, stderr, error.code));
      },
    );
  });
}

/**
 * Runs git with `input` (text or bytes) on its standard input and returns its standard output as
 * bytes: for output that is not text (`cat-file --batch` of trees) or input that may not be.
 */
export function gitBytes(args: readonly string[], opts: Omit<GitOptions, 'input' | 'allowFail'> & { input?: string | Buffer }): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = childProcess().spawn('git', args, { cwd: opts.cwd, env: buildEnv(opts.env), stdio: ['pipe', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (b: Buffer) => out.push(b));
    child.stderr.on('data', (b: Buffer) => err.push(b));
    child.stdin.on('error', () => undefined); // git gone early: its exit status says why
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve(Buffer.concat(out));
      else reject(new GitError(args, Buffer.concat(err).toString('utf8'), code));
    });
    child.stdin.end(opts.input ?? '');
  });
}

/** A git process started ahead of the moment its work is needed (see `gitStarted`). */
export interface StartedGit {
  /** Writes to its standard input, leaving it open. */
  write(text: string): void;
  /** Resolves once its standard output has a line equal to `line`; rejects if git exits first. */
  lineOut(line: string): Promise<void>;
  /** Writes the rest of its input, closes it, and resolves with its output as `git` does. */
  send(input: string): Promise<string>;
}

/**
 * Starts git now and feeds it later: for work that must run the moment a lock is taken (see
 * commit.ts), without paying for the process start while holding the lock.
 */
export function gitStarted(args: readonly string[], opts: Omit<GitOptions, 'input' | 'allowFail'>): StartedGit {
  const child = childProcess().spawn('git', args, { cwd: opts.cwd, env: buildEnv(opts.env), stdio: ['pipe', 'pipe', 'pipe'] });
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  const waiting: { line: string; resolve: () => void }[] = [];
  child.stdout.on('data', (b: Buffer) => {
    out.push(b);
    const lines = Buffer.concat(out).toString('utf8').split('\n');
    for (const w of waiting.splice(0)) (lines.includes(w.line) ? w.resolve : () => waiting.push(w))();
  });
  child.stderr.on('data', (b: Buffer) => err.push(b));
  child.stdin.on('error', () => undefined); // git gone early: its exit status says why
  const done = new Promise<string>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve(Buffer.concat(out).toString('utf8'));
      else reject(new GitError(args, Buffer.concat(err).toString('utf8'), code));
    });
  });
  done.catch(() => undefined); // whoever sends handles it
  return {
    write: (text) => void child.stdin.write(text),
    lineOut: (line) =>
      Buffer.concat(out).toString('utf8').split('\n').includes(line)
        ? Promise.resolve()
        : Promise.race([
        new Promise<void>((resolve) => waiting.push({ line, resolve })),
        done.then(() => Promise.reject(new Error(`git ${args[0]} ended before printing ${line}`))),
      ]),
    send(input) {
      child.stdin.end(input);
      return done;
    },
  };
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
