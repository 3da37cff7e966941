// The delta beside a stored search index (search/delta.ts) keeps the journal's cache key apart from
// its JSON: the key lists every journal file (3.5 MB at 50,000 sessions) and, as base64 inside the
// JSON, made every first search after an update parse 5 MB for a handful of new sessions. A torn
// delta, or one of the older all-JSON layout, is not trusted: the index is updated again.
import { readFileSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { search } from '../../src/commands/search.js';
import { writeSession } from '../helpers/journal-session.js';
import { makeRepo } from '../helpers/repo.js';

describe('the delta of a stored search index', () => {
  it('keeps the cache key as bytes after one JSON line, and is trusted only whole', async () => {
    const repo = makeRepo();
    writeSession(repo, '2026-03-02', '0915', 'aaaaaa', 'Fix the zeppelin retry loop');
    const ctx = { cwd: repo.dir, env: process.env };
    const run = async () => (await search(ctx, { query: 'zeppelin' })).data;
    expect(await run()).toMatchObject({ cache: 'rebuilt', total: 1 });
    writeSession(repo, '2026-03-03', '1015', 'bbbbbb', 'Zeppelin signatures');
    expect(await run()).toMatchObject({ cache: 'updated', total: 2 });

    const file = join(repo.dir, '.git', 'git-memory', 'search-index.delta.json');
    const bytes = readFileSync(file);
    const nl = bytes.indexOf(10);
    const head = JSON.parse(bytes.toString('utf8', 0, nl)) as Record<string, unknown>;
    expect(head.key).toBeUndefined();
    expect(head.keyBytes).toBe(bytes.length - nl - 1);
    expect(bytes.toString('latin1', nl + 1, nl + 7)).toBe('lstat:'); // key.ts keyOf
    expect(bytes.includes('.openclaw_memory/journal/2026-03-03/1015-claude-bbbbbb.md')).toBe(true);
    expect(await run()).toMatchObject({ cache: 'fresh', total: 2 });

    // Torn: one byte of the key short. Not trusted; updated again, and whole again after.
    truncateSync(file, bytes.length - 1);
    expect(await run()).toMatchObject({ cache: 'updated', total: 2 });
    expect(readFileSync(file).equals(bytes)).toBe(true); // written again, whole: the same journal, the same delta
    expect(await run()).toMatchObject({ cache: 'fresh', total: 2 });

    // The older layout: the key as base64 inside the JSON. Not read; updated again.
    const again = readFileSync(file);
    const at = again.indexOf(10);
    const { keyBytes: _, ...rest } = JSON.parse(again.toString('utf8', 0, at)) as Record<string, unknown>;
    writeFileSync(file, `${JSON.stringify({ ...rest, key: again.subarray(at + 1).toString('base64') })}\n`);
    expect(await run()).toMatchObject({ cache: 'updated', total: 2 });
    expect(await run()).toMatchObject({ cache: 'fresh', total: 2 });
  });
});
