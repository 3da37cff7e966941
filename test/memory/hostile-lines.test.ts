// The journal, TASKS.md and the user's files are read at every session start, and the first two are
// committed: a teammate's pull request or a pasted log can put any line in them. Patterns that trim
// a line's end with `\s+$`, or take a lazy `(.*?)` before `\s*$` or `[ \t]*$`, look ahead to the end
// of every run of spaces from each of its places: a 100 KB line with a run of spaces held
// `git memory primer` for 7-12 s (a session file) and over a minute (TASKS.md). The work is linear,
// so each parse here has a bound far above its time (a few ms) and far below main's.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readFrontmatter } from '../../src/memory/frontmatter.js';
import { parseJournalFile } from '../../src/memory/journal.js';
import { parseTasksKeeping, writtenTaskIds } from '../../src/memory/tasks.js';
import { readListItems } from '../../src/memory/user-files.js';
import { tempDir } from '../helpers/cleanup.js';
import { makeMemoryRepo } from '../helpers/repo.js';
import { cpuNow } from '../helpers/cpu-time.js';

const BOUND_MS = 1000;
const run = (blank: string) => `x${blank.repeat(100_000 / blank.length)}y`;
const SESSION_REL = '.openclaw_memory/journal/2026-12-06/1621-claude-19ff96.md';
const session = (line: string, agent = 'claude') =>
  `---\nsession: 20261206-1621-19ff96\ndate: 2026-12-06\ntime: "16:21"\nagent: ${agent}\nbranch: main\n---\n\n## Session 16:21\n\n### Request\nFix the login ${line}\n\n### Learned\n- Tokens expire after 15 minutes ${line}\n- Use pnpm, never npm\n`;
const tasks = (line: string) => `---\nupdated: 2026-12-06\n---\n\n# Tasks\n\n- [ ] Fix the login ${line} <!-- t-ab12 2026-12-06T16:21 -->\n  - note: ${line}\n- [x] Ship the fix <!-- t-cd34 -->\n`;

function timed<T>(f: () => T): [T, number] {
  const t = cpuNow();
  const v = f();
  return [v, cpuNow() - t];
}

describe('memory files with a line of a long run of blanks', () => {
  for (const blank of [' ', ' \t']) {
    const line = run(blank);
    const what = JSON.stringify(blank);
    it(`reads a session file with runs of ${what} in its frontmatter and sections in linear time`, () => {
      const [got, ms] = timed(() => parseJournalFile(session(line, `claude ${line}`), SESSION_REL));
      expect(ms).toBeLessThan(BOUND_MS);
      expect(got[0]!.learned).toContain('Use pnpm, never npm');
      const [fm, fmMs] = timed(() => readFrontmatter(`---\nagent: ${line}${blank.repeat(50_000)}\n---\nbody\n`, 'x.md', 'shape'));
      expect(fmMs).toBeLessThan(BOUND_MS);
      expect(fm.data.agent).toBe(line);
    });

    it(`reads TASKS.md with runs of ${what} in a task and its detail in linear time`, () => {
      const [got, ms] = timed(() => parseTasksKeeping(tasks(line), 'TASKS.md'));
      expect(ms).toBeLessThan(BOUND_MS);
      expect(got.unreadable).toEqual([]);
      expect(got.list.tasks.map((t) => [t.id, t.task, t.status, t.updated])).toEqual([
        ['t-ab12', `Fix the login ${line}`, 'todo', '2026-12-06T16:21'],
        ['t-cd34', 'Ship the fix', 'done', undefined],
      ]);
      const [ids, idMs] = timed(() => writtenTaskIds(tasks(line)));
      expect(idMs).toBeLessThan(BOUND_MS);
      expect(ids.map((i) => i.id)).toEqual(['t-ab12', 't-cd34']);
    });

    it(`reads the user's list items with runs of ${what} in linear time`, () => {
      const path = join(tempDir(), 'preferences.md');
      writeFileSync(path, `# Preferences\n\n- Short answers ${line}${blank.repeat(1000)}\n- Tabs, not spaces  \n`);
      const [items, ms] = timed(() => readListItems(path));
      expect(ms).toBeLessThan(BOUND_MS);
      expect(items).toEqual([`Short answers ${line}`, 'Tabs, not spaces']);
    });
  }

  it('reads a task line as before: a comment that is no task id stays in the text, trailing blanks go', () => {
    const got = parseTasksKeeping('---\nupdated: 2026-12-06\n---\n\n- [~] Use <!-- not an id --> here \t\n- [!] Blocked <!-- t-zz99 2026-12-06 -->  \n- [ ] <!-- t-ee55 -->\n', 'TASKS.md');
    expect(got.list.tasks.map((t) => [t.task, t.status, t.updated])).toEqual([
      ['Use <!-- not an id --> here', 'in_progress', undefined],
      ['Blocked', 'blocked', '2026-12-06'],
      ['', 'todo', undefined],
    ]);
    expect(got.list.tasks[1]!.id).toBe('t-zz99');
  });

  it('a session start over such a session file and TASKS.md is not held up, and shows what they hold', async () => {
    const repo = await makeMemoryRepo({ now: '2026-12-06T17:00:00Z' });
    expect((await repo.run(['primer', '--no-write'])).code).toBe(0); // the modules loaded: the bound is the parse's
    repo.write(SESSION_REL, session(run(' ')));
    repo.write('.openclaw_memory/TASKS.md', tasks(run(' ')));
    const t = cpuNow();
    const r = await repo.run(['primer', '--no-write']);
    const ms = cpuNow() - t;
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('Use pnpm, never npm');
    expect(r.stdout).toContain('Fix the login x');
    expect(ms).toBeLessThan(3 * BOUND_MS);
  });
});
