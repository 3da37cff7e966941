// While git walks back for MEMORY.md's anchored facts, the primer makes its items ahead (their
// texts, the redaction, the supersede judgements) only where the primer kept would not answer once
// that walk is in (gather-primer.ts, kept-primer.ts keptAnswerMayServe): with the staleness kept no
// more at the same HEAD (the bench's "staleness not kept" row), or after an `end`'s memory commit,
// the kept answer is taken, and what was made ahead was made for nothing. Whatever is made ahead,
// the output is byte for byte the primer built from nothing.
import { chmodSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeMemoryRepo, tempDir, type TestRepo } from '../helpers/repo.js';

const NOW = '2026-11-30T19:00:00Z';
const STATE = join('.git', 'git-memory');

/**
 * A PATH whose `git` is the real one, 300 ms late for the staleness check's whole question (its
 * `-n400` walk back to the oldest anchor): what a long history makes of it, so the primer surely
 * reaches the point where it chooses what to make ahead before git answers.
 */
function slowWalkPath(env: NodeJS.ProcessEnv): string {
  const real = execFileSync('sh', ['-c', 'command -v git'], { env, encoding: 'utf8' }).trim();
  const bin = join(tempDir('gm-slow-git-'), 'bin');
  mkdirSync(bin, { recursive: true });
  writeFileSync(join(bin, 'git'), `#!/bin/sh\nfor a in "$@"; do [ "$a" = "-n400" ] && sleep 0.3; done\nexec "${real}" "$@"\n`);
  chmodSync(join(bin, 'git'), 0o755);
  return `${bin}:${env.PATH ?? ''}`;
}

function primer(repo: TestRepo, path?: string): { out: string; trace: string } {
  const r = repo.exec(['primer', '--no-write'], { env: { GIT_MEMORY_NOW: NOW, GIT_MEMORY_TRACE: '2', ...(path ? { PATH: path } : {}) } });
  expect(r.code, r.stderr).toBe(0);
  return { out: r.stdout, trace: r.stderr };
}

/** The primer with nothing kept (the state directory emptied, as in a fresh clone). */
function fresh(repo: TestRepo): string {
  rmSync(join(repo.dir, STATE), { recursive: true, force: true });
  return primer(repo).out;
}

/** Whether the builder was loaded before the files and git were read: the items were made ahead. */
const madeAhead = (trace: string) => {
  const loaded = trace.indexOf('primer: builder loaded');
  return loaded >= 0 && loaded < trace.indexOf('primer: files and git read');
};

describe('the items made ahead while git walks back for anchored facts', () => {
  it('are not made where the kept answer answers once the walk is in; are made where nothing is kept; the output is a fresh build', async () => {
    const repo = await makeMemoryRepo({ now: NOW });
    repo.commit('Retries', { 'src/jobs/retry.ts': '// retry\n' });
    const at = repo.git('rev-parse', '--short', 'HEAD').trim();
    repo.commit('Queue', { 'src/jobs/queue.ts': '// queue\n' });
    repo.write(
      '.openclaw_memory/MEMORY.md',
      `# Long-term memory\n\n## Conventions\n\n- Retries live in src/jobs/retry.ts <!-- files: src/jobs/retry.ts; at: ${at}; date: 2026-10-01 -->\n- Jobs are queued by src/jobs/queue.ts <!-- files: src/jobs/queue.ts; at: ${at}; date: 2026-10-02 -->\n`,
    );
    repo.git('add', '-A');
    repo.git('commit', '-q', '-m', 'memory: long-term');
    repo.commit('Jitter', { 'src/jobs/retry.ts': '// retry with jitter\n' });
    const slow = slowWalkPath(repo.env);

    // Nothing kept (a clone's first start): made ahead, beside git's walk.
    rmSync(join(repo.dir, STATE), { recursive: true, force: true });
    const first = primer(repo, slow);
    expect(madeAhead(first.trace), first.trace).toBe(true);
    expect(first.out.split('\n').find((l) => l.includes('Retries live in'))).toContain('may be stale');
    expect(first.out).toBe(fresh(repo));

    // The staleness no longer kept, the same HEAD: the same question, the kept answer answers it.
    primer(repo);
    rmSync(join(repo.dir, STATE, 'staleness.json'));
    const again = primer(repo, slow);
    expect(again.trace).toContain('primer: kept answer used');
    expect(again.trace, again.trace).not.toContain('primer: builder loaded');
    expect(again.out).toBe(first.out);

    // A commit since: the log differs, built anew (made ahead where git still walks), a fresh build's bytes.
    primer(repo);
    repo.commit('Queue limits', { 'src/jobs/queue.ts': '// queue with limits\n' });
    rmSync(join(repo.dir, STATE, 'staleness.json'));
    const moved = primer(repo, slow);
    expect(moved.trace).not.toContain('primer: kept answer used');
    expect(madeAhead(moved.trace), moved.trace).toBe(true);
    expect(moved.out.split('\n').find((l) => l.includes('Jobs are queued by'))).toContain('may be stale');
    expect(moved.out).toBe(fresh(repo));
  });
});
