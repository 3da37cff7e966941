// Issue 13's "done when": from a fresh clone, `git memory init --agent claude`, then a Claude Code
// transcript fed to the installed hooks turn by turn produces notes with all 10 sections and, at
// SessionEnd, a session file — with a fake model and with none. The hooks run as Claude Code runs
// them: the command strings from .claude/settings.json, through a shell, with the built binary on PATH.
import { spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makeRepo, pathWithBin, ROOT, tempDir, type TestRepo } from '../../helpers/repo.js';
import { startFakeMessagesApi, textReply, toolUseReply, type FakeMessagesApi } from '../../helpers/fake-messages-api.js';
import { workerDone } from '../../agents/fixtures.js';
import { NOTE_SECTIONS } from '../../../src/notes/template.js';
import { recordingClaude } from '../../helpers/fake-claude.js';
import { settled } from '../../helpers/settled.js';

const FIXTURE = join(ROOT, 'test', 'fixtures', 'transcripts', 'claude.jsonl');
const SESSION = 'e2e-5f0c2a51-9f1e-4a8e-b3c4-0d9e8f7a6b5c';
/** Planted in the transcript's first prompt: it must reach no notes, no request and no session file. */
const SECRET = 'AKIAIOSFODNN7EXAMPLF';

/** The 10 sections of seed 000, in order (test/notes/template.test.ts holds them word for word). */
const SECTIONS = NOTE_SECTIONS.map((s) => s.heading);

/** What the fake model writes into each section (one update_section call per section). */
const MODEL_BODIES: Record<string, string> = {
  'Session Title': 'Token refresh race fix in the auth module',
  'Current State': '- Done: refresh guarded by a mutex\n- Add a regression test for concurrent refreshes',
  'Task specification': 'Fix the race when two requests refresh the same token at once',
  'Files and Functions': '- src/auth/refresh.ts: refreshToken(), now behind a mutex',
  Workflow: '- npm test -- auth',
  'Errors & Corrections': '- Two refreshes both wrote the token store: serialised them',
  'Codebase and System Documentation': '- Tokens are stored in Redis with a TTL',
  Learnings: '- A per-user mutex is enough; a global one stalls logins',
  'Key results': '- Race reproduced and fixed',
  Worklog: '1. Reproduced the race\n2. Added the mutex to refreshToken()',
};

let api: FakeMessagesApi | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
});

interface Hooked {
  repo: TestRepo;
  env: Record<string, string>;
  transcript: string;
  /** Runs the command .claude/settings.json installs for `event`, as Claude Code would. */
  hook(event: string, payload: Record<string, unknown>): { code: number; stdout: string; stderr: string };
}

/** A fresh clone with `git memory init --agent claude` run in it, and the transcript file the hooks read. */
function freshClone(extraConfig: string, env: Record<string, string>): Hooked {
  const origin = makeRepo();
  const repo = makeRepo();
  repo.git('remote', 'add', 'origin', origin.dir);
  const init = repo.exec(['init', '--agent', 'claude']);
  expect(init.code).toBe(0);
  if (extraConfig) appendFileSync(join(repo.dir, '.openclaw_memory.toml'), extraConfig);
  const settings = JSON.parse(repo.read('.claude/settings.json'));
  const transcript = join(tempDir('gm-transcript-'), `${SESSION}.jsonl`);
  writeFileSync(transcript, '');
  const fullEnv = { ...(repo.env as Record<string, string>), PATH: pathWithBin(), ...env };
  return {
    repo,
    env: fullEnv,
    transcript,
    hook(event, payload) {
      const handlers = ((settings.hooks[event] ?? []) as { hooks: { command: string; async?: boolean }[] }[]).flatMap((g) => g.hooks);
      const ours = handlers.find((h) => h.command.includes('git-memory hook agent '));
      // No hook of ours on this event (PostToolUse since issue 24 §3): the agent starts nothing.
      if (!ours) return { code: 0, stdout: '', stderr: '' };
      const stdin = JSON.stringify({ session_id: SESSION, transcript_path: transcript, cwd: repo.dir, hook_event_name: event, ...payload });
      const r = spawnSync('sh', ['-c', ours!.command], { cwd: repo.dir, env: fullEnv, input: stdin, encoding: 'utf8' });
      return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
    },
  };
}

