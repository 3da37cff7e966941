import { appendFileSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { findRepo } from '../../git/repo.js';
import { AGENT_HOOK_LOG } from '../../paths.js';

/**
 * Failures nobody may see (the detached workers have no terminal; the hooks that run during a
 * session must print nothing the agent reads) go to `<stateDir>/agent-hook.log`, kept under 64 KB.
 */
export function logFailure(cwd: string, env: NodeJS.ProcessEnv, message: string): void {
  try {
    const { stateDir } = findRepo(cwd, env);
    mkdirSync(stateDir, { recursive: true });
    const path = join(stateDir, AGENT_HOOK_LOG);
    const line = `${new Date().toISOString()} ${message.replace(/\n/g, ' ')}\n`;
    if ((statSync(path, { throwIfNoEntry: false })?.size ?? 0) > 64 * 1024) writeFileSync(path, line);
    else appendFileSync(path, line);
  } catch {
    /* nowhere left to report to */
  }
}
