// The first search with no index stored reads the newest journal files for about 100 ms (newest.ts).
// It lists the journal as it reads it, newest day first: at 50,000 sessions the listing of every
// day folder (names, types, sorting) took longer than the whole answer may (issue 28 item 5b).
import fs from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import { afterEach, describe, expect, it } from 'vitest';
import { indexNewest } from '../../src/search/newest.js';
import { makeRepo, type TestRepo } from '../helpers/repo.js';

const DAYS = 20;
const PER_DAY = 20;
const dayOf = (d: number) => new Date(Date.UTC(2026, 0, 1) + d * 86_400_000).toISOString().slice(0, 10);

let made: TestRepo | undefined;
/** DAYS × PER_DAY session files as `end` writes them, and an original per-day file before them; made once for the file's tests, which only read it. */
function journal(): TestRepo {
  if (made) return made;
  const repo = (made = makeRepo({ until: 'file' }));
  repo.write('.openclaw_memory/journal/2025-12-31.md', '---\ndate: 2025-12-31\nsessions: 1\n---\n\n## Session 09:00\n\n### Request\nOld work\n');
  for (let d = 0; d < DAYS; d++) {
    const day = dayOf(d);
    for (let i = 0; i < PER_DAY; i++) {
      const hhmm = `${String(8 + Math.floor(i / 6)).padStart(2, '0')}${String((i % 6) * 10).padStart(2, '0')}`;
      const n = (d * PER_DAY + i).toString(16).padStart(6, '0');
      repo.write(`.openclaw_memory/journal/${day}/${hhmm}-claude-${n}.md`, `---\nsession: "${day.replace(/-/g, '')}-${hhmm}-${n}"\ndate: ${day}\ntime: "${hhmm.slice(0, 2)}:${hhmm.slice(2)}"\nagent: claude\n---\n\n## Session\n\n### Request\nWork ${n}\n`);
    }
  }
  return repo;
}

/** The day folders read (readdir) while `f` runs. */
function foldersRead<T>(root: string, f: () => T): { got: T; days: string[] } {
  const days = new Set<string>();
  const real = fs.readdirSync;
  const prefix = `${root}/.openclaw_memory/journal/`;
  (fs as { readdirSync: unknown }).readdirSync = function (this: unknown, p: string, ...rest: unknown[]) {
    if (String(p).startsWith(prefix)) days.add(String(p).slice(prefix.length));
    return (real as (...a: unknown[]) => unknown).call(this, p, ...rest);
  };
  syncBuiltinESMExports();
  try {
    return { got: f(), days: [...days].sort() };
  } finally {
    (fs as { readdirSync: unknown }).readdirSync = real;
    syncBuiltinESMExports();
  }
}

afterEach(() => syncBuiltinESMExports());

describe('the newest journal files for a first answer', () => {
  it('lists only the day folders it reads files from', () => {
    const repo = journal();
    // A budget of 0: the newest file alone.
    const one = foldersRead(repo.dir, () => indexNewest(repo.dir, 0));
    expect(one.got).toMatchObject({ files: 1, complete: false, from: dayOf(DAYS - 1) });
    expect(one.days).toEqual([dayOf(DAYS - 1)]);
    expect(one.got.meta.map((m) => m.time)).toEqual(['11:10']);
  });

  it('counts the rest only up to what it is asked, day folder by day folder', () => {
    const repo = journal();
    const counted = foldersRead(repo.dir, () => indexNewest(repo.dir, 0, 256));
    expect(counted.got).toMatchObject({ files: 1, complete: false, counted: 256 });
    // 256 files are the newest 12.8 days' worth: thirteen folders listed, of twenty.
    expect(counted.days).toEqual(Array.from({ length: 13 }, (_, k) => dayOf(DAYS - 13 + k)));
  });

  it('reads every file, newest first, where the budget allows', () => {
    const repo = journal();
    const all = indexNewest(repo.dir, Infinity, 256);
    expect(all).toMatchObject({ files: DAYS * PER_DAY + 1, complete: true, counted: DAYS * PER_DAY + 1, from: '2025-12-31' });
    const when = all.meta.map((m) => `${m.date} ${m.time}`);
    expect(when).toEqual([...when].sort().reverse());
    expect(when.at(-1)).toBe('2025-12-31 09:00');
  });
});
