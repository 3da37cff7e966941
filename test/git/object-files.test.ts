// The primer's one git question after a commit (the commits since the kept answers, logStepArgs)
// answered from git's object files (src/git/object-files.ts): byte for byte what git prints, on real
// repositories with loose and packed objects, delta chains, renames, deletes, an ambiguous short id;
// null (git is asked) wherever anything is unusual.
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { logStepArgs } from '../../src/git/log-cache.js';
import { READ_CAP, readLogStep, utcZoneIn } from '../../src/git/object-files.js';
import { fixture, makeRepo, type TestRepo } from '../helpers/repo.js';

const gitOut = (repo: TestRepo, args: string[], env: Record<string, string> = {}) => execFileSync('git', args, { cwd: repo.dir, env: { ...repo.env, ...env }, maxBuffer: 1 << 28 });
const rev = (repo: TestRepo, r: string) => repo.git('rev-parse', r).trim();

/** Reader and git for every step from HEAD~k to HEAD (k = 1..n): the reader's answer, which must be git's. */
function compare(repo: TestRepo, n: number): void {
  const head = rev(repo, 'HEAD');
  for (let k = 1; k <= n; k++) {
    const from = rev(repo, `HEAD~${k}`);
    const args = logStepArgs(from, head);
    const theirs = gitOut(repo, args).toString('latin1');
    // How this git prints a +0000 zone (git 2.45 changed it), as the entry point learns it from an earlier answer of git's.
    // More commits than the reader takes by default are git's (cheaper there); read here all the same.
    expect(readLogStep(join(repo.dir, '.git'), args, from, head, utcZoneIn(theirs), repo.env) === null).toBe(k > READ_CAP);
    const mine = readLogStep(join(repo.dir, '.git'), args, from, head, utcZoneIn(theirs), repo.env, 100);
    expect(mine, `HEAD~${k}..HEAD`).not.toBeNull();
    expect(mine!.toString('latin1'), `HEAD~${k}..HEAD`).toBe(theirs);
  }
}

const at = (date: string) => ({ GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date });
function commitWith(repo: TestRepo, message: string, env: Record<string, string> = {}, ...extra: string[]): void {
  repo.git('add', '-A');
  gitOut(repo, ['commit', '-q', '--allow-empty', '--allow-empty-message', '--cleanup=verbatim', '-m', message, ...extra], env);
}

/** A history of every kind of change a plain commit makes (built once, a copy per test). */
const varied = fixture(() => {
  // Its own first commit, dated like the rest: every object id of the history is the same in every run.
  const repo = makeRepo({ initialCommit: false, until: 'file' });
  const w = (p: string, t: string) => repo.write(p, t);
  w('README.md', '# test\n');
  commitWith(repo, 'Initial commit', at('2026-10-31T09:00:00+0000'));
  for (let i = 0; i < 12; i++) w(`src/mod${i}/index.ts`, `export const v${i} = ${i};\n`.repeat(20));
  w('docs/a.md', 'a\n');
  commitWith(repo, 'Base', at('2026-11-01T10:00:00+0000'));
  w('src/mod3/index.ts', 'changed\n');
  w('src/new/deep/er/file.ts', 'new\n');
  commitWith(repo, '  Two lines  \nof subject\t\n\nand a body\n', at('2026-11-02T23:30:00-0130'));
  repo.git('mv', 'docs/a.md', 'docs/b.md');
  rmSync(join(repo.dir, 'src/mod5'), { recursive: true });
  commitWith(repo, 'Rename and delete', at('2026-11-03T01:15:00+0545'));
  chmodSync(join(repo.dir, 'src/mod1/index.ts'), 0o755);
  symlinkSync('mod1/index.ts', join(repo.dir, 'src/link'));
  commitWith(repo, 'Mode and a link', { ...at('1990-01-01T00:00:00+1400'), GIT_AUTHOR_NAME: '  Ann  Lee \t' });
  commitWith(repo, 'Empty', at('2026-11-04T12:00:00+0000'));
  rmSync(join(repo.dir, 'README.md'));
  mkdirSync(join(repo.dir, 'README.md'));
  w('README.md/x', 'a file became a folder\n');
  w('README.md.txt', 'beside it\n');
  w('README.mdz', 'after it\n');
  commitWith(repo, '\n\n', at('2026-11-05T12:00:00-0800'));
  for (let i = 0; i < 6; i++) {
    w(`src/mod${i}/index.ts`, `export const v${i} = ${i * 100};\n`.repeat(20 + i));
    commitWith(repo, `Edit ${i}`, at(`2026-11-0${6 + (i % 3)}T0${i}:00:00+0200`));
  }
  return repo;
});

/** Where the search for a commit id sharing eight digits with another object starts (see the test). */
const AMBIGUOUS_FROM = 600_442;

