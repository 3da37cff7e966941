import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TestRepo } from './repo.js';

/** Writes one Claude Code session file into the journal of `repo`: day `YYYY-MM-DD`, time `hhmm`, its request. */
export const writeSession = (repo: TestRepo, day: string, hhmm: string, suffix: string, request: string) =>
  repo.write(
    `.openclaw_memory/journal/${day}/${hhmm}-claude-${suffix}.md`,
    `---\nsession: "${day.replace(/-/g, '')}-${hhmm}-${suffix}"\ndate: ${day}\ntime: "${hhmm.slice(0, 2)}:${hhmm.slice(2)}"\nagent: claude\n---\n\n## Session ${hhmm.slice(0, 2)}:${hhmm.slice(2)}\n\n### Request\n${request}\n`,
  );

/** The texts of every session file in the journal of `repo`, in path order (day, then time); none without a journal. */
export function journalTexts(repo: TestRepo): string[] {
  const dir = join(repo.dir, '.openclaw_memory', 'journal');
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.md')).sort().map((f) => readFileSync(join(dir, f), 'utf8'));
}

/**
 * Commits a session file whose Learned holds `learned`, past git-memory's scan (`--no-verify`, as a
 * teammate's hand edit or an older version's commit reaches a clone): what every reader must redact.
 */
export function commitLearnedPastScan(repo: TestRepo, learned: string, request = 'Deploy the gateway'): void {
  repo.write(
    '.openclaw_memory/journal/2026-12-01/1000-claude-abc123.md',
    ['---', 'session: 20261201-1000-abc123', 'date: 2026-12-01', 'time: "10:00"', 'agent: claude', 'branch: main', '---', '', '### Request', request, '', '### Learned', `- ${learned}`, ''].join('\n'),
  );
  repo.git('add', '-A');
  repo.git('commit', '-q', '--no-verify', '-m', 'memory: deploy notes');
}
