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
    const leaked = file.split('\n').filter((l) => l.includes(PW) || l.includes(TOKEN));
    expect(leaked, 'lines of the session file that hold the secret').toEqual([]);
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
    for (const line of TOLD) expect(redactQuick(line), line).not.toMatch(new RegExp(`${PW.replace(/[#&]/g, '.')}|${TOKEN}`));
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