const looseCount = (repo: TestRepo) => readdirSync(join(repo.dir, '.git/objects')).filter((d) => /^[0-9a-f]{2}$/.test(d)).length;

describe('readLogStep: the commits since, from git’s object files', () => {
  it('gives git’s bytes from loose objects: adds, edits, renames, deletes, modes, links, a file become a folder, empty commits, zones', async () => {
    const repo = await varied();
    expect(looseCount(repo)).toBeGreaterThan(0);
    compare(repo, 11);
  });

  it('gives git’s bytes from packs with delta chains (OFS_DELTA after gc, REF_DELTA without offsets), and packed beside loose', async () => {
    const repo = await varied();
    repo.git('gc', '-q', '--aggressive');
    expect(looseCount(repo)).toBe(0);
    compare(repo, 11);
    const verify = (idx: string) => repo.git('verify-pack', '-v', join('.git/objects/pack', idx));
    const idxOf = () => readdirSync(join(repo.dir, '.git/objects/pack')).find((f) => f.endsWith('.idx'))!;
    // Deltas there are: some objects name a base (a chain length column).
    expect(verify(idxOf())).toMatch(/chain length = [1-9]/);
    repo.git('-c', 'repack.useDeltaBaseOffset=false', 'repack', '-adf', '-q', '--depth=50', '--window=250');
    compare(repo, 11);
    repo.write('src/mod9/index.ts', 'after the pack\n');
    commitWith(repo, 'Loose on packed', at('2026-11-09T12:00:00+0000'));
    compare(repo, 12);
  });

  it('prints a short id as long as git does: eight digits from 16384 objects in packs, one more where another object shares eight', async () => {
    const repo = await varied();
    // 16384 objects in packs: git's length is 8 (half the bits of the count, rounded up).
    const blobs = Array.from({ length: 16400 }, (_, i) => `blob\ndata ${String(i).length}\n${i}\n`).join('');
    execFileSync('git', ['fast-import', '--quiet'], { cwd: repo.dir, env: repo.env, input: blobs });
    repo.write('after.txt', 'y\n');
    // A copy's link names the fixture's folder (copyTree makes links as cpSync does): retargeted to
    // a fixed path, it is still a changed link in this commit, and every id is the same in every run.
    rmSync(join(repo.dir, 'src/link'));
    symlinkSync('mod2/index.ts', join(repo.dir, 'src/link'));
    commitWith(repo, 'After many blobs', at('2026-11-10T12:00:00+0200'));
    expect(gitOut(repo, ['log', '-1', '--format=%h']).toString().trim()).toHaveLength(8);
    compare(repo, 4);
    // A commit whose id shares its first eight digits with another object's: found by trying messages.
    const ids = new Set(
      repo
        .git('cat-file', '--batch-all-objects', '--batch-check=%(objectname)')
        .split('\n')
        .filter(Boolean)
        .map((id) => id.slice(0, 8)),
    );
    const head = rev(repo, 'HEAD');
    repo.write('amb.txt', 'x\n');
    repo.git('add', 'amb.txt');
    const tree = repo.git('write-tree').trim();
    let body = '';
    // The history's ids are the same in every run (see varied), so the search starts at the nonce
    // that gave a match last time it was run: found at once. Any other history searches on from it.
    for (let nonce = AMBIGUOUS_FROM; ; nonce++) {
      body = `tree ${tree}\nparent ${head}\nauthor Jane Doe <jane@example.com> 1790000000 +0100\ncommitter Jane Doe <jane@example.com> 1790000000 +0100\n\nAmbiguous ${nonce}\n`;
      const id = createHash('sha1').update(`commit ${Buffer.byteLength(body)}\0${body}`).digest('hex');
      if (ids.has(id.slice(0, 8))) break;
    }
    const made = execFileSync('git', ['hash-object', '-t', 'commit', '-w', '--stdin'], { cwd: repo.dir, env: repo.env, input: body }).toString().trim();
    repo.git('update-ref', 'HEAD', made);
    // Nine digits, or more where the other object happens to share nine too.
    expect(gitOut(repo, ['log', '-1', '--format=%h']).toString().trim().length).toBeGreaterThan(8);
    compare(repo, 3);
    repo.git('gc', '-q');
    compare(repo, 3);
  });

  it('is null (git is asked) wherever git could answer otherwise or the files are unusual', async () => {
    const repo = await varied();
    const head = rev(repo, 'HEAD');
    const from = rev(repo, 'HEAD~2');
    const args = logStepArgs(from, head);
    const read = (env = repo.env) => readLogStep(join(repo.dir, '.git'), args, from, head, '+00:00', env);
    expect(read()).not.toBeNull();
    const gitDir = join(repo.dir, '.git');
    const whileThere = (file: string, text: string) => {
      mkdirSync(join(file, '..'), { recursive: true });
      writeFileSync(file, text);
      expect(read(), file).toBeNull();
      rmSync(file, { recursive: true });
      expect(read()).not.toBeNull();
    };
    whileThere(join(gitDir, 'objects/info/alternates'), '/elsewhere/objects\n');
    whileThere(join(gitDir, 'shallow'), `${from}\n`);
    whileThere(join(gitDir, 'info/grafts'), `${from}\n`);
    whileThere(join(gitDir, 'refs/replace', from), `${head}\n`);
    // Config that could change what git prints.
    for (const [key, value] of [['core.abbrev', '12'], ['diff.relative', 'true'], ['i18n.logOutputEncoding', 'latin1'], ['include.path', '/tmp/x'], ['extensions.worktreeConfig', 'true']]) {
      repo.git('config', key!, value!);
      expect(read(), key).toBeNull();
      repo.git('config', '--unset', key!);
    }
    expect(read()).not.toBeNull();
    expect(read({ ...repo.env, GIT_CONFIG_PARAMETERS: "'core.abbrev'='12'" })).toBeNull();
    // Not the step's question as logStepArgs asks it (the staleness step's ^<anchor>).
    expect(readLogStep(gitDir, logStepArgs(from, head, from), from, head, '+00:00', repo.env)).toBeNull();
    // A zone of +0000 where the caller does not know how this git prints it.
    repo.write('z.txt', 'z\n');
    commitWith(repo, 'At UTC', at('2026-11-11T12:00:00+0000'));
    const h2 = rev(repo, 'HEAD');
    expect(readLogStep(gitDir, logStepArgs(head, h2), head, h2, null, repo.env)).toBeNull();
    const theirs = gitOut(repo, logStepArgs(head, h2)).toString('latin1');
    expect(readLogStep(gitDir, logStepArgs(head, h2), head, h2, utcZoneIn(theirs), repo.env)?.toString('latin1')).toBe(theirs);
  });

  it('is null for a merge, a path git quotes, a commit in another encoding, a missing object, and a SHA-256 repository', async () => {
    const repo = await varied();
    const base = rev(repo, 'HEAD');
    const step = (from: string) => {
      const head = rev(repo, 'HEAD');
      return readLogStep(join(repo.dir, '.git'), logStepArgs(from, head), from, head, '+00:00', repo.env);
    };
    repo.git('checkout', '-q', '-b', 'side');
    repo.commit('Side', { 'side.txt': 'side\n' });
    repo.git('checkout', '-q', 'main');
    repo.commit('Main', { 'main.txt': 'main\n' });
    repo.git('merge', '-q', '--no-edit', 'side');
    expect(step(base)).toBeNull();
    const merged = rev(repo, 'HEAD');
    repo.commit('Café', { 'café.txt': 'c\n' });
    expect(step(merged)).toBeNull();
    const quoted = rev(repo, 'HEAD');
    repo.write('l.txt', 'l\n');
    commitWith(repo, 'Latin');
    compare(repo, 1);
    const plain = rev(repo, 'HEAD');
    repo.git('config', 'i18n.commitEncoding', 'ISO-8859-1');
    repo.write('m.txt', 'm\n');
    commitWith(repo, 'Encoded');
    repo.git('config', '--unset', 'i18n.commitEncoding');
    expect(repo.git('cat-file', 'commit', 'HEAD')).toMatch(/^encoding /m);
    expect(step(plain)).toBeNull();
    void quoted;
    // A tree missing from the objects: git would fail; the reader does not guess.
    const enc = rev(repo, 'HEAD');
    repo.commit('More', { 'src/more/x.ts': 'x\n' });
    const tree = rev(repo, 'HEAD:src/more');
    rmSync(join(repo.dir, '.git/objects', tree.slice(0, 2), tree.slice(2)));
    expect(step(enc)).toBeNull();
    const sha256 = makeRepo({ objectFormat: 'sha256' });
    const from = rev(sha256, 'HEAD');
    sha256.commit('Next');
    const head = rev(sha256, 'HEAD');
    expect(readLogStep(join(sha256.dir, '.git'), logStepArgs(from, head), from, head, '+00:00', sha256.env)).toBeNull();
  });
});

describe('utcZoneIn', () => {
  it('tells how git printed a +0000 zone in an earlier log, or null', () => {
    expect(utcZoneIn('\x1eabc1234\x1f2026-11-01T10:00:00Z\x1fJane\x1fs\n')).toBe('Z');
    expect(utcZoneIn('\x1eabc1234\x1f2026-11-01T10:00:00+00:00\x1fJane\x1fs\n')).toBe('+00:00');
    expect(utcZoneIn('\x1eabc1234\x1f2026-11-01T10:00:00+01:00\x1fJane\x1fs\n')).toBeNull();
  });
});
