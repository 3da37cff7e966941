import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { appendSpool } from '../../src/git/spool.js';
import { controlCharProblems, findControlChars } from '../../src/safety/control-chars.js';
import { makeMemoryRepo, makeRepo, type TestRepo } from '../helpers/repo.js';

describe('findControlChars', () => {
  it('finds C0, DEL and C1 controls with line and column; newline, tab and CRLF are text', () => {
    expect(findControlChars('plain\ttext\r\nnext line\n')).toEqual([]);
    expect(findControlChars('a\0b\nxy\x1b[31m\n\x7f \u0085 lone\rcr')).toEqual([
      { line: 1, column: 2, codePoint: 'U+0000' },
      { line: 2, column: 3, codePoint: 'U+001B' },
      { line: 3, column: 1, codePoint: 'U+007F' },
      { line: 3, column: 3, codePoint: 'U+0085' },
      { line: 3, column: 9, codePoint: 'U+000D' },
    ]);
    expect(controlCharProblems('a\0\0b\x07', 'request')).toEqual(['request: contains control characters U+0000, U+0007; only newline and tab are allowed']);
    expect(controlCharProblems('fine', 'request')).toEqual([]);
  });
});

/** What a refused command must leave as it was: the work tree, HEAD, the index and the spool (caches aside). */
function snapshot(repo: TestRepo): string {
  const state = join(repo.dir, '.git', 'git-memory');
  const files = (() => {
    try {
      return readdirSync(state).filter((f) => f.includes('.jsonl')).sort().map((f) => `${f}:${readFileSync(join(state, f), 'utf8')}`);
    } catch {
      return [];
    }
  })();
  return [repo.git('status', '--porcelain=v1', '--untracked-files=all', '--ignored'), repo.git('rev-parse', 'HEAD'), repo.git('diff', '--cached'), ...files].join('\n---\n');
}

async function initRepo(): Promise<TestRepo> {
  const repo = await makeMemoryRepo({ now: '2026-11-22T14:30:00' });
  // A queued item, which a failed `end` must not consume.
  expect((await repo.run(['log', 'Queued before the failed end'])).code).toBe(0);
  return repo;
}

describe('control characters in input are refused before anything is written', () => {
  // One repository for every case: each refused command must leave it exactly as it was.
  it('end, log, tasks set and tasks add refuse them (exit 2), the spool kept; tab, newline and CRLF pass', async () => {
    const repo = await initRepo();
    const before = snapshot(repo);
    const ends: [object, RegExp][] = [
      [{ request: 'Add login\u0000' }, /request: contains control character U\+0000/],
      [{ request: 'Add login', learned: ['ok', 'red \u001b[31m'] }, /learned\[1\]: contains control character U\+001B/],
      [{ request: 'Add login', tasks: [{ task: 'Fix\u0000bug' }] }, /tasks\[0\]\.task: contains control character U\+0000/],
      [{ request: 'Add login', tasks: [{ task: 'Fix bug', related_files: ['a\u0000.ts'] }] }, /tasks\[0\]\.related_files\[0\]/],
    ];
    const cases: [string[], RegExp][] = [
      ...ends.map(([s, m]): [string[], RegExp] => [['end', '--summary', JSON.stringify(s)], m]),
      [['log', 'bell\u0007'], /the log text: contains control character U\+0007/],
      [['tasks', 'set', JSON.stringify([{ task: 'Fix', progress: 'half\u0000way' }])], /tasks\[0\]\.progress: contains control character U\+0000/],
      [['tasks', 'set', JSON.stringify([{ task: 'Fix', next_step: 'x\u0085' }])], /tasks\[0\]\.next_step: contains control character U\+0085/],
      [['tasks', 'add', 'Fix\u0000bug'], /the task text: contains control character U\+0000/],
      [['tasks', 'add', 'Fix bug', '--next-step', 'go\u001b'], /--next-step: contains control character U\+001B/],
    ];
    for (const [args, message] of cases) {
      const r = await repo.run(args);
      expect(r.code, `${args.join(' ')}\n${r.stderr}`).toBe(2);
      expect(r.stderr).toMatch(message);
    }
    expect(snapshot(repo)).toBe(before);

    const r = await repo.run(['end', '--summary', JSON.stringify({ request: 'Line one\r\nline two', learned: ['a\tb'] }), '--json']);
    expect(r.code, r.stderr).toBe(0);
    const path = JSON.parse(r.stdout).session.path as string;
    expect(repo.git('show', `HEAD:${path}`)).toContain('Queued before the failed end');
  });
});

