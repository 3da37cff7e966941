import type { TestRepo } from './repo.js';

/** Writes one Claude Code session file into the journal of `repo`: day `YYYY-MM-DD`, time `hhmm`, its request. */
export const writeSession = (repo: TestRepo, day: string, hhmm: string, suffix: string, request: string) =>
  repo.write(
    `.openclaw_memory/journal/${day}/${hhmm}-claude-${suffix}.md`,
    `---\nsession: "${day.replace(/-/g, '')}-${hhmm}-${suffix}"\ndate: ${day}\ntime: "${hhmm.slice(0, 2)}:${hhmm.slice(2)}"\nagent: claude\n---\n\n## Session ${hhmm.slice(0, 2)}:${hhmm.slice(2)}\n\n### Request\n${request}\n`,
  );
