// A server's first memory_search with no index stored answers from the newest journal files and
// builds the whole index in the background (live.ts). The build's steps (a stat of every journal
// file, then reading them: at 50,000 sessions more than the answer's whole budget) wait until that
// answer is out: before, they ran as soon as the search awaited anything,
// such as git's answer about MEMORY.md (issue 28 item 5b).
import { execFileSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { search } from '../../src/commands/search.js';
import { findRepo } from '../../src/git/repo.js';
import { serializeLongTerm } from '../../src/memory/long-term.js';
import { LONG_TERM_FILE } from '../../src/paths.js';
import { LiveIndex } from '../../src/search/live.js';
import { makeRepo, tempDir } from '../helpers/repo.js';
import { writeSession } from '../helpers/journal-session.js';

const session = writeSession;

let savedPath: string | undefined;
afterEach(() => {
  if (savedPath !== undefined) process.env.PATH = savedPath;
  savedPath = undefined;
});

/**
 * A git whose `log` (the search's question about MEMORY.md's last dream) takes 1 s before it runs,
 * and notes it ran in `logged`: where the build starts while the search waits for git, two sessions'
 * index is built and stored before the answer.
 */
function slowLogGit(): { logged: string } {
  const bin = tempDir('gm-watched-git-');
  const logged = join(bin, 'logged');
  const real = execFileSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).trim();
  writeFileSync(join(bin, 'git'), `#!/bin/sh\ncase " $* " in *" log "*) sleep 1; : > "${logged}";; esac\nexec "${real}" "$@"\n`, { mode: 0o755 });
  savedPath = process.env.PATH;
  process.env.PATH = `${bin}:${process.env.PATH}`;
  return { logged };
}

describe('the background build of a server\'s first search', () => {
  it('starts once the answer from the newest files is out, even where the search waited for git', async () => {
    const repo = makeRepo();
    session(repo, '2026-03-02', '0915', 'aaaaaa', 'Fix the webhook retry loop');
    session(repo, '2026-03-03', '1015', 'bbbbbb', 'Webhook signatures');
    repo.git('add', '.');
    repo.git('commit', '-q', '-m', 'sessions');
    // A MEMORY.md a dream wrote: the search asks git for that dream's version (facts deleted by hand since).
    const head = repo.git('rev-parse', 'HEAD').trim();
    repo.write(LONG_TERM_FILE, serializeLongTerm({ lang: 'en', entries: [{ section: 'conventions', text: 'Webhook retries back off', sessions: ['20260302-0915-aaaaaa'], files: [] }], through: { commits: [head], sessions: [] } }));

    const { logged } = slowLogGit();
    const stored = join(repo.dir, '.git', 'git-memory', 'search-index.json');
    // Time enough to read both files however loaded the machine is: this test is about when the build starts.
    const live = new LiveIndex(findRepo(repo.dir, process.env), 10_000);
    const ctx = { cwd: repo.dir, env: process.env };
    try {
      const first = await search(ctx, { query: 'webhook' }, { open: () => live.open() });
      expect(first.data.total).toBe(2);
      expect(existsSync(logged)).toBe(true); // the search did wait for git
      expect(existsSync(stored)).toBe(false); // and the build had not run meanwhile
      await live.settled();
      expect(existsSync(stored)).toBe(true);
      expect((await search(ctx, { query: 'signatures' }, { open: () => live.open() })).data).toMatchObject({ total: 1, cache: 'fresh' });
    } finally {
      live.close();
    }
  });
});
