import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { withLock } from '../../src/fs/lock.js';
import { makeRepo, tempDir } from '../helpers/repo.js';

/** The pid of a process that has exited. */
const deadPid = () => spawnSync('true').pid!;

function plant(stateDir: string, pid: number): string[] {
  const files = [`tmp/${pid}-m3k9x0ab12.tmp`, `tmp/index-${pid}-0badf00d`, `tmp/index-${pid}-0badf00d.lock`, `spool.jsonl.${pid}.tmp`];
  mkdirSync(join(stateDir, 'tmp'), { recursive: true });
  for (const f of files) writeFileSync(join(stateDir, f), 'left over\n');
  return files;
}

describe('files left by killed processes', () => {
  it('are removed by the next command that takes the lock; those of live processes stay', async () => {
    const stateDir = tempDir();
    const dead = plant(stateDir, deadPid());
    const live = plant(stateDir, process.pid);
    writeFileSync(join(stateDir, 'tmp', 'notes.txt'), 'no pid in the name\n');
    writeFileSync(join(stateDir, 'spool.claimed.jsonl.4242'), 'data, read back by end\n');
    await withLock(stateDir, async () => undefined);
    for (const f of dead) expect(existsSync(join(stateDir, f)), f).toBe(false);
    for (const f of live) expect(existsSync(join(stateDir, f)), f).toBe(true);
    expect(existsSync(join(stateDir, 'tmp', 'notes.txt'))).toBe(true);
    expect(existsSync(join(stateDir, 'spool.claimed.jsonl.4242'))).toBe(true);
  });

  it('are gone after `git memory commit`, and the memory commit still works', async () => {
    const repo = makeRepo();
    expect((await repo.run(['init', '--no-hooks'])).code).toBe(0);
    const stateDir = join(repo.dir, '.git', 'git-memory');
    plant(stateDir, deadPid());
    const r = await repo.run(['commit']);
    expect(r.code, r.stderr).toBe(0);
    expect(readdirSync(join(stateDir, 'tmp'))).toEqual([]);
    expect(readdirSync(stateDir).filter((n) => n.endsWith('.tmp'))).toEqual([]);
  });
});
