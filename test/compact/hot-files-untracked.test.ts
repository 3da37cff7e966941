// A new untracked folder's files are git facts for hot files: `git status --untracked-files=normal`
// said only `src/reports/`, which is no file, so a folder the session created and has not added
// yet never counted as changed in the worktree (stop 54's leftover, fixed at stop 55 with `=all`).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeRepo, ROOT, type TestRepo } from '../helpers/repo.js';
import { gitFileFacts, MAX_UNTRACKED } from '../../src/commands/steps/hot-file-facts.js';
import { findRepo } from '../../src/git/repo.js';

const FIXTURE = join(ROOT, 'test/fixtures/transcripts/claude.jsonl');
const NOW = '2026-02-12T10:30:00Z';

/** The fixture transcript recorded in `repo` (a Claude Code session of D's). */
function transcript(repo: TestRepo): string {
  const all = readFileSync(FIXTURE, 'utf8').split('\n').filter(Boolean);
  const path = join(repo.dir, '..', `${repo.dir.split('/').pop()}-4d5611e5.jsonl`);
  writeFileSync(path, `${all.join('\n').replaceAll('/home/jane/acme', repo.dir)}\n`);
  return path;
}

describe('hot files: a new untracked folder', () => {
  it("its files are considered by `git memory hot-files`, each by its path", async () => {
    const repo = makeRepo({ now: NOW });
    repo.commit('Add the app', { 'src/app.ts': 'export const app = 1;\n' });
    repo.write('src/reports/daily.ts', 'export const daily = () => 1;\n');
    repo.write('src/reports/weekly.ts', 'export const weekly = () => 7;\n');
    const t = transcript(repo);
    const r = await repo.run(['hot-files', '--json', '--transcript', t]);
    expect(r.code, r.stderr).toBe(0);
    const j = JSON.parse(r.stdout) as { files: { path: string }[]; skipped: { path: string }[] };
    const named = [...j.files, ...j.skipped].map((f) => f.path);
    expect(named).toEqual(expect.arrayContaining(['src/reports/daily.ts', 'src/reports/weekly.ts']));
    expect(named.filter((p) => p.endsWith('/'))).toEqual([]);
  });

  it(`a large untracked tree is looked at up to ${MAX_UNTRACKED} files; a modified tracked file still counts`, async () => {
    const repo = makeRepo({ now: NOW });
    repo.commit('Add the app', { 'src/app.ts': 'export const app = 1;\n' });
    for (let i = 0; i < MAX_UNTRACKED + 50; i++) repo.write(`out/f${String(i).padStart(5, '0')}.js`, '');
    repo.write('src/app.ts', 'export const app = 2;\n');
    const facts = await gitFileFacts(findRepo(repo.dir, repo.env));
    expect(facts.filter((f) => f.path.startsWith('out/'))).toHaveLength(MAX_UNTRACKED);
    expect(facts.find((f) => f.path === 'src/app.ts')?.kind).toBe('uncommitted');
  });
});
