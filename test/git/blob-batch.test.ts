import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { forEachBlob } from '../../src/git/blob-batch.js';
import { loggingGit } from '../helpers/git-calls.js';
import { makeRepo, tempDir } from '../helpers/repo.js';

afterEach(() => vi.unstubAllEnvs());

describe('forEachBlob', () => {
  // The first dream at 10,000 sessions folds 8,346 session files: one `git cat-file --batch` per
  // 64 blobs was 131 git processes, ~3.5 s of CPU and 14 s of wall time on a loaded machine.
  it('reads any number of blobs with one git process, a batch at a time, in order; a missing one, a tree and bytes that are not UTF-8 as git gives them', async () => {
    const repo = makeRepo();
    const files = Object.fromEntries(Array.from({ length: 150 }, (_, i) => [`notes/n${String(i).padStart(3, '0')}.md`, `note ${i}\nline two é\n${'x'.repeat(i * 7)}\n`]));
    repo.commit('Notes', files);
    writeFileSync(join(repo.dir, 'latin1.md'), Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x0a])); // "café" in Latin-1
    repo.git('add', 'latin1.md');
    repo.git('commit', '-q', '-m', 'latin1');
    const tree = repo.git('ls-tree', '-r', 'HEAD').trim().split('\n').map((l) => /^\d+ blob (\S+)\t(.*)$/.exec(l)!);
    const latin1 = tree.find((m) => m[2] === 'latin1.md')![1]!;
    const notesTree = repo.git('rev-parse', 'HEAD:notes').trim();
    const missing = '0123456789012345678901234567890123456789';
    const asked = [...tree.map((m) => m[1]!), missing, notesTree, tree[0]![1]!]; // a name twice, as two files with the same text are
    const log = loggingGit();
    vi.stubEnv('PATH', `${log.path}:${process.env.PATH}`);
    const seen: [string, string | null][] = [];
    await forEachBlob(repo.dir, asked, async (blob, text) => void seen.push([blob, text]));
    expect(log.calls().filter((c) => c[0] === 'cat-file')).toHaveLength(1);
    expect(seen.map(([b]) => b)).toEqual(asked);
    const byBlob = new Map(seen);
    for (const [, blob, path] of tree) {
      if (path! in files) expect(byBlob.get(blob!)).toBe(files[path!]);
    }
    // Not UTF-8: decoded as git()'s output is (U+FFFD for the byte), as the one-by-one read gave.
    expect(byBlob.get(latin1)).toBe(execFileSync('git', ['cat-file', 'blob', latin1], { cwd: repo.dir, encoding: 'utf8' }));
    expect(byBlob.get(latin1)).toContain('\uFFFD');
    expect(byBlob.get(missing)).toBeNull();
    expect(byBlob.get(notesTree)).toBeNull();
  });

  it('stops reading when the visitor throws, and fails outside a repository', async () => {
    const repo = makeRepo();
    repo.commit('Notes', Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`n${i}.md`, `note ${i}\n`])));
    const blobs = repo.git('ls-tree', '-r', 'HEAD').trim().split('\n').map((l) => l.split(/\s+/)[2]!);
    let visited = 0;
    await expect(
      forEachBlob(repo.dir, blobs, async () => {
        if (++visited === 70) throw new Error('enough');
      }),
    ).rejects.toThrow('enough');
    expect(visited).toBe(70);
    await expect(forEachBlob(tempDir('gm-no-repo-'), blobs.slice(0, 1), async () => undefined)).rejects.toThrow();
  });
});
