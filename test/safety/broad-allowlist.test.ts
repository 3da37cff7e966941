// `[secrets] allowlist` lives in the committed config: a repository cloned from anyone (or one bad
// merge) could hold `allowlist = ["/.*/"]` (or `["/^ghp_/"]`, every GitHub token) and switch the scanner
// off on every teammate's machine — their journal, the memory commits they push back, and what is sent
// to a model. A pattern allows a value only when it does not also match the value with its letters and
// digits scrambled, nor the value scrambled but for what its kind shares (scan.ts fixedParts).
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { scrambled } from '../../src/safety/allowlist.js';
import { scanText } from '../../src/safety/scan.js';
import { startFakeMessagesApi, textReply, type FakeMessagesApi } from '../helpers/fake-messages-api.js';
import { makeMemoryRepo, makeRepo, tempDir } from '../helpers/repo.js';
import { credentials } from './corpus.js';

const NOW = '2026-11-22T14:30:00';
const GH = ['ghp_R8x2K', 'fL9mQ4vW7', 'nZ1cT6yB3', 'hJ5sD0gA8', 'eU2i'].join('');
// Known to secretlint's preset only: the transcript's rendering (project rules, no allowlist) does not mask it.
const LINEAR = ['lin_a', 'pi_iR', 'nx7xh', 'uFXX3', 'J1PXZ', 'bFCzV', 'UwkcL', 'bk623', 'OwQen', 'Woi'].join('');
const CATCH_ALL = ['/.*/', '/^/', '/[\\s\\S]/', '/^[A-Za-z0-9_]+$/', '/./s'];

let api: FakeMessagesApi | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
});

