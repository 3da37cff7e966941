import { describe, expect, it } from 'vitest';
import { applyTaskInputs } from '../../src/memory/task-update.js';
import { mergeTaskLists } from '../../src/memory/tasks-merge.js';
import { parseTasks, serializeTasks, type Task, type TaskList } from '../../src/memory/tasks.js';

const task = (id: string, text: string, extra: Partial<Task> = {}): Task => ({ id, task: text, status: 'todo', related_files: [], updated: '2026-11-20T10:00', ...extra });
const list = (...tasks: Task[]): TaskList => ({ updated: '2026-11-20', tasks });

describe('merging tasks that share an id', () => {
  it('keeps all 1000 tasks of 500 near-identical pairs created on two sides, statuses and progress included', () => {
    const base = applyTaskInputs({ tasks: [] }, [{ task: 'Shared task' }], '2026-11-20T09:00').list;
    let ours = base;
    let theirs = base;
    for (let i = 0; i < 500; i++) {
      ours = applyTaskInputs(ours, [{ task: `Fix bug ${i}`, status: 'in_progress', progress: `ours ${i}` }], '2026-11-21T10:00').list;
      theirs = applyTaskInputs(theirs, [{ task: `Fix bug ${i + 500}`, status: 'blocked', progress: `theirs ${i}` }], '2026-11-21T10:00').list;
    }
    const merged = mergeTaskLists(base, ours, theirs);
    const texts = new Map(merged.list.tasks.map((t) => [t.task, t]));
    expect(merged.list.tasks).toHaveLength(1001);
    expect(new Set(merged.list.tasks.map((t) => t.id)).size).toBe(1001);
    for (let i = 0; i < 500; i++) {
      expect(texts.get(`Fix bug ${i}`)).toMatchObject({ status: 'in_progress', progress: `ours ${i}` });
      expect(texts.get(`Fix bug ${i + 500}`)).toMatchObject({ status: 'blocked', progress: `theirs ${i}` });
    }
    // What survives the merge survives the file too.
    expect(parseTasks(serializeTasks(merged.list, 'en'), 'TASKS.md').tasks).toHaveLength(1001);
  });

  it('keeps both tasks in 500 separate merges of one new task a side, "Task i from A" against "Task i from B"', () => {
    const base = applyTaskInputs({ tasks: [] }, [{ task: 'Shared task' }], '2026-11-20T09:00').list;
    for (let i = 0; i < 500; i++) {
      const ours = applyTaskInputs(base, [{ task: `Task ${i} from A`, status: 'done' }], '2026-11-21T10:00').list;
      const theirs = applyTaskInputs(base, [{ task: `Task ${i} from B`, progress: 'started' }], '2026-11-21T10:00').list;
      const merged = new Map(mergeTaskLists(base, ours, theirs).list.tasks.map((t) => [t.task, t]));
      expect([...merged.keys()].sort()).toEqual(['Shared task', `Task ${i} from A`, `Task ${i} from B`]);
      expect(merged.get(`Task ${i} from A`)!.status).toBe('done');
      expect(merged.get(`Task ${i} from B`)!.progress).toBe('started');
    }
  });

  it('keeps both tasks when one id names different texts on the two sides, re-keys theirs and says so', () => {
    const base = list(task('t-0001', 'Shared'));
    const ours = list(task('t-0001', 'Shared'), task('t-87ba', 'Fix bug 1', { status: 'in_progress', progress: 'half' }));
    const theirs = list(task('t-0001', 'Shared'), task('t-87ba', 'Fix bug 2', { status: 'blocked' }));
    const merged = mergeTaskLists(base, ours, theirs);
    expect(merged.list.tasks.map((t) => [t.task, t.status])).toEqual([
      ['Shared', 'todo'],
      ['Fix bug 1', 'in_progress'],
      ['Fix bug 2', 'blocked'],
    ]);
    expect(merged.list.tasks[1]).toMatchObject({ id: 't-87ba', progress: 'half' });
    const newId = merged.list.tasks[2]!.id;
    expect(newId).toMatch(/^t-[0-9a-f]{4,}$/);
    expect(newId).not.toBe('t-87ba');
    expect(merged.rekeyed).toEqual([{ id: 't-87ba', newId, ours: 'Fix bug 1', theirs: 'Fix bug 2' }]);
    expect(merged.conflicts).toEqual([]);
    // The same merge gives the same new id (the driver and `resolve` agree).
    expect(mergeTaskLists(base, ours, theirs).list).toEqual(merged.list);
  });

  it('without a base, keeps both texts apart too', () => {
    const merged = mergeTaskLists(null, list(task('t-87ba', 'Task from A')), list(task('t-87ba', 'Task from B')));
    expect(merged.list.tasks.map((t) => t.task)).toEqual(['Task from A', 'Task from B']);
    expect(merged.rekeyed).toHaveLength(1);
  });

  it('still merges a task renamed on one side as one task (same id in the base)', () => {
    const base = list(task('t-a', 'Login'));
    const ours = list(task('t-a', 'Login with email', { updated: '2026-11-21T10:00' }));
    const theirs = list(task('t-a', 'Login', { status: 'done', updated: '2026-11-21T11:00' }));
    const merged = mergeTaskLists(base, ours, theirs);
    expect(merged.list.tasks).toEqual([task('t-a', 'Login with email', { status: 'done', updated: '2026-11-21T11:00' })]);
    expect(merged.rekeyed).toEqual([]);
  });

  it('keeps one task where both sides added the same text under different ids (made at different minutes)', () => {
    const base = list(task('t-0001', 'Shared'));
    const ours = applyTaskInputs(base, [{ task: 'Write docs', status: 'in_progress' }, { task: 'Ours only' }], '2026-11-21T10:00').list;
    const theirs = applyTaskInputs(base, [{ task: 'Write docs', progress: 'outline' }], '2026-11-21T11:30').list;
    const mine = ours.tasks.find((t) => t.task === 'Write docs')!;
    const their = theirs.tasks.find((t) => t.task === 'Write docs')!;
    expect(mine.id).not.toBe(their.id);
    const merged = mergeTaskLists(base, ours, theirs);
    expect(merged.list.tasks.map((t) => t.task)).toEqual(['Shared', 'Write docs', 'Ours only']);
    expect(merged.list.tasks[1]).toMatchObject({ id: mine.id, status: 'in_progress', progress: 'outline' });
    expect(merged.folded).toEqual([{ id: their.id, into: mine.id, task: 'Write docs' }]);
  });

  it('treats the same text added on both sides under one id as one task (case and spacing aside)', () => {
    const merged = mergeTaskLists(list(), list(task('t-a', 'Write docs')), list(task('t-a', 'write  docs', { status: 'done', updated: '2026-11-21T10:00' })));
    expect(merged.list.tasks).toHaveLength(1);
    expect(merged.rekeyed).toEqual([]);
  });
});
