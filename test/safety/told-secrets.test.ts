// Secrets told in words and in other languages (what a user asks the agent to remember, what a team
// writes in its own language), and credentials in the shapes a command line or an HTTP header gives
// them: none reaches a memory file. The corpus (corpus.json) carries each shape for the scanner and
// model-request tests; here they go through `end`, the path every session takes into the journal.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { redactQuick } from '../../src/safety/quick-redact.js';
import { makeMemoryRepo, type TestRepo } from '../helpers/repo.js';

const NOW = '2026-11-22T14:30:00';
// Assembled at run time so this file does not itself look like it holds a password.
const PW = ['Qv7#m', 'Lr2xZ', 'k9&Tp'].join('');
// A short password as a .env file or a YAML config gives it (the name ends with the word).
const SHORT = ['Wn4%', 'eR8s', 'L'].join('');
const TOKEN = ['a8Kf3', 'Lq9Zm', 'R2vX7', 'nB4cT', 'y6Hw1', 'Pe5Js'].join('');

const TOLD: string[] = [
  `Das Passwort für die Staging-Datenbank lautet ${PW}`,
  `remember that the staging password is ${PW}`,
  `数据库密码是 ${PW}`,
  `пароль от базы — ${PW}`,
  `ステージングのパスワードは「${PW}」です`,
  `mot de passe : ${PW}`,
  `deploy with ./deploy.sh --password ${PW} --user admin`,
  `curl -H "Authorization: Token ${TOKEN}" https://api.internal/v2/items`,
  `Cookie: sessionid=${TOKEN}; theme=dark`,
  `the .env holds DB_PASSWORD=${SHORT} and db-password: ${SHORT}`,
];

const redactMode = (repo: TestRepo) => {
  repo.write('.openclaw_memory.toml', `${repo.read('.openclaw_memory.toml')}\n[secrets]\nmode = "redact"\n`);
  repo.git('commit', '-q', '-am', 'redact mode');
};

describe('secrets told in words or other languages never reach a memory file', () => {
  it('redact mode: end writes each learned line redacted, into the file and the commit', async () => {
    const repo = await makeMemoryRepo({ now: NOW });
    redactMode(repo);
    const r = await repo.run(['end', '--json', '--summary', JSON.stringify({ request: TOLD[1], learned: TOLD })]);
    expect(r.code, r.stderr).toBe(0);
    const file = readFileSync(join(repo.dir, JSON.parse(r.stdout).session.path), 'utf8');
    const leaked = file.split('\n').filter((l) => l.includes(PW) || l.includes(TOKEN) || l.includes(SHORT));
    expect(leaked.join('\n'), 'lines of the session file that hold the secret').toBe('');
    expect(repo.git('log', '-1', '--format=%B')).not.toContain(PW);
    expect(file.match(/\[REDACTED:/g)?.length).toBeGreaterThanOrEqual(TOLD.length);
  });

  it('block mode: end refuses, nothing written', async () => {
    const repo = await makeMemoryRepo({ now: NOW });
    for (const line of [TOLD[0]!, TOLD[2]!]) {
      const r = await repo.run(['end', '--summary', JSON.stringify({ request: 'stage the db', learned: [line] })]);
      expect(r.code, `end with "${line}": ${r.stderr}`).toBe(3);
      expect(r.stderr).not.toContain(PW);
    }
    expect(repo.git('status', '--porcelain', '--untracked-files=all', '.openclaw_memory/journal')).toBe('');
  });

  it('the primer\'s quick redaction removes them too (a file that arrived without the scan)', () => {
    for (const line of TOLD) expect(redactQuick(line), line).not.toMatch(new RegExp(`${PW.replace(/[#&]/g, '.')}|${TOKEN}|${SHORT.replace('%', '.')}`));
  });

  it('leaves words alone: what a team writes about passwords is no secret', () => {
    for (const line of [
      'the password is stored in Vault, never in the repo',
      'Das Passwort wird in Vault gespeichert',
      '密码是必填项，至少 8 位',
      'the token is refreshed on 401 by the interceptor',
      'run migrations with --password-file /run/secrets/db_password',
      'deploy --token $DEPLOY_TOKEN --env staging',
      'Cookie: theme=dark; lang=en-US',
    ]) expect(redactQuick(line), line).toBe(line);
  });
});

// A key pasted over two messages (or two tool results) reaches the journal in two halves: the header
// with key material and no END line, and key material with the END line. The gate for model
// requests knew both (safety/outgoing.ts); the gate for memory files knew only a whole key.
const KEY_LINES = [
  ['MIIEpAIBAAKCAQEA3Tz2mr7SZiAMfQyu', 'vBjM9Oi6Z1YvGg0kXkG0Lm3vQ2tkfx5s'],
  ['q8Yb9Zc2fQ1gH7sLr4wP0mKx2Dq9uTzV', '3nY8eJ1aB6cR5tW7oLp2Xy4Zk9Qm3Nv8'],
  ['Hk3Lp9Qz2Xv7Mn4Bc8Rt1Yw6Ks5Df0Gj', '3Ah8Ue2Io7Pl4Zx9Cv1Bn6Mq3Wr8Ty5A'],
].map((p) => p.join(''));
const HEADER = ['-----BEGIN RSA', 'PRIVATE KEY-----'].join(' ');
const FOOTER = ['-----END RSA', 'PRIVATE KEY-----'].join(' ');

describe('a private key cut in two never reaches a memory file', () => {
  const halves = [
    `first half of the deploy key: ${HEADER} ${KEY_LINES[0]} ${KEY_LINES[1]}`,
    `"${HEADER}\\n${KEY_LINES[0]}\\n${KEY_LINES[1]}\\n"`,
    `and the rest: ${KEY_LINES[2]} ${FOOTER}`,
  ];

  it('redact mode: end writes neither half', async () => {
    const repo = await makeMemoryRepo({ now: NOW });
    redactMode(repo);
    const r = await repo.run(['end', '--json', '--summary', JSON.stringify({ request: 'rotate the deploy key', learned: halves })]);
    expect(r.code, r.stderr).toBe(0);
    const file = readFileSync(join(repo.dir, JSON.parse(r.stdout).session.path), 'utf8');
    const leaked = file.split('\n').filter((l) => KEY_LINES.some((k) => l.includes(k.slice(0, 24)) || l.includes(k.slice(-24))));
    expect(leaked.join('\n'), 'lines of the session file that hold key material').toBe('');
  });

  it('the header or the END line alone, and prose about keys, are left alone', () => {
    for (const line of [`grep for "${HEADER}" to find committed keys`, `the parser stops at ${FOOTER} and reads nothing after it`, `${HEADER} and ${FOOTER} frame the base64 body`]) {
      expect(redactQuick(line), line).toBe(line);
    }
  });
});
