import { renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PATH_WITHOUT_TOOL } from '../helpers/repo.js';
import { initHooked, recordedIds, type HookedRepo } from './hooked.js';

/** A commit git-memory does not see (made by a teammate, or upstream): no git-memory on PATH. */
function untracked(repo: HookedRepo, message: string, files: Record<string, string>): string {
  for (const [p, t] of Object.entries(files)) {
    writeFileSync(join(repo.dir, p), t);
    repo.g('add', '--', p);
  }
  const r = repo.gTry(['commit', '-q', '-m', message], { env: { PATH: PATH_WITHOUT_TOOL } });
  expect(r.code, r.stderr).toBe(0);
  return repo.g('rev-parse', 'HEAD').trim();
}

/** An editor script for git (GIT_EDITOR, GIT_SEQUENCE_EDITOR), kept in the git directory. */
function script(repo: HookedRepo, name: string, body: string): string {
  const path = join(repo.dir, '.git', `${name}.sh`);
  writeFileSync(path, `#!/bin/sh\n${body}\n`, { mode: 0o755 });
  return path;
}

function ok(repo: HookedRepo, args: string[], env: Record<string, string> = {}): void {
  const r = repo.gTry(args, { env: { GIT_EDITOR: 'true', ...env } });
  expect(r.code, `git ${args.join(' ')}: ${r.stderr}`).toBe(0);
}

const subjects = (repo: HookedRepo, range: string) => repo.g('log', '--reverse', '--format=%H', range).trim().split('\n').filter(Boolean);

