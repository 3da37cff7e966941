import { appendFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { advanceLedger, readLedger } from '../../src/transcripts/index.js';
import type { AgentName, Ledger } from '../../src/transcripts/ledger.js';
import { ROOT, tempDir } from '../helpers/repo.js';

/** Transcripts in each agent's real shape, and the repository their paths are in. */
export const TRANSCRIPTS = join(ROOT, 'test/fixtures/transcripts');
export const REPO = '/home/jane/acme';

/** Each line boundary of a transcript, and the middle of each line (a torn line the agent is still writing). */
export function cuts(bytes: Buffer): number[] {
  const out: number[] = [];
  let start = 0;
  for (let i = bytes.indexOf(0x0a); i !== -1; i = bytes.indexOf(0x0a, start)) {
    out.push(start + Math.floor((i - start) / 2), i + 1);
    start = i + 1;
  }
  return out;
}

/**
 * The ledger of `lines` read a line at a time, as the hooks read what was appended since their last
 * run; at every step it equals the whole read of what is there.
 */
export function readInChunks(lines: string[], agent: AgentName, repoRoot: string, name = agent === 'gemini' ? 'session-x.jsonl' : 't.jsonl'): Ledger {
  const dir = tempDir();
  const path = join(dir, name);
  writeFileSync(path, '');
  let last: Ledger | null = null;
  for (const line of lines) {
    appendFileSync(path, `${line}\n`);
    last = advanceLedger(join(dir, 'state'), 's1', path, { agent, repoRoot }).ledger;
    expect(last).toEqual(readLedger(path, { agent, repoRoot }));
  }
  return last!;
}
