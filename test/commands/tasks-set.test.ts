import { describe, expect, it } from 'vitest';
import { makeRepo } from '../helpers/repo.js';

const NOW = '2026-11-22T14:30:00';
const TASKS = '.openclaw_memory/TASKS.md';

async function setUp() {
  const repo = makeRepo({ now: NOW });
  expect((await repo.run(['init', '--no-hooks'])).code).toBe(0);
  const set = async (json: unknown, ...flags: string[]) => repo.run(['tasks', 'set', ...flags, JSON.stringify(json), '--json']);
  const all = async () => JSON.parse((await repo.run(['tasks', 'list', '--all', '--json'])).stdout).tasks as { id: string; task: string; status: string; progress?: string }[];
  return { repo, set, all };
}

describe('tasks set', () => {
  it('updates by id alone, matches by text alone, renames with both, and reads a bare id given as "task" as the id', async () => {
    const { repo, set, all } = await setUp();
    await set([{ task: 'Implement login' }, { task: 'Write docs' }]);
    const [login, docs] = await all();

    const byId = await set([{ id: login!.id, status: 'blocked' }]);
    expect(byId.code, byId.stderr).toBe(0);
    expect(JSON.parse(byId.stdout).changes).toEqual([{ id: login!.id, task: 'Implement login', change: 'updated' }]);
    expect((await all()).find((t) => t.id === login!.id)).toMatchObject({ task: 'Implement login', status: 'blocked' });

    expect((await set([{ task: 'write docs', progress: 'outline' }])).code).toBe(0);
    expect((await all()).find((t) => t.id === docs!.id)).toMatchObject({ task: 'Write docs', progress: 'outline' });

    expect((await set([{ id: login!.id, task: 'Implement login with email' }])).code).toBe(0);
    expect((await all()).find((t) => t.id === login!.id)).toMatchObject({ task: 'Implement login with email', status: 'blocked' });

    expect((await set([{ task: docs!.id, status: 'done' }])).code).toBe(0);
    expect((await all()).map((t) => [t.task, t.status])).toEqual([
      ['Implement login with email', 'blocked'],
      ['Write docs', 'done'],
    ]);

    // An unknown id alone is refused, naming it, and nothing is written; so is an input with neither key.
    const before = repo.read(TASKS);
    const unknown = await repo.run(['tasks', 'set', '[{"id":"t-ffff","status":"done"}]']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('no task with id t-ffff');
    const neither = await repo.run(['tasks', 'set', '[{"status":"done"}]']);
    expect(neither.code).toBe(2);
    expect(neither.stderr).toContain('tasks[0]: needs "task" (the text) or "id"');
    expect(repo.read(TASKS)).toBe(before);

    // `end` takes the same shape: an id alone updates, an unknown one stops the session with nothing written.
    const head = repo.git('rev-parse', 'HEAD');
    const refused = await repo.run(['end', '--summary', JSON.stringify({ request: 'x', tasks: [{ id: 't-ffff', status: 'done' }] })]);
    expect(refused.code).toBe(2);
    expect(repo.git('status', '--porcelain', '--untracked-files=all')).not.toContain('journal/');
    expect(repo.git('rev-parse', 'HEAD')).toBe(head);
    const ended = await repo.run(['end', '--summary', JSON.stringify({ request: 'x', tasks: [{ id: login!.id, status: 'done' }] })]);
    expect(ended.code, ended.stderr).toBe(0);
    expect((await all()).find((t) => t.id === login!.id)).toMatchObject({ task: 'Implement login with email', status: 'done' });
  });

  it('`tasks add`, `set` and `end` given an existing task change only the fields they give: the status stays unless given', async () => {
    const { repo, all } = await setUp();
    const add = (...args: string[]) => repo.run(['tasks', 'add', ...args]);
    expect((await add('Implement logout', '--status', 'in_progress', '--progress', 'half')).code).toBe(0);
    const [logout] = await all();
    expect(logout).toMatchObject({ task: 'Implement logout', status: 'in_progress', progress: 'half' });

    // Added again, as text alone: the same task, nothing changed, still in progress.
    const again = await add('Implement logout');
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).not.toContain(`updated ${logout!.id}`);
    expect(await all()).toEqual([expect.objectContaining({ id: logout!.id, status: 'in_progress', progress: 'half' })]);

    // With a field: that field changes, the status stays; with --status, the status changes.
    expect((await add('implement logout', '--next-step', 'clear the cookie')).code).toBe(0);
    expect((await all())[0]).toMatchObject({ status: 'in_progress', progress: 'half', next_step: 'clear the cookie' });
    expect((await add('Implement logout', '--status', 'blocked')).code).toBe(0);
    expect((await all())[0]).toMatchObject({ status: 'blocked', progress: 'half' });

    // `tasks set` (the MCP tool's path) and `end`'s `tasks` keep the status as well.
    expect((await repo.run(['tasks', 'set', '[{"task":"Implement logout","progress":"more"}]'])).code).toBe(0);
    expect((await all())[0]).toMatchObject({ status: 'blocked', progress: 'more' });
    const ended = await repo.run(['end', '--summary', JSON.stringify({ request: 'x', tasks: [{ task: 'Implement logout', progress: 'most' }] })]);
    expect(ended.code, ended.stderr).toBe(0);
    expect((await all())[0]).toMatchObject({ status: 'blocked', progress: 'most' });

    // A new task without --status is todo.
    expect((await add('Write docs')).code).toBe(0);
    expect((await all()).find((t) => t.task === 'Write docs')).toMatchObject({ status: 'todo' });
  });

  it('--replace names what it removed, in text and JSON', async () => {
    const { repo, set, all } = await setUp();
    await set([{ task: 'A' }, { task: 'B' }, { task: 'C' }]);
    const ids = Object.fromEntries((await all()).map((t) => [t.task, t.id]));
    const text = await repo.run(['tasks', 'set', '--replace', '[{"task":"B"}]']);
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toContain(`removed ${ids.A}: A\nremoved ${ids.C}: C\n`);
    expect(text.stdout).not.toContain('no change');
    expect((await all()).map((t) => t.task)).toEqual(['B']);

    await set([{ task: 'D' }]);
    const json = JSON.parse((await set([{ task: 'B' }], '--replace')).stdout);
    expect(json.changes).toEqual([
      { id: ids.B, task: 'B', change: 'unchanged' },
      { id: expect.stringMatching(/^t-/), task: 'D', change: 'removed' },
    ]);
  });

  it('documents the three shapes in its help', async () => {
    const { repo } = await setUp();
    const help = (await repo.run(['help', 'tasks'])).stdout.replace(/\s+/g, ' ');
    expect(help).toContain('"id" alone updates that task; "task" alone updates the task with that text, or adds it; "id" and "task" together rename the task with that id.');
    expect(help).toContain('with --replace they are removed, and listed as removed');
  });
});