describe('the session commit list after history rewrites', () => {
  it('shows each commit once by its final id after amend, rebase onto a moved main and cherry-pick', async () => {
    const repo = await initHooked();
    repo.g('checkout', '-q', '-b', 'feature');
    repo.commit('Add login', { 'login.js': 'login\n' });
    repo.commit('Add logout', { 'logout.js': 'logout\n' });
    ok(repo, ['commit', '-q', '--amend', '-m', 'Add logout (amended)']);
    repo.g('checkout', '-q', 'main');
    untracked(repo, 'Upstream change', { 'upstream.js': 'up\n' });
    repo.g('checkout', '-q', '-b', 'other');
    const picked = untracked(repo, 'Fix typo elsewhere', { 'typo.js': 'typo\n' });
    repo.g('checkout', '-q', 'feature');
    ok(repo, ['rebase', '-q', 'main']);
    ok(repo, ['cherry-pick', picked]);

    const finals = subjects(repo, 'main..feature');
    expect(repo.g('log', '--format=%s', 'main..feature').trim().split('\n')).toEqual(['Fix typo elsewhere', 'Add logout (amended)', 'Add login']);
    const session = await repo.end();
    expect(session.commits).toEqual(recordedIds(finals));
    expect(repo.read(session.path)).toContain(`- ${finals[1]!} Add logout (amended)`);
  });

  it('follows an interactive rebase: reword, squash and fixup fold into one commit, an exec step adds one', async () => {
    const repo = await initHooked();
    const base = repo.g('rev-parse', 'HEAD').trim();
    repo.commit('Add parser', { 'parser.js': '1\n' });
    repo.commit('Parser: edge cases', { 'parser.js': '2\n' });
    repo.commit('Parser: typo', { 'parser.js': '3\n' });
    const editors = script(repo, 'seq-editor', `sed -i -e '1s/^pick/reword/' -e '2s/^pick/squash/' -e '3s/^pick/fixup/' "$1"
echo 'exec echo e > exec.txt && git add exec.txt && git commit -q -m "Exec step commit"' >> "$1"`);
    const msg = script(repo, 'msg-editor', `sed -i '1s/.*/Add parser with edge cases/' "$1"`);
    ok(repo, ['rebase', '-q', '-i', base], { GIT_SEQUENCE_EDITOR: editors, GIT_EDITOR: msg });

    const finals = subjects(repo, `${base}..HEAD`);
    expect(repo.g('log', '--format=%s', `${base}..HEAD`).trim().split('\n')).toEqual(['Exec step commit', 'Add parser with edge cases']);
    const session = await repo.end();
    expect(session.commits).toEqual(recordedIds(finals));
    expect(repo.read(session.path)).toContain(`- ${finals[0]!} Add parser with edge cases`);
  });

  it('keeps the final id when a rebase stops on a conflict, resolved with --continue or with git commit', async () => {
    for (const finish of ['continue', 'commit'] as const) {
      const repo = await initHooked();
      repo.g('checkout', '-q', '-b', 'feature');
      repo.commit('Feature edits shared file', { 'shared.txt': 'feature\n' });
      repo.commit('Feature second commit', { 'second.txt': 'second\n' });
      repo.g('checkout', '-q', 'main');
      untracked(repo, 'Main edits shared file', { 'shared.txt': 'main\n' });
      repo.g('checkout', '-q', 'feature');
      expect(repo.gTry(['rebase', '-q', 'main']).code).not.toBe(0);
      writeFileSync(join(repo.dir, 'shared.txt'), 'resolved\n');
      repo.g('add', 'shared.txt');
      if (finish === 'commit') ok(repo, ['commit', '-q', '--no-edit']);
      ok(repo, ['rebase', '--continue']);

      const finals = subjects(repo, 'main..feature');
      expect(finals).toHaveLength(2);
      const session = await repo.end();
      expect(session.commits, finish).toEqual(recordedIds(finals));
    }
  });

  it('completes merges (clean and resolved) and --no-verify commits with hooks installed, and records them', async () => {
    const repo = await initHooked();
    repo.g('checkout', '-q', '-b', 'feature');
    const a = repo.commit('Feature work', { 'f.txt': 'feature\n' });
    repo.g('checkout', '-q', 'main');
    untracked(repo, 'Main work', { 'm.txt': 'main\n' });
    ok(repo, ['merge', '-q', '--no-ff', '-m', 'Merge feature', 'feature']);
    repo.g('checkout', '-q', '-b', 'clash');
    untracked(repo, 'Clash on main side', { 'f.txt': 'clash\n' });
    repo.g('checkout', '-q', 'feature');
    const b = repo.commit('Feature changes f again', { 'f.txt': 'feature 2\n' });
    expect(repo.gTry(['merge', '-q', 'clash']).code).not.toBe(0);
    writeFileSync(join(repo.dir, 'f.txt'), 'both\n');
    repo.g('add', 'f.txt');
    ok(repo, ['commit', '-q', '--no-edit']);
    const resolvedMerge = repo.g('rev-parse', 'HEAD').trim();
    writeFileSync(join(repo.dir, 'nv.txt'), 'no verify\n');
    repo.g('add', 'nv.txt');
    ok(repo, ['commit', '-q', '--no-verify', '-m', 'Skip checks']);
    const nv = repo.g('rev-parse', 'HEAD').trim();

    const session = await repo.end();
    // A clean merge fires only post-merge; a merge concluded by `git commit` is a commit of the session.
    expect(session.commits).toEqual(recordedIds([a, b, resolvedMerge, nv]));
  });

  it('maps ids in a spool an interrupted end had claimed, and forgets notes of an aborted rebase', async () => {
    const repo = await initHooked();
    repo.commit('Before the crash', { 'c.txt': 'c\n' });
    const state = join(repo.dir, '.git', 'git-memory');
    renameSync(join(state, 'spool.jsonl'), join(state, 'spool.claimed.jsonl'));
    ok(repo, ['commit', '-q', '--amend', '-m', 'Before the crash (amended)']);
    const amended = repo.g('rev-parse', 'HEAD').trim();

    untracked(repo, 'Touch shared', { 'shared.txt': 'one\n' });
    repo.g('checkout', '-q', '-b', 'side', 'HEAD~1');
    untracked(repo, 'Side touches shared', { 'shared.txt': 'two\n' });
    expect(repo.gTry(['rebase', '-q', 'main']).code).not.toBe(0);
    writeFileSync(join(repo.dir, 'shared.txt'), 'three\n');
    repo.g('add', 'shared.txt');
    ok(repo, ['commit', '-q', '--no-edit']); // noted as a possible replay
    ok(repo, ['rebase', '--abort']);
    const after = repo.commit('After the abort', { 'd.txt': 'd\n' });

    expect(repo.spoolShas()).toEqual([amended, after]);
    const session = await repo.end();
    expect(session.commits).toEqual(recordedIds([amended, after]));
  });
});
