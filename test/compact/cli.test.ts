// compact, hot-files and the compaction hooks end to end: a real repository, D's Claude Code
// transcript (a compaction with its boundary and summary records) moved into it, and the fake
// Messages API for the model path.
import { appendFileSync, existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startFakeMessagesApi, textReply, type FakeMessagesApi } from '../helpers/fake-messages-api.js';
import { loggingGit } from '../helpers/git-calls.js';
import { makeMemoryRepo, makeRepo, ROOT, type TestRepo } from '../helpers/repo.js';
import { agentHookIn } from '../helpers/agent-hook.js';
import { settled } from '../helpers/settled.js';
import { toolTurn } from '../hook/agent/claude-lines.js';

const FIXTURE = join(ROOT, 'test/fixtures/transcripts/claude.jsonl');
const SUMMARIES = join(ROOT, 'test/fixtures/compact');
const NOW = '2026-02-12T10:30:00Z';
const EDITED = ['src/auth/session.ts', 'src/routes.ts', 'test/auth/logout.test.ts', 'src/middleware/rate-limit.ts', 'notebooks/load.ipynb'];
const USER = ['Add a logout endpoint that revokes the refresh token. Keep the session cookie handling as it is.', 'Now add rate limiting to the login route', 'Use a sliding window, not a fixed one'];

let api: FakeMessagesApi | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
});

/** The fixture transcript as if recorded in `repo` (up to `lines` lines), with the files it names. */
function session(repo: TestRepo, lines?: number): string {
  const all = readFileSync(FIXTURE, 'utf8').split('\n').filter(Boolean);
  const text = (lines ? all.slice(0, lines) : all).join('\n').replaceAll('/home/jane/acme', repo.dir);
  const path = join(repo.dir, '..', `${repo.dir.split('/').pop()}-4d5611e5.jsonl`);
  writeFileSync(path, `${text}\n`);
  for (const f of [...EDITED, 'README.md']) repo.write(f, `// ${f}\n`.repeat(20));
  return path;
}

const hookInput = (repo: TestRepo, transcript: string, extra: Record<string, unknown>) =>
  JSON.stringify({ session_id: '4d5611e5', transcript_path: transcript, cwd: repo.dir, ...extra });

