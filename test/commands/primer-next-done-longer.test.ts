// Issue 25 §4, first bullet: a next step a later session completed in longer words ("POST /login"
// done as "POST /login issues access and refresh tokens") is not shown as next, wherever that later
// session is: in the window, or before it, on a branch merged in (the primer looks back two weeks for
// a merged branch's next steps, and judged them open by the words shared alone).
import { describe, expect, it } from 'vitest';
import { makeRepo } from '../helpers/repo.js';

const section = (md: string, heading: string) => (md.split(`## ${heading}\n`)[1] ?? '').split('\n## ')[0]!;

describe('a next step completed in longer words', () => {
  it('is not next, though its completion is older than the window (a branch merged in)', async () => {
    const repo = makeRepo({ now: '2026-11-22T18:00:00Z' });
    expect((await repo.run(['init', '--no-hooks', '--agent', 'claude'])).code).toBe(0);
    repo.git('add', '-A');
    repo.git('commit', '-q', '-m', 'Set up git-memory');
    const end = async (now: string, summary: object) => {
      const r = await repo.run(['end', '--summary', JSON.stringify(summary)], { env: { GIT_MEMORY_NOW: now } });
      expect(r.code, r.stderr).toBe(0);
    };
    repo.git('checkout', '-q', '-b', 'login');
    repo.commit('Login route', { 'src/login.ts': 'v1\n' });
    await end('2026-11-12T10:00:00Z', { request: 'Login', next_steps: ['POST /login', 'Lock the account after five failures'] });
    repo.commit('Tokens', { 'src/tokens.ts': 'v1\n' });
    await end('2026-11-13T10:00:00Z', { request: 'Tokens', completed: ['POST /login issues access and refresh tokens'] });
    repo.git('add', '-A');
    repo.git('commit', '-q', '--allow-empty', '-m', 'Journal');
    repo.git('checkout', '-q', 'main');
    repo.git('merge', '-q', '--no-ff', '-m', 'Merge branch login', 'login');
    await end('2026-11-22T10:00:00Z', { request: 'Docs', completed: ['Wrote the README'], next_steps: ['Publish the docs site'] });

    const r = await repo.run(['primer', '--no-write']);
    expect(r.code, r.stderr).toBe(0);
    const next = section(r.stdout, 'Next steps');
    expect(next).toContain('Publish the docs site');
    expect(next).toContain('Lock the account after five failures');
    expect(next).not.toContain('POST /login');
  });
});
