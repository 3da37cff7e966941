import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { headCommit } from '../../src/git/head.js';
import { findRepo } from '../../src/git/repo.js';
import { BIN, makeRepo, tempDir } from '../helpers/repo.js';

describe('HEAD read from git\'s files', () => {
  it('follows a loose branch, a packed one, a detached HEAD and a linked worktree; an unborn branch is unknown', () => {
    const repo = makeRepo();
    const at = () => headCommit(findRepo(repo.dir, repo.env));
    const revParse = () => repo.git('rev-parse', 'HEAD').trim();
    expect(at()).toBe(revParse());

    repo.commit('second');
    repo.git('pack-refs', '--all');
    expect(existsSync(join(repo.dir, '.git', 'refs', 'heads', 'main'))).toBe(false);
    expect(at()).toBe(revParse());

    repo.git('checkout', '-q', '--detach', 'HEAD~1');
    expect(at()).toBe(revParse());

    repo.git('checkout', '-q', 'main');
    const wt = join(tempDir('gm-wt-'), 'wt');
    repo.git('worktree', 'add', '-q', '-b', 'side', wt);
    const side = () => headCommit(findRepo(wt, repo.env));
    expect(side()).toBe(repo.git('rev-parse', 'side').trim());

    repo.git('checkout', '-q', '--orphan', 'fresh');
    expect(at()).toBeNull();
  });

  it('says unknown rather than guess at a ref it cannot read', () => {
    const repo = makeRepo();
    writeFileSync(join(repo.dir, '.git', 'HEAD'), 'ref: refs/heads/.invalid\n');
    expect(headCommit(findRepo(repo.dir, repo.env))).toBeNull();
  });
});

describe('the primer\'s log cache', () => {
  it('is keyed by HEAD: a new commit, an amend and a reset show at once; a broken cache is asked again', async () => {
    const repo = makeRepo();
    expect((await repo.run(['init'])).code).toBe(0);
    const commits = async () => ((await repo.run(['primer', '--json', '--no-write'])).stdout.match(/## Recent commits[\s\S]*?(?=\n## |\n?"|$)/)?.[0] ?? '');
    const cache = join(repo.dir, '.git', 'git-memory', 'primer-log.json');

    repo.commit('Add the invoice exporter');
    expect(await commits()).toContain('Add the invoice exporter');
    expect(JSON.parse(readFileSync(cache, 'utf8')).head).toBe(repo.git('rev-parse', 'HEAD').trim());

    repo.commit('Fix rounding of tax amounts');
    expect(await commits()).toContain('Fix rounding of tax amounts');
    repo.git('commit', '-q', '--amend', '-m', 'Fix rounding of VAT amounts');
    expect(await commits()).toContain('Fix rounding of VAT amounts');
    expect(await commits()).not.toContain('tax amounts');
    repo.git('reset', '-q', '--hard', 'HEAD~1');
    expect(await commits()).not.toContain('VAT');

    writeFileSync(cache, '{"head": 1');
    expect(await commits()).toContain('Add the invoice exporter');
    expect(JSON.parse(readFileSync(cache, 'utf8')).head).toBe(repo.git('rev-parse', 'HEAD').trim());
  });

  it('the built binary starts git early when HEAD moved, from any directory of the work tree', async () => {
    const repo = makeRepo();
    expect((await repo.run(['init'])).code).toBe(0);
    repo.write('src/app/main.ts', 'export {};\n');
    repo.commit('Add the app', { 'src/app/main.ts': 'export {};\n' });
    const primerIn = (dir: string) => {
      const r = spawnSync(process.execPath, [BIN, 'primer', '--no-write'], { cwd: dir, env: repo.env, encoding: 'utf8' });
      expect(r.stderr).toBe('');
      return r.stdout;
    };
    expect(primerIn(repo.dir)).toContain('Add the app');
    repo.commit('Wire the exporter');
    expect(primerIn(join(repo.dir, 'src', 'app'))).toContain('Wire the exporter');
    expect(primerIn(repo.dir)).toContain('Wire the exporter'); // kept now
    repo.commit('Fix the exporter');
    expect(primerIn(join(repo.dir, 'src'))).toContain('Fix the exporter');
  });

  it('is made again by end and commit, so the session start after them asks git nothing', async () => {
    const repo = makeRepo();
    expect((await repo.run(['init'])).code).toBe(0);
    repo.commit('Add the invoice exporter');
    const cache = join(repo.dir, '.git', 'git-memory', 'primer-log.json');
    const kept = () => JSON.parse(readFileSync(cache, 'utf8')) as { head: string; out: string };
    const head = () => repo.git('rev-parse', 'HEAD').trim();

    expect((await repo.run(['end', '--summary', JSON.stringify({ request: 'Ship the exporter' })])).code).toBe(0);
    expect(repo.git('log', '-1', '--format=%s').trim()).toBe('memory: Ship the exporter');
    expect(kept().head).toBe(head());
    // The log leaves memory out (log-cache.ts): the memory commit keeps the log its parent had.
    expect(kept().out).toContain('Add the invoice exporter');
    expect(kept().out).not.toContain('memory: Ship the exporter');

    repo.write('.openclaw_memory/TASKS.md', `${repo.read('.openclaw_memory/TASKS.md')}- [ ] Add CSV export <!-- t-csv1 -->\n`);
    expect((await repo.run(['commit', '-m', 'Plan CSV export'])).code).toBe(0);
    expect(kept().head).toBe(head());

    // Without git on PATH the primer still lists the code commit: it came from the kept log.
    const r = spawnSync(process.execPath, [BIN, 'primer', '--no-write'], { cwd: repo.dir, env: { ...repo.env, PATH: tempDir('gm-nogit-') }, encoding: 'utf8' });
    expect(r.stdout).toContain('Add the invoice exporter');
  });
});
