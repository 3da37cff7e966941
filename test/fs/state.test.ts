import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isRecord, readState, removeState, writeState } from '../../src/fs/state.js';
import { tempDir } from '../helpers/repo.js';

interface Kept {
  head: string;
  n: number;
}
const isKept = (v: unknown): v is Kept => isRecord(v) && typeof v.head === 'string' && typeof v.n === 'number';

describe('readState and writeState', () => {
  it('round-trip a value as one JSON line, leaving nothing beside it', () => {
    const dir = tempDir();
    const value = { head: 'a1b2c3', n: 3, note: 'kept as written: 日本語' };
    writeState(dir, 'kept.json', value);
    expect(readFileSync(join(dir, 'kept.json'), 'utf8')).toBe(`${JSON.stringify(value)}\n`);
    expect(readState(dir, 'kept.json', isKept)).toEqual(value);
    // The temporary file went through the state directory's tmp/ and is gone.
    expect(readdirSync(dir).sort()).toEqual(['kept.json', 'tmp']);
    expect(readdirSync(join(dir, 'tmp'))).toEqual([]);
    writeState(dir, 'kept.json', { head: 'd4e5f6', n: 4 });
    expect(readState(dir, 'kept.json', isKept)).toEqual({ head: 'd4e5f6', n: 4 });
  });

  it('read a missing, torn, non-JSON or wrongly shaped file as none', () => {
    const dir = tempDir();
    expect(readState(dir, 'none.json', isKept)).toBeNull();
    expect(readState(join(dir, 'no-such-dir'), 'none.json', isKept)).toBeNull();
    for (const text of ['{"head": "a1', '', 'garbage', 'null', '[1,2]', '{"head": 1, "n": 2}', '{"head": "a1"}']) {
      writeFileSync(join(dir, 'kept.json'), text);
      expect(readState(dir, 'kept.json', isKept), text).toBeNull();
    }
    // A directory where the file should be: none, not an error.
    mkdirSync(join(dir, 'a-dir.json'));
    expect(readState(dir, 'a-dir.json', isKept)).toBeNull();
  });

  it('removeState forgets a file, and a missing one is fine', () => {
    const dir = tempDir();
    writeState(dir, 'kept.json', { head: 'a1', n: 1 });
    removeState(dir, 'kept.json');
    expect(readState(dir, 'kept.json', isKept)).toBeNull();
    expect(() => removeState(dir, 'kept.json')).not.toThrow();
  });

  it('writeState creates the state directory, and throws where it cannot write', () => {
    const dir = join(tempDir(), 'git-memory');
    writeState(dir, 'kept.json', { head: 'a1', n: 1 });
    expect(readState(dir, 'kept.json', isKept)).toEqual({ head: 'a1', n: 1 });
    const file = join(tempDir(), 'a-file');
    writeFileSync(file, 'not a directory');
    expect(() => writeState(file, 'kept.json', { head: 'a1', n: 1 })).toThrow();
  });

  it('isRecord accepts only plain objects', () => {
    expect([{}, { a: 1 }].map(isRecord)).toEqual([true, true]);
    expect([null, [], 'x', 1, true, undefined].map(isRecord)).toEqual([false, false, false, false, false, false]);
  });
});
