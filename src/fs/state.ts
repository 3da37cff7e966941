// JSON kept in the per-worktree state directory (caches and notes, never memory): one reader and
// one writer, so every such file is written whole and read back checked the same way.
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { writeAtomic } from './atomic.js';

/** A plain JSON object (not null, not an array): the shape every state file has at its top. */
export const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A count or an amount in a state file: a finite number, never negative. */
export const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v >= 0;

/**
 * `<stateDir>/<name>` parsed, when `check` accepts it; null when the file is missing, unreadable,
 * torn (a crash mid-write of an older version, a disk filled) or of another shape. Every state
 * file can be rebuilt or only saves work, so a bad one counts as none rather than an error.
 */
export function readState<T>(stateDir: string, name: string, check: (v: unknown) => v is T): T | null {
  let v: unknown;
  try {
    v = JSON.parse(readFileSync(join(stateDir, name), 'utf8'));
  } catch {
    return null;
  }
  return check(v) ? v : null;
}

/**
 * Replaces `<stateDir>/<name>` with `value` as one JSON line: readers see the old or the new file,
 * never a part. Not synced (derived data: losing it to a power cut costs one rebuild). Throws on a
 * write error (a read-only git directory); callers that only save work catch it.
 */
export function writeState(stateDir: string, name: string, value: unknown): void {
  writeAtomic(stateDir, join(stateDir, name), `${JSON.stringify(value)}\n`, { durable: false });
}

/** Forgets `<stateDir>/<name>`; nothing there is fine. */
export function removeState(stateDir: string, name: string): void {
  rmSync(join(stateDir, name), { force: true });
}
