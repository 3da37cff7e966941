// A branch named after a token (`fix/rotate-sk_live_…`, a user pasting the token they rotate) and a
// file named by one: the token follows a `-` that joins it to a word, and every token rule took that
// `-` as part of a longer token. The primer's header named the branch to the agent (and PRIMER.md),
// the journal recorded it, and `sessions`, `show`, search and MCP gave it back (stop 52's attack:
// one kind per agent, the branch's, everywhere).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { redactQuick, redactQuickLines } from '../../src/safety/quick-redact.js';
import { redactText, scanText } from '../../src/safety/scan.js';
import { makeRepo } from '../helpers/repo.js';

// Random, never valid anywhere; built from pieces so no scanner of this repository sees a token.
const STRIPE = ['sk_live_', '51Hq8Zr', 'T2vLm9Kx', 'W4bN7cPd', 'Y3sFj6Gu', 'A1eXoQi5', 'VkMr0tPw', 'y8SzCn2B'].join('');
const GITHUB = ['ghp_', 'Wq4Rt8', 'Yu2Io6', 'Pa9Sd3', 'Fg7Hj1', 'Kl5Zx0', 'Cv3BnM'].join('');
const NPM = ['npm_', 'Qx7Vb2', 'LmK9pR', '4tWz8N', 'cYh3Ds', 'F6gJa1', 'Ue5XoT'].join('');

function textOf(dir: string): string {
  let all = '';
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    all += statSync(p).isDirectory() ? textOf(p) : `${readFileSync(p, 'latin1')}\n`;
  }
  return all;
}

describe('a token joined to a name by a hyphen', () => {
  it.each([
    ['a branch', `fix/rotate-${STRIPE}`, STRIPE],
    ['a branch, the token first', `${GITHUB}-rotation`, GITHUB],
    ['a file', `config/registry-${NPM}.json`, NPM],
  ])('is found in %s by every path', async (_what, name, token) => {
    expect(redactQuick(name)).not.toContain(token.slice(8));
    expect(redactQuickLines(`branch: ${name}\n`)).not.toContain(token.slice(8));
    expect(redactText(name, await scanText(name))).not.toContain(token.slice(8));
  });

  it('a hyphen inside a token or at a word\'s edge is as before', async () => {
    for (const text of ['feature/rate-limit-sk_test-fixtures', 'docs/how-to-rotate-keys', 'fix/npm_install-fails', 'release-2026-12-07']) {
      expect(await scanText(text), text).toEqual([]);
      expect(redactQuick(text)).toBe(text);
    }
  });

  it('a branch named after a token reaches no memory file, no commit, no primer and no view page', async () => {
    const repo = makeRepo({ now: '2026-12-07T10:00:00Z' });
    expect((await repo.run(['init', '--no-hooks'])).code).toBe(0);
    repo.git('add', '-A');
    repo.git('commit', '-q', '-m', 'chore: set up git-memory');
    repo.git('checkout', '-q', '-b', `fix/rotate-${STRIPE}`);
    repo.commit('Rotate the payment key');
    const end = await repo.run(['end', '--summary', JSON.stringify({ request: 'Rotate the payment key', completed: ['Rotated it'] })]);
    expect(end.code, end.stderr).toBe(0);
    const primer = await repo.run(['primer']);
    expect(primer.code, primer.stderr).toBe(0);
    const sessions = await repo.run(['sessions']);
    const view = await repo.run(['view', '--out', join(repo.dir, '..', `${repo.dir.split('/').pop()}-view.html`)]);
    expect(view.code, view.stderr).toBe(0);
    const page = readFileSync(join(repo.dir, '..', `${repo.dir.split('/').pop()}-view.html`), 'utf8');
    const memory = textOf(join(repo.dir, '.openclaw_memory'));
    const commits = repo.git('log', '--all', '-p', '--format=%B', '--', '.openclaw_memory');
    for (const [where, text] of Object.entries({ primer: primer.stdout, sessions: sessions.stdout, memory, commits, 'view page': page })) {
      expect(text, where).not.toContain(STRIPE.slice(8));
    }
    expect(primer.stdout).toContain('fix/rotate-[REDACTED:');
  });
});
