// A committed memory file of megabytes (a hostile commit, or years of tasks never cleared) was read,
// parsed and rendered whole at every session start: 8 MB cost the start 1-2.5 s (TASKS.md, a day
// file; MEMORY.md 0.8 s), where the budget is 0.3 s. Past a read cap such a file is skipped with a
// warning, never rewritten, and `lint` says why.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DAY_READ_MAX_BYTES, SESSION_READ_MAX_BYTES } from '../../src/memory/journal.js';
import { LONG_TERM_READ_MAX_BYTES } from '../../src/memory/long-term-read.js';
import { TASKS_READ_MAX_BYTES } from '../../src/memory/tasks-file.js';
import { makeMemoryRepo, type TestRepo } from '../helpers/repo.js';

const NOW = '2026-11-22T14:30:00';

/** `head`, then `line(i)` for i = 0, 1, … until the text is over `bytes`. */
function grown(head: string, line: (i: number) => string, bytes: number): string {
  const parts = [head];
  let size = head.length;
  for (let i = 0; size <= bytes; i++) {
    const l = line(i);
    parts.push(l);
    size += l.length;
  }
  return parts.join('');
}

/** Writes `rel` (a path in the repository) and commits it. */
function commitFile(repo: TestRepo, rel: string, text: string): void {
  mkdirSync(dirname(join(repo.dir, rel)), { recursive: true });
  writeFileSync(join(repo.dir, rel), text);
  repo.git('add', '-A');
  repo.git('commit', '-q', '-m', `big ${rel}`);
}

describe('memory files over their read cap', () => {
  it('TASKS.md: the primer leaves it out and says so, task updates refuse it, lint reports it', async () => {
    const repo = await makeMemoryRepo({ now: NOW });
    const text = grown('---\nupdated: 2026-11-22\n---\n\n- [ ] BIG-TASK-MARKER first task <!-- t-00000 -->\n', (i) => `- [ ] Task ${i} about the parser cache <!-- t-${(i + 1).toString(16).padStart(5, '0')} -->\n`, TASKS_READ_MAX_BYTES);
    commitFile(repo, '.openclaw_memory/TASKS.md', text);

    const primer = await repo.run(['primer']);
    expect(primer.code, primer.stderr).toBe(0);
    expect(primer.stdout).not.toContain('BIG-TASK-MARKER');
    expect(primer.stderr).toContain(`.openclaw_memory/TASKS.md: is ${Buffer.byteLength(text)} bytes, more than a task list holds`);

    const add = await repo.run(['tasks', 'add', 'One more']);
    expect(add.code).toBe(1);
    expect(repo.read('.openclaw_memory/TASKS.md')).toBe(text);

    const lint = await repo.run(['lint', '--json']);
    expect(JSON.stringify(JSON.parse(lint.stdout))).toContain(`a TASKS.md over ${TASKS_READ_MAX_BYTES / 1024} KB is not read`);
    expect(repo.git('status', '--porcelain')).toBe('');
  });

  it('MEMORY.md: the primer reads it as none, lint says so', async () => {
    const repo = await makeMemoryRepo({ now: NOW });
    const text = grown('# Long-term memory\n\n## Conventions\n- BIG-MEMORY-MARKER the first fact\n', (i) => `- Convention ${i}: module m${i} keeps its cache per process\n`, LONG_TERM_READ_MAX_BYTES);
    commitFile(repo, '.openclaw_memory/MEMORY.md', text);
    const primer = await repo.run(['primer']);
    expect(primer.code, primer.stderr).toBe(0);
    expect(primer.stdout).not.toContain('BIG-MEMORY-MARKER');
    const lint = await repo.run(['lint', '--json']);
    expect(JSON.stringify(JSON.parse(lint.stdout))).toContain(`over ${LONG_TERM_READ_MAX_BYTES / 1024} KB the primer and search do not read it at all`);
  });

  it('a day file: the primer skips it and says so, lint reports it', async () => {
    const repo = await makeMemoryRepo({ now: NOW });
    const text = grown(
      '---\ndate: 2026-11-21\n---\n\n## Session 09:00\n\n### Request\nBIG-DAY-MARKER request\n\n',
      (i) => `## Session ${String(10 + (i % 12)).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}\n\n### Request\nRequest ${i} about the parser\n\n`,
      DAY_READ_MAX_BYTES,
    );
    commitFile(repo, '.openclaw_memory/journal/2026-11-21.md', text);
    const primer = await repo.run(['primer']);
    expect(primer.code, primer.stderr).toBe(0);
    expect(primer.stdout).not.toContain('BIG-DAY-MARKER');
    expect(primer.stderr).toContain(`.openclaw_memory/journal/2026-11-21.md: is ${Buffer.byteLength(text)} bytes, more than a day of sessions holds`);
    const lint = await repo.run(['lint', '--json']);
    expect(JSON.stringify(JSON.parse(lint.stdout))).toContain(`a day file over ${DAY_READ_MAX_BYTES / 1024 / 1024} MB is not read`);
  });

  it('session files: one of 300 KB (eighteen times what end writes) is skipped with a warning', async () => {
    const repo = await makeMemoryRepo({ now: NOW });
    const head = '---\nsession: 20261122-1200-abcdef\ndate: 2026-11-22\ntime: "12:00"\nagent: claude\n---\n\n## Session 12:00\n\n### Request\nBIG-SESSION-MARKER request\n\n### Learned\n';
    const text = grown(head, (i) => `- Fact ${i} about the parser cache\n`, 300 * 1024);
    expect(Buffer.byteLength(text)).toBeGreaterThan(SESSION_READ_MAX_BYTES);
    commitFile(repo, '.openclaw_memory/journal/2026-11-22/1200-claude-abcdef.md', text);
    const primer = await repo.run(['primer']);
    expect(primer.code, primer.stderr).toBe(0);
    expect(primer.stdout).not.toContain('BIG-SESSION-MARKER');
    expect(primer.stderr).toContain('.openclaw_memory/journal/2026-11-22/1200-claude-abcdef.md: is');
  });
});
