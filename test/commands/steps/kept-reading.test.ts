// The keeper of the primer's reading (commands/steps/kept-reading.ts), in process: a file that
// changed after the reading began (or less than the clock's lag before) is read again next time.
import { existsSync, rmSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { open } from '../../../src/commands/context.js';
import { gatherPrimer, type FilesRead, type ReadingAsked, type ReadingKeeper } from '../../../src/commands/steps/gather-primer.js';
import { readingKeeper } from '../../../src/commands/steps/kept-reading.js';
import { worktreeSource } from '../../../src/commands/steps/worktree-source.js';
import { makeMemoryRepo } from '../../helpers/repo.js';

const NOW = '2026-12-01T12:00:00Z';

describe('the keeper of the reading', () => {
  it('keeps a reading only where every file read last changed before it began, by the clock’s lag', async () => {
    const repo = await makeMemoryRepo({ now: NOW });
    const r = repo.exec(['end', '--summary', JSON.stringify({ request: 'Round invoices', learned: ['Invoices round half up'] })], { env: { GIT_MEMORY_NOW: '2026-12-01T10:00:00Z' } });
    expect(r.code, r.stderr).toBe(0);
    const kept = join(repo.dir, '.git', 'git-memory', 'primer-read.json');
    const ctx = { cwd: repo.dir, env: repo.env, readStdin: async () => Buffer.alloc(0) };
    /** A reading with the keeper made at `t0`; whether it was kept, and whether the next one took it. */
    const read = async (t0: number) => {
      rmSync(kept, { force: true });
      const o = open(ctx);
      const got = await gatherPrimer(worktreeSource(o), o.now, o.config.primer.days, undefined, readingKeeper(o, t0));
      const written = existsSync(kept);
      let taken: FilesRead | null = null;
      const watch = (k: ReadingKeeper): ReadingKeeper => ({ kept: (a: ReadingAsked) => (taken = k.kept(a)), keep: k.keep });
      const o2 = open(ctx);
      const again = await gatherPrimer(worktreeSource(o2), o2.now, o2.config.primer.days, undefined, watch(readingKeeper(o2)));
      expect(again.input).toEqual(got.input);
      return { written, taken: taken !== null };
    };
    // The session file, changed (its change time: now) just before the reading began: not kept, nor taken.
    const session = join(repo.dir, repo.git('ls-files', '--', '.openclaw_memory/journal').split('\n').find(Boolean)!);
    const t = Date.now();
    utimesSync(session, new Date(t - 5), new Date(t - 5));
    expect(await read(t)).toEqual({ written: false, taken: false });
    // Changed well before: kept, and taken by the next reading.
    expect(await read(Date.now() + 60_000)).toEqual({ written: true, taken: true });
  });
});