describe('git memory lint flags control characters in committed files', () => {
  it('names file, line and column; a NUL in TASKS.md makes it binary to git', async () => {
    const repo = makeRepo({ now: '2026-11-22T15:00:00Z' });
    repo.commit('memory', {
      '.openclaw_memory/TASKS.md': '---\nupdated: 2026-11-22\n---\n\n- [ ] Fix\u0000bug <!-- t-3f2a -->\n',
      '.openclaw_memory/journal/2026-11-22/1430-claude-aaaaaa.md':
        '---\nsession: 20261122-1430-aaaaaa\ndate: 2026-11-22\ntime: "14:30"\nagent: claude\n---\n\n## Session 14:30\n\n### Request\nAdd login\r\n\n### Learned\n- tab\tis fine\n- esc \u001b[2J here\n',
    });
    expect(repo.git('diff', '--numstat', 'HEAD~1', 'HEAD', '--', '.openclaw_memory/TASKS.md')).toMatch(/^-\t-\t/); // binary to git
    const r = await repo.run(['lint', '--json']);
    expect(r.code).toBe(1);
    const report = JSON.parse(r.stdout).report as { file: string; problems: { check: string; line?: number; column?: number; message: string }[] }[];
    const found = report.flatMap((f) => f.problems.filter((p) => p.check === 'control-char').map((p) => [f.file, p.line, p.column, p.message]));
    expect(found).toEqual([
      ['.openclaw_memory/TASKS.md', 5, 10, 'control character U+0000: only newline and tab belong in a memory file'],
      ['.openclaw_memory/journal/2026-11-22/1430-claude-aaaaaa.md', 15, 7, 'control character U+001B: only newline and tab belong in a memory file'],
    ]);
    expect((await repo.run(['lint'])).stdout).toMatch(/TASKS\.md[\s\S]*5:10[\s\S]*U\+0000/);
  });
});

describe('the primer drops control characters that arrived by commit', () => {
  it('shows the text around them, never the characters', async () => {
    const repo = makeRepo({ now: '2026-11-22T15:00:00' });
    repo.commit('memory', {
      '.openclaw_memory/journal/2026-11-22/1430-claude-aaaaaa.md':
        '---\nsession: 20261122-1430-aaaaaa\ndate: 2026-11-22\ntime: "14:30"\nagent: claude\n---\n\n## Session 14:30\n\n### Request\nAdd login\n\n### Completed\n- Login \u001b[2Jpage\u0000 done\n',
    });
    const r = await repo.run(['primer', '--no-write']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('2026-11-22 14:30 — Login [2Jpage done');
    expect(findControlChars(r.stdout)).toEqual([]);
  });
});

describe('a commit subject with control characters is recorded without them', () => {
  it('end writes the subject the hook recorded, minus the escape sequence', async () => {
    const repo = await initRepo();
    const sha = repo.commit('red \u001b[31mtext\u0007');
    appendSpool(join(repo.dir, '.git', 'git-memory'), { type: 'commit', sha, subject: repo.git('log', '-1', '--format=%s').trim(), at: '2026-11-22T14:20:00' });
    const r = await repo.run(['end', '--summary', JSON.stringify({ request: 'Colour output' }), '--json']);
    expect(r.code, r.stderr).toBe(0);
    const text = repo.git('show', `HEAD:${JSON.parse(r.stdout).session.path}`);
    expect(text).toContain(`- ${sha} red [31mtext`);
    expect(findControlChars(text)).toEqual([]);
  });
});

describe('a control character in the config\'s commit message template', () => {
  it('does not make end fail after writing: the commit lands without it', async () => {
    const repo = await initRepo();
    repo.write('.openclaw_memory.toml', '[commit]\nmessage = "memory:\\u0000 {summary}\\u001b"\n');
    repo.git('commit', '-q', '-am', 'config');
    const r = await repo.run(['end', '--summary', JSON.stringify({ request: 'Tidy up' })]);
    expect(r.code, r.stderr).toBe(0);
    expect(repo.git('log', '-1', '--format=%s').trim()).toBe('memory: Tidy up');
    expect(repo.git('status', '--porcelain')).toBe('');
  });
});
