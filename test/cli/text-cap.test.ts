// Every text a command writes into a memory file is capped at 64 KB, as `log` and `tasks add`'s
// text always were: `forget`'s text and a task's --progress, --next-step and --files were not
// (100 KB each went into MEMORY.md and TASKS.md, and were committed).
import { describe, expect, it } from 'vitest';
import { makeMemoryRepo } from '../helpers/repo.js';

const BIG = 'x'.repeat(100_000);

describe('a text over 64 KB', () => {
  for (const [args, what] of [
    [['forget', BIG], 'the text to forget'],
    [['tasks', 'add', 'Ship it', '--progress', BIG], "the task's --progress, --next-step and --files"],
    [['tasks', 'add', 'Ship it', '--next-step', BIG], "the task's --progress, --next-step and --files"],
    [['tasks', 'add', 'Ship it', '--files', BIG.slice(0, 40_000), BIG.slice(0, 40_000)], "the task's --progress, --next-step and --files"],
  ] as const) {
    it(`\`${args.map((x) => (x.length > 20 ? '<100 KB>' : x)).join(' ')}\`: exit 2, valid --json, nothing written or committed`, async () => {
      const repo = await makeMemoryRepo();
      const head = repo.git('rev-parse', 'HEAD');
      const r = await repo.run([...args, '--json']);
      expect(r.code, r.stdout.slice(0, 300)).toBe(2);
      expect(JSON.parse(r.stdout).error.message).toMatch(new RegExp(`^${what.replace(/[-.]/g, '\\$&')} is \\d+ bytes; the limit is 65536 \\(64 KB\\)$`));
      expect(repo.git('rev-parse', 'HEAD')).toBe(head);
      expect(repo.git('status', '--porcelain', '--untracked-files=all')).toBe('');
    });
  }

  it('a task with a long but allowed progress is still added', async () => {
    const repo = await makeMemoryRepo();
    const r = await repo.run(['tasks', 'add', 'Ship it', '--progress', 'y'.repeat(60_000), '--json']);
    expect(r.code, r.stderr).toBe(0);
  });
});
