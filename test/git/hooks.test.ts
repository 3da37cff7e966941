import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeRepo, PATH_WITHOUT_TOOL, tempDir, testEnv } from '../helpers/repo.js';
import { hooked, initHooked } from './hooked.js';

const HOOKS = ['post-commit', 'post-rewrite', 'pre-push'];
const BEGIN = '# >>> git-memory >>>';

/** A bare repository to push to. */
function bareRemote(): string {
  const dir = tempDir('gm-remote-');
  execFileSync('git', ['init', '-q', '--bare', '-b', 'main', dir], { env: testEnv() });
  return dir;
}

describe('hook installation', () => {
  it('init installs post-commit, post-rewrite and pre-push where git runs hooks, and a second init changes nothing', async () => {
    const repo = hooked(makeRepo());
    const first = JSON.parse((await repo.run(['init', '--json'])).stdout);
    expect(first.hooks.map((h: { hook: string; result: string }) => [h.hook, h.result])).toEqual(HOOKS.map((h) => [h, 'created']));
    for (const h of HOOKS) {
      const path = join(repo.dir, '.git', 'hooks', h);
      expect(readFileSync(path, 'utf8')).toMatch(/^#!\/bin\/sh\n# >>> git-memory >>>\n/);
      expect(statSync(path).mode & 0o111).not.toBe(0);
    }
    const again = JSON.parse((await repo.run(['init', '--json'])).stdout);
    expect(again.hooks.map((h: { result: string }) => h.result)).toEqual(['unchanged', 'unchanged', 'unchanged']);
    expect(again.mergeDriver).toEqual({ attributes: 'unchanged', config: 'unchanged' });
  });

  it("keeps a user's own post-commit hook running, and uninstall leaves it byte-for-byte", async () => {
    const repo = hooked(makeRepo());
    const mine = '#!/bin/sh\n# my hook\necho "user hook ran" >> "$(git rev-parse --git-dir)/user-hook.log"\nexit 0\n';
    const path = join(repo.dir, '.git', 'hooks', 'post-commit');
    writeFileSync(path, mine, { mode: 0o755 });
    await repo.run(['init']);
    expect(readFileSync(path, 'utf8')).toContain(BEGIN);

    const sha = repo.commit('Add feature');
    expect(readFileSync(join(repo.dir, '.git', 'user-hook.log'), 'utf8')).toBe('user hook ran\n');
    expect(repo.spoolShas()).toEqual([sha]);

    const r = await repo.run(['uninstall', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(readFileSync(path, 'utf8')).toBe(mine);
    expect(existsSync(join(repo.dir, '.git', 'hooks', 'post-rewrite'))).toBe(false); // we created it: gone
    expect(repo.gTry(['config', '--get-regexp', '^merge\\.']).code).toBe(1);
    // The committed .gitattributes is the team's: a local uninstall leaves it (see uninstall.ts).
    expect(existsSync(join(repo.dir, '.openclaw_memory', '.gitattributes'))).toBe(true);
  });

  it("hands git's stdin lines to a user's own post-rewrite and pre-push hooks, with and without git-memory on PATH", async () => {
    for (const withTool of [true, false]) {
      const repo = hooked(makeRepo());
      const hooksDir = join(repo.dir, '.git', 'hooks');
      writeFileSync(join(hooksDir, 'post-rewrite'), '#!/bin/sh\ncat > "$(git rev-parse --git-dir)/rewrite-stdin"\necho "$1" > "$(git rev-parse --git-dir)/rewrite-arg"\n', { mode: 0o755 });
      writeFileSync(join(hooksDir, 'pre-push'), '#!/bin/sh\ncat > "$(git rev-parse --git-dir)/push-stdin"\n', { mode: 0o755 });
      await repo.run(['init']);
      const env: Record<string, string> = withTool ? {} : { PATH: PATH_WITHOUT_TOOL };
      const old = repo.commit('First version');
      expect(repo.gTry(['commit', '-q', '--amend', '-m', 'Second version'], { env }).code).toBe(0);
      const now = repo.g('rev-parse', 'HEAD').trim();
      expect(readFileSync(join(repo.dir, '.git', 'rewrite-stdin'), 'utf8')).toBe(`${old} ${now}\n`);
      expect(readFileSync(join(repo.dir, '.git', 'rewrite-arg'), 'utf8')).toBe('amend\n');

      const remote = bareRemote();
      repo.g('remote', 'add', 'origin', remote);
      const push = repo.gTry(['push', '-q', 'origin', 'main'], { env });
      expect(push.code, push.stderr).toBe(0);
      const zero = '0'.repeat(40);
      expect(readFileSync(join(repo.dir, '.git', 'push-stdin'), 'utf8')).toBe(`refs/heads/main ${now} refs/heads/main ${zero}\n`);
      if (withTool) expect(repo.spoolShas()).toEqual([now]);
    }
  });

  it('chains a hook written in another language, which runs as before and comes back on uninstall', async () => {
    const repo = hooked(makeRepo());
    const path = join(repo.dir, '.git', 'hooks', 'post-commit');
    const mine = `#!${process.execPath}\nrequire('node:fs').appendFileSync(require('node:path').join(process.cwd(), '.git', 'node-hook.log'), 'node hook ' + process.argv.length + '\\n');\n`;
    writeFileSync(path, mine, { mode: 0o755 });
    const init = JSON.parse((await repo.run(['init', '--json'])).stdout);
    expect(init.hooks[0]).toMatchObject({ hook: 'post-commit', result: 'chained' });
    expect(readFileSync(`${path}.pre-git-memory`, 'utf8')).toBe(mine);

    const sha = repo.commit('Add feature');
    expect(readFileSync(join(repo.dir, '.git', 'node-hook.log'), 'utf8')).toBe('node hook 2\n');
    expect(repo.spoolShas()).toEqual([sha]);
    expect((await repo.run(['init', '--json'])).stdout).toContain('"unchanged"');

    await repo.run(['uninstall']);
    expect(readFileSync(path, 'utf8')).toBe(mine);
    expect(existsSync(`${path}.pre-git-memory`)).toBe(false);
    expect(statSync(path).mode & 0o777).toBe(0o755);
  });

  it('leaves a disabled (not executable) hook disabled', async () => {
    const repo = hooked(makeRepo());
    const path = join(repo.dir, '.git', 'hooks', 'post-commit');
    writeFileSync(path, '#!/bin/sh\ntouch "$(git rev-parse --git-dir)/disabled-ran"\n');
    chmodSync(path, 0o644);
    await repo.run(['init']);
    const sha = repo.commit('Add feature');
    expect(existsSync(join(repo.dir, '.git', 'disabled-ran'))).toBe(false);
    expect(repo.spoolShas()).toEqual([sha]);
    await repo.run(['uninstall']);
    expect(statSync(path).mode & 0o777).toBe(0o644);
  });

  it('installs into core.hooksPath when it is set', async () => {
    const repo = hooked(makeRepo());
    repo.g('config', 'core.hooksPath', '.githooks');
    const data = JSON.parse((await repo.run(['init', '--json'])).stdout);
    expect(data.hooks.map((h: { path: string }) => h.path)).toEqual(HOOKS.map((h) => join(repo.dir, '.githooks', h)));
    const sha = repo.commit('Add feature');
    expect(repo.spoolShas()).toEqual([sha]);
    expect(existsSync(join(repo.dir, '.git', 'hooks', 'post-commit'))).toBe(false);
  });

  it('lets a teammate without git-memory commit, amend, rebase and push as before', async () => {
    const repo = await initHooked();
    const env = { PATH: PATH_WITHOUT_TOOL };
    repo.write('a.txt', 'a\n');
    repo.g('add', 'a.txt');
    for (const args of [['commit', '-q', '-m', 'A'], ['commit', '-q', '--amend', '-m', 'A2'], ['rebase', '-q', '--force-rebase', 'HEAD~1']]) {
      const r = repo.gTry(args, { env });
      expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(0);
      expect(r.stderr).toBe('');
    }
    repo.g('remote', 'add', 'origin', bareRemote());
    expect(repo.gTry(['push', '-q', 'origin', 'main'], { env }).code).toBe(0);
    expect(repo.spoolShas()).toEqual([]);
  });
});
