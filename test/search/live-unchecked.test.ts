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
import { makeRepo, tempDir, type TestRepo } from '../helpers/repo.js';

const session = (repo: TestRepo, day: string, hhmm: string, suffix: string, request: string) =>
  repo.write(
    `.openclaw_memory/journal/${day}/${hhmm}-claude-${suffix}.md`,
    `---\nsession: "${day.replace(/-/g, '')}-${hhmm}-${suffix}"\ndate: ${day}\ntime: "${hhmm.slice(0, 2)}:${hhmm.slice(2)}"\nagent: claude\n---\n\n## Session ${hhmm.slice(0, 2)}:${hhmm.slice(2)}\n\n### Request\n${request}\n`,
  );

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
