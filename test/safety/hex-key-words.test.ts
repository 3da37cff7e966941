// A hex key told in prose (secrets56, DESIGN §9). Hex alone is an id (a commit's, a hash's), so
// bare-random-key never takes it, and `token: <hex>` was the only way a hex key was caught: `use
// 3f9a…e1 as the staging key`, `the deploy token is 3f9a…`, `3f9a… is our API key` went through
// `log`, `end`, the primer and search whole. The rule hex-key-in-words (safety/rules.ts) takes a hex
// run of 32+ digits a word names a key, a token, a secret or a password; commit ids in what
// git-memory and git write stay readable. Real repositories, the CLI.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { redactQuick, redactQuickLines } from '../../src/safety/quick-redact.js';
import { scanText } from '../../src/safety/scan.js';
import { makeMemoryRepo } from '../helpers/repo.js';
import { commitLearnedPastScan } from '../helpers/journal-session.js';

const KEY = '7c3e9a1f04b86d2e5a9c3f71e08b4d6a2c5f9e13';
const KEY32 = 'b41e8f2a9c07d3e6f15a8b2c4d9e7f03';

/** The prose forms a user or an agent tells a hex key in. */
const TOLD = (k: string) => [
  `use ${k} as the staging key`,
  `use ${k} for the staging API key`,
  `the staging key is ${k}`,
  `set the deploy token to ${k}`,
  `I rotated the token to ${k} yesterday`,
  `deploy token ${k}`,
  `the API key (${k}) goes in .env`,
  `Use the token "${k}" for CI`,
  `${k} is the staging API key`,
  `${k} is our deploy token.`,
  `the webhook secret ${k} must be rotated`,
  `password ${k}`,
  `${k.toUpperCase()} is the license key`,
  // An API named as the key's owner, as a real Gemini CLI session told its keys (noise56's transcripts).
  `NEWS_API=${k}`,
  `the exchangerateAPI is ${k}`,
  `ok use ${k} for the weather api`,
  `${k} is the maps API.`,
];

/** What git-memory, git and the agents write with a full commit id beside such words: none is a secret. */
const READABLE = [
  `Fixed in ${KEY}`,
  `commit ${KEY} adds the key rotation`,
  `the key rotation landed in ${KEY}`,
  `reverted ${KEY} (token refresh)`,
  `git show ${KEY} -- src/keys.ts`,
  `the token refresh bug: see ${KEY}`,
  `${KEY} is the commit that rotated the key`,
  `${KEY} is the key rotation commit`,
  `use ${KEY} as the base for the key rotation`,
  `the public key ${KEY}`,
  `cache key ${KEY}`,
  `the secret is in ${KEY}`,
  `- 7c3e9a1 Rotate the API key`,
  `key ${'a'.repeat(40)}`,
  `use ${KEY} as the base for the API`,
  `the API changed in ${KEY}`,
  `API ${KEY} (the REST rewrite)`,
  `fix the api (${KEY})`,
  `${KEY} is the API rewrite`,
];

describe('a hex key told in words', () => {
  it('the scanner and the primer redaction take it in each form, 32 to 64 digits', async () => {
    for (const k of [KEY, KEY32, randomBytes(32).toString('hex')]) {
      // As a line of its own, a task's (its id after it), and percent-encoded in a URL.
      const forms = TOLD(k).flatMap((l) => [l, `### Completed\n- ${l}\n`, `- [ ] Rotate: ${l} <!-- t-0a1d 2026-12-08T02:11 -->`, `curl "https://api.acme.dev/v1/deploy?cfg=${encodeURIComponent(l)}"`]);
      for (const line of forms) {
        const found = await scanText(line);
        expect(found.length, line).toBeGreaterThan(0);
        expect(found.map((f) => f.ruleId).every((id) => id === 'hex-key-in-words'), line).toBe(true);
        expect(redactQuick(line), line).not.toContain(k.slice(4, 24));
        expect(redactQuickLines(`intro\n${line}\n`), line).toContain('[REDACTED:hex-key-in-words]');
      }
    }
  });

  it('leaves commit ids readable where no word names them a key', async () => {
    for (const line of [...READABLE, ...READABLE.map((l) => `### Learned\n- ${l}\n`)]) {
      expect(await scanText(line), line).toEqual([]);
      expect(redactQuick(line), line).toBe(line);
    }
  });

  it('git memory log refuses it; end writes the commit ids of the session whole and no key', async () => {
    const repo = await makeMemoryRepo();
    const r = await repo.run(['log', `use ${KEY} as the staging key`]);
    expect(r.code, r.stdout).toBe(3);
    expect(r.stderr).toContain('hex-key-in-words');
    expect(r.stderr).not.toContain(KEY);
    repo.write('.openclaw_memory.toml', `${repo.read('.openclaw_memory.toml')}\n[secrets]\nmode = "redact"\n`);
    repo.git('commit', '-q', '-am', 'Rotate the API key');
    const sha = repo.git('rev-parse', 'HEAD').trim();
    expect((await repo.run(['log', `the deploy token is ${KEY32}`])).code).toBe(0);
    const end = await repo.run(['end', '--summary', JSON.stringify({ request: 'Rotate keys', completed: [`${KEY} is our deploy token`], learned: [`the key rotation landed in ${sha}`] })]);
    expect(end.code, end.stderr).toBe(0);
    const committed = repo.git('log', '-p', '--all');
    for (const k of [KEY, KEY32]) expect(committed).not.toContain(k.slice(4, 24));
    expect(committed).toContain('[REDACTED:hex-key-in-words]');
    expect(committed).toContain(`the key rotation landed in ${sha}`);
  });

  it('tasks add says what TASKS.md holds: a key it redacted there is not echoed whole', async () => {
    const repo = await makeMemoryRepo();
    repo.write('.openclaw_memory.toml', `${repo.read('.openclaw_memory.toml')}\n[secrets]\nmode = "redact"\n`);
    const bare = 'kJI2taWSgEVzlr2NElViQx9aPq7LmZ3bRt8YwCv1';
    for (const title of [`Rotate: use ${KEY} as the staging key`, `Rotate ${bare} for staging`]) {
      const r = await repo.run(['tasks', 'add', title]);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toContain('[REDACTED:');
      expect(r.stdout + r.stderr).not.toContain(KEY.slice(4, 24));
      expect(r.stdout + r.stderr).not.toContain(bare.slice(4, 24));
    }
    expect(repo.read('.openclaw_memory/TASKS.md')).not.toContain(KEY.slice(4, 24));
    // A title with nothing to redact is said as given.
    expect((await repo.run(['tasks', 'add', 'Document the rate limits'])).stdout).toContain('Document the rate limits');
  });

  it('memory committed past the scan holding one: primer and search show it redacted', async () => {
    const repo = await makeMemoryRepo({ now: '2026-12-07' });
    commitLearnedPastScan(repo, `the gateway deploy uses ${KEY} as its staging key`);
    const primer = await repo.run(['primer']);
    expect(primer.code, primer.stderr).toBe(0);
    const search = await repo.run(['search', 'staging']);
    expect(search.code, search.stderr).toBe(0);
    expect(search.stdout, search.stdout).toContain('[REDACTED:hex-key-in-words]');
    expect(primer.stdout).toContain('[REDACTED:hex-key-in-words]');
    for (const out of [primer.stdout, search.stdout]) expect(out).not.toContain(KEY.slice(4, 24));
  });
});