describe('an allowlist pattern that matches any value allows none', () => {
  it('scanText: catch-all patterns are not applied; pinned ones still are', async () => {
    const oneARule = credentials.filter((x, i, all) => x.rule !== 'private-key' && all.findIndex((y) => y.rule === x.rule) === i);
    for (const c of oneARule) {
      for (const entry of CATCH_ALL) {
        const found = await scanText(c.text, { allowlist: [entry] });
        expect(found.length, `${entry} let ${c.provider} (${c.rule}) through: ${c.text}`).toBeGreaterThan(0);
      }
    }
    const gh = credentials.find((x) => x.rule === 'github-token')!;
    const [f] = await scanText(gh.text, { allowlist: ['/.*/'] });
    expect(f!.message).toContain('/.*/ matches any value of this shape');
    expect(await scanText(gh.text, { allowlist: [gh.secret] })).toEqual([]);
    expect(await scanText('key AKIAIOSFODNN7EXAMPLE', { allowlist: ['/EXAMPLE$/'] })).toEqual([]);
  });

  it("scanText: a pattern pinned only to what every secret of a kind shares allows none of them; one pinned to what sets a value apart does", async () => {
    // Main applied these: a clone's committed `allowlist = ["/^ghp_/"]` let every GitHub token through.
    const family: [string, string][] = [
      ['github-token', '/^ghp_/'], ['github-token', '/^GHP_/i'], ['github-token', '/gh[pousr]_/'], ['aws-access-key-id', '/^AKIA/'], ['aws-access-key-id', '/^A[SK]IA/'],
      ['anthropic-api-key', '/^sk-ant-/'], ['slack-token', '/^xox[bp]-/'], ['jwt', '/^eyJ/'], ['gitlab-token', '/glpat-/'],
      ['private-key', '/PRIVATE KEY/'], ['private-key', '/^-----BEGIN/'], ['private-key', '/^MII/'],
    ];
    for (const [rule, entry] of family) {
      let tried = 0;
      for (const c of credentials.filter((x) => x.rule === rule)) {
        if (!new RegExp(entry.slice(1, entry.lastIndexOf('/')), entry.slice(entry.lastIndexOf('/') + 1)).test(c.secret)) continue;
        tried++;
        const found = await scanText(c.text, { allowlist: [entry] });
        expect(found.length, `${entry} let ${c.provider} (${c.rule}) through: ${c.text.slice(0, 80)}`).toBeGreaterThan(0);
        expect(found[0]!.message).toContain(`${entry} matches any value of this shape or kind`);
      }
      expect(tried, `${entry} matched no ${rule} of the corpus`).toBeGreaterThan(0);
    }
    const stripeTest = ['sk_test_', '4eC39HqLyjWDarjtT1zdp7dc'].join('');
    expect(await scanText(`STRIPE_KEY=${stripeTest}`)).not.toEqual([]);
    expect(await scanText(`STRIPE_KEY=${stripeTest}`, { allowlist: ['/^sk_test_/'] })).toEqual([]);
    expect(await scanText(`token ghp_${'0'.repeat(36)}`.replace(/0$/, '1'), { allowlist: ['/^ghp_0+1$/'] })).toEqual([]);
  });

  it('scrambled keeps case, class and signs, and changes the value', () => {
    const s = scrambled('ghp_Ab3-x.9');
    expect(s).toMatch(/^[a-z]{3}_[A-Z][a-z]\d-[a-z]\.\d$/);
    expect(scrambled('a')).not.toBe('a');
    // The same answer on every run: a short pinned pattern is applied always or never, not by chance.
    expect(scrambled('ghp_Ab3-x.9')).toBe(s);
    expect(new Set(['x1', 'xa', 'x_', 'xy9'].map((v) => /^x/.test(scrambled(v))))).toEqual(new Set([false]));
  });

  it('end in a clone whose committed config allows /.*/: the token is refused, not written', async () => {
    const repo = await makeMemoryRepo({ now: NOW });
    repo.write('.openclaw_memory.toml', `${repo.read('.openclaw_memory.toml')}\n[secrets]\nallowlist = ["/.*/"]\n`);
    repo.git('commit', '-q', '-am', 'allow everything');
    const r = await repo.run(['end', '--json', '--summary', JSON.stringify({ request: 'push the release', learned: [`CI pushes with ${GH}`] })]);
    const written = r.code === 0 ? readFileSync(join(repo.dir, JSON.parse(r.stdout).session.path), 'utf8') : '';
    expect(written.split('\n').filter((l) => l.includes(GH)).join('\n'), 'the session file').toBe('');
    expect(r.code).toBe(3);
  });

  it("end in a clone whose committed config allows /^ghp_/: the teammate's token is refused, not written", async () => {
    const repo = await makeMemoryRepo({ now: NOW });
    repo.write('.openclaw_memory.toml', `${repo.read('.openclaw_memory.toml')}\n[secrets]\nallowlist = ["/^ghp_/"]\n`);
    repo.git('commit', '-q', '-am', 'allow our test tokens');
    const r = await repo.run(['end', '--json', '--summary', JSON.stringify({ request: 'push the release', learned: [`CI pushes with ${GH}`] })]);
    const written = r.code === 0 ? readFileSync(join(repo.dir, JSON.parse(r.stdout).session.path), 'utf8') : '';
    expect(written.split('\n').filter((l) => l.includes(GH)).join('\n'), 'the session file').toBe('');
    expect(r.code).toBe(3);
  });

  it('a model request from such a clone carries no secret', async () => {
    api = await startFakeMessagesApi(() => textReply('no summary'));
    const repo = makeRepo();
    writeFileSync(join(repo.dir, '.openclaw_memory.toml'), '[llm]\nprovider = "anthropic"\n[secrets]\nallowlist = ["/.+/"]\n');
    const session = 'b1e2c3d4-0000-4000-8000-00000000a45a';
    const line = (type: string, content: unknown, i: number) =>
      JSON.stringify({ parentUuid: null, isSidechain: false, userType: 'external', cwd: repo.dir, sessionId: session, version: '2.1.39', type, uuid: `u${i}`, timestamp: new Date(Date.UTC(2026, 11, 4, 9, 0, i)).toISOString(), message: { role: type, content } });
    const transcript = join(tempDir('gm-broad-'), `${session}.jsonl`);
    writeFileSync(transcript, `${[line('user', `Use ${LINEAR} to file the release issue.`, 1), line('user', 'Then open the PR.', 2)].join('\n')}\n`);
    copyFileSync(transcript, join(repo.home, `${session}.jsonl`));
    const r = await repo.run(['compact', '--json', '--transcript', transcript], { env: { ANTHROPIC_API_KEY: 'test', ANTHROPIC_BASE_URL: api.url } });
    expect(r.code, r.stderr).toBe(0);
    expect(api.requests.length).toBeGreaterThan(0);
    const sent = api.requests.map((q) => q.raw).join('\n');
    expect(sent.includes(LINEAR) ? sent.slice(Math.max(0, sent.indexOf(LINEAR) - 60), sent.indexOf(LINEAR) + LINEAR.length) : '', 'the request body around the key').toBe('');
  });
});
