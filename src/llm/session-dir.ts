import { join } from 'node:path';
import { SESSIONS_DIR, sessionDirName } from '../paths.js';

/** `sessions/<dir>/<name>`, relative to the state dir: what readState/writeState take for a per-session file. */
export function sessionFile(sessionId: string, name: string): string {
  return join(SESSIONS_DIR, sessionDirName(sessionId), name);
}
