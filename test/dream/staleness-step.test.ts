// The staleness answer after HEAD moved on: the commits since the kept answer are read (a step),
// not the history back to the oldest anchor, and the answer is git's own to the whole question.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { stepAnswer } from '../../src/dream/staleness.js';
import { loggingGit, type GitCalls } from '../helpers/git-calls.js';
import { makeMemoryRepo, type TestRepo } from '../helpers/repo.js';

async function repoWithFacts(): Promise<{ repo: TestRepo; kept: string }> {
  const repo = await makeMemoryRepo({ now: '2026-11-30T19:00:00Z' });
  const a = repo.commit('Add the cache', { 'src/cache.ts': '// per process\n', 'src/api/routes.ts': '// v1\n' }).slice(0, 9);
  repo.commit('Add docs', { 'docs/runbook.md': '# Runbook\n' });
  const b = repo.commit('Add the queue', { 'src/queue.ts': '// fifo\n' }).slice(0, 9);
  repo.write(
    '.openclaw_memory/MEMORY.md',
    [
      '# Long-term memory',
      '',
      '## Gotchas',
      '',
      `- The cache in src/cache.ts is per process <!-- files: src/cache.ts; at: ${a}; date: 2026-11-01 -->`,
      `- The queue is FIFO <!-- files: src/queue.ts; at: ${b}; date: 2026-11-02 -->`,
      `- Routes live under src/api <!-- files: src/api/; at: ${a}; date: 2026-11-01 -->`,
      '',
    ].join('\n'),
  );
  repo.git('add', '-A');
  repo.git('commit', '-q', '-m', 'memory: long-term');
  repo.commit('Share the cache', { 'src/cache.ts': '// shared\n' });
  return { repo, kept: join(repo.dir, '.git', 'git-memory', 'staleness.json') };
}

/** The primer (built binary) with git logged; its output, and the staleness questions it asked. */
function primer(repo: TestRepo, g: GitCalls) {
  g.clear();
  const r = repo.exec(['primer', '--no-write'], { env: { PATH: `${g.path}:${repo.env.PATH}` } });
  expect(r.stderr).toBe('');
  // The staleness questions: those with the commit's day (%cs). The primer's own whole log (-n50) is
  // not one; the commits since the kept answer are the primer's log step too (one git call for both).
  const logs = g.calls().filter((c) => c[0] === 'log' && c.some((a) => a.includes('%cs')));
  return { out: r.stdout, whole: logs.filter((c) => c.includes('--')), steps: logs.filter((c) => !c.includes('--')) };
}

/** The primer and kept answer when nothing is kept: the whole question, as before the step. */
function whole(repo: TestRepo, kept: string, g: GitCalls) {
  const saved = readFileSync(kept, 'utf8');
  rmSync(kept);
  const p = primer(repo, g);
  expect(p.whole).toHaveLength(1);
  const answer = JSON.parse(readFileSync(kept, 'utf8')) as unknown;
  writeFileSync(kept, saved);
  return { out: p.out, answer };
}

/** A stepped primer's output and kept answer are those the whole question gives. */
function expectAsWhole(repo: TestRepo, kept: string, g: GitCalls, stepped: { out: string }) {
  const answer = JSON.parse(readFileSync(kept, 'utf8')) as unknown;
  const asked = whole(repo, kept, g);
  expect(stepped.out).toBe(asked.out);
  expect(answer).toEqual(asked.answer);
}

