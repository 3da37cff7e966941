// The dream on a multi-week history of a real repository (expressjs/express at a3714473 with
// sessions on master and the long-lived 4.x): a newer statement that changes a subject said in
// longer words ("the docs site") still supersedes the older one; a mere restatement still merges.
import { describe, expect, it } from 'vitest';
import { consolidate, type DreamSession } from '../../src/dream/consolidate.js';
import type { Session } from '../../src/memory/session.js';
import { makeRepo } from '../helpers/repo.js';

const session = (id: string, date: string, over: Partial<Session> = {}): DreamSession => ({
  session: { id, date, time: '10:00', agent: 'claude', request: `r ${id}`, learned: [], decisions: [], completed: [], next_steps: [], notes: [], commits: [], ...over },
  commitFiles: [],
  at: null,
});
const base = { existing: null, legacy: [], subjects: [], exists: () => true, head: 'fedcba9876543210', lang: 'en' as const };
const live = (doc: ReturnType<typeof consolidate>['doc']) => doc.entries.filter((e) => e.section !== 'superseded' && e.section !== 'leads').map((e) => e.text);

describe('a changed subject said in longer words', () => {
  it('supersedes the older statement in MEMORY.md and the primer (end, dream)', async () => {
    const repo = makeRepo({ now: '2026-11-13T10:00:00Z' });
    expect((await repo.run(['init', '--no-hooks'])).code).toBe(0);
    repo.git('add', '-A');
    repo.git('commit', '-q', '-m', 'chore: set up git-memory');
    const end = async (now: string, summary: object) => expect((await repo.run(['end', '--summary', JSON.stringify(summary)], { env: { GIT_MEMORY_NOW: now } })).code).toBe(0);
    await end('2026-11-02T11:00:00Z', { request: 'Content-Length', learned: ['We deploy the docs site with Heroku pipelines'] });
    await end('2026-11-12T12:00:00Z', { request: 'Docs deploy', learned: ['We deploy the docs site with Fly.io now; the Heroku pipelines are gone'] });
    const dream = await repo.run(['dream', '--force'], { env: { GIT_MEMORY_NOW: '2026-11-13T10:00:00Z' } });
    expect(dream.code, dream.stderr).toBe(0);
    const memory = repo.read('.openclaw_memory/MEMORY.md');
    const current = memory.split('## Superseded')[0]!;
    expect(current).toContain('We deploy the docs site with Fly.io now; the Heroku pipelines are gone');
    expect(current).not.toMatch(/^- We deploy the docs site with Heroku pipelines/m);
    expect(memory).toMatch(/## Superseded\n\n- We deploy the docs site with Heroku pipelines/);
    const primer = await repo.run(['primer', '--no-write'], { env: { GIT_MEMORY_NOW: '2026-11-13T11:00:00Z' } });
    expect(primer.stdout).toContain('Fly.io now');
    expect(primer.stdout).not.toMatch(/^- (?:gotcha: |convention: )?We deploy the docs site with Heroku pipelines$/m);
  });

  it('a restatement with only a word of time ("now") merges into the older entry', () => {
    const { doc, report } = consolidate({
      ...base,
      sessions: [
        session('s1', '2026-11-02', { learned: ['We deploy the docs site with Heroku pipelines'] }),
        session('s2', '2026-11-12', { learned: ['We now deploy the docs site with Heroku pipelines'] }),
      ],
    });
    expect(report.superseded).toEqual([]);
    expect(report.merged).toBe(1);
    expect(live(doc)).toEqual(['We deploy the docs site with Heroku pipelines']);
  });

  it('anchors a fact to a file named outside ASCII, so its change marks the fact stale', async () => {
    // jackfrued/Python-100-Days at 89b4557: Day66-80/77.概率统计基础.md, 更新日志.md.
    const repo = makeRepo({ now: '2026-11-13T10:00:00Z' });
    repo.commit('初始化', { 'Day66-80/77.概率统计基础.md': '# 概率\n', '更新日志.md': 'v1\n' });
    expect((await repo.run(['init', '--no-hooks'])).code).toBe(0);
    repo.git('add', '-A');
    repo.git('commit', '-q', '-m', 'chore: set up git-memory');
    const learned = ['Formulas in Day66-80/77.概率统计基础.md are written in LaTeX', '每次发布都要在 更新日志.md 里加一行'];
    expect((await repo.run(['end', '--summary', JSON.stringify({ request: 'Docs', learned })], { env: { GIT_MEMORY_NOW: '2026-11-02T11:00:00Z' } })).code).toBe(0);
    expect((await repo.run(['dream', '--force'], { env: { GIT_MEMORY_NOW: '2026-11-03T10:00:00Z' } })).code).toBe(0);
    const memory = repo.read('.openclaw_memory/MEMORY.md');
    expect(memory).toMatch(/LaTeX <!-- .*files: Day66-80\/77\.概率统计基础\.md/);
    expect(memory).toMatch(/加一行 <!-- .*files: 更新日志\.md/);
    repo.commit('更新了文档', { 'Day66-80/77.概率统计基础.md': '# 概率统计\n', '更新日志.md': 'v2\n' });
    const primer = await repo.run(['primer', '--no-write'], { env: { GIT_MEMORY_NOW: '2026-11-04T10:00:00Z' } });
    expect(primer.stdout).toContain('LaTeX (may be stale: Day66-80/77.概率统计基础.md changed in 1 commit)');
    expect(primer.stdout).toContain('加一行 (may be stale: 更新日志.md changed in 1 commit)');
  });
});

