import { appendFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { listAdd, listChanged, listHas } from '../../src/transcripts/id-list.js';
import { advanceLedger, readLedger } from '../../src/transcripts/index.js';
import { tempDir } from '../helpers/repo.js';

const REPO = '/home/jane/acme';

/** One tool turn of a Claude Code transcript: a call (response `msg_<n>`) and its result, chained by parentUuid. */
function turn(n: number): string {
  const at = new Date(Date.UTC(2026, 10, 22, 9) + n * 1000).toISOString();
  const base = { isSidechain: false, userType: 'external', cwd: REPO, sessionId: 's-ids', version: '2.1.39', gitBranch: 'main' };
  const usage = { input_tokens: 4, cache_creation_input_tokens: 200, cache_read_input_tokens: 60_000, output_tokens: 120 };
  const call = {
    ...base, parentUuid: `r${n - 1}`, uuid: `a${n}`, type: 'assistant', timestamp: at,
    message: { model: 'claude-opus-4-6', id: `msg_${n}`, type: 'message', role: 'assistant', content: [{ type: 'tool_use', id: `toolu_${n}`, name: 'Bash', input: { command: `npm test -- part-${n % 40}` } }], stop_reason: 'tool_use', usage },
  };
  const result = { ...base, parentUuid: `a${n}`, uuid: `r${n}`, type: 'user', timestamp: at, message: { role: 'user', content: [{ tool_use_id: `toolu_${n}`, type: 'tool_result', content: 'PASS' }] } };
  return `${JSON.stringify(call)}\n${JSON.stringify(result)}\n`;
}

const prompt = `${JSON.stringify({ isSidechain: false, userType: 'external', cwd: REPO, sessionId: 's-ids', parentUuid: null, uuid: 'r0', type: 'user', timestamp: '2026-11-22T09:00:00.000Z', message: { role: 'user', content: 'Refactor the loader' } })}\n`;

describe('id lists: the same answers as a Set, indexed or not', () => {
  it('before and after the index is built, after appends and after ids are dropped', () => {
    const list = Array.from({ length: 300 }, (_, i) => `id-${i}`);
    const asked = (l: string[]) => ['id-0', 'id-299', 'id-300', 'id-150', 'nope', '', 'id-1x'].map((id) => listHas(l, id));
    const set = (l: string[]) => ['id-0', 'id-299', 'id-300', 'id-150', 'nope', '', 'id-1x'].map((id) => new Set(l).has(id));
    // Lookups enough to cross from searching to the index, each checked against a Set's answer.
    for (let round = 0; round < 10; round++) {
      expect(asked(list)).toEqual(set(list));
      listAdd(list, `id-${300 + round}`);
    }
    list.splice(0, 100);
    listChanged(list);
    for (let round = 0; round < 10; round++) expect(asked(list)).toEqual(set(list));
    expect(listHas(list, 'id-50')).toBe(false);
    expect(listHas(list, 'id-309')).toBe(true);
  });
});

describe('advanceLedger on a long session: the kept id lists are not indexed whole for a few new records', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('one more tool call over 1,500 kept response ids and 2,000 taken records builds no Set of them, and reads what a whole read does', () => {
    const dir = tempDir();
    const path = join(dir, 's-ids.jsonl');
    writeFileSync(path, prompt + Array.from({ length: 1500 }, (_, i) => turn(i + 1)).join(''));
    advanceLedger(dir, 's-ids', path, { agent: 'claude', repoRoot: REPO });
    appendFileSync(path, turn(1501));
    // The Sets made while the hook's one call reads the new records, by how many ids each started with.
    const sizes: number[] = [];
    class CountingSet<T> extends Set<T> {
      constructor(items?: Iterable<T> | null) {
        super(items);
        sizes.push(this.size);
      }
    }
    vi.stubGlobal('Set', CountingSet);
    const r = advanceLedger(dir, 's-ids', path, { agent: 'claude', repoRoot: REPO });
    vi.unstubAllGlobals();
    expect(sizes.filter((n) => n >= 1000)).toEqual([]);
    expect(r.ledger).toEqual(readLedger(path, { agent: 'claude', repoRoot: REPO }));
    expect(r.ledger.tool_calls).toBe(1501);
  });
});
