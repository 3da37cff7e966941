// The files a project keeps up rather than works in, by the paths real histories have
// (expressjs/express, axios, changesets, fastify, psf/requests, jackfrued/Python-100-Days).
import { describe, expect, it } from 'vitest';
import { isBotCommit, isReleaseCommit } from '../../src/git/log.js';
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
      'src/__snapshots__/app.test.ts.snap',
      'test/render.test.js.snap',
      'public/logo.PNG',
      'assets/fonts/Inter.woff2',
      'docs/diagram.pdf',
      'lib/native/addon.so',
      'tools/gradle-wrapper.jar',
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
      'src/snapshot.ts',
      'src/png.ts',
      '.env',
      'Makefile',
      'src/db/schema.sql',
    ])
      expect(isUpkeepPath(p), p).toBe(false);
  });
});

describe('isReleaseCommit', () => {
  const entry = (subject: string) => ({ sha: 'abc1234', date: '2026-11-01T00:00:00Z', subject, files: ['package.json'] });
  it('takes a subject that is only a version, as the repositories write it', () => {
    // The last five: expressjs/express, vitejs/vite (a package of the monorepo) and redis/redis's release branches.
    for (const s of ['4.19.2', 'v2.34.2', 'v2.34.0.dev1', 'v5.0.0-beta.3', 'Bumped v6.0.0-alpha.2', 'chore: release v1.2.0', 'chore(release): v1.7.9 (#6705)', 'Version Packages (#2242)', 'Bump version to 1.2.3', 'Release 5.1.0', 'Release: 5.2.0 (#6920)', 'release: v8.2.2', 'release: create-vite@9.1.2', 'Redis 7.2.5', 'Release Redis 7.2.6'])
      expect(isReleaseCommit(entry(s)), s).toBe(true);
  });
  it('leaves a subject that says more', () => {
    for (const s of ['Release 5.1.0: streaming API', 'deps: bump qs minimum to 6.15.2 (#7305)', 'Bump qs to 6.15.2', 'Upgrade `content-type` (#7234)', 'docs: fix the release date format for 4.22.2', 'Update path-to-regexp to 0.1.13', 'Fix crash in Redis 7.2.5', 'Support Node 20.1.0 and 22.0.0', 'Bump lodash to 4.17.21'])
      expect(isReleaseCommit(entry(s)), s).toBe(false);
  });
});

