// The staleness marks from the kept answer's text (marksFromOut): the same marks as parsing every
// commit of it (marksFrom over parse), which cost ~3-5 ms of a primer's CPU at every session start
// with anchored facts. Pure: no repository, no process.
import { describe, expect, it } from 'vitest';
import { marksFrom, marksFromOut, parse, type Anchored } from '../../src/dream/staleness.js';
import { rng } from '../helpers/rng.js';

const RS = '\x1e';
const US = '\x1f';


const POOL = ['src/jobs/retry.ts', 'src/jobs/queue/a.ts', 'src/jobsy.ts', 'src/jobs2/x.ts', 'src/payments/card.ts', 'src/invoices/number.ts', 'README.md', 'src/cache.ts', 'src/cache.tsx', 'docs/src/jobs/retry.ts'];
const ANCHORS = ['src/jobs/', 'src/jobs', 'src/payments/', 'src/invoices/', 'README.md', 'src/cache.ts', 'src/', 'docs/'];

function log(r: () => number, commits: number): { out: string; ids: string[] } {
  const ids: string[] = [];
  let out = '';
  for (let i = 0; i < commits; i++) {
    const id = Array.from({ length: 40 }, () => '0123456789abcdef'[Math.floor(r() * 16)]).join('');
    ids.push(id);
    const day = `2026-${String(10 + Math.floor(r() * 3)).padStart(2, '0')}-${String(1 + Math.floor(r() * 28)).padStart(2, '0')}`;
    const files = POOL.filter(() => r() < 0.25);
    out += `${RS}${id}${US}${day}\n\n${files.map((f) => `${f}\n`).join('')}`;
  }
  return { out, ids };
}

function entries(r: () => number, ids: string[]): Anchored[] {
  return Array.from({ length: 6 }, (_, k) => {
    const files = ANCHORS.filter(() => r() < 0.3);
    const pick = ids[Math.floor(r() * ids.length)];
    const at = k % 3 === 0 && pick ? pick.slice(0, 7 + Math.floor(r() * 5)) : k % 3 === 1 ? 'deadbee' : undefined;
    const date = r() < 0.8 ? `2026-${String(10 + Math.floor(r() * 3)).padStart(2, '0')}-15` : undefined;
    return { files, ...(at ? { at } : {}), ...(date ? { date } : {}) };
  });
}

describe('marksFromOut', () => {
  it('gives the marks marksFrom gives over every commit parsed, for logs of every shape', () => {
    for (let seed = 1; seed <= 60; seed++) {
      const r = rng(seed);
      const { out, ids } = log(r, Math.floor(r() * 60));
      const es = entries(r, ids);
      const exists = (p: string) => p.length % 3 !== 0;
      expect(marksFromOut(es, out, exists), `seed ${seed}`).toEqual(marksFrom(es, parse(out), exists));
      // The log as the range after an entry's anchor ('deadbee', in no log): that entry counts every commit.
      expect(marksFromOut(es, out, exists, 'deadbee'), `seed ${seed}, base`).toEqual(marksFrom(es, parse(out), exists, 'deadbee'));
    }
  });

  it("counts every commit of the log for the entry anchored at the log's base, the same day's too", () => {
    const out = `${RS}${'c'.repeat(40)}${US}2026-11-03

src/cache.ts
`;
    const es: Anchored[] = [{ files: ['src/cache.ts'], at: 'deadbee', date: '2026-11-03' }];
    const mark = { changed: [{ file: 'src/cache.ts', commits: 1 }], deleted: false };
    for (const marks of [marksFromOut(es, out, () => true, 'deadbeef0'), marksFrom(es, parse(out), () => true, 'deadbeef0')]) expect(marks).toEqual([mark]);
    // Not the base (the log since a day, or another entry's anchor): only later days count, as before.
    for (const marks of [marksFromOut(es, out, () => true), marksFrom(es, parse(out), () => true, 'cafe123')]) expect(marks).toEqual([null]);
  });

  it('marks a folder only for its files that are gone, however many commits changed it', () => {
    const out = [
      `${RS}${'c'.repeat(40)}${US}2026-11-03\n\nsrc/jobs/new.ts\nsrc/jobs/retry.ts\n`,
      `${RS}${'b'.repeat(40)}${US}2026-11-02\n\nsrc/jobs/old.ts\nsrc/jobs/gone.ts\nREADME.md\n`,
      `${RS}${'a'.repeat(40)}${US}2026-11-01\n\nsrc/jobs/retry.ts\n`,
    ].join('');
    const es: Anchored[] = [{ files: ['src/jobs/'], date: '2026-10-01' }, { files: ['src/jobs/', 'README.md'], at: 'a'.repeat(40) }];
    const all = () => true;
    const gone = (p: string) => !['src/jobs/old.ts', 'src/jobs/gone.ts'].includes(p);
    for (const marks of [marksFromOut(es, out, all), marksFrom(es, parse(out), all)]) expect(marks).toEqual([null, { changed: [{ file: 'README.md', commits: 1 }], deleted: false }]);
    for (const marks of [marksFromOut(es, out, gone), marksFrom(es, parse(out), gone)])
      expect(marks).toEqual([
        { changed: [{ file: 'src/jobs/', commits: 1, removed: 2 }], deleted: false },
        { changed: [{ file: 'src/jobs/', commits: 1, removed: 2 }, { file: 'README.md', commits: 1 }], deleted: false },
      ]);
  });

  it('agrees on the odd cases: no output, a commit without files, a last line without its newline, text before the first commit, untrimmed lines, an id past the head', () => {
    const es: Anchored[] = [
      { files: ['src/jobs/'], date: '2026-10-01' },
      { files: ['README.md', 'src/cache.ts'], at: 'aaaa' },
      { files: ['src/cache.ts'], at: `${'b'.repeat(40)}${US}2026` },
      { files: ['src/cache.ts'] },
    ];
    const head = (id: string, day: string) => `${RS}${id}${US}${day}\n\n`;
    const cases = [
      '',
      `${head('a'.repeat(40), '2026-11-01')}`,
      `${head('c'.repeat(40), '2026-11-02')}src/jobs/a.ts${head('a'.repeat(40), '2026-11-01')}README.md`,
      `garbage\n${head('c'.repeat(40), '2026-11-02')}src/jobs/a.ts\n`,
      `${head('c'.repeat(40), '2026-11-02')}src/jobs/a.ts \nsrc/cache.ts\r\n${head('b'.repeat(40), '2026-09-01')}src/cache.ts\n`,
      `${RS}\n${head('b'.repeat(40), '2026-11-03')}src/cache.ts\nsrc/cache.ts\n${RS}${'a'.repeat(40)}\nsrc/cache.ts\n`,
      `${head('b'.repeat(40), '2026-11-03')}src/jobs/x\nsrc/jobs/y\n${head('a'.repeat(40), '2026-11-03')}src/jobs/z\n`,
    ];
    // Everything still there; and some files under the folder anchor gone (a folder is marked only then).
    for (const exists of [() => true, (p: string) => !/^src\/jobs\/[ax]/.test(p)])
      for (const out of cases) expect(marksFromOut(es, out, exists), JSON.stringify(out)).toEqual(marksFrom(es, parse(out), exists));
  });
});
