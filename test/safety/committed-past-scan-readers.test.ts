// The readers stop 53 left (secrets53's committed-past-scan.test.ts covers MCP, show, sessions,
// tasks and the view page): `search`, `diff`, `journal`, lint's and doctor's quoted lines, and a
// warning quoting a committed file all printed a secret a teammate committed past the scan
// (`git commit --no-verify`) whole, to the agent on the shell or into a pull request's comment.
// Real repository, the built binary.
import { describe, expect, it } from 'vitest';
import { makeMemoryRepo, type TestRepo } from '../helpers/repo.js';

const TOKEN = 'ghp_R3aLt0k3nAbCdEfGhIjKlMnOpQrStUvWxYz12';
const STRIPE = 'sk_live_51doLXvTCqCGL4hiSg9RjJ9FunOEffsME4QRaVY4LitRY';
const ANTHROPIC = 'sk-ant-api03-Zq7Xw2Lr9Tb4Nc8Vy1Md6Pf3Hs5Kg0Ju2Ra7Eo4Wi9Ql3';
const secretsIn = (text: string) => [TOKEN, STRIPE, ANTHROPIC].filter((s) => [s.slice(8, 20), s.slice(-12)].some((part) => text.includes(part)));

const filler = 'the staging cluster rolls out the api gateway and the worker pool one region at a time, then';

/** A memory repository whose journal, TASKS.md and MEMORY.md a commit with --no-verify gave secrets; its first commit is returned. */
async function committedPastScan(): Promise<{ repo: TestRepo; base: string }> {
  const repo = await makeMemoryRepo({ now: '2026-12-07' });
  const base = repo.git('rev-parse', 'HEAD').trim();
  repo.write(
    '.openclaw_memory/journal/2026-12-01/1000-claude-abc123.md',
    [
      '---',
      'session: 20261201-1000-abc123',
      'date: 2026-12-01',
      'time: "10:00"',
      'agent: claude',
      `branch: GH_TOKEN=${TOKEN}`,
      '---',
      '',
      '### Request',
      `Deploy with GH_TOKEN=${TOKEN} now`,
      '',
      '### Decisions',
      `- Deploys read the key ${STRIPE} from the vault`,
      '',
      '### Learned',
      // A long line cut around the query's word ("rollback"): the cut starts inside the secret, its name and prefix left out.
      `- ${filler} ${filler} the release uses GH_TOKEN=${TOKEN} rollback steps are in the runbook`,
      '',
    ].join('\n'),
  );
  repo.write('.openclaw_memory/TASKS.md', `---\nupdated: 2026-12-01\n---\n\n- [ ] Revoke GH_TOKEN=${TOKEN} after the deploy\n- [?] GH_TOKEN=${TOKEN} half-written line\n`);
  repo.write('.openclaw_memory/MEMORY.md', `# Memory\n\n## Decisions\n- Deploys use GH_TOKEN=${TOKEN} from the vault\n`);
  repo.git('add', '-A');
  repo.git('commit', '-q', '--no-verify', '-m', 'memory: deploy notes');
  return { repo, base };
}

describe('memory committed past the secret scan, read by the command line', () => {
  it('search holds none of its secrets: the snippet redacted before it is cut, the hit\'s branch too, as text and as --json', async () => {
    const { repo } = await committedPastScan();
    for (const [query, shown] of [
      ['deploy', 'Deploy with GH_TOKEN=[REDACTED:github-token] now'],
      ['rollback', '[REDACTED:github-token] rollback'],
    ] as const) {
      for (const json of [false, true]) {
        const r = repo.exec(['search', query, ...(json ? ['--json'] : [])]);
        expect(r.code, r.stderr).toBe(0);
        expect(r.stdout, `${query} ${json}`).toContain(shown);
        expect(r.stdout).toContain('[REDACTED:github-token]');
        expect(secretsIn(r.stdout + r.stderr), `search ${query}${json ? ' --json' : ''}: ${r.stdout}`).toEqual([]);
      }
    }
  });

  it('diff (the pull request comment, and --json) holds none of its secrets', async () => {
    const { repo, base } = await committedPastScan();
    for (const args of [['diff', `${base}..HEAD`], ['diff', `${base}..HEAD`, '--json']]) {
      const r = repo.exec(args);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout, args.join(' ')).toMatch(/Revoke GH\\?_TOKEN=\[REDACTED:github-token\] after the deploy/);
      expect(r.stdout).toContain('[REDACTED:stripe-key]');
      expect(secretsIn(r.stdout + r.stderr), args.join(' ')).toEqual([]);
    }
  });

  it('journal holds none of its secrets, as text and as --json', async () => {
    const { repo } = await committedPastScan();
    for (const args of [['journal', '2026-12-01'], ['journal', '2026-12-01', '--json']]) {
      const r = repo.exec(args);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout, args.join(' ')).toContain('Deploy with GH_TOKEN=[REDACTED:github-token] now');
      expect(secretsIn(r.stdout + r.stderr), args.join(' ')).toEqual([]);
    }
  });

  it("lint and doctor quote a task list's unreadable line redacted", async () => {
    const { repo } = await committedPastScan();
    for (const args of [['lint'], ['lint', '--json'], ['doctor'], ['doctor', '--json']]) {
      const r = repo.exec(args);
      expect(r.stdout + r.stderr, args.join(' ')).toContain('unexpected line: - [?] GH_TOKEN=[REDACTED:github-token] half-written line');
      expect(secretsIn(r.stdout + r.stderr), args.join(' ')).toEqual([]);
    }
  });

  it("primer --explain lists a long-term fact past those tried redacted", async () => {
    const repo = await makeMemoryRepo({ now: '2026-12-07' });
    const facts = Array.from({ length: 40 }, (_, i) => `- The service number ${i} deploys from its own pipeline stage ${i}`);
    repo.write('.openclaw_memory/MEMORY.md', `# Memory\n\n## Decisions\n${[...facts, `- Deploys use GH_TOKEN=${TOKEN} from the vault`].join('\n')}\n`);
    repo.git('add', '-A');
    repo.git('commit', '-q', '--no-verify', '-m', 'memory: many facts');
    const r = repo.exec(['primer', '--explain']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout + r.stderr).toContain('Deploys use GH_TOKEN=[REDACTED:github-token] from the vault');
    expect(secretsIn(r.stdout + r.stderr)).toEqual([]);
  });

  it('a setting\'s wrong value quoted from a committed file (a key pasted there) is masked: a warning, lint, doctor', async () => {
    const repo = await makeMemoryRepo({ now: '2026-12-07' });
    repo.write('.openclaw_memory.toml', `${repo.read('.openclaw_memory.toml')}\n[llm]\nprovider = "${ANTHROPIC}"\n`);
    repo.git('commit', '-q', '--no-verify', '-am', 'config');
    const r = repo.exec(['sessions']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('llm.provider must be one of');
    expect(secretsIn(r.stdout + r.stderr), r.stderr).toEqual([]);
    // lint and doctor report the setting as a problem of their own, not a warning.
    for (const args of [['lint'], ['lint', '--json'], ['doctor'], ['doctor', '--json']]) {
      const p = repo.exec(args);
      expect(p.stdout + p.stderr, args.join(' ')).toContain('llm.provider must be one of');
      expect(secretsIn(p.stdout + p.stderr), args.join(' ')).toEqual([]);
    }
  });
});