// The tests above are plain string tests since stop 48 (a pattern compiled at every primer's start
// cost ~1.5 ms): each is checked here against the pattern it stands for, on names made from every
// name it lists, in other cases, with other extensions, in folders, and near misses.
describe('the string tests say what the patterns said', () => {
  const LOCK = /^(?:package-lock\.json|npm-shrinkwrap\.json|yarn\.lock|pnpm-lock\.yaml|bun\.lockb?|deno\.lock|Cargo\.lock|Gemfile\.lock|composer\.lock|poetry\.lock|Pipfile\.lock|uv\.lock|pdm\.lock|go\.sum|mix\.lock|pubspec\.lock|Podfile\.lock|packages\.lock\.json|flake\.lock|gradle\.lockfile|conan\.lock)$/;
  const CHANGELOG = /^(?:\d+[-_])?(?:change ?log|changes|history|news|releases?|release[-_ ]?notes|更新日志|变更日志|更新记录)(?:\.(?:md|markdown|rst|txt|adoc))?$/i;
  const CI_FILE = /^(?:\.gitlab-ci\.yml|\.travis\.yml|appveyor\.yml|azure-pipelines\.yml|\.pre-commit-config\.yaml|renovate\.json5?|\.renovaterc(?:\.json)?|codecov\.yml|\.codecov\.yml)$/;
  const UPKEEP_DIR = /(?:^|\/)(?:dist|vendor|node_modules|bower_components)\//;
  const TOP_DIR = /^(?:\.github\/(?:workflows|actions)\/|\.github\/dependabot\.ya?ml$|\.circleci\/|\.changeset\/)/;
  const GENERATED = /\.(?:min\.(?:js|mjs|cjs|css)|map)$/;
  const upkeep = (path: string) => {
    const base = path.slice(path.lastIndexOf('/') + 1);
    return LOCK.test(base) || CHANGELOG.test(base) || CI_FILE.test(path) || TOP_DIR.test(path) || UPKEEP_DIR.test(path) || GENERATED.test(base);
  };
  const BOT = /\[bot\]|^(?:dependabot|renovate|github-actions|greenkeeper|snyk-bot|pre-commit-ci|mergify|imgbot|allcontributors|depfu|pyup-bot|web-flow)\b/i;
  const RELEASE = /^(?:chore(?:\(release\))?:\s*)?(?:(?:release|bump(?:ed)?(?: version)?(?: to)?):?\s+)?(?:[a-z][\w.-]*\s+|(?:@[\w.-]+\/)?[\w.-]+@)?v?\d+\.\d+\.\d+(?!\d)\S*(?:\s+\(#\d+\))?$|^version packages(?:\s+\(#\d+\))?$/i;

  const cases = (s: string) => [s, s.toUpperCase(), s[0]!.toUpperCase() + s.slice(1), s.replace(/l/g, 'L'), s.replace(/k/g, '\u212A'), s.replace(/s/g, '\u017F'), s.replace(/i/g, '\u0130')];
  const names = [
    ...'package-lock.json npm-shrinkwrap.json yarn.lock pnpm-lock.yaml bun.lock bun.lockb bun.lockbb deno.lock Cargo.lock Gemfile.lock composer.lock poetry.lock Pipfile.lock uv.lock pdm.lock go.sum mix.lock pubspec.lock Podfile.lock packages.lock.json flake.lock gradle.lockfile conan.lock'.split(' '),
    ...'changelog change log changes history news release releases release-notes release_notes release notes 更新日志 变更日志 更新记录 changelogs change  log releasenotes 00-RELEASENOTES 1_changes 0-news 12-history x-changes 00- -changes 00changes'.split(' '),
    'change log',
    'release notes',
    '.gitlab-ci.yml .travis.yml appveyor.yml azure-pipelines.yml .pre-commit-config.yaml renovate.json renovate.json5 renovate.json55 .renovaterc .renovaterc.json codecov.yml .codecov.yml'.split(' '),
    'x.min.js x.min.mjs x.min.cjs x.min.css x.map .map x.min.jsx x.MAP min.js x.min.js.map x.mapx'.split(' '),
    'index.ts README.md package.json',
  ].flat().filter(Boolean);
  const exts = ['', '.md', '.markdown', '.rst', '.txt', '.adoc', '.MD', '.Txt', '.md.bak', '.html', '.', '.md.md'];
  const folders = ['', 'packages/cli/', 'dist/', 'x/dist/', 'distx/', 'xdist/', 'vendor/a/', 'a/node_modules/b/', 'bower_components/', '.github/workflows/', '.github/actions/x/', '.github/', '.circleci/', '.changeset/', 'a/.github/workflows/', 'node_modules', 'a/vendor'];

  it('isUpkeepPath', () => {
    const paths = new Set<string>(['.github/dependabot.yml', '.github/dependabot.yaml', '.github/dependabot.yml.bak', 'a/.github/dependabot.yml', '.github/dependabot.YML', 'dist', 'vendor/', '/dist/x']);
    for (const n of names) for (const c of cases(n)) for (const e of exts) for (const f of folders) paths.add(`${f}${c}${e}`);
    let upkept = 0;
    for (const p of paths) {
      expect(isUpkeepPath(p), p).toBe(upkeep(p));
      if (upkeep(p)) upkept++;
    }
    expect(upkept).toBeGreaterThan(1000);
    expect(paths.size - upkept).toBeGreaterThan(1000);
  });

  it('isBotCommit', () => {
    const authors = new Set<string>(['', 'Jane Doe', '[bot]', 'x [BOT] y', 'bot', 'dependabot', 'snyk bot', 'web flow']);
    for (const b of 'dependabot renovate github-actions greenkeeper snyk-bot pre-commit-ci mergify imgbot allcontributors depfu pyup-bot web-flow'.split(' '))
      for (const c of cases(b)) for (const tail of ['', '[bot]', ' bot', '-bot', 'x', '_x', '1', '\u00e9', '.', ' ', 'ſ']) for (const head of ['', ' ', 'x', '@']) authors.add(`${head}${c}${tail}`);
    let bots = 0;
    for (const a of authors) {
      const entry = { sha: 'abc1234', date: '2026-11-01T00:00:00Z', subject: 'x', files: [], author: a };
      expect(isBotCommit(entry), a).toBe(!!a && BOT.test(a));
      if (isBotCommit(entry)) bots++;
    }
    expect(bots).toBeGreaterThan(100);
  });

  it('isReleaseCommit', () => {
    const subjects = new Set<string>(['', ' ', 'Fix the thing', 'version packages', 'Version Packages', ' VERSION PACKAGES (#12) ', 'version packages (#x)', 'version  packages', 'versions packages', 'Version Packages\t(#2242)', 'vérsion packages']);
    const versions = ['1.2.3', 'v1.2.3', 'V10.20.30-beta.1', '1.2', '\u0661.\u0662.\u0663', '1.2.3x', '1.2.34567', '1..2.3', '1.2.3.4', 'vv1.2.3', '01.02.03-rc.1+build', '.1.2.3', '1.2.', 'x1.2.3'];
    const pres = ['', 'release ', 'Release  ', 'release\t', 'release\u00a0', 'releases ', 'release', 'bump ', 'bumped ', 'bumpversion ', 'bump version ', 'bump  version ', 'bump to ', 'bump version to ', 'Bumped version to ', 'bumped to ', 'bump ed ', 'chore: ', 'chore:', 'chore:  ', 'chore ', 'chore(release): ', 'chore(release) ', 'chore(release', 'CHORE(RELEASE):release ', 'chore: bump ', 'chore(release):bumped version to ', 'fix: ', 'release chore: ',
      'Release: ', 'release:', 'release:  ', 'bump: ', 'bumped version to: ', 'Redis ', 'Release Redis ', 'release: create-vite@', 'create-vite@', '@vitejs/plugin-vue@', '@/x@', '@x/@', 'x/y@', 'release: @scope/pkg@ ', 'Redis\t', 'Redis-7 ', 'Fix the ', '1x ', 'v1.2.3 ', '_x ', 'release: x: ', 'Redis:', 'Bump lodash ', 'chore: Redis ', 'chore(release): release: pkg@'];
    const posts = ['', ' (#6705)', '\u3000(#1)', ' (#x)', ' (#)', ' (#1) x', '(#12)', '  (#12)', ' (#12', ': notes', ' ', 'abc', '\u00a0', ' \n(#4)'];
    for (const v of versions) for (const pre of pres) for (const post of posts) subjects.add(`${pre}${v}${post}`);
    let releases = 0;
    for (const s of subjects) {
      const entry = { sha: 'abc1234', date: '2026-11-01T00:00:00Z', subject: s, files: [] };
      expect(isReleaseCommit(entry), s).toBe(RELEASE.test(s.trim()));
      if (isReleaseCommit(entry)) releases++;
    }
    expect(releases).toBeGreaterThan(200);
    expect(subjects.size - releases).toBeGreaterThan(2000);
  });
});
