// Which Codex CLI wrote a rollout, read from its head alone: small, so that SessionStart's own bundle
// (hook/agent/turn-gate.ts) can ask it without loading the agent adapters.
import { closeSync, openSync, readSync } from 'node:fs';

/** The first Codex CLI version seen firing SessionEnd (0.171.0: once per `codex exec`, per `exec resume`, reason "other"). */
export const SESSION_END_SINCE = [0, 171, 0] as const;

/**
 * The `cli_version` a rollout's first line (`session_meta`) records, as numbers; null when the file
 * cannot be read or names none. Only its head is read: the line goes on with the model's instructions.
 */
export function rolloutCliVersion(path: string): number[] | null {
  let head = '';
  try {
    const fd = openSync(path, 'r');
    try {
      const buf = Buffer.alloc(4096);
      head = buf.toString('utf8', 0, readSync(fd, buf, 0, buf.length, 0));
    } finally {
      closeSync(fd);
    }
  } catch {
    return null;
  }
  const v = /^\{[^\n]*?"type":"session_meta"[^\n]*?"cli_version":"(\d+)\.(\d+)\.(\d+)/.exec(head);
  return v ? v.slice(1, 4).map(Number) : null;
}

const atLeast = (v: number[], min: readonly number[]) => {
  for (let i = 0; i < min.length; i++) if (v[i] !== min[i]) return v[i]! > min[i]!;
  return true;
};

/** Whether the Codex that writes this rollout fires SessionEnd (0.171 on). The rollout is there at SessionStart already. */
export function codexFiresSessionEnd(transcriptPath: string): boolean {
  const v = rolloutCliVersion(transcriptPath);
  return v !== null && atLeast(v, SESSION_END_SINCE);
}