describe('git memory compact', () => {
  it('--offline --json: fidelity ≥ 80 with every edited file and every user message, stored in the session state', async () => {
    const repo = makeRepo({ now: NOW });
    const t = session(repo);
    const r = await repo.run(['compact', '--offline', '--json', '--transcript', t]);
    expect(r.code, r.stderr).toBe(0);
    const d = JSON.parse(r.stdout);
    expect(d.source).toBe('ledger');
    expect(d.fidelity).toBeGreaterThanOrEqual(80);
    for (const f of EDITED) expect(d.summary).toContain(f);
    for (const m of USER) expect(d.summary).toContain(m);
    expect(d.report.checks.key_info.details.file_names.missing).toEqual([]);
    expect(d.fallbacks).toContain('no model (offline, or none configured)');
    const stored = join(repo.dir, '.git/git-memory/sessions', d.session_id, 'compact.json');
    expect(JSON.parse(readFileSync(stored, 'utf8')).summary).toBe(d.summary);
    // Human output: the summary on stdout, how it was made on stderr.
    const h = await repo.run(['compact', '--offline', '--transcript', t]);
    expect(h.stdout).toContain('## 3. Files and Code Sections');
    expect(h.stderr).toContain('fidelity');
  });

  it('--validate: a summary missing half the files scores below 80 and names the missing ones; a good one passes', async () => {
    const repo = makeRepo({ now: NOW });
    const t = session(repo);
    const bad = await repo.run(['compact', '--validate', join(SUMMARIES, 'half-files-summary.md'), '--transcript', t, '--json']);
    expect(bad.code).toBe(1);
    const d = JSON.parse(bad.stdout);
    expect(d.fidelity).toBeLessThan(80);
    expect(d.missing.file_names).toEqual(expect.arrayContaining(['test/auth/logout.test.ts', 'notebooks/load.ipynb']));
    expect(d.missing.error_messages.length).toBe(2);
    expect(d.missing.user_commands).toEqual(USER.slice(1));
    expect(d.report.recommendations.length).toBeGreaterThan(0);
    const text = await repo.run(['compact', '--validate', join(SUMMARIES, 'half-files-summary.md'), '--transcript', t]);
    expect(text.stdout).toContain('missing files');
    expect(text.stdout).toContain('notebooks/load.ipynb');
    const good = await repo.run(['compact', '--validate', join(SUMMARIES, 'good-summary.md'), '--transcript', t, '--json']);
    expect(good.code, good.stdout).toBe(0);
    expect(JSON.parse(good.stdout).fidelity).toBeGreaterThanOrEqual(80);
    // Nothing was produced.
    expect(existsSync(join(repo.dir, '.git/git-memory/sessions', d.session_id, 'compact.json'))).toBe(false);
  });

  it('a model that answers garbage: falls back to the ledger and says so; usage is recorded', async () => {
    const repo = makeRepo({ now: NOW });
    const t = session(repo);
    api = await startFakeMessagesApi(() => textReply('Happy to help! What would you like me to do?'));
    repo.write('.openclaw_memory.toml', '[llm]\nprovider = "anthropic"\n');
    const r = await repo.run(['compact', '--json', '--transcript', t], { env: { ANTHROPIC_API_KEY: 'test', ANTHROPIC_BASE_URL: api.url } });
    expect(r.code, r.stderr).toBe(0);
    const d = JSON.parse(r.stdout);
    expect(d.source).toBe('ledger');
    expect(d.fallbacks).toContain('the model answered without a usable <summary>');
    expect(d.model_calls).toBe(1);
    expect(d.fidelity).toBeGreaterThanOrEqual(80);
    const usage = JSON.parse(readFileSync(join(repo.dir, '.git/git-memory/sessions', d.session_id, 'llm-usage.json'), 'utf8'));
    expect(usage.by_purpose.compact.calls).toBe(1);
    // The request carried the transcript and the must-keep list.
    const sent = JSON.stringify(api.requests[0]!.body);
    expect(sent).toContain('must_keep');
    expect(sent).toContain('src/middleware/rate-limit.ts');
  });

  it('unknown session and missing transcript are usage errors', async () => {
    const repo = makeRepo({ now: NOW });
    expect((await repo.run(['compact', '--offline'])).code).toBe(2);
    expect((await repo.run(['compact', '--offline', '--transcript', 'nope.jsonl'])).stderr).toContain('transcript not found');
  });
});

describe('git memory hot-files', () => {
  it('--explain shows each factor; files that no longer exist are skipped', async () => {
    const repo = makeRepo({ now: NOW });
    const t = session(repo);
    repo.git('rm', '-q', '--cached', '--ignore-unmatch', 'README.md');
    const r = await repo.run(['hot-files', '--explain', '--transcript', t]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/recency [\d.]+ ×35% · frequency \d+ ×25% · operation \d+ ×20% · file type \d+ ×15% · project \d+ ×5%/);
    expect(r.stdout).not.toContain('hosts.allow');
    const j = JSON.parse((await repo.run(['hot-files', '--json', '--transcript', t])).stdout);
    expect(j.files[0].path).toBe('src/middleware/rate-limit.ts');
    expect(j.files.map((f: { path: string }) => f.path)).toEqual(expect.arrayContaining(EDITED));
  });

  it("ranks the session's files first, then a file only git changed, then a lock file or an image (issue 25 §5)", async () => {
    const repo = makeRepo({ now: NOW });
    const t = session(repo);
    repo.git('add', '-A', '.');
    repo.git('commit', '-q', '-m', 'The session so far');
    repo.write('src/untouched.ts', 'export const x = 1;\n'); // uncommitted, never opened by the session
    repo.write('package-lock.json', '{"lockfileVersion":3}\n');
    repo.write('diagram.png', 'PNG');
    const r = await repo.run(['hot-files', '--json', '--transcript', t]);
    expect(r.code, r.stderr).toBe(0);
    const files: { path: string; source: string; factors: { file_type: number }; reasons: string[] }[] = JSON.parse(r.stdout).files;
    const at = (p: string) => files.findIndex((f) => f.path === p);
    const own = files.filter((f) => f.source === 'ledger').map((f) => at(f.path));
    expect(own.length).toBeGreaterThanOrEqual(EDITED.length);
    expect(Math.max(...own)).toBeLessThan(at('src/untouched.ts'));
    for (const tool of ['package-lock.json', 'diagram.png']) {
      expect(at(tool), tool).toBeGreaterThan(at('src/untouched.ts'));
      expect(files[at(tool)]!.factors.file_type).toBe(0);
      expect(files[at(tool)]!.reasons.join('; ')).toContain('written by a tool');
    }
  });
});

