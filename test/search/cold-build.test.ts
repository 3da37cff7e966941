import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { query } from '../../src/search/bm25.js';
import { buildIndex, type BuildProgress } from '../../src/search/build.js';
import { listJournalFiles, readJournalFile, toDocument, type SessionMeta } from '../../src/search/documents.js';
import { Postings } from '../../src/search/postings.js';
import { openStore, writeStore, writeStoreContent, type FileEntries } from '../../src/search/store.js';
import { SEARCH_FILES_FILE, SEARCH_HEADER_FILE, SEARCH_POSTINGS_FILE } from '../../src/paths.js';
import { tempDir } from '../helpers/repo.js';

const WORDS = ['webhook', 'retry', 'retries', 'invoice', 'proration', 'ledger', 'internationalization', 'reconciliation', 'backoff', 'tenant', 'Token', 'TOKEN', 'refresh', 'lock'];

/** A journal of `n` sessions over a few days, with an original per-day file and an unreadable file among them. */
function journal(n: number): string {
  const root = tempDir('gm-cold-');
  let seed = 11;
  const rand = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
  const pick = () => WORDS[Math.floor(rand() * WORDS.length)]!;
  const line = (k: number) => Array.from({ length: k }, pick).join(' ');
  for (let i = 0; i < n; i++) {
    const day = `2026-03-${String(1 + (i % 9)).padStart(2, '0')}`;
    const hhmm = String(1000 + i).slice(-4);
    const dir = join(root, '.openclaw_memory/journal', day);
    mkdirSync(dir, { recursive: true });
    const chinese = i % 7 === 0 ? '\n- 缓存失效需要重新计算发票' : '';
    writeFileSync(
      join(dir, `${hhmm}-claude-${(0x100000 + i).toString(16).slice(-6)}.md`),
      `---\nsession: "${day.replace(/-/g, '')}-${hhmm}-${(0x100000 + i).toString(16).slice(-6)}"\ndate: ${day}\ntime: "${hhmm.slice(0, 2)}:${hhmm.slice(2)}"\nagent: claude\nauthor: Jane Doe <jane@example.com>\nbranch: main\n---\n\n## Session ${hhmm.slice(0, 2)}:${hhmm.slice(2)}\n\n### Request\n${line(4)}\n\n### Learned\n- ${line(9)}\n- ${line(5)} ticket ACME-${1000 + i}${chinese}\n\n### Next steps\n- ${line(6)}\n`,
    );
  }
  writeFileSync(join(root, '.openclaw_memory/journal/2026-02-27.md'), '---\ncreated: \'2026-02-27\'\nsessions: 2\ntype: event\nupdated: \'2026-02-27\'\n---\n\n## Session 09:00\n\n### Request\nMigrate the ledger\n\n### Learned\n- Ledger rows are append only\n\n## Session 11:30\n\n### Request\nReconcile the ledger\n');
  writeFileSync(join(root, '.openclaw_memory/journal/2026-03-01/2359-claude-badbad.md'), '---\nsession: [unclosed\n---\n');
  return root;
}

/** The index as updates build it: sessions added one by one to a Postings, then stored. */
function inMemory(root: string): { index: Postings; meta: SessionMeta[]; files: FileEntries } {
  const index = new Postings();
  const meta: SessionMeta[] = [];
  const files: FileEntries = {};
  for (const f of listJournalFiles(root)) {
    const ids = readJournalFile(root, f.path).sessions.map((s) => {
      const d = toDocument(s, f.path);
      const id = index.add(d.doc);
      meta[id] = d.meta;
      return id;
    });
    files[f.path] = { size: f.size, mtimeMs: f.mtimeMs, ids };
  }
  return { index, meta, files };
}

const withoutGeneration = (stateDir: string) => ({
  header: { ...JSON.parse(readFileSync(join(stateDir, SEARCH_HEADER_FILE), 'utf8')), generation: 'x' },
  files: JSON.parse(readFileSync(join(stateDir, SEARCH_FILES_FILE), 'utf8')).files,
  postings: readFileSync(join(stateDir, SEARCH_POSTINGS_FILE)).subarray(17),
});

const QUERIES = ['webhook retry', 'proration', 'ACME-1042', 'internationalization', 'reconcil', 'token refresh lock', '缓存', 'ledger', 'nothing-here webhook'];

describe('the cold build (search/build.ts)', () => {
  it('stores byte for byte what an index built in memory stores, and ranks every query the same', () => {
    const root = journal(300);
    const key = Buffer.from('key');
    const a = inMemory(root);
    const stateA = tempDir('gm-state-a-');
    writeStore(stateA, key, a.index, a.meta, a.files);

    const events: BuildProgress[] = [];
    const built = buildIndex(root, listJournalFiles(root), (p) => events.push(p));
    expect(built.corrupt.map((c) => c.message)).toEqual([expect.stringContaining('2359-claude-badbad.md')]);
    const stateB = tempDir('gm-state-b-');
    writeStoreContent(stateB, key, built.content, built.files);
    expect(withoutGeneration(stateB)).toEqual(withoutGeneration(stateA));

    const storeA = openStore(stateA)!;
    const storeB = openStore(stateB)!;
    const memory = built.searchable;
    try {
      expect(storeB.documents).toBe(302);
      for (const q of QUERIES) {
        const want = query(a.index, q, { boost: { request: 2 } });
        expect(want.ids.length, q).toBeGreaterThan(0);
        for (const got of [query(storeA, q, { boost: { request: 2 } }), query(storeB, q, { boost: { request: 2 } }), query(memory, q, { boost: { request: 2 } })]) {
          expect(got.ids, q).toEqual(want.ids);
          expect([...got.scores], q).toEqual([...want.scores]);
        }
        for (const id of want.ids) expect(built.meta(id)).toEqual(a.meta[id]);
      }
    } finally {
      storeA.close();
      storeB.close();
    }

    // It says how far it got: every 256 files, and once at the end.
    const reads = events.filter((e) => e.phase === 'read');
    expect(reads.map((e) => e.done)).toEqual([0, 256, 302]);
    expect(reads.every((e) => e.total === 302)).toBe(true);
  });

  it('gives the same store and rankings when its postings are merged from many small runs', () => {
    const root = journal(300);
    const key = Buffer.from('key');
    const a = inMemory(root);
    const stateA = tempDir('gm-state-a-');
    writeStore(stateA, key, a.index, a.meta, a.files);
    // 97 records a run: about five sessions each, sixty-odd runs.
    const built = buildIndex(root, listJournalFiles(root), undefined, 97);
    const stateB = tempDir('gm-state-b-');
    writeStoreContent(stateB, key, built.content, built.files);
    expect(withoutGeneration(stateB)).toEqual(withoutGeneration(stateA));
    for (const q of QUERIES) {
      const want = query(a.index, q, { boost: { request: 2 } });
      const got = query(built.searchable, q, { boost: { request: 2 } });
      expect(got.ids, q).toEqual(want.ids);
      expect([...got.scores], q).toEqual([...want.scores]);
    }
  });
});
