import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, makeRepo } from '../helpers/repo.js';

// The templates travel inside the program: a copy of dist/ alone, far from the package's
// templates/ folder (as in a temp dir outside the clone, or any install layout), writes every file
// from them in both languages. Before, they were looked for upward from the bundle and not found.
const NOW = '2026-11-22T15:00:00Z';
const DAY = '2026-11-22';
const HEADINGS = {
  en: { session: '### Request', tasks: '# Tasks', day: '# Journal 2026-11-22', primer: '## Tasks in progress' },
  zh: { session: '### 请求', tasks: '# 任务', day: '# 日志 2026-11-22', primer: '## 进行中的任务' },
};

describe('the built program, copied away from the package', () => {
  let outside: string;
  let bin: string;
  beforeAll(() => {
    outside = mkdtempSync(join(tmpdir(), 'gm-dist-alone-'));
    cpSync(join(BIN, '..'), join(outside, 'dist'), { recursive: true });
    bin = join(outside, 'dist', 'git-memory.js');
  });
  afterAll(() => rmSync(outside, { recursive: true, force: true }));

  for (const lang of ['en', 'zh'] as const) {
    it(`writes sessions, tasks, the day view and the primer from its own templates (${lang})`, () => {
      const repo = makeRepo({ now: NOW });
      const run = (...args: string[]) => {
        const r = spawnSync(process.execPath, [bin, ...args], { cwd: repo.dir, env: repo.env, encoding: 'utf8' });
        expect(r.stderr).not.toContain('templates');
        expect(r.status).toBe(0);
        return r.stdout;
      };
      run('init', '--language', lang);
      const summary = { request: 'Add the login page', learned: ['Sessions expire after 30 minutes'], tasks: [{ task: 'Wire the login form', status: 'in_progress' }] };
      run('end', '--summary', JSON.stringify(summary));

      const [session] = readdirSync(join(repo.dir, '.openclaw_memory', 'journal', DAY));
      expect(repo.read(`.openclaw_memory/journal/${DAY}/${session}`)).toContain(`${HEADINGS[lang].session}\nAdd the login page`);
      expect(repo.read('.openclaw_memory/TASKS.md')).toContain(`${HEADINGS[lang].tasks}\n`);
      expect(run('journal', DAY)).toContain(HEADINGS[lang].day);
      expect(repo.read('.openclaw_memory/PRIMER.md')).toContain(`${HEADINGS[lang].primer}\n`); // end refreshed it
    });
  }
});
