// DESIGN §11, `end` against a node process that runs its git commit: `end` rebuilds the primer with
// one session more, and the build judged every pair of learned items again (supersedes, ~10 M
// instructions of ~390 M). The verdicts a build took or made are kept (primer-judged.json, under
// the program that judged: version.ts BUILD) and the next build takes them: only new pairs are
// judged. What the primer says is the same as a build from nothing.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeMemoryRepo, type TestRepo } from '../helpers/repo.js';

const OLD = 'We deploy with Heroku pipelines';
const NEW = 'We deploy with Fly.io now; the Heroku pipelines are gone';

interface Kept {
  build: string;
  pairs: [string, string, boolean][];
}

async function setUp(): Promise<TestRepo> {
  const r0 = await makeMemoryRepo({ now: '2026-11-30T19:00:00Z' });
  r0.write('.openclaw_memory/MEMORY.md', `# Long-term memory\n\n## Decisions\n\n- ${OLD} <!-- sessions: s1; date: 2026-10-03 -->\n- Deploys run from the main branch only <!-- sessions: s1; date: 2026-10-03 -->\n`);
  r0.git('add', '-A');
  r0.git('commit', '-q', '-m', 'memory: long-term');
  for (const [now, learned] of [
    ['2026-11-29T10:00:00Z', ['The upload limit is 10 MB per file']],
    ['2026-11-30T10:00:00Z', [NEW, 'The upload limit is 25 MB per file']],
  ] as const) {
    const r = await r0.run(['end', '--summary', JSON.stringify({ request: 'Work', learned })], { env: { GIT_MEMORY_NOW: now } });
    expect(r.code, r.stderr).toBe(0);
  }
  return r0;
}

const state = (repo: TestRepo, name: string) => join(repo.dir, '.git', 'git-memory', name);
async function primer(repo: TestRepo): Promise<string> {
  rmSync(state(repo, 'primer-built.json'), { force: true }); // built, not the kept answer
  const r = await repo.run(['primer', '--no-write']);
  expect(r.code, r.stderr).toBe(0);
  return r.stdout;
}

describe('the primer keeps its supersede verdicts across builds', () => {
  it('keeps the verdicts the last build took or made, takes them, and says what a build from nothing says', async () => {
    const repo = await setUp();
    const first = await primer(repo);
    expect(first).toContain(NEW);
    expect(first).not.toContain(OLD);
    const kept = JSON.parse(readFileSync(state(repo, 'primer-judged.json'), 'utf8')) as Kept;
    expect(kept.pairs).toContainEqual([NEW, OLD, true]);
    expect(kept.pairs).toContainEqual(['The upload limit is 25 MB per file', 'The upload limit is 10 MB per file', true]);
    expect(kept.pairs.filter((p) => p[2])).toHaveLength(2);

    // Built again with the kept verdicts: the same primer, and the file as it was (nothing new judged).
    const before = readFileSync(state(repo, 'primer-judged.json'), 'utf8');
    expect(await primer(repo)).toBe(first);
    expect(readFileSync(state(repo, 'primer-judged.json'), 'utf8')).toBe(before);

    // The kept verdict is what the build takes: flipped by hand, the older fact is shown again...
    const flipped = { ...kept, pairs: kept.pairs.map(([n, o, v]): [string, string, boolean] => [n, o, n === NEW && o === OLD ? false : v]) };
    writeFileSync(state(repo, 'primer-judged.json'), JSON.stringify(flipped));
    expect(await primer(repo)).toContain(OLD);
    // ...but never one kept by another program: judged again.
    writeFileSync(state(repo, 'primer-judged.json'), JSON.stringify({ ...flipped, build: 'another program' }));
    expect(await primer(repo)).toBe(first);
    // A torn file: judged again.
    writeFileSync(state(repo, 'primer-judged.json'), '{"build":');
    expect(await primer(repo)).toBe(first);
    rmSync(state(repo, 'primer-judged.json'));
    expect(await primer(repo)).toBe(first);
  });
});
