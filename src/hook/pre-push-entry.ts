import { EXIT, type ExitCode } from '../errors.js';
import { readStdin } from '../fs/stdin.js';
import { prePush } from './pre-push.js';

/**
 * `git-memory hook pre-push <remote> <url>`: EXIT.secret (3) refuses a push that carries a secret
 * in memory files; any failure of the tool itself lets the push go ahead (shown with GIT_MEMORY_DEBUG).
 */
export async function runPrePush(args: string[], cwd: string, env: NodeJS.ProcessEnv, stdin: () => Promise<Buffer> = () => readStdin()): Promise<ExitCode> {
  try {
    return await prePush(args, (await stdin()).toString('utf8'), cwd, env);
  } catch (e) {
    if (env.GIT_MEMORY_DEBUG) process.stderr.write(`git-memory hook pre-push: ${(e as Error).stack ?? (e as Error).message}\n`);
    return EXIT.ok;
  }
}
