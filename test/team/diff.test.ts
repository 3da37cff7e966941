import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixture, makeRepo, type TestRepo } from '../helpers/repo.js';

const DAY = '2026-11-22';
const at = (hhmm: string) => ({ env: { GIT_MEMORY_NOW: `${DAY}T${hhmm}:00` } });

async function ok(repo: TestRepo, args: string[], hhmm = '12:00') {
  const r = await repo.run(args, at(hhmm));
  expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(0);
  return r;
}

/** main with three tasks and one session; feature adds two sessions and changes the tasks. Built once, copied per test. */
const pullRequest = fixture(async () => {
  const repo = makeRepo({ now: `${DAY}T09:00:00`, until: 'file' });
  await ok(repo, ['init', '--no-hooks'], '09:00');
  await ok(repo, ['tasks', 'set', JSON.stringify([{ task: 'Implement login' }, { task: 'Implement registration' }, { task: 'Old idea' }])], '09:00');
  await ok(repo, ['end', '--summary', JSON.stringify({ request: 'Plan the auth work', completed: ['Wrote the plan'], next_steps: ['Start with login'] })], '09:30');
  repo.git('checkout', '-q', '-b', 'feature/auth');
  repo.commit('Add login endpoint', { 'src/login.js': 'login\n' });
  const tasks = [
    { task: 'Implement login', status: 'done' },
    { task: 'Implement registration', status: 'in_progress', progress: 'model designed' },
    { task: 'Role permissions', status: 'todo' },
  ];
  await ok(repo, ['end', '--summary', JSON.stringify({ request: 'Implement user authentication', learned: ['Refresh tokens last 7 days'], completed: ['Login endpoint'], next_steps: ['Logout', 'Role permissions'], tasks })], '14:30');
  await ok(repo, ['tasks', 'set', '--replace', JSON.stringify([...tasks, { task: 'Implement login' }].slice(0, 3))], '15:00');
  await ok(repo, ['end', '--summary', JSON.stringify({ request: 'Ping @octocat <img src=x> about [tokens](http://x)', completed: ['Token refresh'] })], '16:00');
  // The head commit dated when its session ended, as it is outside a test (the in-process run's git
  // takes the clock's date, not GIT_MEMORY_NOW's).
  const when = `${DAY}T16:00:00`;
  execFileSync('git', ['commit', '-q', '--amend', '--no-edit', `--date=${when}`], { cwd: repo.dir, env: { ...repo.env, GIT_COMMITTER_DATE: when } });
  return repo;
});

