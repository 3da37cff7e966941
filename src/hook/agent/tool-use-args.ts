// What the entry point (bin.ts) reads of a tool call's hook before loading its bundle: which code
// cache the run should use.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { LEDGER_HOT_FILE, SESSIONS_DIR, sessionDirName } from '../../paths.js';

/**
 * A session's first tool call reads its transcript into a whole ledger and cuts a hot state from it;
 * every later call reads on from the hot state (transcripts/advance.ts), code the first never
 * compiles, and the other way round: each kind gets its own code cache, which holds what the run
 * that made it compiled (a cache made by a session's first call, as the first after an install
 * always is, left the later calls compiling their path, about 1 ms each). From the input as bytes
 * and one stat: a miss only costs the cache's fit.
 */
export function toolUseCache(input: Buffer, stateDir: string | undefined): string {
  const id = /"session_id"\s*:\s*"([^"\\]{1,128})"/.exec(input.toString('latin1', 0, Math.min(input.length, 4096)))?.[1];
  return id && stateDir && existsSync(join(stateDir, SESSIONS_DIR, sessionDirName(id), LEDGER_HOT_FILE)) ? 'agent-tool-use-lean' : 'agent-tool-use';
}
