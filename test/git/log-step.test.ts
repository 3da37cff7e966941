// The primer's log after HEAD moved on by a few commits (a session's commits, then `end` or the next
// session start): git reads only the commits since the kept log, and the answer must be the very
// text the whole log gives, on real histories, or null wherever that is not certain.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { git } from '../../src/git/git.js';
import { headCommit } from '../../src/git/head.js';
import { keptLog, logStepArgs, PRIMER_LOG_DEPTH, recentLogArgs } from '../../src/git/log-cache.js';
import { parseLog, recentLog, stepLog } from '../../src/git/log.js';
import { byPlainCommits } from '../../src/git/reflog.js';
import { findRepoInFiles } from '../../src/git/repo.js';
import { commitMany, type FastCommit } from '../helpers/commits.js';
import { fixture, makeRepo, type TestRepo } from '../helpers/repo.js';

/** Sixty code commits, memory commits among them: more than the log's 50 entries (one fast-import). */
const base = fixture(() => {
  const repo = makeRepo({ until: 'file' });
  const commits: FastCommit[] = [];
  for (let i = 0; i < 60; i++) {
    commits.push({ message: `Code ${i}`, files: { [`src/f${i % 7}.ts`]: `export const v = ${i};\n` } });
    if (i % 9 === 0) commits.push({ message: `memory: session ${i}`, files: { [`.openclaw_memory/journal/2026-11-2${i % 3}/s${i}.md`]: `# ${i}\n` } });
  }
  commitMany(repo, commits);
  return repo;
});

const whole = (repo: TestRepo, rev = 'HEAD') => git(recentLogArgs(PRIMER_LOG_DEPTH, rev), { cwd: repo.dir });
const head = (repo: TestRepo) => repo.git('rev-parse', 'HEAD').trim();

/** The step's answer from `from` to HEAD, or null. */
async function stepped(repo: TestRepo, from: string): Promise<string | null> {
  const to = head(repo);
  const step = await git(logStepArgs(from, to), { cwd: repo.dir, allowFail: true });
  return step === null ? null : stepLog(step, await whole(repo, from), from, to, PRIMER_LOG_DEPTH);
}

describe('stepLog: the log at HEAD from the log kept for an earlier commit', () => {
  it('gives git’s own text after code commits, memory-only, empty and mixed commits', async () => {
    const repo = await base();
    const from = head(repo);
    repo.commit('Fix the parser', { 'src/parser.ts': 'export {};\n' });
    repo.commit('memory: a session', { '.openclaw_memory/TASKS.md': '# Tasks\n' });
    repo.git('commit', '-q', '--allow-empty', '-m', 'Empty');
    repo.commit('Code and memory together', { 'src/both.ts': 'export {};\n', '.openclaw_memory/journal/2026-11-24/x.md': '# x\n', '.openclaw_memory.toml': '[primer]\n' });
    repo.git('rm', '-q', 'src/f1.ts');
    repo.git('commit', '-q', '-m', 'Remove f1');
    const got = await stepped(repo, from);
    expect(got).not.toBeNull();
    expect(got).toBe(await whole(repo));
    const entries = parseLog(got!);
    expect(entries).toHaveLength(PRIMER_LOG_DEPTH);
    expect(entries.map((e) => e.subject).slice(0, 3)).toEqual(['Remove f1', 'Code and memory together', 'Fix the parser']);
    expect(entries[1]!.files).toEqual(['src/both.ts']);
  });

  it('gives git’s text when the commits since fill the whole log, and null past its cap', async () => {
    const repo = await base();
    const from = head(repo);
    commitMany(repo, Array.from({ length: 55 }, (_, i) => ({ message: `More ${i}`, files: { [`lib/m${i % 4}.ts`]: `export const m = ${i};\n` } })));
    expect(await stepped(repo, from)).toBe(await whole(repo));
    commitMany(repo, Array.from({ length: 50 }, (_, i) => ({ message: `Empty ${i}` })));
    expect(await stepped(repo, from)).toBeNull(); // 105 commits since: the whole log is asked
  });

  it('is null after a merge, a reset back, an amend, and for a path it cannot place', async () => {
    const repo = await base();
    const from = head(repo);
    repo.git('checkout', '-q', '-b', 'side');
    repo.commit('Side work', { 'src/side.ts': 'export {};\n' });
    repo.git('checkout', '-q', '-');
    repo.commit('Main work', { 'src/main.ts': 'export {};\n' });
    repo.git('merge', '-q', '--no-edit', 'side');
    expect(await stepped(repo, from)).toBeNull();

    repo.git('reset', '-q', '--hard', from);
    repo.git('reset', '-q', '--hard', 'HEAD~2');
    expect(await stepped(repo, from)).toBeNull(); // HEAD went back: no commit since

    repo.git('reset', '-q', '--hard', from);
    repo.commit('To amend', { 'src/a.ts': 'a\n' });
    const amended = head(repo);
    repo.git('commit', '-q', '--amend', '-m', 'Amended');
    expect(await stepped(repo, amended)).toBeNull(); // `amended` is not on HEAD's line

    repo.git('reset', '-q', '--hard', from);
    repo.commit('Case', { '.OpenClaw_Memory/notes.md': 'n\n' });
    expect(await stepped(repo, from)).toBeNull();
    repo.git('reset', '-q', '--hard', from);
    repo.commit('Quoted', { 'src/naïve.ts': 'n\n' });
    expect(await stepped(repo, from)).toBeNull();
  });
});

