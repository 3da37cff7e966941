import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeRepo, type TestRepo } from '../helpers/repo.js';
import { credentials } from './corpus.js';

const secret = (rule: string) => credentials.find((c) => c.rule === rule)!.secret;
const GITHUB = secret('github-token');
const AWS = secret('aws-access-key-id');
const STRIPE = secret('stripe-key');

const DAY = '.openclaw_memory/journal/2026-11-22';
const session = (suffix: string, learned: string) =>
  `---\nsession: 20261122-1430-${suffix}\ndate: 2026-11-22\ntime: "14:30"\nagent: claude\n---\n\n## Session 14:30\n\n### Request\nDeploy\n\n### Learned\n- ${learned}\n`;
const path = (suffix: string) => `${DAY}/1430-claude-${suffix}.md`;

interface ScanJson {
  ok: boolean;
  source: string;
  scanned: number;
  findings: { file: string; commit?: string; ruleId: string; line: number; column: number; masked: string }[];
}

async function scanJson(repo: TestRepo, args: string[]): Promise<{ code: number; data: ScanJson; stderr: string }> {
  const r = await repo.run(['scan', ...args, '--json']);
  return { code: r.code, data: JSON.parse(r.stdout) as ScanJson, stderr: r.stderr };
}

/** No output of a scan may carry the value it found. */
function expectNoValue(r: { stdout: string; stderr: string }, ...values: string[]) {
  for (const v of values) expect(`${r.stdout}${r.stderr}`).not.toContain(v);
}

