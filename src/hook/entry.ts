import { postCommit } from './post-commit.js';

/** Reads a hook's standard input (git's lines for post-rewrite and pre-push). */
export async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(typeof c === 'string' ? Buffer.from(c) : (c as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Runs post-commit or post-rewrite (pre-push has its own bundle: it loads the secret scanner) and
 * returns the exit code, always 0: a memory problem never fails the user's git command. Errors are
 * swallowed (shown with GIT_MEMORY_DEBUG).
 */
export async function runHook(
  name: string | undefined,
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv,
  stdin: NodeJS.ReadableStream = process.stdin,
): Promise<number> {
  try {
    if (name === 'post-commit') postCommit(cwd, env);
    else if (name === 'post-rewrite') await (await import('./post-rewrite.js')).postRewrite(args[0], await readAll(stdin), cwd, env);
  } catch (e) {
    if (env.GIT_MEMORY_DEBUG) process.stderr.write(`git-memory hook ${name}: ${(e as Error).stack ?? (e as Error).message}\n`);
  }
  return 0;
}
