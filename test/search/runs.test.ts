import { describe, expect, it } from 'vitest';
import { SEARCH_FIELDS } from '../../src/search/documents.js';
import { Runs } from '../../src/search/runs.js';

const F = SEARCH_FIELDS.length;

/** Sessions of random records: terms drawn unevenly, some counts and gaps large enough to take several bytes. */
function records(sessions: number, terms: number, seed: number): [term: number, field: number, tf: number][][] {
  const rand = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
  return Array.from({ length: sessions }, (_, d) => {
    // Every 9th session is empty: ids must still count it.
    if (d % 9 === 4) return [];
    const seen = new Set<string>();
    const out: [number, number, number][] = [];
    for (let k = Math.floor(rand() * 12); k >= 0; k--) {
      const term = Math.floor(rand() * rand() * terms);
      const field = Math.floor(rand() * F);
      if (seen.has(`${term} ${field}`)) continue;
      seen.add(`${term} ${field}`);
      const tf = rand() < 0.05 ? 1 + Math.floor(rand() * 3_000_000) : 1 + Math.floor(rand() * 4);
      out.push([term, field, tf]);
    }
    return out;
  });
}

/** The store's block of each term (see store.ts FORMAT), made the plain way. */
function expected(sessions: [number, number, number][][], terms: number): Uint32Array[] {
  return Array.from({ length: terms }, (_, t) => {
    const out: number[] = [];
    for (let f = 0; f < F; f++) {
      const docs: number[] = [];
      const tfs: number[] = [];
      sessions.forEach((recs, d) => recs.forEach(([term, field, tf]) => term === t && field === f && (docs.push(d), tfs.push(tf))));
      if (docs.length) out.push(f, docs.length, ...docs, ...tfs);
    }
    return Uint32Array.from(out);
  });
}

describe('runs of a cold build (search/runs.ts)', () => {
  const names = Array.from({ length: 300 }, (_, t) => `w${((t * 7919) % 300).toString(36)}x${t}`);
  const order = names.map((_, t) => t).sort((a, b) => (names[a]! < names[b]! ? -1 : 1));
  const sessions = records(2000, names.length, 5);
  const want = expected(sessions, names.length);

  for (const batch of [1, 50, 1000, 1 << 18]) {
    it(`merges runs of ${batch} records into every term's block, in term order, and finds any term's postings`, () => {
      const runs = new Runs(names, batch);
      for (const recs of sessions) {
        runs.session();
        for (const [term, field, tf] of recs) runs.add(term, field, tf);
      }
      runs.finish();
      // Each block is copied as it comes: the next overwrites it.
      const got: [number, number[]][] = [];
      for (const [t, block] of runs.blocks(order)) got.push([t, [...block]]);
      expect(got.map(([t]) => t)).toEqual(order.filter((t) => want[t]!.length));
      for (const [t, block] of got) expect(block, names[t]).toEqual([...want[t]!]);
      for (const t of [0, 1, 17, 299]) {
        const postings = runs.postings(t);
        const flat: number[] = [];
        postings.forEach((p, f) => p && flat.push(f, p.docs.length, ...Array.from(p.docs), ...Array.from(p.tfs)));
        expect(flat, names[t]).toEqual([...want[t]!]);
      }
    });
  }

  it('takes terms named after the runs began, and gives them in order', () => {
    const growing: string[] = ['m'];
    const runs = new Runs(growing, 2);
    runs.session();
    runs.add(0, 1, 3);
    runs.session();
    growing.push('a');
    runs.add(1, 0, 1);
    runs.add(0, 1, 200);
    runs.session();
    growing.push('z');
    runs.add(2, 5, 1);
    runs.finish();
    const got: [string, number[]][] = [];
    for (const [t, block] of runs.blocks([1, 0, 2])) got.push([growing[t]!, [...block]]);
    expect(got).toEqual([
      ['a', [0, 1, 1, 1]],
      ['m', [1, 2, 0, 1, 3, 200]],
      ['z', [5, 1, 2, 1]],
    ]);
  });
});
