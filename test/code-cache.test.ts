import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { BIN, makeRepo, tempDir } from './helpers/repo.js';
import { payload } from './agents/fixtures.js';

// The built binary loads its hook, primer and search bundles through a V8 code cache
// (src/code-cache.ts). It must never change what a command does.
// The clock is fixed: the primer's first line names the minute, and two runs may straddle one.
const NOW = '2026-11-22T15:00:00Z';

/**
 * One start of `repo` on a throwaway cache, so that its state directory is there: the first start
 * in a worktree without one runs on a code cache of its own kind (the last test), the others here
 * are of a warm start's.
 */
function started(repo: { exec: (args: string[], o: { env: Record<string, string> }) => { code: number | null } }): void {
  expect(repo.exec(['primer', '--no-write'], { env: { XDG_CACHE_HOME: tempDir('gm-cache-') } }).code).toBe(0);
}

describe('code cache of the built binary', () => {
  it('is written once, used after, and replaced when broken; the output never changes', async () => {
    const repo = makeRepo({ now: NOW });
    expect((await repo.run(['init'])).code).toBe(0);
    started(repo);
    const cache = tempDir('gm-cache-');
    const primer = () => repo.exec(['primer', '--explain', '--no-write'], { env: { XDG_CACHE_HOME: cache } });
    // The primer bundle's caches; the entry point's own (bin-*, launch.ts) are tested below.
    const files = () => readdirSync(join(cache, 'git-memory', 'v8')).filter((f) => !f.startsWith('bin-'));

    const first = primer();
    expect(first.code).toBe(0);
    expect(files()).toEqual([expect.stringMatching(/^primer-[0-9a-f]{8}-[0-9a-f]{16}\.v8$/)]);
    const made = readFileSync(join(cache, 'git-memory', 'v8', files()[0]!));
    expect(made.length).toBeGreaterThan(10_000);

    expect(primer()).toEqual(first);
    expect(readFileSync(join(cache, 'git-memory', 'v8', files()[0]!)).equals(made)).toBe(true);

    writeFileSync(join(cache, 'git-memory', 'v8', files()[0]!), 'not a code cache');
    expect(primer()).toEqual(first);
    expect(readFileSync(join(cache, 'git-memory', 'v8', files()[0]!)).length).toBeGreaterThan(10_000);

    // A cache directory that cannot be made: no cache, same answer.
    const blocked = tempDir('gm-cache-');
    writeFileSync(join(blocked, 'git-memory'), 'a file where the directory would go');
    expect(repo.exec(['primer', '--explain', '--no-write'], { env: { XDG_CACHE_HOME: blocked } })).toEqual(first);
  });

  it('loads the entry point itself through a cache of its own route, and the full command line through it, with the same output', async () => {
    const repo = makeRepo({ now: NOW });
    expect((await repo.run(['init'])).code).toBe(0);
    const cache = tempDir('gm-cache-');
    const dir = join(cache, 'git-memory', 'v8');
    const run = (args: string[]) => repo.exec(args, { env: { XDG_CACHE_HOME: cache } });
    const entry = () => readdirSync(dir).filter((f) => f.startsWith('bin-')).sort();

    const primer = run(['primer', '--no-write']);
    expect(primer.code).toBe(0);
    expect(entry()).toEqual([expect.stringMatching(/^bin-primer-[0-9a-f]{8}-[0-9a-f]{16}\.v8$/)]);
    // A command of the full command line: an ESM bundle, imported by the launcher for the cached entry point.
    const tasks = run(['tasks', '--json']);
    expect(tasks.code).toBe(0);
    expect(JSON.parse(tasks.stdout).ok).toBe(true);
    expect(entry()).toEqual([expect.stringMatching(/^bin-[0-9a-f]{8}-/), expect.stringMatching(/^bin-primer-/)]);
    // Used after, the same output; a route the launcher does not name shares the one cache.
    const made = entry().map((f) => readFileSync(join(dir, f)));
    expect(run(['primer', '--no-write'])).toEqual(primer);
    expect(run(['tasks', '--json'])).toEqual(tasks);
    expect(run(['no-such-command']).code).not.toBe(0);
    expect(entry().map((f) => readFileSync(join(dir, f)))).toEqual(made);
    // A broken cache of the entry point: the same answer, and a cache made again.
    writeFileSync(join(dir, entry()[1]!), 'not a code cache');
    expect(run(['primer', '--no-write'])).toEqual(primer);
    expect(readFileSync(join(dir, entry()[1]!)).length).toBeGreaterThan(10_000);
  });

  it("removes another bundle path's caches once unused for 30 days, when it writes one; a recent one stays", async () => {
    const repo = makeRepo({ now: NOW });
    expect((await repo.run(['init'])).code).toBe(0);
    const cache = tempDir('gm-cache-');
    const dir = join(cache, 'git-memory', 'v8');
    mkdirSync(dir, { recursive: true });
    const stale = join(dir, 'primer-0badf00d-0123456789abcdef.v8');
    const recent = join(dir, 'primer-0badcafe-0123456789abcdef.v8');
    const other = join(dir, 'notes.txt');
    for (const f of [stale, recent, other]) writeFileSync(f, 'x');
    const old = (Date.now() - 31 * 86_400_000) / 1000;
    utimesSync(stale, old, old);
    utimesSync(other, old, old);
    started(repo);
    expect(repo.exec(['primer', '--no-write'], { env: { XDG_CACHE_HOME: cache } }).code).toBe(0);
    const names = readdirSync(dir);
    expect(names).not.toContain('primer-0badf00d-0123456789abcdef.v8');
    expect(names).toEqual(expect.arrayContaining(['primer-0badcafe-0123456789abcdef.v8', 'notes.txt']));
    expect(names.filter((n) => /^primer-[0-9a-f]{8}-[0-9a-f]{16}\.v8$/.test(n))).toHaveLength(2);
  });

  it('is one for primers with long-term memory and one for those without, each made by its own kind', async () => {
    const plain = makeRepo({ now: NOW });
    const learned = makeRepo({ now: NOW });
    for (const r of [plain, learned]) expect((await r.run(['init'])).code).toBe(0);
    learned.write('.openclaw_memory/MEMORY.md', '# Long-term memory\n\n## Gotchas\n\n- Run the auth tests with --runInBand <!-- files: README.md -->\n');
    learned.git('add', '-A');
    learned.git('commit', '-q', '-m', 'memory: long-term');
    started(plain);
    started(learned);
    const cache = tempDir('gm-cache-');
    const primer = (r: typeof plain) => r.exec(['primer', '--no-write'], { env: { XDG_CACHE_HOME: cache } });
    const files = () => readdirSync(join(cache, 'git-memory', 'v8')).filter((f) => !f.startsWith('bin-')).sort();

    const plainFirst = primer(plain);
    expect(files()).toEqual([expect.stringMatching(/^primer-[0-9a-f]{8}-[0-9a-f]{16}\.v8$/)]);
    const learnedFirst = primer(learned);
    expect(learnedFirst.stdout).toContain('Run the auth tests with --runInBand');
    expect(files()).toEqual([expect.stringMatching(/^primer-[0-9a-f]{8}-/), expect.stringMatching(/^primer-long-term-[0-9a-f]{8}-[0-9a-f]{16}\.v8$/)]);
    // Each used after by its own kind, with the same output; neither replaces the other.
    const made = files().map((f) => readFileSync(join(cache, 'git-memory', 'v8', f)));
    expect(primer(learned)).toEqual(learnedFirst);
    expect(primer(plain)).toEqual(plainFirst);
    expect(files().map((f) => readFileSync(join(cache, 'git-memory', 'v8', f)))).toEqual(made);
    // Genuinely slow on a loaded machine: node processes one after another, two of them compiling
    // the primer bundle for a new code cache (~0.4 s of processor time each here, 32 s at load 16).
  }, 180_000);

  it('never runs an edited bundle with the cache of the old one, even at the same length', async () => {
    const repo = makeRepo({ now: NOW });
    expect((await repo.run(['init'])).code).toBe(0);
    started(repo);
    const dist = join(tempDir('gm-dist-'), 'dist');
    cpSync(join(BIN, '..'), dist, { recursive: true });
    const cache = tempDir('gm-cache-');
    const run = () => {
      const r = spawnSync(process.execPath, [join(dist, 'git-memory.js'), 'primer', '--explain', '--no-write'], { cwd: repo.dir, env: { ...repo.env, XDG_CACHE_HOME: cache }, encoding: 'utf8' });
      return r.stdout + r.stderr; // the explanation goes to stderr
    };
    const before = run();
    expect(before).toContain('nothing was left out for the budget');
    expect(run()).toBe(before); // now from the cache

    // V8 checks a cache against the source's length only: same length, different text.
    const file = join(dist, 'primer.js');
    const source = readFileSync(file, 'utf8');
    expect(source).toContain('nothing was left out for the budget');
    writeFileSync(file, source.replace('nothing was left out for the budget', 'NOTHING WAS LEFT OUT for the budget'));
    const after = run();
    expect(after).toContain('NOTHING WAS LEFT OUT for the budget');
    expect(readdirSync(join(cache, 'git-memory', 'v8')).filter((f) => f.startsWith('primer-'))).toHaveLength(1); // the old cache was replaced
  });

  it('is one for the first start in a worktree without a state directory (a clone), made by such a start, and one for the starts after', async () => {
    const a = makeRepo({ now: NOW });
    const b = makeRepo({ now: NOW });
    for (const r of [a, b]) expect((await r.run(['init'])).code).toBe(0);
    const cache = tempDir('gm-cache-');
    const primer = (r: typeof a) => r.exec(['primer', '--no-write'], { env: { XDG_CACHE_HOME: cache } });
    const files = () => readdirSync(join(cache, 'git-memory', 'v8')).filter((f) => !f.startsWith('bin-')).sort();
    const stateOf = (r: typeof a) => join(r.dir, '.git', 'git-memory');

    expect(readdirSync(join(a.dir, '.git'))).not.toContain('git-memory');
    const firstA = primer(a);
    expect(firstA.code).toBe(0);
    expect(files()).toEqual([expect.stringMatching(/^primer-first-[0-9a-f]{8}-[0-9a-f]{16}\.v8$/)]);
    expect(readdirSync(stateOf(a)).length).toBeGreaterThan(0);
    // The next start there has its state directory: the warm kind's cache, made by it.
    const againA = primer(a);
    expect(againA.stdout).toBe(firstA.stdout);
    expect(files()).toEqual([expect.stringMatching(/^primer-[0-9a-f]{8}-/), expect.stringMatching(/^primer-first-[0-9a-f]{8}-/)]);
    // Another worktree's first start takes the first kind's cache as it is, with the same answer as a start on none.
    const made = files().map((f) => readFileSync(join(cache, 'git-memory', 'v8', f)));
    const firstB = primer(b);
    expect(firstB.stdout).toBe(b.exec(['primer', '--no-write'], { env: { XDG_CACHE_HOME: tempDir('gm-cache-') } }).stdout);
    expect(files().map((f) => readFileSync(join(cache, 'git-memory', 'v8', f)))).toEqual(made);
    // Node processes one after another, two compiling the primer bundle for a new code cache.
  }, 180_000);

  it("the agents' SessionStart likewise: one cache for a first start in a worktree without a state directory, one for the starts after, the same context on either", async () => {
    const a = makeRepo({ now: NOW });
    const b = makeRepo({ now: NOW });
    for (const r of [a, b]) expect((await r.run(['init', '--no-hooks'])).code).toBe(0);
    const cache = tempDir('gm-cache-');
    const start = (r: typeof a, session: string, xdg = cache) => {
      const out = r.exec(['hook', 'agent', 'session-start', '--agent', 'claude'], { env: { XDG_CACHE_HOME: xdg }, stdin: payload('claude/session-start.json', { cwd: r.dir, session_id: session }) });
      expect(out.code, out.stderr).toBe(0);
      return (JSON.parse(out.stdout) as { hookSpecificOutput: { additionalContext: string } }).hookSpecificOutput.additionalContext;
    };
    const files = () => readdirSync(join(cache, 'git-memory', 'v8')).filter((f) => f.startsWith('session-start-')).sort();
    const state = (r: typeof a) => join(r.dir, '.git', 'git-memory');

    expect(existsSync(state(a))).toBe(false);
    expect(start(a, 's-1')).toContain('# Project memory');
    expect(files()).toEqual([expect.stringMatching(/^session-start-first-[0-9a-f]{8}-[0-9a-f]{16}\.v8$/)]);
    // The next session there finds the state directory: the warm kind's cache, made by that start.
    start(a, 's-2');
    expect(files()).toEqual([expect.stringMatching(/^session-start-[0-9a-f]{8}-/), expect.stringMatching(/^session-start-first-[0-9a-f]{8}-/)]);
    // Another worktree's first start takes the first kind's cache as it is, and says what a first start on no cache says.
    const made = files().map((f) => readFileSync(join(cache, 'git-memory', 'v8', f)));
    const onCache = start(b, 's-3');
    expect(files().map((f) => readFileSync(join(cache, 'git-memory', 'v8', f)))).toEqual(made);
    rmSync(state(b), { recursive: true, force: true });
    expect(start(b, 's-3', tempDir('gm-cache-'))).toBe(onCache);
  }, 180_000);
});
