// What PreCompact's worker prepares is two files: the record SessionStart reads every time, and the
// ledger's key, read only to check a summary the compaction appended.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readCompactKey, readCompactPrepared, writeCompactPrepared, type CompactPreparedRecord } from '../../src/compact/store.js';
import type { KeyInfo } from '../../src/compact/key-info.js';
import { tempDir } from '../helpers/repo.js';

const KEY: KeyInfo = { file_names: [{ text: 'src/a.ts', probe: ['src/a.ts'] }], error_messages: [], user_commands: [], technical_terms: [] };
const record = (over: Partial<CompactPreparedRecord> = {}): CompactPreparedRecord => ({
  v: 2,
  session_id: 's1',
  agent: 'claude',
  transcript: '/t.jsonl',
  offset: 100,
  head: 'w100:abc',
  prepared: '2026-01-01T00:00:00.000Z',
  hot: [],
  ...over,
});

describe('the prepared record and its key', () => {
  it('the record holds no key; the key is read back for the same preparation only', () => {
    const dir = tempDir();
    writeCompactPrepared(dir, record(), KEY);
    const path = join(dir, 'sessions/s1/compact-prepared.json');
    expect(JSON.parse(readFileSync(path, 'utf8')).key).toBeUndefined();
    const p = readCompactPrepared(dir, 's1')!;
    expect(readCompactKey(dir, p)).toEqual(KEY);
    // Another preparation's record (a later offset, head or time) does not take this key.
    expect(readCompactKey(dir, { ...p, offset: 200 })).toBeNull();
    expect(readCompactKey(dir, { ...p, head: 'w100:def' })).toBeNull();
    expect(readCompactKey(dir, { ...p, prepared: '2026-01-01T00:01:00.000Z' })).toBeNull();
  });

  it('a version 1 record (an earlier release) carries its own key', () => {
    const dir = tempDir();
    writeCompactPrepared(dir, record(), KEY);
    const path = join(dir, 'sessions/s1/compact-prepared.json');
    const old = { ...record({ v: 1, offset: 50 }), key: { ...KEY, technical_terms: [{ text: 'useAuth', probe: ['useauth'] }] } };
    writeFileSync(path, JSON.stringify(old));
    const p = readCompactPrepared(dir, 's1')!;
    expect(readCompactKey(dir, p)?.technical_terms).toEqual([{ text: 'useAuth', probe: ['useauth'] }]);
    // Version 1 without a key is not a record at all.
    writeFileSync(path, JSON.stringify({ ...old, key: undefined }));
    expect(readCompactPrepared(dir, 's1')).toBeNull();
  });
});
