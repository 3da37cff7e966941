// DESIGN §14: files the session touched outside the repository (a plan under ~/.claude/plans, a
// sibling repository, the agent's own session files) are not restored as hot files.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scoreHotFiles } from '../../src/compact/hot-files.js';
import { emptyLedger } from '../../src/transcripts/ledger.js';
import { makeRepo, ROOT } from '../helpers/repo.js';

const FIXTURE = join(ROOT, 'test/fixtures/transcripts/claude.jsonl');

describe('git memory hot-files', () => {
  it('leaves out a file the session read outside the repository, though it exists', async () => {
    const repo = makeRepo({ now: '2026-02-12T10:30:00Z' });
    const outside = join(repo.dir, '..', `${repo.dir.split('/').pop()}-plan.md`);
    writeFileSync(outside, '# The plan\n'.repeat(20));
    const text = readFileSync(FIXTURE, 'utf8').replaceAll('/home/jane/acme', repo.dir).replaceAll('/etc/hosts.allow', outside);
    const t = join(repo.dir, '..', `${repo.dir.split('/').pop()}-4d5611e5.jsonl`);
    writeFileSync(t, text);
    for (const f of ['src/auth/session.ts', 'src/routes.ts', 'test/auth/logout.test.ts', 'src/middleware/rate-limit.ts']) repo.write(f, `// ${f}\n`.repeat(20));
    const r = await repo.run(['hot-files', '--json', '--transcript', t]);
    expect(r.code, r.stderr).toBe(0);
    const files: { path: string }[] = JSON.parse(r.stdout).files;
    expect(files.map((f) => f.path)).toContain('src/routes.ts');
    expect(files.map((f) => f.path).filter((p) => p.startsWith('/') || p.includes('plan.md'))).toEqual([]);
  });

  it('scores only the repository\'s files of the ledger: not a POSIX, Windows drive or UNC path outside it', () => {
    const ledger = emptyLedger('codex');
    const at = '2026-11-22T14:00:00.000Z';
    const outside = ['/home/dev/.codex/sessions/2026/11/22/rollout-x.jsonl', '/Users/dev/.claude/plans/cloud-diversity.md', 'C:/Users/dev/other-repo/src/a.ts', 'D:\\notes\\plan.md', '\\\\server\\share\\spec.md'];
    for (const [i, path] of [...outside, 'src/app.ts', 'docs/plan.md'].entries()) {
      ledger.files.push({ path, reads: 2, edits: 1, writes: 0, first: at, last: at, last_op: 'edit', by_subagent: false, last_call: i });
    }
    ledger.tool_calls = 7;
    // Every one of them exists (sizeOf answers for each): only where they are leaves them out.
    const ranked = scoreHotFiles(ledger, [], { now: new Date(at), sizeOf: () => 100 });
    expect(ranked.map((f) => f.path).sort()).toEqual(['docs/plan.md', 'src/app.ts']);
  });
});
