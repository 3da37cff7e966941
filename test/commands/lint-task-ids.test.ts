import { describe, expect, it } from 'vitest';
import { lintFile } from '../../src/commands/lint-file.js';
import { makeRepo } from '../helpers/repo.js';

const TASKS = '.openclaw_memory/TASKS.md';
const text = '---\nupdated: 2026-11-22\n---\n\n- [ ] Fix bug 1 <!-- t-87ba -->\n- [ ] Other <!-- t-1234 -->\n- [x] Fix bug 2 <!-- t-87ba 2026-11-22T10:00 -->\n';

describe('lint reports task ids used twice in TASKS.md', () => {
  it('names both lines of the shared id', async () => {
    const got = await lintFile(TASKS, text, { allowlist: [], repoName: 'r' });
    expect(got.problems.filter((p) => p.check === 'duplicate-id')).toEqual([
      { check: 'duplicate-id', line: 5, message: 'task id t-87ba is also used on line 7' },
      { check: 'duplicate-id', line: 7, message: 'task id t-87ba is also used on line 5' },
    ]);
    const clean = await lintFile(TASKS, text.replace('t-87ba 2026', 't-87bb 2026'), { allowlist: [], repoName: 'r' });
    expect(clean.problems).toEqual([]);
  });

  it('fails `git memory lint` on a committed TASKS.md with a shared id', async () => {
    const repo = makeRepo();
    repo.commit('tasks', { [TASKS]: text });
    const r = await repo.run(['lint', '--json']);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout).report).toContainEqual({ file: TASKS, problems: expect.arrayContaining([expect.objectContaining({ check: 'duplicate-id', line: 5 })]) });
  });
});