/** The fixture's records, with the secret planted in the first prompt (the torn last line left out). */
function fixtureLines(): string[] {
  let planted = false;
  return readFileSync(FIXTURE, 'utf8')
    .split('\n')
    .filter((l) => {
      try {
        JSON.parse(l);
        return true;
      } catch {
        return false;
      }
    })
    .map((l) => {
      const r = JSON.parse(l);
      if (!planted && r.type === 'user' && typeof r.message?.content === 'string' && !r.isMeta && !r.message.content.startsWith('<')) {
        planted = true;
        r.message.content += `\nThe deploy key is ${SECRET}`;
      }
      return JSON.stringify(r);
    });
}

/**
 * Feeds the transcript to the hooks a record at a time: PostToolUse after each tool result, Stop
 * after an assistant reply that calls no tool, SessionEnd at the end. Every hook returns at once,
 * prints nothing, and exits 0 (the async ones as much as the others).
 */
function feed(h: Hooked): void {
  let calls = 0;
  for (const line of fixtureLines()) {
    appendFileSync(h.transcript, `${line}\n`);
    const r = JSON.parse(line);
    const content = r.message?.content;
    let event: string | null = null;
    if (r.type === 'user' && Array.isArray(content) && content.some((b: { type?: string }) => b.type === 'tool_result')) event = 'PostToolUse';
    else if (r.type === 'assistant' && Array.isArray(content) && content.every((b: { type?: string }) => b.type === 'text')) event = 'Stop';
    if (!event) continue;
    const out = h.hook(event, event === 'PostToolUse' ? { tool_name: 'Bash', tool_input: {}, tool_response: {} } : { stop_hook_active: false });
    expect(out).toEqual({ code: 0, stdout: '', stderr: '' });
    calls++;
  }
  expect(calls).toBeGreaterThan(5);
  const end = h.hook('SessionEnd', { reason: 'other' });
  expect(end).toEqual({ code: 0, stdout: '', stderr: '' });
}

const sessionDir = (repo: TestRepo) => join(repo.dir, '.git', 'git-memory', 'sessions', SESSION);

function journalFiles(repo: TestRepo): string[] {
  const dir = join(repo.dir, '.openclaw_memory', 'journal');
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.md')).map((f) => join(dir, f));
}

/** Waits for the session file the SessionEnd worker writes, its commit, and every worker to finish. */
async function sessionFile(repo: TestRepo): Promise<string> {
  await workerDone(repo, /^memory: /);
  expect(existsSync(join(sessionDir(repo), 'lock'))).toBe(false);
  const [file] = journalFiles(repo);
  expect(file).toBeDefined();
  return readFileSync(file!, 'utf8');
}