describe('the staleness answer after HEAD moved on', () => {
  it('reads only the commits since, and answers as the whole question does', async () => {
    const { repo, kept } = await repoWithFacts();
    const g = loggingGit();
    const first = primer(repo, g);
    expect(first.whole).toHaveLength(1);
    expect(first.out).toContain('per process (may be stale: src/cache.ts changed in 1 commit)');

    // Commits on top: one touches an anchored file, two a folder anchor (adds a file, deletes one), one nothing anchored, one is empty.
    repo.commit('Cache per worker', { 'src/cache.ts': '// per worker\n' });
    repo.commit('New route', { 'src/api/users.ts': '// users\n' });
    repo.git('rm', '-q', 'src/api/routes.ts');
    repo.git('commit', '-q', '-m', 'Drop the old routes');
    repo.commit('Unrelated', { 'README.md': 'hello\n' });
    repo.git('commit', '-q', '--allow-empty', '-m', 'Empty');
    const stepped = primer(repo, g);
    expect(stepped.whole).toEqual([]);
    // The commits since, read from git's object files by the entry point (git/object-files.ts): no git step either.
    expect(stepped.steps).toEqual([]);
    expect(stepped.out).toContain('per process (may be stale: src/cache.ts changed in 2 commits)');
    expect(stepped.out).toContain('Routes live under src/api (may be stale: 1 file under src/api/ deleted or renamed since)');
    expectAsWhole(repo, kept, g, stepped);

    // And again on top of a stepped answer.
    repo.commit('Queue is LIFO now', { 'src/queue.ts': '// lifo\n' });
    const again = primer(repo, g);
    expect(again.whole).toEqual([]);
    expect(again.out).toContain('The queue is FIFO (may be stale: src/queue.ts changed in 1 commit)');
    expect(again.out).toBe(whole(repo, kept, g).out);
  });

  it('asks the whole question after a merge, or when HEAD went back', async () => {
    const { repo, kept } = await repoWithFacts();
    const g = loggingGit();
    primer(repo, g);
    repo.git('checkout', '-q', '-b', 'side');
    repo.commit('Side cache change', { 'src/cache.ts': '// side\n' });
    repo.git('checkout', '-q', 'main');
    repo.commit('Main queue change', { 'src/queue.ts': '// main\n' });
    repo.git('merge', '-q', '--no-ff', '-m', 'Merge side', 'side');
    // HEAD's reflog says a merge brought it here: the whole question is started at once, no step.
    const merged = primer(repo, g);
    expect(merged.steps).toEqual([]);
    expect(merged.whole).toHaveLength(1);
    expect(merged.out).toBe(whole(repo, kept, g).out);

    repo.git('reset', '-q', '--hard', 'HEAD~1');
    const back = primer(repo, g);
    // Said when it fails: every git call made.
    expect(back.steps, JSON.stringify(g.calls())).toEqual([]);
    expect(back.whole, JSON.stringify(g.calls())).toHaveLength(1);
    expect(back.out).toBe(whole(repo, kept, g).out);

    // A merge the reflog does not tell of (it says a plain commit): the step is tried, sees the
    // merge, and the whole question is asked after it.
    const from = repo.git('rev-parse', 'HEAD').trim();
    repo.commit('Side again', { 'src/side.ts': '// side\n' });
    repo.git('checkout', '-q', '-B', 'side2', 'HEAD~1');
    repo.commit('Cache on side2', { 'src/cache.ts': '// side2\n' });
    repo.git('checkout', '-q', 'main');
    repo.git('merge', '-q', '--no-ff', '-m', 'Merge side2', 'side2');
    const head = repo.git('rev-parse', 'HEAD').trim();
    writeFileSync(join(repo.dir, '.git', 'logs', 'HEAD'), `${from} ${head} Jane Doe <jane@example.com> 1795500000 +0000\tcommit: not really\n`);
    const unlogged = primer(repo, g);
    expect(unlogged.steps).toHaveLength(1);
    expect(unlogged.whole).toHaveLength(1);
    expect(unlogged.out).toBe(whole(repo, kept, g).out);
  });
});

