// The files a project keeps up rather than works in, by the paths real histories have
// (expressjs/express, axios, changesets, fastify, psf/requests, jackfrued/Python-100-Days).
import { describe, expect, it } from 'vitest';
import { isReleaseCommit } from '../../src/git/log.js';
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

describe('isReleaseCommit', () => {
  const entry = (subject: string) => ({ sha: 'abc1234', date: '2026-11-01T00:00:00Z', subject, files: ['package.json'] });
  it('takes a subject that is only a version, as the repositories write it', () => {
    for (const s of ['4.19.2', 'v2.34.2', 'v2.34.0.dev1', 'v5.0.0-beta.3', 'Bumped v6.0.0-alpha.2', 'chore: release v1.2.0', 'chore(release): v1.7.9 (#6705)', 'Version Packages (#2242)', 'Bump version to 1.2.3', 'Release 5.1.0'])
      expect(isReleaseCommit(entry(s)), s).toBe(true);
  });
  it('leaves a subject that says more', () => {
    for (const s of ['Release 5.1.0: streaming API', 'deps: bump qs minimum to 6.15.2 (#7305)', 'Bump qs to 6.15.2', 'Upgrade `content-type` (#7234)', 'docs: fix the release date format for 4.22.2', 'Update path-to-regexp to 0.1.13'])
      expect(isReleaseCommit(entry(s)), s).toBe(false);
  });
});
