// One role filled anew with another tool of its kind (issue 25 §2.1, slots.ts): "GitHub Actions runs
// our CI" over "CI runs on Travis" shares no phrase of change with it, and on lead54 both stayed
// current, in the primer between dreams and in MEMORY.md after the dream. Two tools of one kind in
// two roles or scopes ("End-to-end tests run with Playwright" beside "Unit tests run with Jest", "The
// CLI logs with pino" beside "The backend logs with winston") replace nothing.
import { describe, expect, it } from 'vitest';
import { parseLongTerm } from '../../src/memory/long-term.js';
import { currentFacts, learningRepo } from '../helpers/learning-repo.js';

const OLDER = ['CI runs on Travis', 'Unit tests run with Jest', 'The backend logs with winston', 'Transactional emails go through SendGrid'];
const NEWER = ['GitHub Actions runs our CI', 'End-to-end tests run with Playwright', 'The CLI logs with pino', 'Transactional emails are sent with Postmark'];

describe('a newer fact that fills the same role with another tool', () => {
  it('replaces the older one in the primer and in the dream; a tool of the same kind in another role replaces nothing', async () => {
    const { repo, end } = await learningRepo('Tooling');
    await end('2026-10-03T11:00:00Z', OLDER);
    expect((await repo.run(['dream', '--offline', '--force'], { env: { GIT_MEMORY_NOW: '2026-10-04T10:00:00Z' } })).code).toBe(0);
    expect(currentFacts(repo.read('.openclaw_memory/MEMORY.md')).sort()).toEqual([...OLDER].sort());
    await end('2026-10-21T12:00:00Z', NEWER);

    const primer = (await repo.run(['primer', '--no-write'], { env: { GIT_MEMORY_NOW: '2026-10-21T13:00:00Z' } })).stdout;
    for (const t of NEWER) expect(primer).toContain(t);
    expect(primer).not.toContain('Travis');
    expect(primer).not.toContain('SendGrid');
    expect(primer).toContain('Unit tests run with Jest');
    expect(primer).toContain('The backend logs with winston');

    const dream = await repo.run(['dream', '--offline', '--force', '--json'], { env: { GIT_MEMORY_NOW: '2026-10-22T10:00:00Z' } });
    expect(dream.code, dream.stderr).toBe(0);
    const report = JSON.parse(dream.stdout).report as { superseded: { old: string; by: string }[] };
    expect(report.superseded.sort((a, b) => a.old.localeCompare(b.old))).toEqual([
      { old: OLDER[0], by: NEWER[0] },
      { old: OLDER[3], by: NEWER[3] },
    ]);
    const memory = repo.read('.openclaw_memory/MEMORY.md');
    expect(currentFacts(memory).sort()).toEqual([OLDER[1], OLDER[2], ...NEWER].sort());
    expect(parseLongTerm(memory).entries.filter((e) => e.section === 'superseded').map((e) => e.text).sort()).toEqual([OLDER[0], OLDER[3]].sort());
  });
});
