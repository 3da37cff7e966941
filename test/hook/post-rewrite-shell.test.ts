import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hookBlock } from '../../src/git/hook-blocks.js';
import { PATH_WITHOUT_TOOL } from '../helpers/repo.js';
import { hooked, initHooked, type HookedRepo } from '../git/hooked.js';
import { makeRepo } from '../helpers/repo.js';
import { countingPath, spoolLines } from './shell-hook-helpers.js';

const stateDir = (repo: HookedRepo) => join(repo.dir, '.git', 'git-memory');

/** Three commits on `topic` the tool did not record (a teammate's), and one upstream on main. */
function topicNotRecorded(repo: HookedRepo): string[] {
  const env = { PATH: PATH_WITHOUT_TOOL };
  repo.g('checkout', '-q', '-b', 'topic');
  const shas: string[] = [];
  for (let i = 0; i < 3; i++) {
    repo.write(`t${i}.txt`, `${i}\n`);
    repo.g('add', '--', `t${i}.txt`);
    expect(repo.gTry(['commit', '-q', '-m', `Topic ${i}`], { env }).code).toBe(0);
    shas.push(repo.g('rev-parse', 'HEAD').trim());
  }
  repo.g('checkout', '-q', 'main');
  expect(repo.gTry(['commit', '-q', '--allow-empty', '-m', 'Upstream'], { env }).code).toBe(0);
  repo.g('checkout', '-q', 'topic');
  return shas;
}

/** A user's own post-rewrite hook that keeps what it reads on stdin, installed before init. */
async function withUserRewriteHook(): Promise<HookedRepo> {
  const repo = hooked(makeRepo());
  writeFileSync(join(repo.dir, '.git', 'hooks', 'post-rewrite'), '#!/bin/sh\ncat >"$(git rev-parse --git-dir)/user-saw"\n', { mode: 0o755 });
  const r = await repo.run(['init']);
  expect(r.code, r.stderr).toBe(0);
  repo.g('add', '.');
  expect(repo.gTry(['commit', '-q', '-m', 'Set up'], { env: { PATH: PATH_WITHOUT_TOOL } }).code).toBe(0);
  return repo;
}

describe('the post-rewrite hook starts node only where there are ids to map', () => {
  it('a rebase of commits the spool does not hold starts no node, and the user hook below still reads every pair', async () => {
    const repo = await withUserRewriteHook();
    const shim = countingPath();
    const before = topicNotRecorded(repo);
    const r = repo.gTry(['rebase', '-q', 'main'], { env: { PATH: shim.path } });
    expect(r.code, r.stderr).toBe(0);
    expect(shim.starts()).toEqual([]);
    const after = repo.g('log', '--reverse', '--format=%H', 'main..topic').trim().split('\n');
    const saw = readFileSync(join(repo.dir, '.git', 'user-saw'), 'utf8').trim().split('\n');
    expect(saw.map((l) => l.split(' ').slice(0, 2))).toEqual(before.map((b, i) => [b, after[i]]));
    expect(spoolLines(join(stateDir(repo), 'spool.jsonl'))).toEqual([]);
  });

  it('maps ids in a spool an unfinished `end` set aside (claimed), with no open spool beside it', async () => {
    const repo = await initHooked();
    const shim = countingPath();
    repo.g('checkout', '-q', '-b', 'topic');
    const r0 = repo.gTry(['commit', '-q', '--allow-empty', '-m', 'Recorded'], { env: { PATH: shim.path } });
    expect(r0.code, r0.stderr).toBe(0);
    const claimed = join(stateDir(repo), 'spool.claimed.jsonl.abc-1-x');
    renameSync(join(stateDir(repo), 'spool.jsonl'), claimed);
    repo.g('checkout', '-q', 'main');
    expect(repo.gTry(['commit', '-q', '--allow-empty', '-m', 'Upstream'], { env: { PATH: PATH_WITHOUT_TOOL } }).code).toBe(0);
    repo.g('checkout', '-q', 'topic');
    const r = repo.gTry(['rebase', '-q', 'main'], { env: { PATH: shim.path } });
    expect(r.code, r.stderr).toBe(0);
    expect(shim.starts()).toEqual(['hook post-rewrite rebase']);
    expect(spoolLines(claimed).map((l) => l.sha)).toEqual([repo.g('rev-parse', 'HEAD').trim()]);
  });
});

describe('hook blocks an older version installed', () => {
  const OLD_POST_COMMIT = [
    '# >>> git-memory >>>',
    '# Records this commit for the next git-memory session. Harmless where git-memory is not installed.',
    'if command -v git-memory >/dev/null 2>&1; then',
    '  gm_dir=$(git rev-parse --git-dir 2>/dev/null) || gm_dir=.git',
    '  if [ ! -d "$gm_dir/rebase-merge" ] || [ ! -f "$gm_dir/CHERRY_PICK_HEAD" ]; then',
    '    git-memory hook post-commit "$@" </dev/null >/dev/null 2>&1 || true',
    '  fi',
    'fi',
    '# <<< git-memory <<<',
  ].join('\n');

  it('keep recording (through node, with subjects), are reported by doctor and upgraded by init', async () => {
    const repo = await initHooked();
    const path = join(repo.dir, '.git', 'hooks', 'post-commit');
    writeFileSync(path, `#!/bin/sh\n${OLD_POST_COMMIT}\necho mine >"$(git rev-parse --git-dir)/mine-ran"\n`);
    const a = repo.commit('Through the old block');
    expect(spoolLines(join(stateDir(repo), 'spool.jsonl'))).toEqual([expect.objectContaining({ sha: a, subject: 'Through the old block' })]);
    const doctor = await repo.run(['doctor', '--json']);
    const checks = (JSON.parse(doctor.stdout) as { checks: { id: string; message: string }[] }).checks;
    expect(checks.find((c) => c.id === 'hook:post-commit')?.message).toMatch(/from another version/);
    expect((await repo.run(['init'])).code).toBe(0);
    const text = readFileSync(path, 'utf8');
    expect(text).not.toContain(OLD_POST_COMMIT);
    expect(text).toContain(hookBlock('post-commit'));
    expect(text).toContain('echo mine');
    const shim = countingPath();
    const r = repo.gTry(['commit', '-q', '--allow-empty', '-m', 'Through the new block'], { env: { PATH: shim.path } });
    expect(r.code, r.stderr).toBe(0);
    expect(shim.starts()).toEqual([]);
    const b = repo.g('rev-parse', 'HEAD').trim();
    expect(spoolLines(join(stateDir(repo), 'spool.jsonl')).map((l) => l.sha)).toEqual([a, b]);
    expect(readFileSync(join(repo.dir, '.git', 'mine-ran'), 'utf8')).toBe('mine\n');
  });
});
