// A newer statement whose new thing is written in lower case ("We manage Python dependencies with uv
// now") over the older statement of the same subject and verb ("…with Poetry"), and one that says
// its subject with the verb's noun ("Session storage switched to Redis" over "Sessions are stored in
// Postgres"), issue 25 §2.1 (scope truth45): on main both older facts stayed current, in the primer
// between dreams and in MEMORY.md after the dream. A lower-case word that is no tool ("Tests run with
// coverage now") replaces nothing.
import { describe, expect, it } from 'vitest';
import { parseLongTerm } from '../../src/memory/long-term.js';
import { currentFacts, learningRepo } from '../helpers/learning-repo.js';

const POETRY = 'We manage Python dependencies with Poetry';
const UV = 'We manage Python dependencies with uv now';
const POSTGRES = 'Sessions are stored in Postgres';
const REDIS = 'Session storage switched to Redis';
const PYTEST = 'Tests run with pytest';
const COVERAGE = 'Tests run with coverage now';

describe('a new thing in lower case, a subject said with the verb\'s noun', () => {
  it('replaces the older fact in the primer between dreams and in the dream; a common word replaces nothing', async () => {
    const { repo, end } = await learningRepo('Python');
    await end('2026-10-03T11:00:00Z', [POETRY, POSTGRES, PYTEST]);
    expect((await repo.run(['dream', '--offline', '--force'], { env: { GIT_MEMORY_NOW: '2026-10-04T10:00:00Z' } })).code).toBe(0);
    expect(currentFacts(repo.read('.openclaw_memory/MEMORY.md')).sort()).toEqual([POETRY, POSTGRES, PYTEST].sort());
    await end('2026-10-21T12:00:00Z', [UV, REDIS, COVERAGE]);

    // Between dreams: MEMORY.md still holds the older facts; the primer shows the newer ones only, and pytest still.
    const primer = (await repo.run(['primer', '--no-write'], { env: { GIT_MEMORY_NOW: '2026-10-21T13:00:00Z' } })).stdout;
    for (const fact of [UV, REDIS, COVERAGE, PYTEST]) expect(primer).toContain(fact);
    expect(primer).not.toContain('Poetry');
    expect(primer).not.toContain('Postgres');

    const dream = await repo.run(['dream', '--offline', '--force', '--json'], { env: { GIT_MEMORY_NOW: '2026-10-22T10:00:00Z' } });
    expect(dream.code, dream.stderr).toBe(0);
    const superseded = JSON.parse(dream.stdout).report.superseded as { old: string; by: string }[];
    expect(superseded.sort((a, b) => a.old.localeCompare(b.old))).toEqual([
      { old: POSTGRES, by: REDIS },
      { old: POETRY, by: UV },
    ]);
    const memory = repo.read('.openclaw_memory/MEMORY.md');
    expect(currentFacts(memory).sort()).toEqual([COVERAGE, PYTEST, REDIS, UV].sort());
    const gone = parseLongTerm(memory).entries.filter((e) => e.section === 'superseded');
    expect(gone.map((e) => [e.text, e.until]).sort()).toEqual([
      [POSTGRES, '2026-10-21'],
      [POETRY, '2026-10-21'],
    ]);
    const after = (await repo.run(['primer', '--no-write'], { env: { GIT_MEMORY_NOW: '2026-10-22T11:00:00Z' } })).stdout;
    expect(after).toContain(UV);
    expect(after).toContain(PYTEST);
    expect(after).not.toContain('Poetry');
    expect(after).not.toContain('Postgres');
  });
});
