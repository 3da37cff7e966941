// The tool-use hook runs at every tool call of a Claude Code session, and a session that ran many
// sub-agents has a file for each: one finished long ago is not opened again at every call. It mocks
// node:fs, so it runs in a worker of its own (MOCKING in vitest.config.ts).
import { appendFileSync, mkdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { advanceLedger, readLedger } from '../../src/transcripts/index.js';
import { tempDir } from '../helpers/repo.js';
import { REPO, TRANSCRIPTS } from './fixtures.js';

/** The paths opened through node:fs's openSync (what every transcript read in src/fs/read-file.ts uses). */
const opened: string[] = [];
vi.mock('node:fs', async (importOriginal) => {
  const fs = await importOriginal<typeof import('node:fs')>();
  const openSync = (...args: Parameters<typeof fs.openSync>) => {
    opened.push(String(args[0]));
    return fs.openSync(...args);
  };
  return { ...fs, default: { ...fs, openSync }, openSync };
});

const SID = '9b1e2c3d-4f5a-4b6c-8d7e-0f1a2b3c4d5e';
const DIR = join(TRANSCRIPTS, 'claude-subagents');
const linesOf = (path: string) => readFileSync(path, 'utf8').split(/(?<=\n)/);

function session() {
  const dir = tempDir();
  const main = join(dir, `${SID}.jsonl`);
  const subs = join(dir, SID, 'subagents');
  mkdirSync(subs, { recursive: true });
  const mainLines = linesOf(join(DIR, `${SID}.jsonl`));
  const subLines = linesOf(join(DIR, SID, 'subagents', 'agent-a7f3.jsonl'));
  writeFileSync(main, mainLines.slice(0, 3).join(''));
  writeFileSync(join(subs, 'agent-a7f3.jsonl'), subLines.join(''));
  return { dir, main, sub: join(subs, 'agent-a7f3.jsonl'), rest: mainLines.slice(3) };
}

describe('Claude Code sub-agent files unchanged since they were read', () => {
  it('are not opened again when the session goes on (same size, same modification time), and the ledger is a whole read\'s', () => {
    const s = session();
    advanceLedger(s.dir, SID, s.main, { agent: 'claude', repoRoot: REPO });
    for (const line of s.rest) {
      appendFileSync(s.main, line);
      opened.length = 0;
      const r = advanceLedger(s.dir, SID, s.main, { agent: 'claude', repoRoot: REPO });
      expect(opened.filter((p) => p.includes('subagents'))).toEqual([]);
      expect(opened).toContain(s.main); // the count sees this read's opens (a fresh worker: vitest.config.ts MOCKING)
      expect(r.ledger).toEqual(readLedger(s.main, { agent: 'claude', repoRoot: REPO }));
    }
  });

  it('one that changed is read again: grown, or rewritten (a new modification time)', () => {
    const s = session();
    advanceLedger(s.dir, SID, s.main, { agent: 'claude', repoRoot: REPO });
    appendFileSync(s.main, s.rest.join(''));
    // Rewritten whole at the same size, with another time: its opening no longer matches.
    const before = readFileSync(s.sub, 'utf8');
    const changed = before.replaceAll('orders.ts', 'ordrrs.ts');
    expect(changed.length).toBe(before.length);
    writeFileSync(s.sub, changed);
    const t = statSync(s.sub).mtimeMs / 1000 + 5;
    utimesSync(s.sub, t, t);
    opened.length = 0;
    const r = advanceLedger(s.dir, SID, s.main, { agent: 'claude', repoRoot: REPO });
    expect(opened.filter((p) => p.includes('subagents')).length).toBeGreaterThan(0);
    expect(r.ledger).toEqual(readLedger(s.main, { agent: 'claude', repoRoot: REPO }));
    expect(r.ledger.files.map((f) => f.path)).toContain('src/reports/ordrrs.ts');
  });
});

describe('Gemini CLI sub-agent chats unchanged since they were read', () => {
  const SESSION = 'b1f31681-0000-4000-8000-000000000001';
  let tick = 0;
  const at = () => new Date(Date.UTC(2026, 3, 16, 22, 38) + tick++ * 1000).toISOString();
  const line = (r: Record<string, unknown>) => `${JSON.stringify(r)}\n`;
  const user = (n: number, text: string) => line({ id: `u${n}`, timestamp: at(), type: 'user', content: [{ text }] });
  const reply = (n: number, text: string) =>
    line({ id: `g${n}`, timestamp: at(), type: 'gemini', content: text, thoughts: [], tokens: { input: 100, output: 10, cached: 0, thoughts: 0, tool: 0, total: 110 }, model: 'gemini-3-pro', toolCalls: [] });

  it('are not opened again when the session goes on, and the ledger is a whole read\'s', () => {
    const dir = tempDir();
    const main = join(dir, 'session-2026-04-16T22-38-b1f31681.jsonl');
    writeFileSync(main, line({ sessionId: SESSION, projectHash: 'ab', startTime: '2026-04-16T22:38:00.000Z', lastUpdated: '2026-04-16T23:00:00.000Z', kind: 'main' }) + user(0, 'Tidy the vault') + reply(1, 'Looking.'));
    mkdirSync(join(dir, SESSION));
    const write = { id: 'write_file_1', name: 'write_file', args: { file_path: '/v/DOCKET.md', content: 'x' }, status: 'success', timestamp: at(), result: [{ functionResponse: { id: 'write_file_1', name: 'write_file', response: { output: 'ok' } } }] };
    writeFileSync(
      join(dir, SESSION, 'tl63m8.json'),
      JSON.stringify({ sessionId: 'tl63m8', projectHash: 'ab', startTime: '2026-04-16T22:40:00.000Z', lastUpdated: '2026-04-16T22:50:00.000Z', kind: 'subagent', messages: [{ id: 's0', timestamp: at(), type: 'user', content: [{ text: 'map it' }] }, { id: 's1', timestamp: at(), type: 'gemini', content: '', thoughts: [], tokens: { input: 1, output: 1, cached: 0, thoughts: 0, tool: 0, total: 2 }, model: 'gemini-3-pro', toolCalls: [write] }] }),
    );
    expect(advanceLedger(dir, SESSION, main, { agent: 'gemini' }).ledger.files.map((f) => f.path)).toEqual(['/v/DOCKET.md']);
    for (let n = 2; n < 8; n += 2) {
      appendFileSync(main, user(n, `and step ${n}`) + reply(n + 1, 'Done.'));
      opened.length = 0;
      const r = advanceLedger(dir, SESSION, main, { agent: 'gemini' });
      expect(opened.filter((p) => p.includes(SESSION))).toEqual([]);
      expect(opened).toContain(main);
      expect(r.ledger).toEqual(readLedger(main, { agent: 'gemini' }));
    }
  });
});
