// `view --out` naming a place no file can be written: said as bad usage in words (exit 2, valid
// --json), where it was an "internal error" with node's errno text.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeMemoryRepo } from '../helpers/repo.js';

describe('view --out', () => {
  it('into a folder that does not exist, onto a folder, or through a file: exit 2, in words, nothing written', async () => {
    const repo = await makeMemoryRepo();
    mkdirSync(join(repo.dir, 'reports'));
    for (const [out, why] of [
      ['missing/view.html', 'its folder does not exist'],
      ['reports', 'it is a folder, not a file'],
      ['README.md/view.html', 'a part of its path is not a folder'],
      [`${'x'.repeat(260)}.html`, 'its name is too long'],
    ]) {
      const r = await repo.run(['view', '--out', out!, '--json']);
      expect(r.code, out).toBe(2);
      expect(r.stderr).not.toContain('internal error');
      expect(JSON.parse(r.stdout).error.message).toBe(`cannot write --out ${out}: ${why}; nothing was written`);
    }
    expect(repo.git('status', '--porcelain', '--untracked-files=all')).toBe('');
  });

  it('where it may not write: in words, not "needs the memory folder writable" (the memory is not written)', async () => {
    const repo = await makeMemoryRepo();
    // A folder no one may write, root included (chmod does not stop root): /sys, where the kernel says EACCES or EROFS.
    const out = '/sys/git-memory-view.html';
    let code = '';
    try {
      writeFileSync(out, '');
    } catch (e) {
      code = (e as NodeJS.ErrnoException).code ?? '';
    }
    if (!['EACCES', 'EPERM', 'EROFS'].includes(code)) return; // a machine where /sys takes files: nothing to check
    const r = await repo.run(['view', '--out', out, '--json']);
    expect(r.code).toBe(2);
    const { message, hint } = JSON.parse(r.stdout).error;
    expect(message).toMatch(/^cannot write --out \/sys\/git-memory-view\.html: (permission denied|the file system is read-only); nothing was written$/);
    expect(hint).toContain('you may write');
    expect(message + hint).not.toContain('memory folder');
  });

  it('into a folder that exists: written', async () => {
    const repo = await makeMemoryRepo();
    mkdirSync(join(repo.dir, 'reports'));
    const r = await repo.run(['view', '--out', 'reports/memory.html', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(repo.read('reports/memory.html')).toContain('<html');
  });

  it('onto a file it did not write (a memory file, a source file) or a FIFO: exit 2, the file as it was', async () => {
    const repo = await makeMemoryRepo();
    repo.commit('a fact and a file of the user', { '.openclaw_memory/MEMORY.md': '# Long-term memory\n\n## Facts\n\n- We deploy with Fly\n', 'notes.txt': 'my own notes\n' });
    repo.write('draft.md', 'not committed yet\n');
    execFileSync('mkfifo', [join(repo.dir, 'pipe')]);
    const before = repo.git('status', '--porcelain', '--untracked-files=all');
    const memory = repo.read('.openclaw_memory/MEMORY.md');
    for (const [out, why] of [
      ['.openclaw_memory/MEMORY.md', 'a file is there that git memory view did not write'],
      ['notes.txt', 'a file is there that git memory view did not write'],
      ['draft.md', 'a file is there that git memory view did not write'],
      ['pipe', 'it is not a regular file'],
    ]) {
      const r = await repo.run(['view', '--out', out!, '--json']);
      expect(r.code, `${out}: ${r.stdout}`).toBe(2);
      expect(JSON.parse(r.stdout).error.message).toBe(`cannot write --out ${out}: ${why}; nothing was written`);
    }
    expect(repo.read('.openclaw_memory/MEMORY.md')).toBe(memory);
    expect(readFileSync(join(repo.dir, 'draft.md'), 'utf8')).toBe('not committed yet\n');
    expect(repo.git('status', '--porcelain', '--untracked-files=all')).toBe(before);
  });

  it('onto an earlier page of its own, or an empty file: written again', async () => {
    const repo = await makeMemoryRepo();
    expect((await repo.run(['view', '--out', 'memory.html'])).code).toBe(0);
    const again = await repo.run(['view', '--out', 'memory.html', '--json']);
    expect(again.code, again.stderr).toBe(0);
    repo.write('empty.html', '');
    expect((await repo.run(['view', '--out', 'empty.html'])).code).toBe(0);
    expect(repo.read('empty.html')).toContain('<title>git memory · ');
  });
});