describe('git memory scan (working tree)', () => {
  it('is clean on clean memory and exits 0', async () => {
    const repo = makeRepo();
    repo.commit('notes', { [path('aaaaaa')]: session('aaaaaa', 'tokens expire after 15 minutes') });
    const r = await repo.run(['scan']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe('no secrets in 1 memory file version in the working tree\n');
  });

  it('finds a secret in an uncommitted memory file: exit 3, file, line, column, rule and the value masked', async () => {
    const repo = makeRepo();
    repo.write(path('bbbbbb'), session('bbbbbb', `CI role uses key ${AWS} for deploys`));
    repo.write('deploy.env', `GITHUB_TOKEN=${GITHUB}\n`); // not memory: other tools' business
    const r = await repo.run(['scan']);
    expect(r.code).toBe(3);
    expect(r.stdout).toMatch(new RegExp(`^${path('bbbbbb').replace(/\./g, '\\.')}:14:20 aws-access-key-id AK\\*+LA$`, 'm'));
    expect(r.stdout).toContain('1 secret found in 1 memory file version in the working tree');
    expect(r.stdout).not.toContain('deploy.env');
    expectNoValue(r, AWS, GITHUB);
  });

  it('leaves out files git ignores (the generated PRIMER.md) but scans the config', async () => {
    const repo = makeRepo();
    repo.commit('init', { '.openclaw_memory/.gitignore': 'PRIMER.md\n' });
    repo.write('.openclaw_memory/PRIMER.md', `- token ${GITHUB}\n`);
    expect((await repo.run(['scan'])).code).toBe(0);
    repo.write('.openclaw_memory.toml', `[project]\ndescription = "uses ${STRIPE}"\n`);
    const { code, data } = await scanJson(repo, []);
    expect(code).toBe(3);
    expect(data.findings.map((f) => [f.file, f.ruleId, f.line])).toEqual([['.openclaw_memory.toml', 'stripe-key', 2]]);
  });

  it('sees through a zero-width space splitting a key, and gives the column in the file as it is', async () => {
    const repo = makeRepo();
    const split = `${GITHUB.slice(0, 10)}\u200b${GITHUB.slice(10)}`;
    repo.write(path('cccccc'), session('cccccc', `\u200dtoken is ${split}`));
    const { code, data } = await scanJson(repo, []);
    expect(code).toBe(3);
    expect(data.findings).toMatchObject([{ ruleId: 'github-token', line: 14, column: 13 }]);
  });

  it('applies the config allowlist (exact and /regex/), and scans without it when the config is broken', async () => {
    const repo = makeRepo();
    repo.write(path('dddddd'), session('dddddd', `fixture key ${AWS} and ${STRIPE}`));
    repo.write('.openclaw_memory.toml', `[secrets]\nallowlist = ["${AWS}", "/${STRIPE.slice(-8)}$/"]\n`);
    expect((await repo.run(['scan'])).code).toBe(0);
    repo.write('.openclaw_memory.toml', `[secrets]\nallowlist = ["${AWS}"]\nmode = 7\n`);
    const r = await repo.run(['scan']);
    expect(r.code).toBe(3);
    expect(r.stderr).toContain('scanning without the allowlist');
  });
});

describe('git memory scan --staged', () => {
  it('scans the index, not the working tree', async () => {
    const repo = makeRepo();
    repo.write(path('eeeeee'), session('eeeeee', `key ${AWS}`));
    repo.git('add', '--', path('eeeeee'));
    repo.write(path('eeeeee'), session('eeeeee', 'key lives in the vault'));
    expect((await repo.run(['scan'])).code).toBe(0);
    const { code, data } = await scanJson(repo, ['--staged']);
    expect(code).toBe(3);
    expect(data.source).toBe('staged');
    expect(data.findings).toMatchObject([{ file: path('eeeeee'), ruleId: 'aws-access-key-id', line: 14 }]);
    expect(data.findings[0]!.commit).toBeUndefined();
  });
});

describe('git memory scan --all', () => {
  it('finds a secret a later commit removed, attributed to the commit that brought it, once per content', async () => {
    const repo = makeRepo();
    const bad = repo.commit('notes', { [path('ffffff')]: session('ffffff', `key ${AWS}`) });
    repo.commit('same content elsewhere', { [path('f0f0f0')]: session('ffffff', `key ${AWS}`) });
    repo.git('rm', '-q', '--', path('f0f0f0'));
    repo.commit('remove the key', { [path('ffffff')]: session('ffffff', 'key lives in the vault') });
    expect((await repo.run(['scan'])).code).toBe(0);
    const { code, data } = await scanJson(repo, ['--all']);
    expect(code).toBe(3);
    expect(data.scanned).toBe(2);
    expect(data.findings).toMatchObject([{ file: path('ffffff'), commit: bad, ruleId: 'aws-access-key-id', line: 14 }]);
    const text = await repo.run(['scan', '--all']);
    expect(text.stdout).toContain(`(commit ${bad.slice(0, 7)})`);
    expectNoValue(text, AWS);
  });

  it('reaches a deleted branch whose memory a merge discarded (-s ours)', async () => {
    const repo = makeRepo();
    repo.git('checkout', '-q', '-b', 'side');
    const side = repo.commit('side notes', { [path('a1a1a1')]: session('a1a1a1', `key ${AWS}`) });
    repo.git('checkout', '-q', 'main');
    repo.commit('main notes', { [path('b2b2b2')]: session('b2b2b2', 'clean') });
    repo.git('merge', '-q', '-s', 'ours', '-m', 'merge side, keep ours', 'side');
    repo.git('branch', '-q', '-D', 'side');
    const { code, data } = await scanJson(repo, ['--all']);
    expect(code).toBe(3);
    expect(data.findings).toMatchObject([{ file: path('a1a1a1'), commit: side }]);
  });

  it('scans a conflict resolution that only the merge commit carries', async () => {
    const repo = makeRepo();
    repo.commit('base', { [path('c3c3c3')]: session('c3c3c3', 'base') });
    repo.git('checkout', '-q', '-b', 'other');
    repo.commit('theirs', { [path('c3c3c3')]: session('c3c3c3', 'theirs') });
    repo.git('checkout', '-q', 'main');
    repo.commit('ours', { [path('c3c3c3')]: session('c3c3c3', 'ours') });
    expect(() => repo.git('merge', '-q', 'other')).toThrow(); // conflict
    repo.write(path('c3c3c3'), session('c3c3c3', `resolved with key ${AWS}`));
    repo.git('add', '--', path('c3c3c3'));
    repo.git('commit', '-q', '--no-edit');
    const merge = repo.git('rev-parse', 'HEAD').trim();
    repo.commit('clean again', { [path('c3c3c3')]: session('c3c3c3', 'resolved') });
    const { code, data } = await scanJson(repo, ['--all']);
    expect(code).toBe(3);
    expect(data.findings).toMatchObject([{ file: path('c3c3c3'), commit: merge, line: 14 }]);
  });

  it('reads many versions in batches, including one that is not valid UTF-8', async () => {
    const repo = makeRepo();
    for (let i = 0; i < 70; i++) repo.write(`.openclaw_memory/notes/n${String(i).padStart(2, '0')}.md`, `note ${i}\n`);
    writeFileSync(join(repo.dir, '.openclaw_memory/notes/n30.md'), Buffer.from([0x6e, 0xff, 0xfe, 0x0a]));
    repo.write('.openclaw_memory/notes/n31.md', `after the bad bytes: ${GITHUB}\n`);
    repo.write('.openclaw_memory/notes/n69.md', `last one: ${STRIPE}\n`);
    repo.git('add', '.openclaw_memory');
    repo.git('commit', '-q', '-m', 'many notes');
    const { code, data } = await scanJson(repo, ['--all']);
    expect(code).toBe(3);
    expect(data.scanned).toBe(70);
    expect(data.findings.map((f) => [f.file, f.ruleId])).toEqual([
      ['.openclaw_memory/notes/n31.md', 'github-token'],
      ['.openclaw_memory/notes/n69.md', 'stripe-key'],
    ]);
  });
});

describe('git memory scan <range>', () => {
  it('scans only what the commits of the range bring, as a pull request in CI would', async () => {
    const repo = makeRepo();
    repo.commit('old secret on main', { [path('d4d4d4')]: session('d4d4d4', `key ${AWS}`) });
    repo.git('checkout', '-q', '-b', 'feature');
    const clean = await scanJson(repo, ['main...HEAD']);
    expect(clean.code).toBe(0);
    expect(clean.data).toMatchObject({ ok: true, source: 'range', scanned: 0, findings: [] });
    const added = repo.commit('feature notes', { [path('e5e5e5')]: session('e5e5e5', `token ${GITHUB}`) });
    repo.git('checkout', '-q', 'main');
    repo.commit('main moves on', { [path('f6f6f6')]: session('f6f6f6', `key ${STRIPE}`) });
    repo.git('checkout', '-q', 'feature');
    for (const spec of ['main...HEAD', 'main', 'main..feature']) {
      const { code, data } = await scanJson(repo, [spec]);
      expect(code, spec).toBe(3);
      expect(data.findings, spec).toMatchObject([{ file: path('e5e5e5'), commit: added, ruleId: 'github-token' }]);
    }
  });
});

describe('git memory scan: usage', () => {
  it('exits 2 on more than one source or an unknown revision', async () => {
    const repo = makeRepo();
    const both = await repo.run(['scan', '--all', '--staged']);
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('give one of --all, --staged or a range');
    expect((await repo.run(['scan', '--all', 'HEAD~1..HEAD'])).code).toBe(2);
    const unknown = await repo.run(['scan', 'no-such-branch...HEAD']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('git memory scan origin/main...HEAD');
  });

  it('the built binary exits 3 on a secret and 0 when clean', () => {
    const repo = makeRepo();
    expect(repo.exec(['scan']).code).toBe(0);
    repo.write(path('a0a0a0'), session('a0a0a0', `key ${AWS}`));
    const r = repo.exec(['scan']);
    expect(r.code).toBe(3);
    expect(r.stdout).toContain('aws-access-key-id');
    expectNoValue(r, AWS);
  });
});