/** The notes have the 10 sections, in order, each with its italic description line. */
function expectTenSections(notes: string): void {
  const headings = [...notes.matchAll(/^# (.+)$/gm)].map((m) => m[1]);
  expect(headings).toEqual(SECTIONS);
  for (const s of SECTIONS) expect(notes).toMatch(new RegExp(`^# ${s.replace('&', '\\&')}\\n_[^\\n]+_$`, 'm'));
}

describe('done when: fresh clone, init --agent claude, a transcript fed to the hooks', () => {
  it('with a fake model: the model writes the notes; SessionEnd makes them the session file', async () => {
    api = await startFakeMessagesApi((req) => {
      // The extraction: one update_section call per section; a follow-up (tool results) ends the turn.
      const last = (req.body.messages as { content: unknown }[]).at(-1)!;
      if (Array.isArray(last.content) && last.content.some((b: { type?: string }) => b.type === 'tool_result')) return textReply('done');
      return toolUseReply(SECTIONS.map((section) => ({ name: 'update_section', input: { section, content: MODEL_BODIES[section] } })));
    });
    const h = freshClone('\n[llm]\nprovider = "anthropic"\n', { ANTHROPIC_BASE_URL: api.url, ANTHROPIC_API_KEY: 'test-key' });
    feed(h);
    const session = await sessionFile(h.repo);

    expect(api.requests.length).toBeGreaterThanOrEqual(1);
    const auth = api.requests[0]!.headers;
    expect(`${auth['x-api-key'] ?? ''} ${auth.authorization ?? ''}`).toContain('test-key');
    expect((api.requests[0]!.body.tools as { name: string }[]).map((t) => t.name)).toEqual(['update_section']);
    for (const r of api.requests) expect(JSON.stringify(r.body)).not.toContain(SECRET);

    const notes = readFileSync(join(sessionDir(h.repo), 'notes.md'), 'utf8');
    expectTenSections(notes);
    for (const body of Object.values(MODEL_BODIES)) expect(notes).toContain(body);
    expect(JSON.parse(readFileSync(join(sessionDir(h.repo), 'notes.json'), 'utf8')).source).toBe('model');

    expect(session).toContain('agent: claude');
    expect(session).toMatch(/### Request\nFix the race when two requests refresh the same token at once\n/);
    expect(session).toContain('- A per-user mutex is enough; a global one stalls logins');
    // Errors and how they were fixed stay in the session's notes (checked above), not in its Learned (issue 25 §1).
    expect(session).not.toContain('- Two refreshes both wrote the token store: serialised them');
    expect(session).toContain('- Added the mutex to refreshToken()');
    expect(session).toContain('- Add a regression test for concurrent refreshes');
    expect(session).not.toContain(SECRET);
    expect(h.repo.git('log', '-1', '--format=%s').trim()).toBe('memory: Fix the race when two requests refresh the same token at once');
    // The session is recorded as ended: a second SessionEnd writes nothing more.
    expect(h.hook('SessionEnd', { reason: 'other' })).toEqual({ code: 0, stdout: '', stderr: '' });
    await settled(h.repo); // every process the hook started has ended
    expect(journalFiles(h.repo)).toHaveLength(1);
  }, 120_000);

  it('with no model chosen: a key, a Messages API and claude on PATH are within reach, and none is used', async () => {
    api = await startFakeMessagesApi(() => textReply('must not be asked'));
    const claude = recordingClaude();
    const h = freshClone('', { ANTHROPIC_BASE_URL: api.url, ANTHROPIC_API_KEY: 'test-key', PATH: `${claude.dir}:${pathWithBin()}` });
    feed(h);
    const session = await sessionFile(h.repo);
    expect(api.requests).toHaveLength(0);
    expect(claude.calls()).toBe(0);
    expect(JSON.parse(readFileSync(join(sessionDir(h.repo), 'notes.json'), 'utf8')).source).toBe('ledger');
    expect(session).toMatch(/### Request\n\S/);
  }, 120_000);

  it('with no model: the notes are filled from the ledger, and the session file from them', async () => {
    const h = freshClone('\n[llm]\nprovider = "none"\n', {});
    feed(h);
    const session = await sessionFile(h.repo);

    const notes = readFileSync(join(sessionDir(h.repo), 'notes.md'), 'utf8');
    expectTenSections(notes);
    expect(notes).not.toContain(SECRET);
    expect(JSON.parse(readFileSync(join(sessionDir(h.repo), 'notes.json'), 'utf8')).source).toBe('ledger');

    expect(session).toContain('agent: claude');
    expect(session).toMatch(/### Request\n\S/);
    expect(session).not.toContain(SECRET);
    expect(session).not.toContain('ended without a summary');
    expect(h.repo.git('log', '-1', '--format=%s')).toMatch(/^memory: /);
  }, 120_000);
});
