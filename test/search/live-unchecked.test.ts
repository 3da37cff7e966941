// A long-lived server's first memory_search with a search index stored: git's check of the index
// against the journal (`git status` of the journal: 170 ms of CPU alone at 10,000 sessions) is
// waited for only about FIRST_ANSWER_MS; past that the index answers as stored, saying so, and the
// check (and the update, where the journal moved on) goes on in the background (issue 28 item 5b).
import { execFileSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { search } from '../../src/commands/search.js';
import { renderSearch } from '../../src/cli/commands/search.js';
import { findRepo } from '../../src/git/repo.js';
import { LiveIndex } from '../../src/search/live.js';
import { makeRepo, tempDir } from '../helpers/repo.js';
import { writeSession } from '../helpers/journal-session.js';

const session = writeSession;

let savedPath: string | undefined;
afterEach(() => {
  if (savedPath !== undefined) process.env.PATH = savedPath;
  savedPath = undefined;
});

/** Every `git status` from here on waits for the file `go` (at most 20 s), then writes `finished`. */
function slowStatus(): { go: string; finished: string } {
  const bin = tempDir('gm-slow-status-');
  const go = join(bin, 'go');
  const finished = join(bin, 'status-finished');
  const real = execFileSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).trim();
  writeFileSync(join(bin, 'git'), `#!/bin/sh\nif [ "$1" = status ]; then i=0; while [ ! -e "${go}" ] && [ $i -lt 400 ]; do sleep 0.05; i=$((i+1)); done; "${real}" "$@"; s=$?; : > "${finished}"; exit $s; fi\nexec "${real}" "$@"\n`, { mode: 0o755 });
  savedPath = process.env.PATH;
  process.env.PATH = `${bin}:${process.env.PATH}`;
  return { go, finished };
}

describe('the first search of a server, with an index stored that git has not checked yet', () => {
  it('answers from the index as stored, says so, and answers from the current index once the check is done', async () => {
    const repo = makeRepo();
    session(repo, '2026-03-02', '0915', 'aaaaaa', 'Fix the webhook retry loop');
    session(repo, '2026-03-03', '1015', 'bbbbbb', 'Webhook signatures');
    repo.git('add', '.');
    repo.git('commit', '-q', '-m', 'sessions');
    const stored = await repo.run(['search', 'webhook']); // stores the index
    expect(stored.code, stored.stderr).toBe(0);
    // A pull brings a session the stored index does not have.
    session(repo, '2026-03-04', '1115', 'cccccc', 'Webhook zeppelin replay');
    repo.git('add', '.');
    repo.git('commit', '-q', '-m', 'a session from a teammate');

    const { go, finished } = slowStatus();
    const live = new LiveIndex(findRepo(repo.dir, process.env));
    const open = { open: () => live.open() };
    const ctx = { cwd: repo.dir, env: process.env };
    try {
      const first = await search(ctx, { query: 'webhook' }, open);
      expect(existsSync(finished)).toBe(false); // answered while git still checks
      expect(first.data.unchecked).toBe(true);
      expect(first.data.total).toBe(2);
      expect(renderSearch(first.data)).toContain('(the search index was searched as stored while it is checked against the journal in the background');
      // Until the check is done, the same.
      expect((await search(ctx, { query: 'zeppelin' }, open)).data).toMatchObject({ total: 0, unchecked: true });

      writeFileSync(go, '');
      await live.settled();
      const after = await search(ctx, { query: 'webhook' }, open);
      expect(after.data.unchecked).toBeUndefined();
      expect(after.data.total).toBe(3);
      expect(renderSearch(after.data)).not.toContain('checked against the journal');
    } finally {
      writeFileSync(go, '');
      live.close();
    }
  });
});

describe('a first search answered as stored, where the check then finds the index far behind', () => {
  it('builds the whole index again in the background without waiting for another search', async () => {
    const repo = makeRepo();
    session(repo, '2026-03-02', '0915', 'aaaaaa', 'Fix the webhook retry loop');
    repo.git('add', '.');
    repo.git('commit', '-q', '-m', 'a session');
    const stored = await repo.run(['search', 'webhook']); // stores the index
    expect(stored.code, stored.stderr).toBe(0);
    // More sessions than a delta over the stored index takes (delta.ts): the index must be built again.
    for (let i = 0; i < 300; i++) session(repo, '2026-03-03', `${String(8 + Math.floor(i / 60)).padStart(2, '0')}${String(i % 60).padStart(2, '0')}`, i.toString(16).padStart(6, '0'), `Webhook replay part ${i}`);

    const { go } = slowStatus();
    const live = new LiveIndex(findRepo(repo.dir, process.env));
    const open = { open: () => live.open() };
    const ctx = { cwd: repo.dir, env: process.env };
    try {
      expect((await search(ctx, { query: 'webhook' }, open)).data).toMatchObject({ total: 1, unchecked: true });
      writeFileSync(go, '');
      // The check ends in a build: nothing else is asked, and it is done and stored all the same.
      await live.settled();
      expect((await search(ctx, { query: 'webhook' }, open)).data).toMatchObject({ total: 301, sessions: 301, cache: 'fresh' });
    } finally {
      writeFileSync(go, '');
      live.close();
    }
  });
});
