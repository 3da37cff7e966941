import { EXIT, type ExitCode } from '../errors.js';
import { readStdin } from '../fs/stdin.js';
import { postCommit } from './post-commit.js';

/**
 * Runs post-commit or post-rewrite (pre-push has its own bundle: it loads the secret scanner) and
 * returns the exit code, always EXIT.ok: a memory problem never fails the user's git command.
 * Errors are swallowed (shown with GIT_MEMORY_DEBUG).
 */
export async function runHook(
  name: string | undefined,
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv,
  stdin: () => Promise<Buffer> = () => readStdin(),
): Promise<ExitCode> {
  try {
    if (name === 'post-commit') postCommit(cwd, env);
    else if (name === 'post-rewrite') await (await import('./post-rewrite.js')).postRewrite(args[0], (await stdin()).toString('utf8'), cwd, env);
  } catch (e) {
    if (env.GIT_MEMORY_DEBUG) process.stderr.write(`git-memory hook ${name}: ${(e as Error).stack ?? (e as Error).message}\n`);
  }
  return EXIT.ok;
}
