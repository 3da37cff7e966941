// A server's first memory_search is timed from when the call arrived, not from when the index is
// looked at (issue 28 item 5b): loading the search's code and stamping the journal come out of the
// newest files' reading time (live.ts `budget`), so the answer does not wait for them on top.
import { describe, expect, it } from 'vitest';
import { search } from '../../src/commands/search.js';
import { findRepo } from '../../src/git/repo.js';
import { LiveIndex } from '../../src/search/live.js';
import { makeRepo } from '../helpers/repo.js';
import { writeSession } from '../helpers/journal-session.js';

describe('a live index\'s first answer with no index stored', () => {
  it('reads only the newest file when the call arrived longer ago than the first answer may take, and says so', async () => {
    const repo = makeRepo();
    writeSession(repo, '2026-03-02', '0915', 'aaaaaa', 'Fix the webhook retry loop');
    writeSession(repo, '2026-03-03', '1015', 'bbbbbb', 'Webhook signatures');
    writeSession(repo, '2026-03-04', '1115', 'cccccc', 'Webhook dashboards');
    const live = new LiveIndex(findRepo(repo.dir, process.env));
    const ctx = { cwd: repo.dir, env: process.env };
    try {
      // The call arrived a second ago (its code took that long to load, say): no time is left for more than one file.
      const first = await search(ctx, { query: 'webhook' }, { open: () => live.open(performance.now() - 1000) });
      expect(first.data.partial).toEqual({ files: 1, from: '2026-03-04' });
      expect(first.data.results.map((r) => r.session)).toEqual(['20260304-1115-cccccc']);
      // Given its time, a call reads all three (the whole index is being built meanwhile).
      await live.settled();
      const later = await search(ctx, { query: 'webhook' }, { open: () => live.open() });
      expect(later.data).toMatchObject({ total: 3 });
      expect(later.data.partial).toBeUndefined();
    } finally {
      live.close();
    }
  });
});
