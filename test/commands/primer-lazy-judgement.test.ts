// A session's start that the kept reading of memory's files serves (a warm start, a start after a
// commit: the rows issue 28 holds to 1.5x a node process running one git command) never uses the
// supersede judgement (memory/long-term.ts and the slot reader beneath it): the kept reading holds
// its verdicts. Setting that module up (its word tables, patterns and the code-cache share it brings)
// was paid at every start all the same, since the start's steps imported it. This runs the built
// dist/primer.js with esbuild's module set-up (`__esm`) counting which modules are set up, in a real
// repository: none of the judgement's where the kept reading serves, and all of it where it does not.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { BIN, makeMemoryRepo, type TestRepo } from '../helpers/repo.js';
import { cleanEnv } from '../helpers/clean-env.mjs';

const BUNDLE = process.env.GIT_MEMORY_PRIMER_BUNDLE ?? join(dirname(BIN), 'primer.js');
/** esbuild's lazy module set-up as it prints it: each call of a module's init, before it runs once. */
const ESM_INIT = 'function(){if(err)throw err[0];try{return fn&&(';
const JUDGEMENT = ['src/memory/long-term.ts', 'src/memory/slots.ts'];

/** dist/primer.js with every module set-up it makes recorded, written where it can be required. */
function countingBundle(): string {
  const text = readFileSync(BUNDLE, 'utf8');
  // The helper exactly once: else esbuild prints it otherwise now, and this test must be told how.
  expect(text.split(ESM_INIT).length - 1).toBe(1);
  const dir = mkdtempSync(join(tmpdir(), 'gm-lazy-'));
  writeFileSync(join(dir, 'package.json'), '{"type":"commonjs"}\n');
  const counted = text.replace(ESM_INIT, `function(){if(fn)(globalThis.__gmSetUp??=[]).push(Object.keys(fn)[0]);${ESM_INIT.slice('function(){'.length)}`);
  writeFileSync(join(dir, 'primer.js'), counted);
  return dir;
}

/** The primer through the counted bundle's lean entry in `repo` at `now`: the modules it set up. */
function setUp(bundleDir: string, repo: TestRepo, now: string): string[] {
  const script = `require(${JSON.stringify(join(bundleDir, 'primer.js'))}).leanPrimer([]).then((c) => { process.stderr.write('\\n@@' + JSON.stringify(globalThis.__gmSetUp ?? []) + '\\n'); process.exitCode = c ?? 0; });`;
  const r = spawnSync(process.execPath, ['-e', script], { cwd: repo.dir, env: cleanEnv({ GIT_MEMORY_NOW: now }), encoding: 'utf8' });
  expect(r.status, r.stderr).toBe(0);
  expect(r.stdout).toContain('Invoices round half up');
  return JSON.parse(/\n@@(.*)\n/.exec(r.stderr)![1]!) as string[];
}

describe('the session start primer served by its kept reading', () => {
  it('sets up none of the supersede judgement; a start that reads the files anew sets it up', async () => {
    const repo = await makeMemoryRepo({ now: '2026-12-01T09:00:00Z' });
    const r = repo.exec(['end', '--summary', JSON.stringify({ request: 'Round invoices', learned: ['Invoices round half up'], next_steps: ['Test rounding of refunds'] })], { env: { GIT_MEMORY_NOW: '2026-12-01T10:00:00Z' } });
    expect(r.code, r.stderr).toBe(0);
    repo.write('.openclaw_memory/MEMORY.md', '# Long-term memory\n\n## Conventions\n\n- Amounts are stored in cents\n');
    repo.git('add', '.openclaw_memory/MEMORY.md');
    repo.git('-c', 'core.hooksPath=/dev/null', 'commit', '-q', '-m', 'memory: conventions');
    const dir = countingBundle();
    try {
      // The first start reads memory's files and keeps that reading: the judgement is set up.
      const first = setUp(dir, repo, '2026-12-01T10:10:00Z');
      expect(first).toEqual(expect.arrayContaining(JUDGEMENT));
      // Warm, and after a commit that leaves the primer's answer as kept but for its commits (the
      // bench's row: an empty commit): the kept reading and answer serve.
      expect(setUp(dir, repo, '2026-12-01T10:11:00Z').filter((m) => JUDGEMENT.includes(m))).toEqual([]);
      repo.git('-c', 'core.hooksPath=/dev/null', 'commit', '-q', '--allow-empty', '-m', 'Bump the build number');
      const afterCommit = setUp(dir, repo, '2026-12-01T10:12:00Z');
      expect(afterCommit.filter((m) => JUDGEMENT.includes(m))).toEqual([]);
      // The kept reading gone (a clone's first start): read anew, judged.
      rmSync(join(repo.dir, '.git', 'git-memory', 'primer-read.json'));
      expect(setUp(dir, repo, '2026-12-01T10:13:00Z')).toEqual(expect.arrayContaining(JUDGEMENT));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
