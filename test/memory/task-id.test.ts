import { describe, expect, it } from 'vitest';
import { freshId, idDigits, mixedHash, textId } from '../../src/memory/task-id.js';
import { applyTaskInputs } from '../../src/memory/task-update.js';
import { parseTasks, serializeTasks, taskKey } from '../../src/memory/tasks.js';

const STAMP = '2026-11-22T10:00';

describe('task ids', () => {
  it('gives near-identical texts unrelated ids (the old ids of "Fix bug 1" and "Fix bug 2" were both t-87ba)', () => {
    const none = new Set<string>();
    expect(textId(taskKey('Fix bug 1'), none, 1)).not.toBe(textId(taskKey('Fix bug 2'), none, 1));
    expect(freshId(taskKey('Task from A'), STAMP, none, 1)).not.toBe(freshId(taskKey('Task from B'), STAMP, none, 1));
    // Every input bit reaches the high bits: a one-character change moves about half of the 64 bits.
    let flipped = 0;
    for (let i = 0; i < 200; i++) {
      const a = BigInt(`0x${mixedHash(`Task ${i}`)}`);
      const b = BigInt(`0x${mixedHash(`Task ${i}x`)}`);
      flipped += [...(a ^ b).toString(2)].filter((c) => c === '1').length;
    }
    expect(flipped / 200).toBeGreaterThan(28);
    expect(flipped / 200).toBeLessThan(36);
  });

  it('minted on two sides for 500 pairs of near-identical names, ids agree no more often than chance', () => {
    let same = 0;
    for (let i = 0; i < 500; i++) {
      const a = freshId(taskKey(`Fix bug ${i}`), STAMP, new Set(), 1);
      const b = freshId(taskKey(`Fix bug ${i + 1}`), STAMP, new Set(), 1);
      if (a === b) same++;
    }
    expect(same).toBeLessThanOrEqual(1); // 500 pairs × 1/65536 each
  });

  it('grows the id with the list, and never reuses an id in it', () => {
    expect([1, 8, 9, 32, 33, 129, 130, 518, 519].map(idDigits)).toEqual([4, 4, 5, 5, 6, 6, 7, 7, 8]);
    let list = { tasks: [] as ReturnType<typeof parseTasks>['tasks'] };
    for (let i = 0; i < 300; i++) list = applyTaskInputs(list, [{ task: `Task number ${i}` }], STAMP).list;
    const ids = list.tasks.map((t) => t.id);
    expect(new Set(ids).size).toBe(300);
    expect(ids[0]).toMatch(/^t-[0-9a-f]{4}$/);
    expect(ids[299]).toMatch(/^t-[0-9a-f]{7,}$/);
  });

  it('keeps the ids already written in TASKS.md, and reads a hand-written task with the same id every time', () => {
    const text = '---\nupdated: 2026-11-22\n---\n\n- [ ] Old task <!-- t-87ba -->\n- [ ] Typed by hand\n';
    const first = parseTasks(text, 'TASKS.md');
    expect(first.tasks[0]!.id).toBe('t-87ba');
    expect(parseTasks(text, 'TASKS.md').tasks[1]!.id).toBe(first.tasks[1]!.id);
    const back = parseTasks(serializeTasks(first, 'en'), 'TASKS.md');
    expect(back.tasks.map((t) => t.id)).toEqual(first.tasks.map((t) => t.id));
  });
});
