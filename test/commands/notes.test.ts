import { spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { NOTE_SECTIONS, parseNotes } from '../../src/notes/template.js';
import { startFakeMessagesApi, toolUseReply, type FakeMessagesApi } from '../helpers/fake-messages-api.js';
import { BIN, makeRepo, ROOT, type TestRepo } from '../helpers/repo.js';

const FIXTURE = join(ROOT, 'test/fixtures/transcripts/claude.jsonl');
const SESSION = '4d5611e5-241a-462a-8d15-5122611a9569';
let api: FakeMessagesApi | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
});

/** A repository with the fixture transcript copied in (so its path is the test's own). */
function repoWithTranscript(): { repo: TestRepo; transcript: string } {
  const repo = makeRepo();
  const transcript = join(repo.home, `${SESSION}.jsonl`);
  copyFileSync(FIXTURE, transcript);
  return { repo, transcript };
}

/** The built binary, run without blocking this process (the fake API answers from it). */
function execAsync(repo: TestRepo, args: string[], env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd: repo.dir, env: { ...repo.env, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
    child.stdin.end();
  });
}

const stateDir = (repo: TestRepo) => join(repo.dir, '.git/git-memory');

describe('git memory notes', () => {
  it('update --offline fills the notes from the transcript; show --json reports path, sections, tokens, updates and cost', async () => {
    const { repo, transcript } = repoWithTranscript();
    const up = await repo.run(['notes', 'update', '--transcript', transcript, '--offline']);
    expect(up.code, up.stderr).toBe(0);
    expect(up.stdout).toMatch(/^notes updated from the ledger: filled from the ledger \(offline\)/);
    const r = await repo.run(['notes', '--json']);
    expect(r.code, r.stderr).toBe(0);
    const d = JSON.parse(r.stdout);
    expect(d).toMatchObject({
      ok: true,
      session: SESSION,
      chosen_by: 'recent',
      transcript,
      path: join(stateDir(repo), 'sessions', SESSION, 'notes.md'),
      exists: true,
      empty: false,
      extractions: 1,
      source: 'ledger',
      model: null,
      usage: { calls: 0, cost: 0 },
    });
    expect(d.sections.map((s: { heading: string }) => s.heading)).toEqual(NOTE_SECTIONS.map((s) => s.heading));
    expect(d.tokens).toBeGreaterThan(100);
    expect(d.sections.every((s: { tokens: number }) => s.tokens > 0)).toBe(true);
    expect(d.title).not.toBe('');
    expect(parseNotes(d.notes).sections.find((s) => s.heading === 'Files and Functions')!.body).toMatch(/`[^`]+` — /);
    const text = await repo.run(['notes', '--session', SESSION]);
    // The notes alone on stdout (`git memory notes > notes.md`); where they are and their cost on stderr.
    expect(text.stdout).toBe(`${d.notes.trimEnd()}\n`);
    expect(text.stderr).toContain(`# notes: ${d.path}`);
    expect(text.stderr).toContain('# model cost: none');
    expect(text.stdout).not.toContain('# model cost');
  });

  it('update with a model: the fake Messages API edits a section and the cost is recorded', async () => {
    const { repo, transcript } = repoWithTranscript();
    api = await startFakeMessagesApi(() =>
      toolUseReply([{ name: 'update_section', input: { section: 'Current State', content: 'Logout endpoint done; next: role permissions.' } }], {
        usage: { input_tokens: 3000, output_tokens: 120 },
      }),
    );
    const env = { ANTHROPIC_API_KEY: 'test', ANTHROPIC_BASE_URL: api.url };
    repo.write('.openclaw_memory.toml', '[llm]\nprovider = "anthropic"\n');
    const r = await repo.run(['notes', 'update', '--session', SESSION, '--transcript', transcript, '--json'], { env });
    expect(r.code, r.stderr).toBe(0);
    const d = JSON.parse(r.stdout);
    expect(d).toMatchObject({ changed: true, via: 'model', source: 'model', model: 'claude-haiku-4-5', usage: { calls: 1, usage: { input: 3000, output: 120 } } });
    expect(d.usage.cost).toBeCloseTo((3000 + 120 * 5) / 1e6, 9);
    expect(parseNotes(d.notes).sections.find((s) => s.heading === 'Current State')!.body).toBe('Logout endpoint done; next: role permissions.');
    expect(d.provider).toEqual({ name: 'anthropic', reason: '[llm] provider = "anthropic", key from ANTHROPIC_API_KEY', chosen: true });
    expect(api.requests).toHaveLength(1);
  });

  it('update --if-due follows the thresholds, as the hooks do', async () => {
    const { repo, transcript } = repoWithTranscript();
    const first = await repo.run(['notes', 'update', '--if-due', '--offline', '--transcript', transcript, '--json']);
    expect(first.code, first.stderr).toBe(0);
    expect(JSON.parse(first.stdout)).toMatchObject({ changed: true, via: 'ledger', extractions: 1 });
    const again = await repo.run(['notes', 'update', '--if-due', '--offline', '--transcript', transcript, '--json']);
    const d = JSON.parse(again.stdout);
    expect(d).toMatchObject({ changed: false, via: 'none', extractions: 1 });
    expect(d.reason).toMatch(/context grew 0 tokens since the last notes, below 5000/);
    const text = await repo.run(['notes', 'update', '--if-due', '--offline', '--transcript', transcript]);
    expect(text.stdout).toMatch(/^notes not updated: context grew 0 tokens/);
  });

  it('names the session by the id inside the transcript, whatever its file name', async () => {
    const repo = makeRepo();
    const transcript = join(repo.home, 'rollout-2026-03-02T09-00-00-copy.jsonl');
    copyFileSync(join(ROOT, 'test/fixtures/transcripts/codex.jsonl'), transcript);
    const r = await repo.run(['notes', 'update', '--offline', '--transcript', transcript, '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ session: '019a7c1e-5b2d-7e30-9f41-2c8d6a1b3e57', chosen_by: 'transcript', changed: true });
  });

  it('takes the active agent session and its transcript from agent-session.json', async () => {
    const { repo, transcript } = repoWithTranscript();
    mkdirSync(stateDir(repo), { recursive: true });
    writeFileSync(join(stateDir(repo), 'agent-session.json'), JSON.stringify({ active: { agent: 'claude', sessionId: SESSION, transcriptPath: transcript, startedAt: '2026-02-12T10:00:00Z' }, finalised: [] }));
    const r = await repo.run(['notes', 'update', '--offline', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ session: SESSION, chosen_by: 'active', changed: true });
  });

  it('says clearly when there is no session or no transcript, and writes nothing', async () => {
    const repo = makeRepo();
    const none = await repo.run(['notes']);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('no agent session found in this worktree');
    const gone = await repo.run(['notes', 'update', '--transcript', join(repo.home, 'nope.jsonl')]);
    expect(gone.code).toBe(2);
    expect(gone.stderr).toContain('no transcript at');
    const noTranscript = await repo.run(['notes', 'update', '--session', 'abc']);
    expect(noTranscript.code).toBe(2);
    expect(noTranscript.stderr).toContain('no transcript known for session abc');
    const misplaced = await repo.run(['notes', '--offline']);
    expect(misplaced.code).toBe(2);
  });

  it('the built binary calls the model through the bundled SDK', async () => {
    const { repo, transcript } = repoWithTranscript();
    api = await startFakeMessagesApi(() => toolUseReply([{ name: 'update_section', input: { section: 'Worklog', content: '1. logout' } }]));
    repo.write('.openclaw_memory.toml', '[llm]\nprovider = "anthropic"\n');
    const r = await execAsync(repo, ['notes', 'update', '--transcript', transcript, '--json'], { ANTHROPIC_API_KEY: 'test', ANTHROPIC_BASE_URL: api.url });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ via: 'model', usage: { calls: 1 } });
  });
});
