// A key pasted alone, with no name and no prefix (`use kJI2taWS… for staging`, an AWS secret key
// `wJalrXUtnFEMI/K7MDENG/…`): stop 54 kept it out of compaction's key concepts only, and every
// writer (log, end's summary) and every reader (primer, search) passed it whole. The rule
// bare-random-key (safety/rules.ts) takes it; what git-memory and git write themselves — commit
// ids, UUID session ids, our session names, hashes, paths, lockfile integrity lines, public keys —
// stays readable. Real repositories, the CLI.
import { randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { redactOutgoing } from '../../src/safety/outgoing.js';
import { redactQuick, redactQuickLines } from '../../src/safety/quick-redact.js';
import { isBareKey } from '../../src/safety/rules.js';
import { scanText } from '../../src/safety/scan.js';
import { makeMemoryRepo } from '../helpers/repo.js';
import { commitLearnedPastScan } from '../helpers/journal-session.js';

const BASE62 = 'kJI2taWSgEVzlr2NElViQx9aPq7LmZ3bRt8YwCv1';
const AWS_LIKE = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYzq3Lk9Ta2m';
const BASE64URL = 'Xq3_vN8-kR2tY7wL5pB9mC4fH1jS6dG0aZ-eU2iO8rT';
const BARE = [BASE62, AWS_LIKE, BASE64URL];

/** Text git-memory, git and the agents write that holds long runs of letters and digits: none is a secret. */
const READABLE = [
  `- Commit 9f236dd4b1c2e3f4a5b6c7d8e9f0a1b2c3d4e5f6: fix the retry loop`,
  `sha256 commit ${'3a7bd3e2360a3d29eea436fcfb7e44c735d117c42d1c1835420b6b9942dd4f1b'}`,
  `session ${randomUUID()} resumed (${randomUUID().toUpperCase()})`,
  'session: 20261207-2245-345759 in .openclaw_memory/journal/2026-12-07/2245-agent-345759.md',
  'rollout-2026-04-08T22-18-42-019d6d75-b03d-7f83-a2c7-c3478007d5e0.jsonl from ~/.codex/sessions/2026/04/08/',
  'MyDotFiles-HyDE__1091981fcc3153e3975dc87d7e5da780326aa9fa9feaa8b3eab8757d937d8e45_logs',
  'src/components/HttpClient/OAuth2CallbackHandlerFactory2024.ts',
  'getSecretManagerClientForRegion2 and HTTP2ServerSessionOptions3 and copyTexSubImage3DWithOffsets2',
  '  "integrity": "sha512-kR2tY7wL5pB9mC4fH1jS6dG0aZeU2iO8rT3vN8kR2tY7wL5pB9mC4fH1jS6dG0aZeU2iO8rT3vN8kR2tY7wL5pB9mC4fH1jS6dA=="',
  'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIHq3vN8kR2tY7wL5pB9mC4fH1jS6dG0aZeU2iO8rT3vN jane@laptop',
  'publicKey: "MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAEq3vN8kR2tY7wL5pB9mC4fH1jS6dG0aZ"',
  '![chart](data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7)',
  `the tool id toolu_01XFDUDYJgAACzvnptvVer6u and the request req_011CUcEtBMnmXgfV5pVKGgKm`,
];

describe('a key pasted with no name or prefix', () => {
  it('the scanner and the primer redaction take it wherever it sits in a line, and each form a user pastes', async () => {
    for (const key of BARE) {
      for (const line of [key, `use ${key} for the staging deploy`, `Deploy key for staging: ${key}`, `(${key})`, `"${key}",`]) {
        const found = await scanText(line);
        expect(found.map((f) => f.ruleId), line).toEqual(['bare-random-key']);
        expect(redactQuick(line), line).not.toContain(key.slice(4, 20));
        expect(redactQuickLines(`intro\n${line}\n`), line).toContain('[REDACTED:bare-random-key]');
      }
    }
  });

  it('caught for nearly every random key of 32 to 64 characters; never for hex, hashes or UUIDs', () => {
    const b62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
    const rand62 = (n: number) => Array.from(randomBytes(n), (b) => b62[b % 62]).join('');
    let caught = 0;
    const n = 2000;
    for (let i = 0; i < n; i++) {
      for (const key of [rand62(32), rand62(40), randomBytes(32).toString('base64'), randomBytes(32).toString('base64url'), rand62(64)]) if (isBareKey(key)) caught++;
    }
    // Measured 98.8-99.99% by kind (a run of chance words, or no digit, is left): 97% is the floor.
    expect(caught / (5 * n)).toBeGreaterThan(0.97);
    for (let i = 0; i < n; i++) {
      for (const id of [randomBytes(20).toString('hex'), randomBytes(32).toString('hex'), randomUUID(), randomUUID().toUpperCase(), randomBytes(32).toString('hex').toUpperCase()]) {
        expect(isBareKey(id), id).toBe(false);
      }
    }
  });

  it('leaves readable the ids, hashes, paths, integrity lines and public keys memory holds', async () => {
    for (const line of READABLE) {
      expect(await scanText(line), line).toEqual([]);
      expect(redactQuick(line), line).toBe(line);
    }
    // A public key's PEM body without its header: a block of 64-character lines.
    const pem = ['the public half, for the server', ...Array.from({ length: 5 }, () => randomBytes(48).toString('base64')), 'IDAQAB'].join('\n');
    expect(await scanText(pem)).toEqual([]);
  });

  it('a secret a reader took a part of as a key with no name is still redacted whole: a split reply, a PuTTY key', async () => {
    // A SendGrid key streamed in two records: the second part, alone, reads as a key with no name.
    const sendgrid = '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';
    const second = redactQuickLines(`${sendgrid.slice(34)}")`);
    expect(second).toContain('[REDACTED:bare-random-key]');
    const sent = (await redactOutgoing(`[user] set the key\n[assistant] sg.setApiKey("${sendgrid.slice(0, 34)}\n[assistant] ${second}\n[user] thanks`)).text;
    expect(sent).not.toContain(sendgrid.slice(3, 20));
    expect(sent).toContain('sg.setApiKey("');
    // A PuTTY key's lines, each redacted alone line by line: its header goes with them.
    const putty = `PuTTY-User-Key-File-3: ssh-ed25519\nEncryption: none\nPrivate-Lines: 1\n${BASE62}/x9\nPrivate-MAC: 70810b2d3b308e7f065cbca97c49f0cab7a2aaa4\n`;
    for (const out of [redactQuickLines(putty), (await redactOutgoing(redactQuickLines(putty))).text]) {
      expect(out).not.toContain(BASE62.slice(4, 20));
      expect(out).not.toContain('Private-Lines: 1');
    }
  });

  it('git memory log refuses it; end writes no journal line, primer or commit holding it', async () => {
    const repo = await makeMemoryRepo();
    for (const key of BARE) {
      const r = await repo.run(['log', `use ${key} for the staging deploy`]);
      expect(r.code, r.stdout).toBe(3);
      expect(r.stderr).toContain('bare-random-key');
      expect(r.stderr).not.toContain(key);
    }
    repo.write('.openclaw_memory.toml', `${repo.read('.openclaw_memory.toml')}\n[secrets]\nmode = "redact"\n`);
    expect((await repo.run(['log', `Deploy key for staging: ${BASE62}`])).code).toBe(0);
    const end = await repo.run(['end', '--summary', JSON.stringify({ request: 'Deploy', completed: [`set up ${AWS_LIKE} as the key`] })]);
    expect(end.code, end.stderr).toBe(0);
    const committed = repo.git('log', '-p', '--all');
    const primer = repo.read('.openclaw_memory/PRIMER.md');
    for (const key of BARE) {
      expect(committed).not.toContain(key.slice(4, 20));
      expect(primer).not.toContain(key.slice(4, 20));
    }
    expect(committed).toContain('[REDACTED:bare-random-key]');
  });

  it('memory committed past the scan holding one: primer and search show it redacted', async () => {
    const repo = await makeMemoryRepo({ now: '2026-12-07' });
    commitLearnedPastScan(repo, `the gateway deploy uses ${BASE62} as its key`);
    const primer = await repo.run(['primer']);
    expect(primer.code, primer.stderr).toBe(0);
    const search = await repo.run(['search', 'key']);
    expect(search.code, search.stderr).toBe(0);
    expect(search.stdout, search.stdout).toContain('[REDACTED:bare-random-key]');
    for (const out of [primer.stdout, search.stdout]) expect(out).not.toContain(BASE62.slice(4, 20));
  });
});
