// The model through the code-cached bundles. end.js and agent-worker.js are run from a V8 code cache
// (code-cache.ts requireCached: a vm Script), which has no loader for a real import(): the build turns
// each dynamic import in them into a require (scripts/build.mjs, `cached`), the model SDK's among
// them. Run here as an agent's session runs them: the notes worker its Stop hook starts
// (agent-worker.js) asks the model chosen, a Messages API on 127.0.0.1, for the notes, and the
// agent's `git memory end --from-notes` (end.js) makes them the session file.
import { execFile } from 'node:child_process';
import { appendFileSync, copyFileSync, existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { NOTE_SECTIONS } from '../../src/notes/template.js';
import { startFakeMessagesApi, textReply, toolUseReply, type FakeMessagesApi } from '../helpers/fake-messages-api.js';
import { BIN, makeRepo, pathWithBin, ROOT, tempDir } from '../helpers/repo.js';

const SESSION = 'cached-5f0c2a51-9f1e-4a8e-b3c4-0d9e8f7a6b5c';
/** What the fake model writes into each section. */
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

/** The bundles bin.ts runs from a code cache (requireCached). */
const CACHED = ['hook.js', 'agent-tool-use.js', 'agent-hooks.js', 'session-start.js', 'primer.js', 'search.js', 'mcp-search.js', 'end.js', 'agent-worker.js', 'mcp-front.js'];

let api: FakeMessagesApi | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
});

describe('the model through the code-cached bundles', () => {
  it('keeps no import() in a bundle run from the code cache: the model SDK is required', () => {
    for (const name of CACHED) {
      const text = readFileSync(join(ROOT, 'dist', name), 'utf8');
      expect(text.match(/(?<![\w$.])import\(/g) ?? [], name).toEqual([]);
    }
    for (const name of ['end.js', 'agent-worker.js']) expect(readFileSync(join(ROOT, 'dist', name), 'utf8'), name).toContain('require("@anthropic-ai/sdk")');
  });

  it("the notes worker asks the model chosen for the notes, and the agent's `end --from-notes` makes them the session file", async () => {
    api = await startFakeMessagesApi((req) => {
      // The extraction: one update_section call per section; a follow-up (tool results) ends the turn.
      const last = (req.body.messages as { content: unknown }[]).at(-1)!;
      if (Array.isArray(last.content) && last.content.some((b: { type?: string }) => b.type === 'tool_result')) return textReply('done');
      return toolUseReply(NOTE_SECTIONS.map(({ heading }) => ({ name: 'update_section', input: { section: heading, content: MODEL_BODIES[heading] } })));
    });
    const repo = makeRepo();
    expect(repo.exec(['init', '--agent', 'claude']).code).toBe(0);
    appendFileSync(join(repo.dir, '.openclaw_memory.toml'), '\n[llm]\nprovider = "anthropic"\n');
    const transcript = join(tempDir('gm-transcript-'), `${SESSION}.jsonl`);
    copyFileSync(join(ROOT, 'test', 'fixtures', 'transcripts', 'claude.jsonl'), transcript);
    const env = { ...(repo.env as Record<string, string>), PATH: pathWithBin(), ANTHROPIC_BASE_URL: api.url, ANTHROPIC_API_KEY: 'test-key' };
    // Not spawnSync: the Messages API answers from this process's event loop.
    const run = (args: string[]) =>
      new Promise<{ status: number | null; stderr: string }>((resolve) => execFile(process.execPath, [BIN, ...args], { cwd: repo.dir, env }, (e, _out, stderr) => resolve({ status: e ? ((e.code as number | undefined) ?? 1) : 0, stderr })));

    // The worker a Stop hook starts once the notes' thresholds are met (agent-worker.js).
    const worker = await run(['hook', 'agent-worker', 'notes', '--agent', 'claude', '--session-id', SESSION, '--transcript', transcript]);
    expect(worker.status, worker.stderr).toBe(0);
    const sessionDir = join(repo.dir, '.git', 'git-memory', 'sessions', SESSION);
    expect(api.requests.length).toBeGreaterThanOrEqual(1);
    expect(JSON.parse(readFileSync(join(sessionDir, 'notes.json'), 'utf8')).source).toBe('model');

    // The agent ends its session from the notes (end.js).
    const end = await run(['end', '--from-notes', '--session', SESSION]);
    expect(end.status, end.stderr).toBe(0);
    const journal = join(repo.dir, '.openclaw_memory', 'journal');
    const files = existsSync(journal) ? readdirSync(journal, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.md')) : [];
    expect(files).toHaveLength(1);
    const session = readFileSync(join(journal, files[0]!), 'utf8');
    expect(session).toMatch(/### Request\nFix the race when two requests refresh the same token at once\n/);
    expect(session).toContain('- A per-user mutex is enough; a global one stalls logins');
    expect(session).toContain('- Added the mutex to refreshToken()');
  });
});