describe('the staleness answer after HEAD moved on, when no fact names its commit (issue 28 item 4)', () => {
  // Facts whose sessions made no commit (and the directory anchors of older dreams' themes) have a
  // day but no commit: the question is then the log since the oldest day, capped at 400 commits.
  it('steps from the kept answer by the commits since, instead of asking for the 400-commit log again', async () => {
    const repo = await makeMemoryRepo({ now: '2026-11-30T19:00:00Z' });
    repo.commit('Add the cache', { 'src/cache.ts': '// per process\n', 'src/api/routes.ts': '// v1\n' });
    repo.write(
      '.openclaw_memory/MEMORY.md',
      [
        '# Long-term memory',
        '',
        '## Gotchas',
        '',
        '- The cache in src/cache.ts is per process <!-- files: src/cache.ts; date: 2026-11-01 -->',
        '- Routes live under src/api <!-- files: src/api/; date: 2026-11-01 -->',
        '',
      ].join('\n'),
    );
    repo.git('add', '-A');
    repo.git('commit', '-q', '-m', 'memory: long-term');
    const kept = join(repo.dir, '.git', 'git-memory', 'staleness.json');
    const g = loggingGit();
    const first = primer(repo, g);
    expect(first.whole).toHaveLength(1);
    expect(first.whole[0]).toContain('-n400');

    repo.commit('Cache per worker', { 'src/cache.ts': '// per worker\n' });
    repo.commit('New route', { 'src/api/users.ts': '// users\n' });
    repo.git('mv', 'src/api/routes.ts', 'src/api/router.ts');
    repo.git('commit', '-q', '-m', 'Rename the routes');
    repo.commit('Unrelated', { 'README.md': 'hello\n' });
    const stepped = primer(repo, g);
    // Said when it fails: every git call made.
    expect(stepped.whole, JSON.stringify(g.calls())).toEqual([]);
    // The commits since, read from git's object files by the entry point (git/object-files.ts): no git step either.
    expect(stepped.steps).toEqual([]);
    // Every commit since the facts' day counts (the one that added the files too).
    expect(stepped.out).toContain('per process (may be stale: src/cache.ts changed in 2 commits)');
    // A folder: only its files that are gone count (a file added under it does not).
    expect(stepped.out).toContain('Routes live under src/api (may be stale: 1 file under src/api/ deleted or renamed since)');
    expectAsWhole(repo, kept, g, stepped);

    // Again on top of the stepped answer; and a merge still asks the whole question.
    repo.commit('Cache shared', { 'src/cache.ts': '// shared\n' });
    const again = primer(repo, g);
    expect(again.whole).toEqual([]);
    expect(again.out).toContain('per process (may be stale: src/cache.ts changed in 3 commits)');
    expect(again.out).toBe(whole(repo, kept, g).out);
    repo.git('checkout', '-q', '-b', 'side');
    repo.commit('Side cache change', { 'src/cache.ts': '// side\n' });
    repo.git('checkout', '-q', 'main');
    repo.commit('Main route change', { 'src/api/router.ts': '// v2\n' });
    repo.git('merge', '-q', '--no-ff', '-m', 'Merge side', 'side');
    const merged = primer(repo, g);
    expect(merged.whole).toHaveLength(1);
    expect(merged.out).toBe(whole(repo, kept, g).out);
  });
});

describe('after a commit, one read of the commits since serves the primer\'s log and the staleness check (issue 28 item 4)', () => {
  /** The primer's git processes after plain commits on top of what it kept: every `log` it started. */
  const logsAfterCommits = (repo: TestRepo, g: GitCalls, also?: () => void) => {
    primer(repo, g);
    repo.commit('Cache per worker', { 'src/cache.ts': '// per worker\n' });
    also?.();
    repo.commit('Unrelated', { 'README.md': 'hello\n' });
    const stepped = primer(repo, g);
    return { out: stepped.out, logs: g.calls().filter((c) => c[0] === 'log') };
  };

  it('facts that name their commit: the commits since read once (from git’s object files), no git log', async () => {
    const { repo, kept } = await repoWithFacts();
    const g = loggingGit();
    const { out, logs } = logsAfterCommits(repo, g);
    // Said when it fails: every log started.
    // Read from git's object files (git/object-files.ts): no git log at all.
    expect(logs, JSON.stringify(logs)).toEqual([]);
    expect(out).toContain('per process (may be stale: src/cache.ts changed in 2 commits)');
    expect(out).toBe(whole(repo, kept, g).out);
  });

  it('facts anchored to folders with a day and no commit: the commits since read once (from git’s object files), no git log', async () => {
    const repo = await makeMemoryRepo({ now: '2026-11-30T19:00:00Z' });
    repo.commit('Add the cache', { 'src/cache.ts': '// per process\n', 'src/api/routes.ts': '// v1\n' });
    repo.write('.openclaw_memory/MEMORY.md', '# Long-term memory\n\n## Conventions\n\n- Caching lives in src/ <!-- files: src/; date: 2026-11-01 -->\n');
    repo.git('add', '-A');
    repo.git('commit', '-q', '-m', 'memory: long-term');
    const kept = join(repo.dir, '.git', 'git-memory', 'staleness.json');
    const g = loggingGit();
    const { out, logs } = logsAfterCommits(repo, g, () => {
      repo.git('rm', '-q', 'src/api/routes.ts');
      repo.git('commit', '-q', '-m', 'Drop the routes');
    });
    // Read from git's object files (git/object-files.ts): no git log at all.
    expect(logs, JSON.stringify(logs)).toEqual([]);
    expect(out).toContain('Caching lives in src/ (may be stale: 1 file under src/ deleted or renamed since)');
    expect(out).toBe(whole(repo, kept, g).out);
  });
});

