// MEMORY.md is committed: a cloned repository writes each fact's provenance, `at` (the commit it was
// observed at) among it. The staleness check put `at` on git's command line as `<at>..HEAD`, so
// `at: --output=<path>` was an option of git log, which wrote its output (commit ids, days and the
// repository's file names, which the clone chooses too) to a file it named, at every session start.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { payload } from '../agents/fixtures.js';
import { makeMemoryRepo, tempDir } from '../helpers/repo.js';

describe("a committed MEMORY.md fact whose `at` is one of git's options", () => {
  it('session start, the primer and a dream write no file and still show the fact', async () => {
    const repo = await makeMemoryRepo({ now: '2026-12-06T17:00:00Z' });
    const out = tempDir('gm-at-');
    repo.write('src/a.ts', 'export const a = 1;\n');
    repo.git('add', 'src/a.ts');
    repo.git('commit', '-q', '-m', 'a');
    repo.write('.openclaw_memory/MEMORY.md', `# Memory\n\n## Gotchas\n- The a module exports one constant <!-- sessions: 20261122-1430-k3f9ab; files: src/a.ts; at: --output=${out}/pwned; date: 2026-11-22 -->\n`);
    repo.git('add', '-A');
    repo.git('commit', '-q', '-m', 'memory from a clone');
    const start = repo.exec(['hook', 'agent', 'session-start', '--agent', 'claude'], { stdin: payload('claude/session-start.json', { cwd: repo.dir }) });
    expect(start.code).toBe(0);
    const primer = await repo.run(['primer', '--no-write']);
    expect(primer.code, primer.stderr).toBe(0);
    expect(primer.stdout).toContain('The a module exports one constant');
    expect((await repo.run(['dream', '--json'])).code).toBe(0);
    expect(readdirSync(out)).toEqual([]);
    expect(existsSync(join(out, 'pwned..HEAD'))).toBe(false);
  });
});
