// After `claude -p /compact`, then `claude -p --continue` in a new process, Claude Code 2.1.328
// replays the SessionStart(compact) context as an empty system message: what git-memory prepared
// after the compaction must come with the first resume instead.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeRepo, ROOT, type TestRepo } from '../../helpers/repo.js';

const FIXTURE = join(ROOT, 'test/fixtures/transcripts/claude.jsonl');
const EDITED = ['src/auth/session.ts', 'src/routes.ts', 'test/auth/logout.test.ts', 'src/middleware/rate-limit.ts', 'notebooks/load.ipynb'];

function session(repo: TestRepo, lines: number): string {
  const all = readFileSync(FIXTURE, 'utf8').split('\n').filter(Boolean);
  const path = join(repo.dir, '..', `${repo.dir.split('/').pop()}-4d5611e5.jsonl`);
  writeFileSync(path, `${all.slice(0, lines).join('\n').replaceAll('/home/jane/acme', repo.dir)}\n`);
  for (const f of [...EDITED, 'README.md']) repo.write(f, `// ${f}\n`.repeat(20));
  return path;
}

describe('SessionStart on resume after a compaction', () => {
  it('carries the context prepared after the compaction, once; another session does not get it', async () => {
    const repo = makeRepo({ now: '2026-02-12T10:30:00Z' });
    await repo.run(['init', '--no-hooks']);
    const t = session(repo, 35);
    const start = (source: string, sessionId = '4d5611e5') => {
      const r = repo.exec(['hook', 'agent', 'session-start', '--agent', 'claude'], { stdin: JSON.stringify({ session_id: sessionId, transcript_path: t, cwd: repo.dir, hook_event_name: 'SessionStart', source }) });
      expect(r.code, r.stderr).toBe(0);
      return JSON.parse(r.stdout).hookSpecificOutput.additionalContext as string;
    };
    const compacted = start('compact');
    expect(compacted).toContain('## After compaction (git-memory)');
    expect(start('resume', 'another')).not.toContain('After compaction');
    const resumed = start('resume');
    expect(resumed).toContain('## After compaction (git-memory)');
    expect(resumed).toContain('revokeRefreshToken is not a function');
    expect(resumed.length).toBeLessThanOrEqual(10_000);
    // Carried once: a later resume is a plain one.
    expect(start('resume')).not.toContain('After compaction');
  });
});
