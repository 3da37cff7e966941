// A file name that is not UTF-8 (git allows any byte but NUL: a name made on a Latin-1 machine, an
// archive unpacked as is). git quotes it in its log ("src/bad\377\376name.ts"); git-memory decoded
// the quoted bytes as UTF-8, got U+FFFD, a name of no file, and the primer left the project's most
// changed file out of its hot files. With core.quotePath off (a user's setting), git printed the raw
// bytes and the same happened. Now the name is kept as git quotes it, looked up by its bytes, and
// shown as `git log` shows it; names that are UTF-8 are shown as they are, whatever the setting.
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { payload } from '../agents/fixtures.js';
import { fsPath, unquotePath } from '../../src/git/quoted-path.js';
import { BIN, makeMemoryRepo, tempDir, type TestRepo } from '../helpers/repo.js';

const BAD = Buffer.concat([Buffer.from('src/bad'), Buffer.from([0xff, 0xfe]), Buffer.from('name.ts')]);
const SHOWN = '"src/bad\\377\\376name.ts"';

async function repoWithBadName(): Promise<TestRepo> {
  const repo = await makeMemoryRepo();
  repo.write('src/good.ts', '0\n');
  for (let i = 1; i <= 4; i++) {
    writeFileSync(Buffer.concat([Buffer.from(`${repo.dir}/`), BAD]), `${i}\n`);
    if (i === 1) repo.write('src/café.ts', 'c\n');
    repo.git('add', '-A');
    repo.git('commit', '-q', '-m', `Change the parser ${i}`);
  }
  return repo;
}

function primers(repo: TestRepo, env: Record<string, string>): string[] {
  const run = (args: string[], input = '') => spawnSync(process.execPath, [BIN, ...args], { cwd: repo.dir, env: { ...repo.env, ...env }, input, encoding: 'utf8', timeout: 20_000 });
  const p = run(['primer', '--no-write']);
  expect(p.status, p.stderr).toBe(0);
  const s = run(['hook', 'agent', 'session-start', '--agent', 'claude'], payload('claude/session-start.json', { cwd: repo.dir }));
  expect(s.status, s.stderr).toBe(0);
  return [p.stdout, JSON.parse(s.stdout).hookSpecificOutput.additionalContext as string];
}

function globalConfig(settings: Record<string, string>): string {
  const file = join(tempDir('gm-gitconfig-'), 'gitconfig');
  writeFileSync(file, '');
  for (const [k, v] of Object.entries(settings)) spawnSync('git', ['config', '-f', file, k, v]);
  return file;
}

describe('a file name that is not UTF-8', () => {
  it('is the first hot file, shown as git quotes it, in the primer and the session start, whatever core.quotePath says', async () => {
    const repo = await repoWithBadName();
    expect(repo.git('log', '-1', '--name-only', '--format=')).toBe(`${SHOWN}\n`);
    for (const env of [{}, { GIT_CONFIG_GLOBAL: globalConfig({ 'core.quotePath': 'false' }) }] as Record<string, string>[]) {
      for (const text of primers(repo, env)) {
        const hot = text.split('## Hot files\n')[1]!.split('\n## ')[0]!;
        expect(hot.split('\n')[0]).toBe(`- ${SHOWN} (4 commits)`);
        expect(hot).toContain('- src/café.ts (1 commit)');
        expect(text).not.toContain('\ufffd');
      }
    }
  });

  it('is a hot file of the primer at a revision too (`diff`), looked up in its tree by its folder', async () => {
    // audit53: the revision's tree was asked with the quoted name as a path, which names no file.
    const repo = await repoWithBadName();
    const r = await repo.run(['diff', 'HEAD~4..HEAD']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain(`+- ${SHOWN} (4 commits)`);
    expect(r.stdout).not.toContain('\ufffd');
  });

  it('a deleted one is not a hot file', async () => {
    const repo = await repoWithBadName();
    repo.git('rm', '-q', '--', 'src/*name.ts');
    repo.git('commit', '-q', '-m', 'Remove the old parser');
    for (const text of primers(repo, {})) expect(text).not.toContain('bad');
  });

  it('unquotePath keeps a quoted name that is not UTF-8 as git quoted it; fsPath gives its bytes', () => {
    expect(unquotePath(SHOWN)).toBe(SHOWN);
    expect(unquotePath('"caf\\303\\251.ts"')).toBe('café.ts');
    expect(fsPath('/r', SHOWN)).toEqual(Buffer.concat([Buffer.from('/r/'), BAD]));
    expect(fsPath('/r', 'src/x.ts')).toBe('/r/src/x.ts');
  });
});
