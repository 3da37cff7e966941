// The files a project keeps up rather than works in, by the paths real histories have
// (expressjs/express, axios, changesets, fastify, psf/requests, jackfrued/Python-100-Days).
import { describe, expect, it } from 'vitest';
import { isUpkeepPath } from '../../src/git/upkeep-files.js';

describe('isUpkeepPath', () => {
  it('takes lock files, changelogs, CI, release bookkeeping, build output and vendored or minified code', () => {
    for (const p of [
      'History.md',
      'HISTORY.md',
      'CHANGELOG.md',
      'packages/cli/CHANGELOG.md',
      'CHANGES.rst',
      '更新日志.md',
      'package-lock.json',
      'pnpm-lock.yaml',
      'yarn.lock',
      'packages/app/Cargo.lock',
      'go.sum',
      'uv.lock',
      '.github/workflows/ci.yml',
      '.github/dependabot.yml',
      '.gitlab-ci.yml',
      '.pre-commit-config.yaml',
      '.changeset/pre.json',
      '.changeset/expand-fixed-linked-globs.md',
      'dist/node/axios.cjs',
      'dist/esm/axios.min.js.map',
      'packages/x/dist/index.js',
      'vendor/github.com/pkg/errors/errors.go',
      'static/jquery.min.js',
    ])
      expect(isUpkeepPath(p), p).toBe(true);
  });

  it('leaves the code, docs and tests people work in', () => {
    for (const p of [
      'lib/response.js',
      'src/requests/models.py',
      'fastify.d.ts',
      'build/build-validation.js',
      'test/types/fastify.tst.ts',
      'site/.vitepress/config.ts',
      'site/guide/migration.md',
      'docs/Reference/Server.md',
      'Readme.md',
      'package.json',
      'pyproject.toml',
      '.github/CONTRIBUTING.md',
      'src/history.ts',
      'lib/changelog-parser.js',
      'Day81-90/82.k最近邻算法.md',
      'distance/calc.py',
    ])
      expect(isUpkeepPath(p), p).toBe(false);
  });
});
