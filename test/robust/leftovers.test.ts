// What killed processes leave behind is cleared by the next command that takes the lock.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { removeOrphans } from '../../src/fs/orphans.js';
import { tempDir } from '../helpers/repo.js';

/** The id of a process that has exited. */
function deadPid(): number {
  return spawnSync(process.execPath, ['-e', ''], { stdio: 'ignore' }).pid!;
}

describe('temporary files of killed processes', () => {
  it('every temporary index a memory commit makes is removed once its process is gone (the user-index copy was never)', () => {
    const state = tempDir();
    const tmp = join(state, 'tmp');
    mkdirSync(tmp);
    const dead = deadPid();
    const names = [`index-${dead}-0a1b2c3d`, `index-${dead}-0a1b2c3d.lock`, `index-user-${dead}-0a1b2c3d`, `index-user-${dead}-0a1b2c3d.lock`, `index-branch-${dead}-0a1b2c3d`, `${dead}-0a1b2c3d.tmp`];
    const living = [`index-user-${process.pid}-0a1b2c3d`, `index-${process.pid}-0a1b2c3d`, 'index-user-notapid'];
    for (const n of [...names, ...living]) writeFileSync(join(tmp, n), 'x');
    expect(removeOrphans(state).sort()).toEqual(names.map((n) => `tmp/${n}`).sort());
    expect(readdirSync(tmp).sort()).toEqual(living.sort());
    expect(existsSync(join(tmp, `index-user-${process.pid}-0a1b2c3d`))).toBe(true);
  });
});
