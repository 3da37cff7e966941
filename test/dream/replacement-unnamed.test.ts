// A newer statement that names no old thing ("We deploy with Fly.io now") over the older statement
// of the same subject and verb ("We deploy with Heroku pipelines"), issue 25 §2.1: on main both
// stayed current, in the primer between dreams and in MEMORY.md after the dream. A statement of two
// things side by side ("We also deploy the docs with Netlify now") replaces nothing.
import { describe, expect, it } from 'vitest';
import { parseLongTerm } from '../../src/memory/long-term.js';
import { currentFacts, learningRepo } from '../helpers/learning-repo.js';

const OLDER = 'We deploy with Heroku pipelines';
const NEWER = 'We deploy with Fly.io now';
const BESIDE = 'We also deploy the docs with Netlify now';


describe('a newer statement that names no old thing', () => {
  it('replaces the older one in the primer between dreams and in the dream; one side by side replaces nothing', async () => {
    const { repo, end } = await learningRepo('Deploys');
    await end('2026-10-03T11:00:00Z', [OLDER]);
    expect((await repo.run(['dream', '--offline', '--force'], { env: { GIT_MEMORY_NOW: '2026-10-04T10:00:00Z' } })).code).toBe(0);
    expect(currentFacts(repo.read('.openclaw_memory/MEMORY.md'))).toEqual([OLDER]);
    await end('2026-10-21T12:00:00Z', [NEWER, BESIDE]);

    // Between dreams: MEMORY.md still holds the older fact; the primer shows only the newer.
    const primer = (await repo.run(['primer', '--no-write'], { env: { GIT_MEMORY_NOW: '2026-10-21T13:00:00Z' } })).stdout;
    expect(primer).toContain(NEWER);
    expect(primer).toContain(BESIDE);
    expect(primer).not.toContain('Heroku');

    const dream = await repo.run(['dream', '--offline', '--force', '--json'], { env: { GIT_MEMORY_NOW: '2026-10-22T10:00:00Z' } });
    expect(dream.code, dream.stderr).toBe(0);
    expect(JSON.parse(dream.stdout).report.superseded).toEqual([{ old: OLDER, by: NEWER }]);
    const memory = repo.read('.openclaw_memory/MEMORY.md');
    expect(currentFacts(memory).sort()).toEqual([BESIDE, NEWER].sort());
    expect(parseLongTerm(memory).entries.find((e) => e.section === 'superseded')).toMatchObject({ text: OLDER, until: '2026-10-21' });
    const after = (await repo.run(['primer', '--no-write'], { env: { GIT_MEMORY_NOW: '2026-10-22T11:00:00Z' } })).stdout;
    expect(after).toContain(NEWER);
    expect(after).not.toContain('Heroku');
  });
});
