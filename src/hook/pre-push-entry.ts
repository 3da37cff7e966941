import { readAll } from './entry.js';
import { prePush } from './pre-push.js';

/**
 * `git-memory hook pre-push <remote> <url>`: exit 3 refuses a push that carries a secret in memory
 * files; any failure of the tool itself lets the push go ahead (shown with GIT_MEMORY_DEBUG).
 */
export async function runPrePush(args: string[], cwd: string, env: NodeJS.ProcessEnv, stdin: NodeJS.ReadableStream = process.stdin): Promise<number> {
  try {
    return await prePush(args, await readAll(stdin), cwd, env);
  } catch (e) {
    if (env.GIT_MEMORY_DEBUG) process.stderr.write(`git-memory hook pre-push: ${(e as Error).stack ?? (e as Error).message}\n`);
    return 0;
  }
}
