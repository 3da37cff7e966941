// A URL's userinfo (secrets55): only its password was a secret to the rules, so the forms where the
// user part is the token — `https://<token>@github.com/…`, `https://<token>:x-oauth-basic@…`,
// GitHub's documented ones — reached memory, search and the primer whole. Decided: the user part is
// a secret when it reads as random (a token), not when it reads as a name (`jane`, `oauth2`,
// `x-access-token`); the host never is.
import { describe, expect, it } from 'vitest';
import { redactQuick, redactQuickLines } from '../../src/safety/quick-redact.js';
import { redactText, scanText } from '../../src/safety/scan.js';
import { makeMemoryRepo } from '../helpers/repo.js';

const HEX_TOKEN = '0123456789abcdef0f1e2d3c4b5a69788796a5b4';
const KEYED = 'api_key_9f8e7d6c5b4a39281706f5e4d3c2b1a0';

const LEAKY = [
  [`git remote set-url origin https://${HEX_TOKEN}:x-oauth-basic@github.com/acme/api.git`, HEX_TOKEN],
  [`git clone https://${HEX_TOKEN}@github.com/acme/api.git`, HEX_TOKEN],
  [`curl https://${KEYED}@api.acme.dev/v1/deploy`, KEYED],
] as const;

const KEPT = [
  'git clone https://jane:[REDACTED:url-credentials]@git.acme.dev/acme/api.git',
  'see https://jane@git.acme.dev/acme/api.git and https://github.com/acme/api',
  'pushed with https://x-access-token:[REDACTED:url-credentials]@github.com/acme/api.git',
  'https://deploy-bot-production@registry.acme.dev/v2/',
  'mirror at https://git.0123456789abcdef0f1e2d3c4b5a69788796a5b4.internal/acme/api.git',
];

describe("a URL's user part", () => {
  it('is redacted where it is the token, by the scanner and by every reader, the host and the rest left', async () => {
    for (const [line, token] of LEAKY) {
      const found = await scanText(line);
      expect(found.map((f) => f.ruleId), line).toContain('url-user-token');
      const written = redactText(line, found);
      expect(written, line).not.toContain(token.slice(4, 24));
      expect(written).toMatch(/@(?:github\.com|api\.acme\.dev)\//);
      for (const read of [redactQuick(line), redactQuickLines(`intro\n${line}\n`)]) {
        expect(read, line).not.toContain(token.slice(4, 24));
        expect(read).toContain('[REDACTED:url-user-token]');
      }
    }
  });

  it('is kept where it reads as a name; a host is never redacted', async () => {
    for (const line of KEPT) {
      expect((await scanText(line)).filter((f) => f.ruleId === 'url-user-token'), line).toEqual([]);
      expect(redactQuick(line), line).toBe(line);
    }
  });

  it('git memory log refuses it and search does not show it when committed past the scan', async () => {
    const repo = await makeMemoryRepo({ now: '2026-12-07' });
    const r = await repo.run(['log', LEAKY[1][0]]);
    expect(r.code).toBe(3);
    expect(r.stderr).toContain('url-user-token');
    repo.write(
      '.openclaw_memory/journal/2026-12-01/1000-claude-abc123.md',
      ['---', 'session: 20261201-1000-abc123', 'date: 2026-12-01', 'time: "10:00"', 'agent: claude', 'branch: main', '---', '', '### Learned', `- the mirror clones with ${LEAKY[0][0]}`, ''].join('\n'),
    );
    repo.git('add', '-A');
    repo.git('commit', '-q', '--no-verify', '-m', 'memory: mirror notes');
    const search = await repo.run(['search', 'mirror']);
    expect(search.code, search.stderr).toBe(0);
    expect(search.stdout, search.stdout).toContain('[REDACTED:url-user-token]');
    expect(search.stdout).not.toContain(HEX_TOKEN.slice(4, 24));
  });
});
