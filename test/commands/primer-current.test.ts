// Issue 25 §4: the primer says what is current — a next step a later session completed in longer
// words is gone; no merge commit in Recent commits; Learned lines do not repeat their kind;
// git-memory's own wiring is never a hot file or recent work; bots' commits make no hot files.
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { makeRepo } from '../helpers/repo.js';

const section = (md: string, heading: string) => (md.split(`## ${heading}\n`)[1] ?? '').split('\n## ')[0]!;

describe('the primer says what is current', () => {
  it('next steps, commits, learned lines and hot files', async () => {
    const repo = makeRepo({ now: '2026-11-22T18:00:00Z' });
    expect((await repo.run(['init', '--no-hooks', '--agent', 'claude'])).code).toBe(0);
    repo.git('add', '-A');
    repo.git('commit', '-q', '-m', 'Set up git-memory');
    repo.commit('Add the login route', { 'src/login.ts': 'v1\n' });
    repo.git('checkout', '-q', '-b', 'side');
    repo.commit('Tokens on login', { 'src/tokens.ts': 'v1\n' });
    repo.git('checkout', '-q', 'main');
    repo.commit('Touch login', { 'src/login.ts': 'v2\n' });
    repo.git('merge', '-q', '--no-ff', '-m', 'Merge branch side', 'side');
    for (const i of [1, 2, 3]) {
      repo.write('package.json', `{"v":${i}}\n`);
      repo.git('add', 'package.json');
      execFileSync('git', ['commit', '-q', '-m', `Bump dep to ${i}`], { cwd: repo.dir, env: { ...repo.env, GIT_AUTHOR_NAME: 'dependabot[bot]', GIT_AUTHOR_EMAIL: '49699333+dependabot[bot]@users.noreply.github.com' } });
    }
    const end = async (now: string, summary: object) => expect((await repo.run(['end', '--summary', JSON.stringify(summary)], { env: { GIT_MEMORY_NOW: now } })).code).toBe(0);
    await end('2026-11-22T10:00:00Z', { request: 'Login', next_steps: ['POST /login', 'Rate-limit the login route'], learned: ['Sessions live in Redis'], decisions: ['Tokens are JWTs signed with RS256'] });
    await end('2026-11-22T12:00:00Z', { request: 'Tokens', completed: ['POST /login issues access and refresh tokens'] });

    const r = await repo.run(['primer', '--no-write']);
    expect(r.code, r.stderr).toBe(0);
    const md = r.stdout;
    const next = section(md, 'Next steps');
    expect(next).toContain('Rate-limit the login route');
    expect(next).not.toContain('POST /login');
    const commits = section(md, 'Recent commits');
    expect(commits).toContain('Touch login');
    expect(commits).not.toContain('Merge branch side');
    expect(commits).not.toContain('Set up git-memory');
    const learned = section(md, 'Learned');
    expect(learned).toContain('- Sessions live in Redis');
    expect(learned).toContain('- Tokens are JWTs signed with RS256');
    expect(learned).not.toMatch(/learned: |decision: /);
    const hot = section(md, 'Hot files');
    expect(hot).toContain('src/login.ts');
    expect(hot).not.toMatch(/\.claude\/settings\.json|\.mcp\.json|CLAUDE\.md|package\.json/);
  });
});
