import { describe, expect, it } from 'vitest';
import { GitMemoryError } from '../../src/errors.js';
import { parseConfig } from '../../src/memory/config.js';
import { allowlistMatcher, unboundedPattern } from '../../src/safety/allowlist.js';
import { scanText } from '../../src/safety/scan.js';
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeRepo, ROOT, tempDir } from '../helpers/repo.js';

// A value the project rules report (key = high-entropy value) that opens with a run of one letter:
// `/(a+)+$/` tries every split of the run (2^30) before it fails at the first other letter.
const TEXT = `api_key = "${'a'.repeat(30)}Zq8vN3kR7tY2wX5pL9mB4cF6hJ1sD0g"\n`;

function configError(allowlist: string[]): string {
  try {
    parseConfig(`[secrets]\nallowlist = ${JSON.stringify(allowlist)}\n`, '.openclaw_memory.toml', 'repo');
  } catch (e) {
    expect(e).toBeInstanceOf(GitMemoryError);
    return (e as Error).message;
  }
  throw new Error(`accepted ${JSON.stringify(allowlist)}`);
}

describe('[secrets] allowlist patterns run in bounded time', () => {
  it('the config refuses a repeat nested in a repeat, and back-references, naming the entry and line', () => {
    expect(configError(['/(a+)+$/'])).toMatch(/^\.openclaw_memory\.toml:2: secrets\.allowlist: entry "\/\(a\+\)\+\$\/" repeats a group that itself repeats \("\(a\+\)\+"\)/);
    expect(configError(['ok', '/^(?:[a-z]*x)*y$/i'])).toMatch(/entry "\/\^\(\?:\[a-z\]\*x\)\*y\$\/i" repeats a group that itself repeats/);
    expect(configError(['/(\\w+)\\s*\\1/'])).toMatch(/entry ".*" uses a back-reference \(\\1\)/);
    expect(configError(['/(?<q>["\'])x\\k<q>/'])).toMatch(/uses a back-reference \(\\k<q>\)/);
  });

  it('accepts the patterns allowlists are made of', () => {
    for (const p of ['/^AKIA[0-9A-Z]{16}$/', '/sk-test-.*/', '/^(?:foo|bar)-\\d+$/', '/(ab)?c+/', '/[(+*)]+/', '/\\u{1F600}+/u', '/(?:ab){3}x/', '/a{2,}/']) {
      expect(unboundedPattern(p.slice(1, p.lastIndexOf('/'))), p).toBeUndefined();
    }
  });

  it('scanText gives up on a slow pattern within its time budget and keeps the finding', async () => {
    // Not nested, so the config lets it through, yet exponential: the budget is what bounds it.
    const slow = '/^(?:a|a)*$/';
    expect(unboundedPattern('^(?:a|a)*$')).toBeUndefined();
    const started = Date.now();
    const matcher = allowlistMatcher([slow]);
    expect(matcher.allowed('a'.repeat(40) + '!')).toBe(false);
    expect(matcher.slow).toEqual([slow]);
    // At most 40 tries of 50 ms on the clock, however loaded the machine: a margin that cannot flake.
    expect(Date.now() - started).toBeLessThan(15_000);
  });

  it('scanText never runs a nested-repeat pattern (as from an old config cache), and still reports the secret', async () => {
    const started = Date.now();
    const findings = await scanText(TEXT, { allowlist: ['/(a+)+$/', '/^(a|a)*$/'] });
    expect(findings.length).toBeGreaterThan(0);
    expect(findings[0]!.message).toContain('(allowlist /^(a|a)*$/ ran out of time and was skipped: simplify it)');
    expect(Date.now() - started).toBeLessThan(15_000);
  });

  it('an allowlist pattern still allows what it matches', async () => {
    const value = 'Zq8vN3kR7tY2wX5pL9mB4cF6hJ1sD0gAa';
    const text = `api_key = "${value}"\n`;
    expect((await scanText(text)).length).toBeGreaterThan(0);
    expect(await scanText(text, { allowlist: ['/^Zq8v[A-Za-z0-9]+$/'] })).toEqual([]);
  });

  it('lint on a committed config with such a pattern reports it and returns promptly', async () => {
    const repo = makeRepo();
    expect((await repo.run(['init', '--no-hooks'])).code).toBe(0);
    repo.write('.openclaw_memory.toml', '[secrets]\nallowlist = ["/(a+)+$/"]\n');
    repo.write('.openclaw_memory/notes.md', TEXT);
    repo.git('add', '-A');
    repo.git('commit', '-q', '-m', 'memory with a slow allowlist');
    const started = Date.now();
    const r = await repo.run(['lint']);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(r.code).not.toBe(0);
    expect(r.stdout + r.stderr).toMatch(/repeats a group that itself repeats/);
  }, 20_000);
});

describe('the allowlist time budget does not vary with load', () => {
  it('a sane pattern is never counted slow while its process waits for the processor (stopped and continued)', async () => {
    // A machine under load leaves a process waiting; SIGSTOP/SIGCONT make that wait happen for
    // sure. The child matches a sane pattern in a loop and says how many runs were counted slow.
    const { buildSync } = await import('esbuild');
    const dir = tempDir();
    const bundle = join(dir, 'allowlist.cjs');
    buildSync({ entryPoints: [join(ROOT, 'src/safety/allowlist.ts')], bundle: true, platform: 'node', format: 'cjs', outfile: bundle, logLevel: 'silent' });
    const script = `
      const { allowlistMatcher } = require(${JSON.stringify(bundle)});
      const { existsSync } = require('node:fs');
      const value = 'Zq8v' + 'x'.repeat(16000);
      // Until the test has stopped and continued it for the last time (it then makes the file),
      // at most 20 s.
      const until = Date.now() + 20000;
      let runs = 0, slow = 0, look = 0;
      process.stdout.write('ready\\n');
      while (Date.now() < until) {
        const m = allowlistMatcher(['/^Zq8v[A-Za-z0-9]+$/']);
        if (!m.allowed(value)) slow++;
        runs++;
        if (Date.now() >= look) {
          if (existsSync(process.argv[1])) break;
          look = Date.now() + 10;
        }
      }
      process.stdout.write(JSON.stringify({ runs, slow }));`;
    const finished = join(dir, 'finished');
    const child = spawn(process.execPath, ['-e', script, finished], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    await new Promise<void>((done) => child.stdout.once('data', () => done()));
    const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
    for (let i = 0; i < 12; i++) {
      await sleep(40);
      child.kill('SIGSTOP');
      await sleep(120);
      child.kill('SIGCONT');
    }
    // Before: the child ran on for the rest of its fixed 3 s (about a second, burning the processor).
    writeFileSync(finished, '');
    await new Promise((done) => child.once('exit', done));
    const result = JSON.parse(out.slice(out.indexOf('{'))) as { runs: number; slow: number };
    expect(result.runs).toBeGreaterThan(0);
    expect(result.slow).toBe(0);
  }, 30_000);

  it('a pattern that really is slow is still given up on', () => {
    const matcher = allowlistMatcher(['/^(?:a|a)*$/']);
    expect(matcher.allowed('a'.repeat(40) + '!')).toBe(false);
    expect(matcher.slow).toEqual(['/^(?:a|a)*$/']);
  });
});
