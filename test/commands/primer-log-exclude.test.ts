// The primer's git log leaves the memory folder out of its diff (issue 12, item 3): git neither
// diffs the journal's trees nor counts memory-only commits in -n50. On a history where -n50 reaches
// the same code commits either way, the primer must be the one the whole log gave.
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { open } from '../../src/commands/context.js';
import { gatherPrimer } from '../../src/commands/steps/gather-primer.js';
import type { MemorySource } from '../../src/commands/steps/memory-source.js';
import { primerOptions } from '../../src/commands/steps/primer-options.js';
import { worktreeSource } from '../../src/commands/steps/worktree-source.js';
import { git } from '../../src/git/git.js';
import { LOG_FORMAT, parseLog } from '../../src/git/log.js';
import { keptLogArgs } from '../../src/git/log-cache.js';
import { buildPrimer } from '../../src/memory/primer.js';
import { writeHistory } from '../helpers/history.js';
import { BIN, fixture, makeRepo, tempDir, type TestRepo } from '../helpers/repo.js';

const NOW = '2026-11-22T18:00:00';

/** Code commits, sessions ended through `end` (memory commits) and one commit of code and memory together. */
const history = fixture(async () => {
  const repo = makeRepo({ now: NOW, until: 'file' });
  await repo.run(['init', '--no-hooks']);
  repo.git('add', '.');
  repo.git('commit', '-q', '-m', 'Set up git-memory');
  writeHistory(repo, { end: '2026-11-22', days: 6, sessions: 8, tasks: 4, commits: 6 });
  repo.git('add', '.');
  if (repo.git('status', '--porcelain')) repo.git('commit', '-q', '-m', 'Journal so far');
  for (let i = 0; i < 4; i++) {
    repo.commit(`Code change ${i}`, { [`src/file-${i}.ts`]: `export const v = ${i};\n` });
    const r = await repo.run(['end', '--summary', JSON.stringify({ request: `Session ${i}`, completed: [`Item ${i}`], next_steps: ['Next'] })]);
    if (r.code !== 0) throw new Error(r.stderr);
  }
  repo.write('.openclaw_memory/TASKS.md', `${repo.read('.openclaw_memory/TASKS.md')}- [ ] Mixed commit task <!-- t-mix1 -->\n`);
  repo.commit('Code and memory together', { 'src/mixed.ts': 'export {};\n', '.openclaw_memory/TASKS.md': repo.read('.openclaw_memory/TASKS.md') });
  return repo;
});

/** The primer's markdown from the working tree, with the log as `log` reads it. */
async function primerWith(repo: TestRepo, log?: MemorySource['log']): Promise<string> {
  const o = open({ cwd: repo.dir, env: repo.env });
  const src = worktreeSource(o);
  const got = await gatherPrimer(log ? { ...src, log } : src, new Date(NOW), o.config.primer.days);
  return buildPrimer(got.input, primerOptions(o.config)).markdown;
}

/** The log as it was read before: every commit, memory included, HEAD its first entry. */
const wholeLog = (repo: TestRepo): MemorySource['log'] => async (depth) => {
  const entries = parseLog(await git(['log', `-n${depth}`, '--no-renames', '--name-only', LOG_FORMAT, 'HEAD', '--'], { cwd: repo.dir }));
  return { head: entries[0]?.sha ?? null, entries };
};

describe("the primer's log without the memory folder", () => {
  it('gives the same primer as the whole log on a history where -n50 reaches the same code commits', async () => {
    const repo = await history();
    const kept = join(repo.dir, '.git', 'git-memory', 'primer-log.json');
    rmSync(kept, { force: true });
    const now = await primerWith(repo);
    expect(now).toBe(await primerWith(repo, wholeLog(repo)));
    expect(now).toContain('Code and memory together');
    expect(now).toContain('Code change 3');
    // HEAD is a memory commit here; the provenance still names it.
    await repo.run(['end', '--summary', JSON.stringify({ request: 'Last session' })]);
    rmSync(kept, { force: true });
    const afterEnd = await primerWith(repo);
    expect(afterEnd).toContain(`at ${repo.git('rev-parse', '--short', 'HEAD').trim()} `);
    expect(afterEnd).toBe(await primerWith(repo, wholeLog(repo)));
    expect(JSON.parse(readFileSync(kept, 'utf8')).args).toBe(keptLogArgs(50));
  });

  it('counts only commits that changed code: 60 sessions later the code commits are still listed', async () => {
    const repo = await history();
    // Sixty memory commits, one note each, made by `git commit` (HEAD's reflog then says plain
    // commits: the primer steps from its kept log). The notes are added at once, each committed
    // alone (`commit -- <path>`): the same commits as an add and a commit each, one process fewer.
    const notes = Array.from({ length: 60 }, (_, i) => `.openclaw_memory/journal/2026-11-22/note-${i}.md`);
    notes.forEach((note, i) => repo.write(note, `note ${i}\n`));
    repo.git('add', '--', ...notes);
    notes.forEach((note, i) => repo.git('commit', '-q', '-m', `memory: note ${i}`, '--', note));
    expect(repo.git('status', '--porcelain')).toBe('');
    const now = await primerWith(repo);
    expect(now).toContain('Code change 3');
    expect(await primerWith(repo, wholeLog(repo))).not.toContain('Code change 3'); // the whole log's 50 were all memory
  });

  it('the first primer after a clone (nothing kept) is the warm one', async () => {
    const repo = await history();
    const clone = join(tempDir('gm-clone-'), 'c');
    repo.git('clone', '-q', repo.dir, clone);
    const primer = () => spawnSync(process.execPath, [BIN, 'primer', '--no-write'], { cwd: clone, env: repo.env, encoding: 'utf8' });
    const first = primer();
    expect(first.status, first.stderr).toBe(0);
    expect(first.stdout).toContain('Code change 3');
    expect(primer().stdout).toBe(first.stdout);
  });
});
