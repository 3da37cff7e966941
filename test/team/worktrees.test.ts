import { spawn } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/repo.js';
import { DAY_OF, hooked, initHooked, recordedIds, type HookedRepo } from '../git/hooked.js';

/** Runs `git-memory end` in a worktree as its own process; resolves with its JSON answer. */
function endAsync(wt: HookedRepo, request: string): Promise<{ code: number | null; data: { session: { path: string }; commit: { sha: string } } | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn('git-memory', ['end', '--summary', JSON.stringify({ request, completed: [request] }), '--json', '--agent', 'claude'], { cwd: wt.dir, env: wt.env });
    let out = '';
    let err = '';
    child.stdout.on('data', (b: Buffer) => (out += b));
    child.stderr.on('data', (b: Buffer) => (err += b));
    child.on('close', (code) => resolve({ code, data: code === 0 ? JSON.parse(out) : null, stderr: err }));
  });
}

const commitsIn = (text: string) => (text.split('### Commits')[1] ?? '').split('\n').flatMap((l) => /^- ([0-9a-f]{7,64})\b/.exec(l)?.[1] ?? []);

describe('linked worktrees', () => {
  it('keep their own spool, lock and state; sessions ended at the same time land on their own branches and both survive the merge', async () => {
    const repo = await initHooked();
    const wts = ['one', 'two'].map((name) => {
      const dir = join(tempDir('gm-wt-'), name);
      repo.g('worktree', 'add', '-q', '-b', `agent-${name}`, dir);
      return hooked(repo, dir);
    });
    const code = wts.map((wt, i) => wt.commit(`Work in worktree ${i + 1}`, { [`wt${i + 1}.txt`]: `${i}\n` }));

    const stateDirs = wts.map((wt) => join(wt.g('rev-parse', '--absolute-git-dir').trim(), 'git-memory'));
    expect(stateDirs[0]).toBe(join(repo.dir, '.git', 'worktrees', 'one', 'git-memory'));
    expect(stateDirs[1]).toBe(join(repo.dir, '.git', 'worktrees', 'two', 'git-memory'));
    expect(wts.map((wt, i) => wt.spoolShas(stateDirs[i]))).toEqual([[code[0]], [code[1]]]);
    expect(repo.spoolShas()).toEqual([]);

    const ends = await Promise.all(wts.map((wt, i) => endAsync(wt, `Agent session in worktree ${i + 1}`)));
    for (const e of ends) expect(e.code, e.stderr).toBe(0);
    for (const [i, wt] of wts.entries()) {
      const e = ends[i]!.data!;
      expect(wt.g('rev-parse', `agent-${i === 0 ? 'one' : 'two'}`).trim()).toBe(e.commit.sha);
      expect(wt.g('show', '--name-only', '--format=', e.commit.sha).trim()).toBe(e.session.path);
      expect(commitsIn(wt.read(e.session.path))).toEqual(recordedIds([code[i]!]));
      expect(readdirSync(stateDirs[i]!).filter((f) => f.startsWith('spool') || f === 'lock')).toEqual([]);
      expect(existsSync(join(wt.dir, e.session.path))).toBe(true);
    }
    expect(existsSync(join(repo.dir, '.git', 'git-memory', 'lock'))).toBe(false);

    const merge = repo.gTry(['merge', '--no-edit', 'agent-one', 'agent-two']);
    expect(merge.code, merge.stderr).toBe(0);
    for (const e of ends) expect(readFileSync(join(repo.dir, e.data!.session.path), 'utf8')).toContain('### Request\nAgent session in worktree');
    const day = JSON.parse((await repo.run(['journal', DAY_OF, '--json'])).stdout);
    expect(JSON.stringify(day)).toContain('Agent session in worktree 1');
    expect(JSON.stringify(day)).toContain('Agent session in worktree 2');
  });
});
