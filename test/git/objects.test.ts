import { afterEach, describe, expect, it, vi } from 'vitest';
import { readBlobs } from '../../src/git/objects.js';
import { loggingGit } from '../helpers/git-calls.js';
import { makeRepo } from '../helpers/repo.js';

afterEach(() => vi.unstubAllEnvs());

describe('readBlobs', () => {
  it('reads many blobs with one git process, the same texts as git has; one git cannot read throws', async () => {
    const repo = makeRepo();
    const files = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`notes/n${i}.md`, `note ${i}\nline two é\n`]));
    repo.commit('Notes', files);
    const tree = repo.git('ls-tree', '-r', 'HEAD', '--', 'notes').trim().split('\n').map((l) => /^\d+ blob (\S+)\t(.*)$/.exec(l)!);
    const log = loggingGit();
    vi.stubEnv('PATH', `${log.path}:${process.env.PATH}`);
    const texts = await readBlobs(repo.dir, tree.map((m) => m[1]!));
    expect(log.calls().map((c) => c[0])).toEqual(['cat-file']);
    expect(Object.fromEntries(tree.map((m) => [m[2]!, texts.get(m[1]!)]))).toEqual(files);
    await expect(readBlobs(repo.dir, ['0123456789012345678901234567890123456789'])).rejects.toThrow();
  });
});
