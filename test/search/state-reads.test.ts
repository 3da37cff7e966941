// What a warm search reads of the stored index's files (search/store.ts, search/delta.ts): the
// store's cache key is compared with the journal's a piece at a time, not read whole into memory of
// its own (763 KB at 10,000 sessions), and a delta left by an older generation of the index is told
// by its first bytes, not read whole. Each says what reading the whole file said.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SEARCH_DELTA_FILE } from '../../src/paths.js';
import { readDelta, writeDelta } from '../../src/search/delta.js';
import { Postings } from '../../src/search/postings.js';
import { openStore, writeStore } from '../../src/search/store.js';
import { tempDir } from '../helpers/repo.js';

const doc = (text: string) => ({ request: text, learned: '', completed: '', next_steps: '', decisions: '', notes: '' });
const meta = (n: number) => ({ session: `s${n}`, path: `.openclaw_memory/journal/2026-03-02/0915-claude-s${n}.md`, date: '2026-03-02', time: '09:15', agent: 'claude' });

/** A key of `size` bytes, different at each byte from its neighbours. */
const keyOf = (size: number, seed = 0) => Buffer.from(Array.from({ length: size }, (_, i) => (i * 31 + seed) & 255));

describe("the store's cache key", () => {
  it('matches the key it was written with, byte for byte, and no other, whatever its size', () => {
    for (const size of [0, 1, 65_535, 65_536, 65_537, 200_003]) {
      const dir = tempDir('gm-store-key-');
      const index = new Postings();
      index.add(doc('zeppelin retry'));
      const key = keyOf(size);
      writeStore(dir, key, index, [meta(0)], {});
      const store = openStore(dir)!;
      expect(store.hasKey(Buffer.from(key)), `${size}`).toBe(true);
      for (const at of [0, 65_535, 65_536, size - 1].filter((i) => i >= 0 && i < size)) {
        const other = Buffer.from(key);
        other[at] ^= 1;
        expect(store.hasKey(other), `${size} at ${at}`).toBe(false);
      }
      expect(store.hasKey(keyOf(size + 1))).toBe(false);
      if (size) expect(store.hasKey(key.subarray(1))).toBe(false);
      store.close();
    }
  });
});

describe('a delta of another generation', () => {
  it('is told by its first bytes; one of this generation, or one that does not begin as written, is read whole as before', () => {
    const dir = tempDir('gm-delta-gen-');
    mkdirSync(dir, { recursive: true });
    const index = new Postings();
    index.add(doc('zeppelin'));
    const key = keyOf(100_000, 3);
    writeDelta(dir, 'gen-a"\\b', key, [1], { 'a.md': { size: 1, mtimeMs: 2, ids: [0] } }, index, [meta(0)]);
    const read = readDelta(dir, 'gen-a"\\b')!;
    expect(read.key.equals(key)).toBe(true);
    expect(read).toMatchObject({ generation: 'gen-a"\\b', masked: [1], files: { 'a.md': { size: 1, mtimeMs: 2, ids: [0] } } });
    expect(readDelta(dir, 'gen-b')).toBeNull();
    expect(readDelta(dir, 'gen-a')).toBeNull();
    // The same head with its keys in another order (no writer of this build makes it): read whole, as before.
    const file = join(dir, SEARCH_DELTA_FILE);
    const bytes = readFileSync(file);
    const nl = bytes.indexOf(10);
    const head = JSON.parse(bytes.toString('utf8', 0, nl)) as Record<string, unknown>;
    const { generation, ...rest } = head;
    writeFileSync(file, Buffer.concat([Buffer.from(`${JSON.stringify({ ...rest, generation })}\n`), bytes.subarray(nl + 1)]));
    expect(readDelta(dir, 'gen-a"\\b')!.key.equals(key)).toBe(true);
    expect(readDelta(dir, 'gen-b')).toBeNull();
    // Shorter than the peek, or empty: nothing, as before.
    writeFileSync(file, '{"generation":"gen');
    expect(readDelta(dir, 'gen')).toBeNull();
    writeFileSync(file, '');
    expect(readDelta(dir, 'gen-a"\\b')).toBeNull();
  });
});
