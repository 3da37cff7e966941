import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SESSION_START_FILE as FILE } from '../paths.js';

/** Recorded when a session starts (the primer runs), so `end` knows the session's base commit. */
export interface SessionStart {
  head: string | null;
  at: string;
}


export function recordSessionStart(stateDir: string, start: SessionStart): void {
  try {
    mkdirSync(stateDir, { recursive: true });
    writeFileSync(join(stateDir, FILE), JSON.stringify(start));
  } catch {
    /* the primer must work in a read-only checkout too */
  }
}

export function readSessionStart(stateDir: string): SessionStart | null {
  try {
    return JSON.parse(readFileSync(join(stateDir, FILE), 'utf8')) as SessionStart;
  } catch {
    return null;
  }
}

export function clearSessionStart(stateDir: string): void {
  rmSync(join(stateDir, FILE), { force: true });
}