// The agent hooks run the built binary, as the agents do.
describe('compaction hooks (Claude Code)', () => {
  it('PreCompact prints what must survive: last request, instructions, files edited, open tasks; ≤ 2,000 characters', async () => {
    const repo = makeRepo({ now: NOW });
    const t = session(repo);
    const r = repo.exec(['hook', 'agent', 'pre-compact', '--agent', 'claude'], { stdin: hookInput(repo, t, { hook_event_name: 'PreCompact', trigger: 'auto', custom_instructions: '' }) });
    expect(r.code).toBe(0);
    expect(r.stdout.length).toBeLessThanOrEqual(2001);
    expect(r.stdout).toContain('Use a sliding window, not a fixed one');
    expect(r.stdout).toContain('Keep the session cookie handling as it is');
    for (const f of EDITED) expect(r.stdout).toContain(f);
    expect(r.stdout).toContain('Sliding-window rate limit on login');
  });

  it('PreCompact in a session (the tool-use hook kept its hot state, records since): read on from the hot state, ledger.json neither read nor written, the same text as the whole read', async () => {
    const repo = makeRepo({ now: NOW });
    const t = session(repo);
    const all = readFileSync(t, 'utf8').split('\n').filter(Boolean);
    const half = Math.floor(all.length / 2);
    writeFileSync(t, `${all.slice(0, half).join('\n')}\n`);
    expect(repo.exec(['hook', 'agent', 'tool-use', '--agent', 'claude'], { stdin: hookInput(repo, t, { hook_event_name: 'PostToolUse' }) }).code).toBe(0);
    await settled(repo);
    const sessionDir = join(repo.dir, '.git/git-memory/sessions/4d5611e5');
    const whole = join(sessionDir, 'ledger.json');
    expect(existsSync(join(sessionDir, 'ledger-hot.json'))).toBe(true);
    const before = statSync(whole);
    appendFileSync(t, `${all.slice(half).join('\n')}\n`);
    const input = hookInput(repo, t, { hook_event_name: 'PreCompact', trigger: 'auto', custom_instructions: '' });
    const r = repo.exec(['hook', 'agent', 'pre-compact', '--agent', 'claude'], { stdin: input });
    expect(r.code).toBe(0);
    const after = statSync(whole);
    expect([after.ino, after.mtimeMs]).toEqual([before.ino, before.mtimeMs]);
    await settled(repo);
    // The whole read: another repository, no hot state, the same transcript.
    const other = makeRepo({ now: NOW });
    const t2 = session(other);
    const expected = other.exec(['hook', 'agent', 'pre-compact', '--agent', 'claude'], { stdin: hookInput(other, t2, { hook_event_name: 'PreCompact', trigger: 'auto', custom_instructions: '' }) });
    expect(r.stdout).toBe(expected.stdout.replaceAll(other.dir, repo.dir));
    expect(r.stdout).toContain('Use a sliding window, not a fixed one');
    await settled(other);
  });

  it('PreCompact runs from its own bundle (pre-compact.js, not agent-hooks.js) and fails as agent-hooks.js does', async () => {
    const repo = makeRepo({ now: NOW });
    const t = session(repo);
    const r = repo.exec(['hook', 'agent', 'pre-compact', '--agent', 'claude'], { stdin: hookInput(repo, t, { trigger: 'auto' }), env: { GIT_MEMORY_TRACE: '1' } });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Use a sliding window, not a fixed one');
    // `--agent=NAME` reads as `--agent NAME`.
    expect(repo.exec(['hook', 'agent', 'pre-compact', '--agent=claude'], { stdin: hookInput(repo, t, { trigger: 'auto' }) }).stdout).toBe(r.stdout);
    const loaded = r.stderr.split('\n').filter((l) => l.endsWith(' loaded'));
    expect(loaded.some((l) => l.endsWith(' pre-compact.js loaded')), r.stderr).toBe(true);
    expect(loaded.some((l) => l.includes('agent-hooks')), r.stderr).toBe(false);
    // Its failures read as PostCompact's (agent-hooks.js), event aside: no agent, an unknown one, input that is not JSON, a cwd outside any repository.
    const outside = makeRepo({ now: NOW });
    rmSync(join(outside.dir, '.git'), { recursive: true, force: true });
    const cases: [string[], string][] = [
      [[], hookInput(repo, t, {})],
      [['--agent', 'nobody'], hookInput(repo, t, {})],
      [['--agent='], hookInput(repo, t, {})],
      [['--agent', ''], hookInput(repo, t, {})],
      [['--agent', '-x'], hookInput(repo, t, {})],
      [['--agent', 'claude', '--bogus'], hookInput(repo, t, {})],
      [['--bogus', '--agent', 'claude'], hookInput(repo, t, {})],
      [['--agent', 'claude'], '{oops'],
      [['--agent', 'claude'], JSON.stringify({ session_id: '4d5611e5', transcript_path: t, cwd: outside.dir, compact_summary: 'x' })],
    ];
    for (const [args, stdin] of cases) {
      const pre = repo.exec(['hook', 'agent', 'pre-compact', ...args], { stdin });
      const post = repo.exec(['hook', 'agent', 'post-compact', ...args], { stdin });
      expect(pre.code).toBe(0);
      expect(pre.stdout).toBe('');
      // A parse error names no event (agentHook's has none yet either).
      expect(pre.stderr).toMatch(/^git-memory hook agent (?:pre-compact)?: /);
      expect(pre.stderr).toBe(post.stderr.replace('hook agent post-compact:', 'hook agent pre-compact:'));
    }
  });

  it('a secret pasted in a prompt does not go back into the context', async () => {
    const repo = makeRepo({ now: NOW });
    const t = session(repo);
    const key = 'ghp_8fK2mQ9zXv4LpR7tY1wB3nC6dE0gH5jS2aUq';
    const line = JSON.stringify({ parentUuid: null, isSidechain: false, type: 'user', cwd: repo.dir, sessionId: '4d5611e5', uuid: 'secret-1', timestamp: '2026-02-12T10:20:00.000Z', message: { role: 'user', content: `Use the token ${key} for the deploy, do not commit it` } });
    writeFileSync(t, `${readFileSync(t, 'utf8')}${line}\n`);
    const r = repo.exec(['hook', 'agent', 'pre-compact', '--agent', 'claude'], { stdin: hookInput(repo, t, { trigger: 'auto' }) });
    expect(r.stdout, `exit ${r.code}, stderr: ${r.stderr}`).toContain('[REDACTED:github-token]');
    expect(r.stdout).not.toContain(key);
    const c = await repo.run(['compact', '--offline', '--transcript', t]);
    expect(c.stdout).not.toContain(key);
  });

  it("PostCompact validates Claude Code's summary and keeps the report; prints nothing, never blocks", async () => {
    const repo = makeRepo({ now: NOW });
    const t = session(repo);
    const summary = readFileSync(join(SUMMARIES, 'half-files-summary.md'), 'utf8');
    const r = repo.exec(['hook', 'agent', 'post-compact', '--agent', 'claude'], { stdin: hookInput(repo, t, { hook_event_name: 'PostCompact', trigger: 'manual', compact_summary: summary }) });
    expect(r).toMatchObject({ code: 0, stdout: '' });
    const report = JSON.parse(readFileSync(join(repo.dir, '.git/git-memory/sessions/4d5611e5/compact-report.json'), 'utf8'));
    expect(report.valid).toBe(false);
    expect(report.trigger).toBe('manual');
    expect(report.missing.file_names).toContain('notebooks/load.ipynb');
    // A broken transcript path is reported on stderr, still exit 0 (the hook's code in this process: helpers/agent-hook.ts).
    const broken = await agentHookIn(repo, ['post-compact', '--agent', 'claude'], { stdin: hookInput(repo, '/nope.jsonl', { compact_summary: summary }) });
    expect(broken.code).toBe(0);
    expect(broken.stderr).toContain('git-memory');
  });

  it('SessionStart after a compaction: the primer, then what the summary dropped and the hot files, within 10,000 characters', async () => {
    const repo = makeRepo({ now: NOW });
    await repo.run(['init', '--no-hooks']);
    // The transcript as it is at the restart: up to the compaction's summary record.
    const t = session(repo, 35);
    const r = repo.exec(['hook', 'agent', 'session-start', '--agent', 'claude'], { stdin: hookInput(repo, t, { hook_event_name: 'SessionStart', source: 'compact' }) });
    expect(r.code, r.stderr).toBe(0);
    const context: string = JSON.parse(r.stdout).hookSpecificOutput.additionalContext;
    expect(context.length).toBeLessThanOrEqual(10_000);
    expect(context).toContain('## After compaction (git-memory)');
    expect(context).toContain('What the compaction summary dropped');
    expect(context).toContain('src/auth/session.ts');
    expect(context).toMatch(/### Hot files[\s\S]*src\/auth\/session\.ts — \d+ \(/);
    expect(context).toContain('revokeRefreshToken is not a function');
    // A plain start gets none of it (the hook's code in this process: helpers/agent-hook.ts).
    const plain = await agentHookIn(repo, ['session-start', '--agent', 'claude'], { stdin: hookInput(repo, t, { source: 'startup' }) });
    expect(JSON.parse(plain.stdout).hookSpecificOutput.additionalContext).not.toContain('After compaction');
  });

  it("PreCompact's worker prepares the hot files and the key; SessionStart after the compaction uses them, and says the same as without", async () => {
    const repo = makeRepo({ now: NOW });
    await repo.run(['init', '--no-hooks']);
    // The transcript when the compaction starts: up to its boundary record.
    const t = session(repo, 33);
    const pre = repo.exec(['hook', 'agent', 'pre-compact', '--agent', 'claude'], { stdin: hookInput(repo, t, { hook_event_name: 'PreCompact', trigger: 'auto' }) });
    expect(pre.code, pre.stderr).toBe(0);
    const prepared = join(repo.dir, '.git/git-memory/sessions/4d5611e5/compact-prepared.json');
    await settled(repo); // the worker PreCompact started has ended
    expect(existsSync(prepared)).toBe(true);
    expect(existsSync(join(repo.dir, '.git/git-memory/agent-hook.log'))).toBe(false);
    // The compaction appends its boundary and its summary.
    const fixture = readFileSync(FIXTURE, 'utf8').split('\n').filter(Boolean).slice(33, 35).join('\n').replaceAll('/home/jane/acme', repo.dir);
    appendFileSync(t, `${fixture}\n`);
    const input = hookInput(repo, t, { hook_event_name: 'SessionStart', source: 'compact' });
    const fast = repo.exec(['hook', 'agent', 'session-start', '--agent', 'claude'], { stdin: input });
    // The starts after it: the same hook's code in this process (helpers/agent-hook.ts), no node start each.
    const start = () => agentHookIn(repo, ['session-start', '--agent', 'claude'], { stdin: input });
    expect(fast.code, fast.stderr).toBe(0);
    const context: string = JSON.parse(fast.stdout).hookSpecificOutput.additionalContext;
    expect(context).toContain('What the compaction summary dropped');
    expect(context).toContain('revokeRefreshToken is not a function');
    expect(context).toMatch(/### Hot files[\s\S]*src\/auth\/session\.ts — \d+ \(/);
    // Word for word what SessionStart computes itself, with nothing prepared.
    const kept = readFileSync(prepared, 'utf8');
    rmSync(prepared);
    expect((await start()).stdout).toBe(fast.stdout);
    // What was prepared is what is shown (a reason only the record holds)…
    const record = JSON.parse(kept);
    // (the hot files' lines, checked for secrets by the worker, are what is shown of them)
    expect(record.lines).toHaveLength(record.hot.length);
    record.hot[0].reasons = ['prepared before the compaction'];
    record.lines[0] = record.lines[0].replace(/\(.*\)$/, '(prepared before the compaction)');
    writeFileSync(prepared, JSON.stringify(record));
    expect(JSON.parse((await start()).stdout).hookSpecificOutput.additionalContext).toContain('prepared before the compaction');
    // A record an older worker wrote, without the lines: the hot files shown from the record.
    delete record.lines;
    writeFileSync(prepared, JSON.stringify(record));
    expect(JSON.parse((await start()).stdout).hookSpecificOutput.additionalContext).toContain('prepared before the compaction');
    // …until the agent works again: a tool call after it, and SessionStart computes it all.
    appendFileSync(t, toolTurn('4d5611e5-241a-462a-8d15-5122611a9569', repo.dir, 30_000));
    const after = JSON.parse((await start()).stdout).hookSpecificOutput.additionalContext;
    expect(after).toContain('## After compaction (git-memory)');
    expect(after).not.toContain('prepared before the compaction');
  });

  it('SessionStart after a compaction shows nothing of a secret the summary holds (the summary is checked unredacted, never shown)', async () => {
    const repo = makeRepo({ now: NOW });
    await repo.run(['init', '--no-hooks']);
    const t = session(repo, 33);
    expect(repo.exec(['hook', 'agent', 'pre-compact', '--agent', 'claude'], { stdin: hookInput(repo, t, { hook_event_name: 'PreCompact', trigger: 'auto' }) }).code).toBe(0);
    await settled(repo);
    expect(existsSync(join(repo.dir, '.git/git-memory/sessions/4d5611e5/compact-prepared.json'))).toBe(true);
    const key = `sk-ant-api03-${'Zq7'.repeat(30)}AA`;
    const [boundary, summary] = readFileSync(FIXTURE, 'utf8').split('\n').filter(Boolean).slice(33, 35).map((l) => JSON.parse(l.replaceAll('/home/jane/acme', repo.dir)));
    summary.message.content = `${summary.message.content}\nThe deploy key is ${key} and the database password is Xq7#vLp2Rt9!\n${'Long summary text about src/auth/session.ts and the tests. '.repeat(600)}`;
    appendFileSync(t, `${JSON.stringify(boundary)}\n${JSON.stringify(summary)}\n`);
    const r = repo.exec(['hook', 'agent', 'session-start', '--agent', 'claude'], { stdin: hookInput(repo, t, { hook_event_name: 'SessionStart', source: 'compact' }) });
    expect(r.code, r.stderr).toBe(0);
    const context: string = JSON.parse(r.stdout).hookSpecificOutput.additionalContext;
    expect(context).toContain('## After compaction (git-memory)');
    expect(context).toContain('revokeRefreshToken is not a function');
    expect(context).not.toContain('Zq7Zq7');
    expect(context).not.toContain('Xq7#vLp2Rt9!');
    const state = join(repo.dir, '.git/git-memory');
    for (const f of readdirSync(state, { recursive: true, encoding: 'utf8' }).map((n) => join(state, n)).filter((p) => statSync(p).isFile())) expect(readFileSync(f, 'utf8'), f).not.toContain('Zq7Zq7');
  });

  it("a worker that runs after the compaction's records were appended still prepares from where PreCompact read", async () => {
    const repo = makeRepo({ now: NOW });
    await repo.run(['init', '--no-hooks']);
    const t = session(repo, 33);
    expect(repo.exec(['hook', 'agent', 'pre-compact', '--agent', 'claude'], { stdin: hookInput(repo, t, { hook_event_name: 'PreCompact', trigger: 'auto' }) }).code).toBe(0);
    const prepared = join(repo.dir, '.git/git-memory/sessions/4d5611e5/compact-prepared.json');
    await settled(repo); // the worker PreCompact started has ended
    expect(existsSync(prepared)).toBe(true);
    const offset = JSON.parse(readFileSync(prepared, 'utf8')).offset;
    // A fast model: the boundary and the summary are in the transcript before the worker reads it.
    const fixture = readFileSync(FIXTURE, 'utf8').split('\n').filter(Boolean).slice(33, 35).join('\n').replaceAll('/home/jane/acme', repo.dir);
    appendFileSync(t, `${fixture}\n`);
    rmSync(prepared);
    expect(repo.exec(['hook', 'agent-worker', 'compact-prepare', '--agent', 'claude', '--session-id', '4d5611e5', '--transcript', t]).code).toBe(0);
    expect(JSON.parse(readFileSync(prepared, 'utf8')).offset).toBe(offset);
    const r = repo.exec(['hook', 'agent', 'session-start', '--agent', 'claude'], { stdin: hookInput(repo, t, { hook_event_name: 'SessionStart', source: 'compact' }) });
    const context: string = JSON.parse(r.stdout).hookSpecificOutput.additionalContext;
    expect(context).toContain('What the compaction summary dropped');
    expect(context).toContain('revokeRefreshToken is not a function');
  });
});

describe('what SessionStart after a compaction asks git', () => {
  it("nothing, after a commit during the session: PreCompact's worker kept the primer's log and MEMORY.md's staleness for the new HEAD", async () => {
    const repo = await makeMemoryRepo({ now: NOW });
    const at = repo.commit('Add the cache', { 'src/cache.ts': '// per process\n' }).slice(0, 9);
    repo.write('.openclaw_memory/MEMORY.md', `# Long-term memory\n\n## Gotchas\n\n- The cache in src/cache.ts is per process <!-- files: src/cache.ts; at: ${at}; date: 2026-01-01 -->\n`);
    repo.git('add', '-A');
    repo.git('commit', '-q', '-m', 'memory: long-term');
    const t = session(repo, 33);
    expect(repo.exec(['hook', 'agent', 'session-start', '--agent', 'claude'], { stdin: hookInput(repo, t, { source: 'startup' }) }).code).toBe(0);
    // A commit during the session: HEAD moves past what the session's start kept.
    const head = repo.commit('Share the cache', { 'src/cache.ts': '// shared\n' });
    const kept = (name: string) => join(repo.dir, '.git/git-memory', name);
    const keptFor = (name: string, field: 'head' | 'mark') => (existsSync(kept(name)) ? String(JSON.parse(readFileSync(kept(name), 'utf8'))[field]) : '');
    expect(keptFor('primer-log.json', 'head')).not.toBe(head);
    expect(repo.exec(['hook', 'agent', 'pre-compact', '--agent', 'claude'], { stdin: hookInput(repo, t, { hook_event_name: 'PreCompact', trigger: 'auto' }) }).code).toBe(0);
    await settled(repo); // the worker PreCompact started has ended
    expect(keptFor('primer-log.json', 'head')).toBe(head);
    expect(keptFor('staleness.json', 'mark')).toMatch(new RegExp(`:${head}$`));
    // SessionStart after the compaction, through a git that logs every process it starts.
    const g = loggingGit();
    const r = repo.exec(['hook', 'agent', 'session-start', '--agent', 'claude'], { stdin: hookInput(repo, t, { hook_event_name: 'SessionStart', source: 'compact' }), env: { PATH: `${g.path}:${repo.env.PATH}` } });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).hookSpecificOutput.additionalContext).toContain('may be stale: src/cache.ts changed in 1 commit');
    expect(g.calls()).toEqual([]);
  });
});