describe('stepAnswer', () => {
  const RS = '\x1e';
  const US = '\x1f';
  const from = 'a'.repeat(40);
  const c1 = 'b'.repeat(40);
  const c2 = 'c'.repeat(40);
  const kept = `${RS}${'d'.repeat(40)}${US}2026-11-01\n\nsrc/a.ts\n`;
  // logStepArgs' format: id, parents, day, short id, author date, author, subject.
  const line = (sha: string, parents: string, day: string) => `${RS}${sha}${US}${parents}${US}${day}${US}${sha.slice(0, 7)}${US}${day}T10:00:00+00:00${US}Jane Doe${US}A change`;
  const step = (files2: string, files1: string, parent1 = from) => `${line(c2, c1, '2026-11-03')}\n\n${files2}${line(c1, parent1, '2026-11-02')}\n\n${files1}`;

  it('puts the commits since that touch the files, with only those files, before the kept answer', () => {
    expect(stepAnswer(step('src/a.ts\nREADME.md\n', 'docs/x.md\n'), kept, from, '1234567', ['src/a.ts'])).toBe(`${RS}${c2}${US}2026-11-03\n\nsrc/a.ts\n${kept}`);
    expect(stepAnswer(step('src/api/u.ts\n', 'src/api2.ts\n'), kept, from, '1234567', ['src/api/'])).toBe(`${RS}${c2}${US}2026-11-03\n\nsrc/api/u.ts\n${kept}`);
  });

  it('gives up where git might answer otherwise', () => {
    // Not a line from `from`, a merge, the anchor among the commits, a glob, a quoted path, a case twin.
    expect(stepAnswer(step('src/a.ts\n', '', 'e'.repeat(40)), kept, from, '1234567', ['src/a.ts'])).toBeNull();
    expect(stepAnswer(step('src/a.ts\n', '', `${from} ${'e'.repeat(40)}`), kept, from, '1234567', ['src/a.ts'])).toBeNull();
    expect(stepAnswer(step('src/a.ts\n', ''), kept, from, 'bbbbbbb', ['src/a.ts'])).toBeNull();
    expect(stepAnswer(step('src/a.ts\n', ''), kept, from, '1234567', ['src/*.ts'])).toBeNull();
    expect(stepAnswer(step('"src/\\303\\244.ts"\n', ''), kept, from, '1234567', ['src/ä.ts'])).toBeNull();
    expect(stepAnswer(step('SRC/A.ts\n', ''), kept, from, '1234567', ['src/a.ts'])).toBeNull();
    expect(stepAnswer('', kept, from, '1234567', ['src/a.ts'])).toBeNull();
  });

  it('steps the log since a day only by commits of later days (no anchor to stop at)', () => {
    expect(stepAnswer(step('src/a.ts\n', ''), kept, from, null, ['src/a.ts'], '2026-11-01')).toBe(`${RS}${c2}${US}2026-11-03\n\nsrc/a.ts\n${kept}`);
    // A commit of that very day or before (a clock set back): git's --since might leave it out.
    expect(stepAnswer(step('src/a.ts\n', ''), kept, from, null, ['src/a.ts'], '2026-11-02')).toBeNull();
  });
});
