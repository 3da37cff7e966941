import { describe, expect, it } from 'vitest';
import { parseTasks } from '../../src/memory/tasks.js';
import { makeRepo } from '../helpers/repo.js';
import { hooked } from '../git/hooked.js';

const DAY = '2026-11-22';
const at = (hhmm: string) => ({ env: { GIT_MEMORY_NOW: `${DAY}T${hhmm}:00` } });
const FILE = '.openclaw_memory/TASKS.md';
const head = `---\nupdated: ${DAY}\n---\n\n# Tasks\n\n- [ ] Shared task <!-- t-0001 -->\n`;

/**
 * Two branches whose tasks share ids: "Fix bug 1" / "Fix bug 2" under t-87ba (what the old id
 * scheme minted for both), a handful of near-identical tasks added with `tasks add` on each, and
 * one text added on both (at different minutes, so under different ids).
 */
describe('a merge of two branches whose different tasks share an id keeps every task', () => {
  it('through the merge driver, and through `resolve` where the driver is not configured', async () => {
    const repo = hooked(makeRepo({ now: `${DAY}T08:00:00` }));
    expect((await repo.run(['init', '--no-hooks'])).code).toBe(0);
    repo.write(FILE, head);
    repo.g('add', '-A');
    repo.g('commit', '-q', '-m', 'base');
    const side = async (branch: string, bug: string, suffix: string, hhmm: string) => {
      repo.g('checkout', '-q', '-b', branch, 'main');
      repo.write(FILE, `${head}- [ ] ${bug} <!-- t-87ba -->\n  - Progress: on ${branch}\n`);
      for (const n of [1, 2, 3]) expect((await repo.run(['tasks', 'add', `Task ${n} from ${suffix}`], at(hhmm))).code).toBe(0);
      expect((await repo.run(['tasks', 'add', 'Added on both sides'], at(hhmm))).code).toBe(0);
      repo.g('commit', '-q', '-am', `${branch}: tasks`);
    };
    await side('x', 'Fix bug 1', 'A', '10:00');
    await side('y', 'Fix bug 2', 'B', '10:05');
    repo.g('checkout', '-q', 'x');
    const expected = ['Added on both sides', 'Fix bug 1', 'Fix bug 2', 'Shared task', ...[1, 2, 3].flatMap((n) => [`Task ${n} from A`, `Task ${n} from B`])].sort();
    const check = (text: string) => {
      const tasks = parseTasks(text, FILE).tasks;
      expect(tasks.map((t) => t.task).sort()).toEqual(expected);
      expect(new Set(tasks.map((t) => t.id)).size).toBe(tasks.length);
      expect(tasks.find((t) => t.task === 'Fix bug 1')).toMatchObject({ id: 't-87ba', progress: 'on x' });
      expect(tasks.find((t) => t.task === 'Fix bug 2')!.progress).toBe('on y');
      expect(text).toBe(text.replace(/^(<<<<<<<|>>>>>>>).*$/gm, ''));
    };

    const withDriver = repo.gTry(['merge', '--no-edit', 'y']);
    expect(withDriver.code, withDriver.stdout + withDriver.stderr).toBe(0);
    expect(withDriver.stderr).toMatch(/t-87ba named two different tasks, "Fix bug 1" here and "Fix bug 2" on the other side: both kept, theirs is now t-[0-9a-f]+/);
    expect(withDriver.stderr).toMatch(/"Added on both sides" was added on both sides \(t-[0-9a-f]+ here, t-[0-9a-f]+ there\): kept once/);
    check(repo.read(FILE));
    const byDriver = repo.read(FILE);
    expect((await repo.run(['lint', '--json'])).stdout).not.toContain('duplicate-id');

    repo.g('reset', '-q', '--hard', 'HEAD^'); // back to x before the merge
    repo.g('config', '--remove-section', 'merge.git-memory-tasks');
    expect(repo.gTry(['merge', '--no-edit', 'y']).stdout).toContain(`CONFLICT (content): Merge conflict in ${FILE}`);
    const r = await repo.run(['resolve']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/t-87ba named two different tasks, "Fix bug 1" here and "Fix bug 2" on the other side: both kept, theirs is now t-/);
    check(repo.read(FILE));
    expect(repo.read(FILE)).toBe(byDriver);

    // Resolved by hand keeping every line of both sides (the markers deleted): the same merge, and
    // nothing is named as the working tree's own (the re-keyed and the twice-added tasks are known).
    repo.g('merge', '--abort');
    expect(repo.gTry(['merge', '--no-edit', 'y']).code).not.toBe(0);
    repo.write(FILE, repo.read(FILE).replace(/^(<<<<<<<|=======|>>>>>>>).*\n/gm, ''));
    const hand = await repo.run(['resolve', '--json']);
    expect(hand.code, hand.stderr).toBe(0);
    expect(JSON.parse(hand.stdout).files[0].worktree).toBeUndefined();
    expect(repo.read(FILE)).toBe(byDriver);
  });
});
