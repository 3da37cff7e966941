// The primer's Learned section after MEMORY.md held some facts and later sessions learned others:
// how the judgement's end-to-end tests (primer-superseded, -state-flipped, -named-before) set up.
import { expect } from 'vitest';
import { makeMemoryRepo } from './repo.js';

/**
 * The primer's Learned section (built at 2026-11-30 19:00, not written) of a repository whose
 * committed MEMORY.md lists `memory` under Decisions (a session of 2026-10-03), after `end` with
 * each of `sessions`' summaries at its time.
 */
export async function learnedInPrimer(memory: string[], sessions: { now: string; summary: object }[]): Promise<string> {
  const repo = await makeMemoryRepo({ now: '2026-11-30T19:00:00Z', until: 'file' });
  repo.write('.openclaw_memory/MEMORY.md', `# Long-term memory\n\n## Decisions\n\n${memory.map((f) => `- ${f} <!-- sessions: s1; date: 2026-10-03 -->\n`).join('')}`);
  repo.git('add', '-A');
  repo.git('commit', '-q', '-m', 'memory: long-term');
  for (const { now, summary } of sessions) {
    const r = await repo.run(['end', '--summary', JSON.stringify(summary)], { env: { GIT_MEMORY_NOW: now } });
    expect(r.code, r.stderr).toBe(0);
  }
  const r = await repo.run(['primer', '--no-write']);
  expect(r.code, r.stderr).toBe(0);
  return (r.stdout.split('## Learned\n')[1] ?? '').split('\n## ')[0]!;
}