describe('git memory diff', () => {
  it('renders sessions added, tasks added/closed/changed/removed and the primer change against the default branch', async () => {
    const repo = await pullRequest();
    const r = await ok(repo, ['diff'], '17:00');
    const md = r.stdout;
    expect(md).toMatch(/^<!-- git-memory-diff -->\n## Memory changes\n/);
    expect(md).toContain('merge base of main and HEAD');
    expect(md).toContain('**2 sessions added** · tasks: 1 added, 1 closed, 1 changed, 1 removed');
    expect(md).toContain(`#### ${DAY} 14:30 · agent · Jane Doe (branch feature/auth)`);
    expect(md).toContain('**Request:** Implement user authentication');
    expect(md).toMatch(/\*\*Completed\*\*\n- Login endpoint\n\n\*\*Learned\*\*\n- Refresh tokens last 7 days\n\n\*\*Next steps\*\*\n- Logout\n- Role permissions/);
    expect(md).toMatch(/\*\*Added\*\*\n- \[ \] Role permissions `t-[0-9a-f]+`/);
    expect(md).toMatch(/\*\*Closed\*\*\n- \[x\] Implement login `t-[0-9a-f]+`/);
    expect(md).toMatch(/\*\*Changed\*\*\n- \[~\] Implement registration `t-[0-9a-f]+`: status: todo → in\\_progress; progress: "model designed"/);
    expect(md).toMatch(/\*\*Removed\*\*\n- \[ \] Old idea/);
    // That session was already on main (the primer diff below may show it as a line both primers have).
    expect(md.split('<details>')[0]).not.toContain('Plan the auth work');
    // The primer diff: what the next agent will see differently.
    expect(md).toContain('<details><summary>Primer at base → primer at head');
    expect(md).toMatch(/^\+- .*Login endpoint/m);
    expect(md).toMatch(/^-- .*Start with login/m);
    expect(md).toMatch(/^\+- .*Role permissions/m);
  });

  it('escapes memory text for the PR comment: no mentions, HTML or links', async () => {
    const md = (await ok(await pullRequest(), ['diff'], '17:00')).stdout;
    expect(md).toContain('**Request:** Ping @\u200boctocat \\<img src=x\\> about \\[tokens\\](http://x)');
    // Outside the primer diff's code fence (a fence longer than any backtick run in it: nothing inside is rendered).
    expect(md.replace(/^(`{3,})diff\n[\s\S]*?^\1$/m, '')).not.toMatch(/(^|[^\\])<img/);
  });

  it('reads git objects only: works from another branch with the memory directory deleted from the worktree', async () => {
    const repo = await pullRequest();
    const expected = (await ok(repo, ['diff', 'main...feature/auth', '--json'], '17:00')).stdout;
    repo.git('checkout', '-q', 'main');
    rmSync(join(repo.dir, '.openclaw_memory'), { recursive: true });
    const r = await ok(repo, ['diff', 'main...feature/auth', '--json'], '17:00');
    expect(r.stdout).toBe(expected);
    const data = JSON.parse(r.stdout);
    expect(data.sessions.map((s: { request: string; author: string }) => [s.request, s.author])).toEqual([
      ['Implement user authentication', 'Jane Doe <jane@example.com>'],
      ['Ping @octocat <img src=x> about [tokens](http://x)', 'Jane Doe <jane@example.com>'],
    ]);
    expect(data.tasks.closed.map((t: { task: string }) => t.task)).toEqual(['Implement login']);
    expect(data.primer.changed).toBe(true);
    expect(data.primer.head).toContain('Role permissions');
    expect(data.primer.base).not.toContain('Role permissions');
  });

  it('is the same whatever day it is viewed: both primers are built as of the head commit\'s date', async () => {
    const repo = await pullRequest();
    const sameDay = (await ok(repo, ['diff', '--json'], '17:00')).stdout;
    const later = await repo.run(['diff', '--json'], { env: { GIT_MEMORY_NOW: '2026-12-01T17:00:00' } });
    expect(later.code, later.stderr).toBe(0);
    expect(later.stdout).toBe(sameDay);
    const data = JSON.parse(later.stdout);
    // Nine days later the sessions of the pull request are still its Recent context, and its Learned.
    expect(data.primer.head).toContain('Login endpoint');
    expect(data.primer.head).toContain('Refresh tokens last 7 days');
    expect(data.primer.head).toContain(`${DAY} 16:00`);
  });

  it('takes A..B literally, and says so when nothing changed', async () => {
    const repo = await pullRequest();
    const none = await ok(repo, ['diff', 'HEAD..HEAD'], '17:00');
    expect(none.stdout).toContain('No memory changes');
    const last = JSON.parse((await ok(repo, ['diff', 'HEAD~1..HEAD', '--json'], '17:00')).stdout);
    expect(last.sessions).toHaveLength(1);
    expect(last.base.name).toBe('HEAD~1');
    const bad = await repo.run(['diff', 'nope...HEAD']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('unknown revision "nope"');
  });
});

describe('the GitHub Actions template', () => {
  it('renders the range of the pull request and finds its own comment by the marker the diff writes', async () => {
    const { parse } = await import('yaml');
    const { readFileSync } = await import('node:fs');
    const { COMMENT_MARKER } = await import('../../src/memory/render-diff.js');
    const { ROOT } = await import('../helpers/repo.js');
    const text = readFileSync(join(ROOT, 'templates', 'github', 'memory-diff.yml'), 'utf8');
    const wf = parse(text) as { on: { pull_request: { paths: string[] } }; permissions: Record<string, string>; jobs: Record<string, { steps: { run?: string; env?: Record<string, string> }[] }> };
    expect(wf.on.pull_request.paths).toEqual(['.openclaw_memory/**', '.openclaw_memory.toml']);
    expect(wf.permissions['pull-requests']).toBe('write');
    const runs = wf.jobs['memory-diff']!.steps.map((s) => s.run ?? '').join('\n');
    expect(runs).toContain('git memory diff "$BASE...$HEAD" > memory-diff.md');
    expect(runs).toContain(`startswith("${COMMENT_MARKER}")`);
  });
});
