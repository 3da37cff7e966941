// `git memory search` in a fresh clone (no index stored): it answers from the newest journal files
// at once, says so, and leaves the whole index to a detached build (issue 28 item 5: the CLI's
// first search built the whole index before answering, 1.9-7.3 s at 10,000-50,000 sessions).
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeRepo, tempDir, type TestRepo } from '../helpers/repo.js';
import { settled } from '../helpers/settled.js';

const DAYS = 60;
const PER_DAY = 50;

/** DAYS × PER_DAY session files as `end` writes them; a rare word in the newest and one in the oldest. */
function journal(): TestRepo {
  const repo = makeRepo();
  for (let d = 0; d < DAYS; d++) {
    const day = new Date(Date.UTC(2026, 0, 1) + d * 86_400_000).toISOString().slice(0, 10);
    for (let i = 0; i < PER_DAY; i++) {
      const hhmm = `${String(8 + Math.floor(i / 6)).padStart(2, '0')}${String((i % 6) * 10).padStart(2, '0')}`;
      const n = (d * PER_DAY + i).toString(16).padStart(6, '0');
      const word = d === DAYS - 1 && i === PER_DAY - 1 ? 'zeppelin' : d === 0 && i === 0 ? 'aardvark' : `topic${d}x${i}`;
      repo.write(
        `.openclaw_memory/journal/${day}/${hhmm}-claude-${n}.md`,
        `---\nsession: "${day.replace(/-/g, '')}-${hhmm}-${n}"\ndate: ${day}\ntime: "${hhmm.slice(0, 2)}:${hhmm.slice(2)}"\nagent: claude\nbranch: main\n---\n\n## Session\n\n### Request\nWork on the ${word} export\n\n### Learned\n- The ${word} run holds a lock while exporting rows\n`,
      );
    }
  }
  return repo;
}

describe('the first `git memory search` with no index stored', () => {
  it('answers from the newest files at once, says so, and the whole index is built in the background', async () => {
    const repo = journal();
    const all = DAYS * PER_DAY;
    const stored = join(repo.dir, '.git', 'git-memory', 'search-index.json');
    const first = repo.exec(['search', 'zeppelin']);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toContain('zeppelin export');
    const partial = /the search index is still being built: (?:the newest journal file, of (\S+), was|the newest (\d+) journal files, back to (\S+), were) searched/.exec(first.stdout);
    expect(partial, first.stdout).not.toBeNull();
    const searched = Number(partial![2] ?? 1);
    expect(searched).toBeLessThan(all);
    // The day it went back to is the day of the oldest file searched, newest first.
    expect(partial![1] ?? partial![3]).toBe(new Date(Date.UTC(2026, 0, 1) + (DAYS - 1 - Math.floor((searched - 1) / PER_DAY)) * 86_400_000).toISOString().slice(0, 10));
    // The detached build stores the whole index; the next search answers from every session.
    await settled(repo);
    expect(existsSync(stored)).toBe(true);
    const later = repo.exec(['search', 'aardvark']);
    expect(later.code, later.stderr).toBe(0);
    expect(later.stdout).toContain('aardvark export');
    expect(later.stdout).not.toContain('still being built');
    expect(later.stdout).toContain(`${all} searched`);
  });

  it('takes over the marker of a build that died, and leaves none behind', async () => {
    const repo = journal();
    const state = join(repo.dir, '.git', 'git-memory');
    mkdirSync(state, { recursive: true });
    // A build killed (or a machine restarted) left its marker, naming a process that is gone.
    const gone = spawnSync('true').pid;
    writeFileSync(join(state, 'search-index.building'), `${gone}\n`);
    const first = repo.exec(['search', 'zeppelin']);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toMatch(/the search index is still being built: the newest (journal file|\d+ journal files), (of|back to) \S+, (was|were) searched/);
    await settled(repo);
    expect(existsSync(join(state, 'search-index.json'))).toBe(true);
    expect(existsSync(join(state, 'search-index.building'))).toBe(false);
  });

  it('asks git for no listing of the journal, neither the answer nor the detached build', async () => {
    const repo = journal();
    // A git that logs its subcommands: the cache key is the journal's own listing (search/key.ts).
    const bin = tempDir('gm-logged-git-');
    const log = join(bin, 'calls');
    const real = execFileSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).trim();
    writeFileSync(join(bin, 'git'), `#!/bin/sh\necho "$1" >> "${log}"\nexec "${real}" "$@"\n`, { mode: 0o755 });
    const first = repo.exec(['search', 'zeppelin'], { env: { PATH: `${bin}:${repo.env.PATH}` } });
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toMatch(/the search index is still being built/);
    await settled(repo);
    expect(existsSync(join(repo.dir, '.git', 'git-memory', 'search-index.json'))).toBe(true);
    const calls = existsSync(log) ? readFileSync(log, 'utf8').split('\n') : [];
    expect(calls.filter((c) => ['status', 'ls-tree', 'ls-files'].includes(c))).toEqual([]);
  });

});
