// The primer's existence checks put git's paths after the worktree's root without node's join when
// join would change nothing: the same path as join gives, for any path and root.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { rootPath } from '../../../src/commands/steps/worktree-source.js';

describe('rootPath', () => {
  it('is join(root, p), for roots and paths of every shape', () => {
    const roots = ['/home/jane/acme', '/home/jane/acme/', '/', '/a//b/./c/..', '/x/.hidden', 'relative/root', '.', ''];
    const parts = ['src', 'a.ts', '.github', '..', '.', '', '...', '.x', 'x.', 'a b', 'ü', '-', '\\', '.git'];
    const paths = new Set<string>(['', '/', '//', 'src/', '/abs/path', 'a//b', 'a/./b', 'a/../b', './a', '../a', 'a/..', 'a/.', '.github/workflows/ci.yml', 'src/.eslintrc.json', 'a/...b/c']);
    let s = 3;
    const next = () => (s = (Math.imul(s, 1103515245) + 12345) >>> 0) / 2 ** 32;
    for (let n = 0; n < 3000; n++) {
      const k = 1 + Math.floor(next() * 4);
      paths.add([...Array(k)].map(() => parts[Math.floor(next() * parts.length)]).join('/'));
    }
    const wrong: string[] = [];
    for (const root of roots) {
      const at = rootPath(root);
      for (const p of paths) if (at(p) !== join(root, p)) wrong.push(`${JSON.stringify(root)} + ${JSON.stringify(p)}: ${at(p)} (join: ${join(root, p)})`);
    }
    expect(wrong).toEqual([]);
  });
});
