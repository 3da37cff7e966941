import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createExclusive, writeAtomic } from '../../src/fs/atomic.js';
import { faults } from '../helpers/disk-faults.js';
import { tempDir } from '../helpers/repo.js';

vi.mock('node:fs', async (importOriginal) => (await import('../helpers/disk-faults.js')).faultyFs(await importOriginal()));

afterEach(() => {
  faults.full = null;
  faults.otherDevice = null;
});

/** A state dir and a work tree "on another file system": the write goes the EXDEV way. */
function setup() {
  const stateDir = tempDir();
  const tree = tempDir();
  faults.otherDevice = (p) => p.startsWith(tree);
  return { stateDir, tree };
}

describe('atomic writes across file systems on a full disk', () => {
  it('createExclusive leaves no partial file where the session goes', () => {
    const { stateDir, tree } = setup();
    const target = join(tree, 'session.md');
    faults.full = (p) => p === target;
    expect(() => createExclusive(stateDir, target, 'the whole session\n')).toThrow(/ENOSPC/);
    expect(existsSync(target)).toBe(false);
    faults.full = null;
    createExclusive(stateDir, target, 'the whole session\n');
    expect(readFileSync(target, 'utf8')).toBe('the whole session\n');
  });

  it('writeAtomic keeps the old file and leaves no staging copy beside it', () => {
    const { stateDir, tree } = setup();
    const target = join(tree, 'TASKS.md');
    writeFileSync(target, 'old\n');
    faults.full = (p) => p.startsWith(`${target}.gm-tmp-`);
    expect(() => writeAtomic(stateDir, target, 'new\n')).toThrow(/ENOSPC/);
    expect(readdirSync(tree)).toEqual(['TASKS.md']);
    expect(readFileSync(target, 'utf8')).toBe('old\n');
    expect(readdirSync(join(stateDir, 'tmp'))).toEqual([]);
  });
});