describe('status line near compaction', () => {
  it('counts turns to 92 % and, from 80 %, names what the PreCompact hook will keep', async () => {
    const repo = makeRepo({ now: NOW });
    const t = session(repo);
    const sessionId = '4d5611e5-241a-462a-8d15-5122611a9569';
    // The ledger the hooks would keep.
    expect((await repo.run(['compact', '--offline', '--transcript', t])).code).toBe(0);
    const input = JSON.stringify({ session_id: sessionId, transcript_path: t, workspace: { current_dir: repo.dir }, model: { display_name: 'Opus' } });
    const { tokens } = JSON.parse((await repo.run(['statusline', '--json'], { stdin: input })).stdout);
    expect(tokens).toBeGreaterThan(0);
    repo.write('.openclaw_memory.toml', `[statusline]\ncontext_window = ${Math.max(1000, Math.ceil(tokens / 0.85))}\n`);
    const d = JSON.parse((await repo.run(['statusline', '--json'], { stdin: input })).stdout);
    expect(d.level).toBe('urgent');
    expect(d.keep).toMatchObject({ files: EDITED.length, last_request: true });
    const line = (await repo.run(['statusline'], { stdin: input, env: { NO_COLOR: '1' } })).stdout;
    expect(line).toMatch(/urgent · ~\d+ turns? left · compaction keeps: 5 edited files, .*last request/);
    // Below 80 %: no list.
    repo.write('.openclaw_memory.toml', `[statusline]\ncontext_window = ${Math.ceil(tokens / 0.5)}\n`);
    expect((await repo.run(['statusline'], { stdin: input, env: { NO_COLOR: '1' } })).stdout).not.toContain('compaction keeps');
  });
});