describe('recentLog after HEAD moved on', () => {
  it('answers as the whole log does, keeps it for the new HEAD, and reads only the commits since', async () => {
    const repo = await base();
    const r = findRepoInFiles(repo.dir)!;
    await recentLog(r, PRIMER_LOG_DEPTH);
    const from = head(repo);
    repo.commit('New feature', { 'src/feature.ts': 'export {};\n' });
    repo.commit('memory: session', { '.openclaw_memory/TASKS.md': '# Tasks\n' });
    expect(byPlainCommits(r.gitDir, from, head(repo), 100)).toBe(true);
    // The kept log is made unlike git's for `from`'s older commits: only a step keeps it so.
    const file = join(r.stateDir, 'primer-log.json');
    const kept = JSON.parse(readFileSync(file, 'utf8'));
    kept.out = kept.out.replace('Code 30', 'Code thirty');
    writeFileSync(file, JSON.stringify(kept));
    const log = await recentLog(r, PRIMER_LOG_DEPTH);
    expect(log.entries[0]!.subject).toBe('New feature');
    expect(log.entries.map((e) => e.subject)).toContain('Code thirty');
    expect(log.head).toBe(repo.git('rev-parse', '--short', 'HEAD').trim());
    expect(keptLog(r, PRIMER_LOG_DEPTH, headCommit(r)!).out).not.toBeNull();
    expect(log.entries).toHaveLength(PRIMER_LOG_DEPTH);
  });

  it('asks the whole log where HEAD came another way (a reset), and gets it right', async () => {
    const repo = await base();
    const r = findRepoInFiles(repo.dir)!;
    await recentLog(r, PRIMER_LOG_DEPTH);
    const from = head(repo);
    repo.git('reset', '-q', '--hard', 'HEAD~3');
    repo.commit('After the reset', { 'src/r.ts': 'r\n' });
    expect(byPlainCommits(r.gitDir, from, head(repo), 100)).toBe(false);
    const log = await recentLog(r, PRIMER_LOG_DEPTH);
    expect(log.entries).toEqual(parseLog(await whole(repo)));
  });
});

describe('end after a session’s commits', () => {
  it('rebuilds the primer with the commits made since the last end (the log started early by the entry point)', async () => {
    const repo = await base();
    expect((await repo.run(['init', '--no-hooks'])).code).toBe(0);
    repo.git('add', '.');
    repo.git('commit', '-q', '-m', 'Set up git-memory');
    const first = repo.exec(['end', '--summary', JSON.stringify({ request: 'First session', completed: ['Set up'] })]);
    expect(first.code, first.stderr).toBe(0);
    repo.commit('Add the rate limiter', { 'src/limiter.ts': 'export const limit = 10;\n' });
    const second = repo.exec(['end', '--summary', JSON.stringify({ request: 'Second session', completed: ['Limiter'] })]);
    expect(second.code, second.stderr).toBe(0);
    const primer = readFileSync(join(repo.dir, '.openclaw_memory', 'PRIMER.md'), 'utf8');
    expect(primer).toContain('Add the rate limiter');
    const r = findRepoInFiles(repo.dir)!;
    // Kept for the memory commit `end` made, and the same as git's whole log there.
    expect(keptLog(r, PRIMER_LOG_DEPTH, headCommit(r)!).out).toBe(await whole(repo));
  });
});
