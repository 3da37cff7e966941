import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeRepo, ROOT } from '../helpers/repo.js';
import { hooked } from './hooked.js';

/** Runs husky 9's real installer (node_modules/husky/index.js) in the repository, as `husky` does. */
function installHusky(dir: string, env: NodeJS.ProcessEnv): void {
  const script = `import(${JSON.stringify(join(ROOT, 'node_modules', 'husky', 'index.js'))}).then((m) => process.stdout.write(m.default()))`;
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: dir, env, encoding: 'utf8' });
  expect(out).toBe('');
}

describe('a husky 9 repository', () => {
  it('gets our blocks in .husky/<hook>, never in .husky/_/, and both our hook and the user script run', async () => {
    const repo = hooked(makeRepo());
    installHusky(repo.dir, repo.env);
    expect(repo.g('config', 'core.hooksPath').trim()).toBe('.husky/_');
    const stubsBefore = Object.fromEntries(readdirSync(join(repo.dir, '.husky', '_')).map((f) => [f, readFileSync(join(repo.dir, '.husky', '_', f), 'utf8')]));
    expect(stubsBefore['post-rewrite']).toBe('#!/usr/bin/env sh\n. "$(dirname "$0")/h"');
    const mine = 'echo "husky user script ran" >> .git/husky-user.log\n';
    writeFileSync(join(repo.dir, '.husky', 'post-commit'), mine);

    const data = JSON.parse((await repo.run(['init', '--json'])).stdout);
    expect(data.hooks.map((h: { path: string; result: string }) => [h.path, h.result])).toEqual([
      [join(repo.dir, '.husky', 'post-commit'), 'updated'],
      [join(repo.dir, '.husky', 'post-rewrite'), 'created'],
      [join(repo.dir, '.husky', 'pre-push'), 'created'],
    ]);
    const stubsAfter = Object.fromEntries(readdirSync(join(repo.dir, '.husky', '_')).map((f) => [f, readFileSync(join(repo.dir, '.husky', '_', f), 'utf8')]));
    expect(stubsAfter).toEqual(stubsBefore);
    // husky runs these with `sh -e`: no shebang needed, and our block must survive -e.
    expect(readFileSync(join(repo.dir, '.husky', 'post-rewrite'), 'utf8')).toMatch(/^# >>> git-memory >>>/);

    const first = repo.commit('Add feature');
    expect(readFileSync(join(repo.dir, '.git', 'husky-user.log'), 'utf8')).toBe('husky user script ran\n');
    const r = repo.gTry(['commit', '-q', '--amend', '-m', 'Add feature, amended']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout + r.stderr).not.toContain('husky -');
    const amended = repo.g('rev-parse', 'HEAD').trim();
    expect(first).not.toBe(amended);
    expect(repo.spoolShas()).toEqual([amended]);

    await repo.run(['uninstall']);
    expect(readFileSync(join(repo.dir, '.husky', 'post-commit'), 'utf8')).toBe(mine);
    expect(readdirSync(join(repo.dir, '.husky')).sort()).toEqual(['_', 'post-commit']);
  });
});
