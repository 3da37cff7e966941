import { describe, expect, it } from 'vitest';
import { makeRepo } from '../helpers/repo.js';

describe('git memory journal with nothing to show', () => {
  it('says a day has no sessions instead of printing an empty frontmatter, and so does --list', async () => {
    const repo = makeRepo({ now: '2026-11-22T10:00:00' });
    await repo.run(['init', '--no-hooks']);
    const day = await repo.run(['journal', '2026-01-05']);
    expect(day.code).toBe(0);
    expect(day.stdout).toBe('no sessions on 2026-01-05; `git memory journal --list` shows the days that have some\n');
    expect(JSON.parse((await repo.run(['journal', '2026-01-05', '--json'])).stdout)).toMatchObject({ date: '2026-01-05', sessions: [] });
    expect((await repo.run(['journal', '--list'])).stdout).toBe('no sessions in the journal yet\n');
    await repo.run(['end', '--summary', '{"request":"A day with a session"}']);
    const today = await repo.run(['journal']);
    expect(today.stdout).toMatch(/^---\n/);
    expect(today.stdout).toContain('A day with a session');
    expect((await repo.run(['journal', '--list'])).stdout).toBe('2026-11-22  1\n');
  });
});