describe('compact from session notes', () => {
  it('uses fresh notes with no model call; notes that are still the template are passed over', async () => {
    const { writeNotes } = await import('../../src/notes/store.js');
    const { defaultTemplate, parseNotes, renderNotes } = await import('../../src/notes/template.js');
    const repo = makeRepo({ now: NOW });
    const t = session(repo);
    const id = '4d5611e5-241a-462a-8d15-5122611a9569';
    const stateDir = join(repo.dir, '.git/git-memory');
    // The ledger as the hooks keep it, to know the thresholds' base.
    expect((await repo.run(['compact', '--offline', '--transcript', t])).code).toBe(0);
    const { readKeptLedger } = await import('../../src/transcripts/index.js');
    const ledger = readKeptLedger(stateDir, id)!.ledger;
    const state = { extractions: 1, last_tokens: ledger.context_tokens, last_tool_calls: ledger.tool_calls, last_offset: 0, updated: NOW, source: 'model' as const };
    const parsed = parseNotes(defaultTemplate());
    for (const s of parsed.sections) {
      if (s.heading === 'Current State') s.body = 'Switching the login rate limiter to a sliding window (src/middleware/rate-limit.ts).';
      if (s.heading === 'Task specification') s.body = 'Logout endpoint revoking the refresh token; then rate limiting on login.';
    }
    writeNotes(stateDir, id, renderNotes(parsed), state);
    api = await startFakeMessagesApi(() => textReply('<summary>should not be asked</summary>'));
    repo.write('.openclaw_memory.toml', '[llm]\nprovider = "anthropic"\n');
    const env = { ANTHROPIC_API_KEY: 'test', ANTHROPIC_BASE_URL: api.url };
    const fresh = JSON.parse((await repo.run(['compact', '--json', '--transcript', t], { env })).stdout);
    expect(fresh.source).toBe('notes');
    expect(fresh.summary).toContain('Switching the login rate limiter to a sliding window');
    expect(api.requests).toHaveLength(0);
    // Every edited file is there, from the ledger when the notes did not name it.
    for (const f of EDITED) expect(fresh.summary).toContain(f);
    writeNotes(stateDir, id, defaultTemplate(), state);
    const empty = JSON.parse((await repo.run(['compact', '--offline', '--json', '--transcript', t])).stdout);
    expect(empty.source).toBe('ledger');
    expect(empty.fallbacks[0]).toBe('the session notes are still the empty template');
  });
});
