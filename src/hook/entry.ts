import { postCommit } from './post-commit.js';

/** Runs a git hook. A memory problem never fails the user's git command: errors are swallowed. */
export function runHook(name: string | undefined, cwd: string, env: NodeJS.ProcessEnv): void {
  try {
    if (name === 'post-commit') postCommit(cwd, env);
  } catch (e) {
    if (env.GIT_MEMORY_DEBUG) process.stderr.write(`git-memory hook ${name}: ${(e as Error).message}\n`);
  }
}
