// Sessions of the same minute are ordered by when they were written, the same way by every reader:
// the repeat check of `end`, the primer's next steps, the journal's day view and search. The clock
// is fixed (GIT_MEMORY_NOW), so the sessions below share their minute and their time.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeMemoryRepo, type TestRepo } from '../helpers/repo.js';

const NOW = '2026-11-22T14:30:00';
const DAY_DIR = '.openclaw_memory/journal/2026-11-22';

const end = async (repo: TestRepo, summary: object) => {
  const r = await repo.run(['end', '--summary', JSON.stringify(summary), '--json']);
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout).session as { id: string; path: string; alreadyRecorded: boolean };
};

/**
 * Gives a written session the id an older version could have drawn at random: one that sorts after
 * any other of its minute by its random part (the file renamed to match, and committed).
 */
function highestRandomId(repo: TestRepo, s: { id: string; path: string }): { id: string; path: string } {
  const id = s.id.replace(/[0-9a-f]{6}$/, 'ffffff');
  const path = s.path.replace(/[0-9a-f]{6}\.md$/, 'ffffff.md');
  repo.git('mv', s.path, path);
  // The id as the frontmatter holds it: quoted where YAML would read it as another type (an id whose
  // random part is all digits, or like 2e969e).
  const text = repo.read(path).replace(new RegExp(`^session: "?${s.id}"?$`, 'm'), `session: ${id}`);
  expect(text).toContain(`session: ${id}\n`);
  repo.write(path, text);
  repo.git('commit', '-q', '-am', 'memory: an old session');
  return { id, path };
}

describe('sessions of the same minute', () => {
  it('an end repeating the session just written is "already recorded", whatever the random part of the earlier id', async () => {
    const repo = await makeMemoryRepo({ now: NOW });
    highestRandomId(repo, await end(repo, { request: 'A' }));
    const b = await end(repo, { request: 'B' });
    expect(b.alreadyRecorded).toBe(false);
    const again = await end(repo, { request: 'B' });
    expect(again).toMatchObject({ id: b.id, path: b.path, alreadyRecorded: true });
    expect(readdirSync(join(repo.dir, DAY_DIR))).toHaveLength(2);
  });

  it('the primer shows the next steps of the session written last; the day view, JSON and search list them in write order', async () => {
    const repo = await makeMemoryRepo({ now: NOW });
    const a = highestRandomId(repo, await end(repo, { request: 'Plan invoice run', next_steps: ['old step'] }));
    const b = await end(repo, { request: 'Speed invoice run', next_steps: ['new step'] });
    const c = await end(repo, { request: 'Cache invoice run', completed: ['cache'] });
    for (const run of [1, 2]) {
      // The second run reads the kept per-day copy of the journal: the same answer.
      const primer = await repo.run(['primer']);
      expect(primer.code, primer.stderr).toBe(0);
      expect(primer.stdout, `run ${run}`).toContain('new step');
      expect(primer.stdout, `run ${run}`).not.toContain('old step');
    }

    expect(a.id < b.id && b.id < c.id).toBe(true);
    const day = await repo.run(['journal', '2026-11-22', '--json']);
    expect(JSON.parse(day.stdout).sessions.map((s: { id: string }) => s.id)).toEqual([a.id, b.id, c.id]);
    const md = JSON.parse(day.stdout).markdown as string;
    expect(md.indexOf('Plan invoice run')).toBeLessThan(md.indexOf('Speed invoice run'));
    expect(md.indexOf('Speed invoice run')).toBeLessThan(md.indexOf('Cache invoice run'));

    // Equal scores: the newest first, by the same order.
    const found = await repo.run(['search', 'invoice run', '--json']);
    expect(found.code, found.stderr).toBe(0);
    expect(JSON.parse(found.stdout).results.map((h: { session: string }) => h.session)).toEqual([c.id, b.id, a.id]);
  });

  it('a session written after sessions of an older version (no place in their ids) comes after them, and the next after it', async () => {
    const repo = await makeMemoryRepo({ now: NOW });
    const file = (suffix: string, request: string) =>
      `---\nsession: 20261122-1430-${suffix}\ndate: 2026-11-22\ntime: "14:30"\nagent: agent\nbranch: main\n---\n\n## Session 14:30\n\n### Request\n${request}\n`;
    repo.write(`${DAY_DIR}/1430-agent-ffffff.md`, file('ffffff', 'Old one'));
    repo.write(`${DAY_DIR}/1430-agent-eeeeee.md`, file('eeeeee', 'Old two'));
    repo.git('add', '.openclaw_memory');
    repo.git('commit', '-q', '-m', 'memory: older sessions');
    const x = await end(repo, { request: 'X' });
    const y = await end(repo, { request: 'Y' });
    expect(x.id > '20261122-1430-ffffff').toBe(true);
    expect(y.id > x.id).toBe(true);
    expect((await end(repo, { request: 'Y' })).alreadyRecorded).toBe(true);
    expect((await end(repo, { request: 'X' })).alreadyRecorded).toBe(false);
  });
});
