import { describe, expect, it } from 'vitest';
import { open } from '../../../src/commands/context.js';
import { gatherPrimer, type GatheredPrimer } from '../../../src/commands/steps/gather-primer.js';
import { revisionSource } from '../../../src/commands/steps/revision-source.js';
import { worktreeSource } from '../../../src/commands/steps/worktree-source.js';
import { writeHistory } from '../../helpers/history.js';
import { makeRepo, type TestRepo } from '../../helpers/repo.js';

const NOW = '2026-11-22T18:00:00';

/** The primer's input from the working tree and from HEAD, for a repository with everything committed. */
async function bothSources(repo: TestRepo, days: number) {
  // Not a literal: Ctx's fields beyond cwd and env are not this test's business.
  const ctx = { cwd: repo.dir, env: repo.env, readStdin: async () => Buffer.alloc(0) };
  const worktree = await gatherPrimer(worktreeSource(open(ctx)), new Date(NOW), days);
  const warnings: string[] = [];
  const revision = await gatherPrimer(revisionSource(repo.dir, 'HEAD', warnings), new Date(NOW), days);
  return { worktree, revision, warnings };
}

/** What only the working tree has: the branch checked out and the user's own files. */
const shared = (g: GatheredPrimer) => ({ ...g, input: { ...g.input, user: null, git: { ...g.input.git, branch: null } } });

describe('one primer gatherer over two memory sources', () => {
  it('reads the same window, next steps, tasks and history from the working tree and from a revision', async () => {
    const repo = makeRepo({ now: NOW });
    await repo.run(['init', '--no-hooks']);
    writeHistory(repo, { end: '2026-11-22', days: 10, sessions: 12, tasks: 6, commits: 8 });
    const { worktree, revision, warnings } = await bothSources(repo, 7);
    expect(worktree.input.windowSessions.length).toBeGreaterThan(0);
    expect(worktree.input.tasks).toHaveLength(6);
    expect(worktree.input.git.commits).toHaveLength(9); // 8 code commits and the initial one
    expect(shared(revision)).toEqual(shared(worktree));
    // A revision is shown in pull requests: the user's own files are never read for it.
    expect(revision.input.user).toEqual({ entities: [], preferences: [], instructions: [] });
    expect(revision.input.git.branch).toBeNull();
    expect(worktree.input.git.branch).toBe('main');
    expect(warnings).toEqual([]);
  });

  it('falls back to the latest day with sessions past an unreadable file, from either source', async () => {
    const repo = makeRepo({ now: NOW });
    await repo.run(['init', '--no-hooks']);
    // Sessions end 20 days ago; inside the 7-day window there is only a file that does not parse.
    const { sessions } = writeHistory(repo, { end: '2026-11-02', days: 3, sessions: 4, tasks: 1, commits: 1 });
    repo.commit('memory: a torn session', { '.openclaw_memory/journal/2026-11-21/0900-claude-abcdef.md': 'not a session\n' });
    const { worktree, revision } = await bothSources(repo, 7);
    // The window holds no readable session: it moves back to the last days with sessions.
    expect(worktree.window).toEqual({ from: '2026-10-27', to: '2026-11-02', sessions: 4 });
    expect(worktree.input.lastWithNextSteps?.id).toBe(sessions.at(-1)!.id);
    expect(worktree.warnings.join('\n')).toContain('journal/2026-11-21/0900-claude-abcdef.md');
    expect(shared(revision)).toEqual(shared(worktree));
  });

  it('on a branch idle longer than the window, briefs on its last sessions: the window is moved back to its last day with sessions, from either source', async () => {
    const repo = makeRepo({ now: NOW });
    await repo.run(['init', '--no-hooks']);
    // The branch's sessions end ten days ago (switched back to after work elsewhere); primer.days is 3.
    const { sessions } = writeHistory(repo, { end: '2026-11-12', days: 5, sessions: 6, tasks: 1, commits: 1 });
    const { worktree, revision } = await bothSources(repo, 3);
    // Before: an empty window, no Recent context; only the last next steps were looked back for.
    expect(worktree.window).toEqual({ from: '2026-11-10', to: '2026-11-12', sessions: sessions.filter((s) => s.date >= '2026-11-10').length });
    expect(worktree.input.windowSessions.map((s) => s.id)).toEqual(sessions.filter((s) => s.date >= '2026-11-10').map((s) => s.id));
    expect(worktree.input.lastWithNextSteps?.id).toBe(sessions.at(-1)!.id);
    expect(shared(revision)).toEqual(shared(worktree));
    const md = (await repo.run(['primer', '--no-write', '--days', '3'])).stdout;
    // The newest session first: what it was asked (noise53), then what it did.
    const last = sessions.at(-1)!;
    expect(md).toContain(`## Recent context\n- 2026-11-12 ${last.time} — asked: ${last.request}\n- 2026-11-12 ${last.time} — ${last.completed[0]}`);
  });
});
