import { describe, expect, it } from 'vitest';
import { hasConflictMarkers, splitConflict } from '../../src/memory/conflict-markers.js';
import { mergeTaskLists, tasksLang } from '../../src/memory/tasks-merge.js';
import type { Task, TaskList } from '../../src/memory/tasks.js';

const task = (id: string, extra: Partial<Task> = {}): Task => ({ id, task: `Task ${id}`, status: 'todo', related_files: [], updated: '2026-11-20T10:00', ...extra });
const list = (...tasks: Task[]): TaskList => ({ updated: '2026-11-20', tasks });
const ids = (l: TaskList) => l.tasks.map((t) => t.id);

describe('mergeTaskLists', () => {
  it('keeps tasks added on either side, in place, and drops one deleted on a side that the other left alone', () => {
    const base = list(task('t-a'), task('t-b'), task('t-c'));
    const ours = list(task('t-a'), task('t-o1'), task('t-b'));
    const theirs = list(task('t-a'), task('t-b'), task('t-x1'), task('t-c'));
    expect(ids(mergeTaskLists(base, ours, theirs).list)).toEqual(['t-a', 't-o1', 't-b', 't-x1']);
  });

  it('keeps a task one side changed and the other deleted', () => {
    const base = list(task('t-a'));
    const ours = list(task('t-a', { progress: 'half done', updated: '2026-11-21T09:00' }));
    expect(mergeTaskLists(base, ours, list()).list.tasks).toEqual(ours.tasks);
  });

  it("takes each side's change field by field, and the newer stamp where both changed a field", () => {
    const base = list(task('t-a'));
    const ours = list(task('t-a', { status: 'in_progress', progress: 'started', updated: '2026-11-21T09:00' }));
    const theirs = list(task('t-a', { status: 'done', next_step: 'ship it', updated: '2026-11-22T09:00' }));
    const merged = mergeTaskLists(base, ours, theirs);
    expect(merged.list.tasks).toEqual([task('t-a', { status: 'done', progress: 'started', next_step: 'ship it', updated: '2026-11-22T09:00' })]);
    expect(merged.conflicts).toEqual([{ id: 't-a', field: 'status', kept: 'theirs' }]);
    // The same the other way round: newer wins, not "theirs".
    const swapped = mergeTaskLists(base, theirs, ours);
    expect(swapped.list.tasks[0]!.status).toBe('done');
  });

  it('without a base, keeps everything and lets the newer side win every differing field', () => {
    const ours = list(task('t-a', { status: 'done', updated: '2026-11-23T08:00' }), task('t-o'));
    const theirs = list(task('t-a', { status: 'blocked', progress: 'waiting on API', updated: '2026-11-22T08:00' }), task('t-x'));
    const merged = mergeTaskLists(null, ours, theirs);
    expect(ids(merged.list)).toEqual(['t-a', 't-x', 't-o']); // theirs goes after the task it follows there
    expect(merged.list.tasks[0]).toMatchObject({ status: 'done', updated: '2026-11-23T08:00' });
    expect(merged.list.tasks[0]!.progress).toBeUndefined();
  });

  it('detects the language a TASKS.md was written in', () => {
    expect(tasksLang('---\nupdated: 2026-11-22\n---\n\n# 任务\n\n- [ ] 注册 <!-- t-1 -->\n')).toBe('zh');
    expect(tasksLang('---\nupdated: 2026-11-22\n---\n\n# Tasks\n')).toBe('en');
  });
});

describe('splitConflict', () => {
  const merged = 'top\n<<<<<<< HEAD\nours 1\n=======\ntheirs 1\n>>>>>>> feature\nmiddle\n<<<<<<< HEAD\nours 2\n=======\n>>>>>>> feature\nend\n';

  it('rebuilds both sides of a conflicted file', () => {
    expect(hasConflictMarkers(merged)).toBe(true);
    expect(splitConflict(merged)).toEqual({ ours: 'top\nours 1\nmiddle\nours 2\nend\n', theirs: 'top\ntheirs 1\nmiddle\nend\n', base: null });
  });

  it('reads the base of diff3-style markers', () => {
    const diff3 = 'a\n<<<<<<< ours\nO\n||||||| base\nB\n=======\nT\n>>>>>>> theirs\nz\n';
    expect(splitConflict(diff3)).toEqual({ ours: 'a\nO\nz\n', theirs: 'a\nT\nz\n', base: 'a\nB\nz\n' });
  });

  it('returns null for text without markers or with unbalanced ones', () => {
    expect(splitConflict('plain\n')).toBeNull();
    expect(splitConflict('<<<<<<< HEAD\nours\n=======\n')).toBeNull();
    expect(hasConflictMarkers('a line with ======= inside\n')).toBe(false);
  });
});
