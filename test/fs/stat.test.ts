import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { exists, isDir } from '../../src/fs/stat.js';
import { tempDir } from '../helpers/repo.js';

describe('isDir and exists', () => {
  it('tell a directory, a file, a dangling link and nothing apart, and never throw', () => {
    const d = tempDir();
    mkdirSync(join(d, 'dir'));
    writeFileSync(join(d, 'file'), 'x');
    symlinkSync(join(d, 'gone'), join(d, 'dangling'));
    symlinkSync(join(d, 'dir'), join(d, 'dir-link'));
    expect([isDir(join(d, 'dir')), isDir(join(d, 'dir-link')), isDir(join(d, 'file')), isDir(join(d, 'dangling')), isDir(join(d, 'none'))]).toEqual([true, true, false, false, false]);
    expect(isDir(undefined)).toBe(false);
    expect(isDir('')).toBe(false);
    expect([exists(join(d, 'dir')), exists(join(d, 'file')), exists(join(d, 'dangling')), exists(join(d, 'none'))]).toEqual([true, true, false, false]);
    // Under a file (ENOTDIR): nothing there, no throw.
    expect(exists(join(d, 'file', 'below'))).toBe(false);
    expect(isDir(join(d, 'file', 'below'))).toBe(false);
  });
});
