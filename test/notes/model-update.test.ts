import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readUsage } from '../../src/llm/index.js';
import { parseConfig, type Config } from '../../src/memory/config.js';
import { readNotes, readNotesState } from '../../src/notes/store.js';
import { defaultTemplate, parseNotes } from '../../src/notes/template.js';
import { runNotesUpdate, type LedgerSource, type UpdateNotesInput } from '../../src/notes/update.js';
import type { Ledger } from '../../src/transcripts/ledger.js';
import { errorReply, startFakeMessagesApi, textReply, toolUseReply, type FakeMessagesApi, type FakeReply, type RecordedRequest } from '../helpers/fake-messages-api.js';
import { tempDir } from '../helpers/repo.js';
import { authSessionLedger } from './ledger-fixture.js';

let api: FakeMessagesApi | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
});

const SECRET = ['AKIA', 'Z7QK3W9N2R5T8YVX'].join('');
const RENDERED = `[user] Refactor the auth module to use JWT\n[assistant] Bash: export AWS_ACCESS_KEY_ID=${SECRET} && npm test -- --grep auth\n[error] FAIL test/auth.test.ts`;

function setup(handler: (req: RecordedRequest, n: number) => FakeReply | Promise<FakeReply>, over: { llm?: Partial<Config['llm']>; ledger?: Ledger; manual?: boolean; home?: string } = {}) {
  return startFakeMessagesApi(handler).then((a) => {
    api = a;
    const config = parseConfig('', 't.toml', 'r').config;
    config.llm = { ...config.llm, provider: 'anthropic', ...over.llm };
    const stateDir = tempDir();
    const input: UpdateNotesInput = {
      stateDir,
      sessionId: 'sess-auth-1',
      transcript: '/tmp/transcript.jsonl',
      agent: 'claude',
      repoRoot: '/repo',
      config,
      env: { ANTHROPIC_API_KEY: 'test', ANTHROPIC_BASE_URL: a.url, PATH: '' },
      home: over.home ?? tempDir(),
      ...(over.manual ? { manual: true } : {}),
    };
    const renders: [number, number, number][] = [];
    const source: LedgerSource = {
      advance: () => ({ ledger: over.ledger ?? authSessionLedger(), to: 4096 }),
      render: (from, to, maxChars) => {
        renders.push([from, to, maxChars]);
        return RENDERED;
      },
    };
    return { input, source, renders, stateDir };
  });
}

const body = (notes: string | null, heading: string) => parseNotes(notes ?? '').sections.find((s) => s.heading === heading)?.body;
const userText = (req: RecordedRequest) => JSON.stringify((req.body.messages as unknown[])[0]);

describe('notes update with a model (real SDK, fake Messages API)', () => {
  it('applies update_section calls, records state and usage, and sends a cached prefix with one tool and no secret', async () => {
    const { input, source, renders, stateDir } = await setup(() =>
      toolUseReply(
        [
          { name: 'update_section', input: { section: 'Current State', content: 'Fixing the refresh race in src/auth/refresh.ts.' } },
          { name: 'update_section', input: { section: 'Session Title', content: 'JWT auth refactor with refresh rotation' } },
        ],
        { usage: { input_tokens: 2000, output_tokens: 300, cache_creation_input_tokens: 1000 } },
      ),
    );
    const r = await runNotesUpdate(input, source);
    expect(r).toMatchObject({ updated: true, source: 'model' });
    expect(r.reason).toContain('Current State, Session Title');
    const notes = readNotes(stateDir, 'sess-auth-1');
    expect(body(notes, 'Current State')).toBe('Fixing the refresh race in src/auth/refresh.ts.');
    expect(parseNotes(notes!).title).toBe('JWT auth refactor with refresh rotation');
    expect(body(notes, 'Worklog')).toBe('');
    expect(parseNotes(notes!).sections.map((s) => s.description)).toEqual(parseNotes(defaultTemplate()).sections.map((s) => s.description));
    expect(readNotesState(stateDir, 'sess-auth-1')).toMatchObject({ extractions: 1, last_tokens: 12_400, last_tool_calls: 14, last_offset: 4096, source: 'model', model: 'claude-haiku-4-5' });
    const usage = readUsage(stateDir, 'sess-auth-1');
    expect(usage).toMatchObject({ calls: 1, usage: { input: 2000, output: 300, cache_read: 0, cache_write: 1000 } });
    expect(usage.cost).toBeCloseTo((2000 * 1 + 300 * 5 + 1000 * 1.25) / 1e6, 9);
    expect(usage.by_purpose.notes!.calls).toBe(1);

    expect(api!.requests).toHaveLength(1);
    const req = api!.requests[0]!;
    expect(req.body.tools).toEqual([expect.objectContaining({ name: 'update_section', input_schema: expect.objectContaining({ required: ['section', 'content'] }) })]);
    expect((req.body.system as { cache_control?: unknown }[])[0]!.cache_control).toEqual({ type: 'ephemeral' });
    expect(JSON.stringify(req.body.system)).toContain('_What is actively being worked on right now? Pending tasks not yet completed. Immediate next steps._');
    const raw = JSON.stringify(req.body);
    expect(raw).not.toContain(SECRET);
    expect(raw).toContain('[REDACTED:');
    expect(userText(req)).toContain('npm test -- --grep auth');
    expect(userText(req)).toContain('<current_notes_content>');
    // The first extraction reads the transcript from its start, within the input cap.
    expect(renders[0]![0]).toBe(0);
    expect(renders[0]![1]).toBe(4096);
    expect(renders[0]![2]).toBeGreaterThan(50_000);
    expect(renders[0]![2]).toBeLessThan(40_000 * 4);
  });

  it('refuses an unknown section and content carrying a template heading or description, tells the model, and changes nothing for them', async () => {
    const { input, source, stateDir } = await setup((_req, n) =>
      n === 0
        ? toolUseReply([
            { name: 'update_section', input: { section: 'Next Steps', content: 'write docs' } },
            { name: 'update_section', input: { section: 'Workflow', content: '# Worklog\nnpm test' } },
            { name: 'update_section', input: { section: 'Learnings', content: 'mutex over polling\n_What has worked well? What has not? What to avoid? Do not duplicate items from other sections_' } },
            { name: 'update_section', input: { section: 'Key results', content: '```sh\n# the fix\nnpm test\n```' } },
          ])
        : n === 1
          ? toolUseReply([{ name: 'update_section', input: { section: 'Workflow', content: 'npm test -- --grep auth' } }])
          : textReply('done'),
    );
    const r = await runNotesUpdate(input, source);
    expect(r.source).toBe('model');
    expect(r.reason).toContain('3 calls refused');
    const notes = readNotes(stateDir, 'sess-auth-1')!;
    expect(parseNotes(notes).sections.map((s) => s.heading)).toEqual(parseNotes(defaultTemplate()).sections.map((s) => s.heading));
    expect(notes).not.toContain('Next Steps');
    expect(body(notes, 'Learnings')).toBe('');
    expect(body(notes, 'Workflow')).toBe('npm test -- --grep auth');
    expect(body(notes, 'Key results')).toBe('```sh\n# the fix\nnpm test\n```');
    expect(api!.requests).toHaveLength(2);
    const follow = api!.requests[1]!.body.messages as { role: string; content: { type: string; tool_use_id?: string; is_error?: boolean; content?: string }[] }[];
    expect(follow.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
    const results = follow[2]!.content.filter((b) => b.type === 'tool_result');
    expect(results.map((b) => !!b.is_error)).toEqual([true, true, true, false]);
    expect(results[0]!.content).toContain('no section "Next Steps"');
    expect(results[1]!.content).toContain('heading line "# Worklog"');
    expect(results[2]!.content).toContain('italic description line');
    const ids = follow[1]!.content.filter((b) => b.type === 'tool_use').map((b) => (b as unknown as { id: string }).id);
    expect(results.map((b) => b.tool_use_id)).toEqual(ids);
  });

  it('stops after two rounds of refused calls', async () => {
    const { input, source } = await setup(() => toolUseReply([{ name: 'update_section', input: { section: 'Nope', content: 'x' } }]));
    const r = await runNotesUpdate(input, source);
    expect(api!.requests).toHaveLength(3);
    expect(r.reason).toContain('no section; 3 calls refused');
  });

  it('falls back to the ledger on 529 overloaded, and says so', async () => {
    const { input, source, stateDir } = await setup(() => errorReply(529, 'overloaded_error', 'Overloaded'));
    const r = await runNotesUpdate(input, source);
    expect(r).toMatchObject({ updated: true, source: 'ledger' });
    expect(r.reason).toMatch(/model call failed \(model API overloaded \(529\)\)/);
    expect(readNotesState(stateDir, 'sess-auth-1')).toMatchObject({ source: 'ledger', fallback: 'model API overloaded (529)' });
    expect(body(readNotes(stateDir, 'sess-auth-1'), 'Workflow')).toContain('npm test -- --grep auth');
  });

  it('falls back to the ledger when the model times out', async () => {
    const { input, source, stateDir } = await setup(() => ({ ...textReply('late'), delayMs: 4000 }), { llm: { timeout_ms: 1000 } });
    const r = await runNotesUpdate(input, source);
    expect(r.source).toBe('ledger');
    expect(readNotesState(stateDir, 'sess-auth-1')!.fallback).toMatch(/timed out/);
    // Every section the ledger can speak to; Learnings stays empty without a model (issue 25 §1).
    expect(parseNotes(r.notes!).sections.filter((s) => !s.body).map((s) => s.heading)).toEqual(['Learnings']);
  });

  it('keeps a model-written task description when a later call falls back, and refreshes what the ledger states', async () => {
    const { input, source, stateDir } = await setup((_r, n) =>
      n === 0 ? toolUseReply([{ name: 'update_section', input: { section: 'Task specification', content: 'Migrate auth to JWT; keep /api/auth/*.' } }]) : errorReply(529, 'overloaded_error'),
    );
    await runNotesUpdate({ ...input, manual: true }, source);
    const r = await runNotesUpdate({ ...input, manual: true }, source);
    expect(r.source).toBe('ledger');
    expect(body(r.notes, 'Task specification')).toBe('Migrate auth to JWT; keep /api/auth/*.');
    expect(body(r.notes, 'Worklog')).toMatch(/^1\. Refactor/);
    expect(readNotesState(stateDir, 'sess-auth-1')).toMatchObject({ extractions: 2, source: 'ledger', model: 'claude-haiku-4-5' });
    // A third update that falls back again still keeps what the model wrote.
    const third = await runNotesUpdate({ ...input, manual: true, offline: true }, source);
    expect(body(third.notes, 'Task specification')).toBe('Migrate auth to JWT; keep /api/auth/*.');
  });

  it('carries the condensing reminder when the notes are over budget', async () => {
    const { input, source, stateDir } = await setup(() => textReply('ok'), { manual: true });
    const huge = defaultTemplate().replace('_Step by step, what was attempted, done? Very terse summary for each step_', `$&\n${'- did a thing in src/x.ts\n'.repeat(3000)}`);
    mkdirSync(join(stateDir, 'sessions/sess-auth-1'), { recursive: true });
    writeFileSync(join(stateDir, 'sessions/sess-auth-1/notes.md'), huge);
    await runNotesUpdate({ ...input, config: { ...input.config, llm: { ...input.config.llm, max_input_tokens: 100_000 } } }, source);
    const text = userText(api!.requests[0]!);
    expect(text).toContain('CRITICAL');
    expect(text).toContain('\\"Worklog\\": about');
  });

  it('uses the custom template and prompt, with {{currentNotes}} and {{notesPath}}', async () => {
    const home = tempDir();
    mkdirSync(join(home, 'session-memory/config'), { recursive: true });
    writeFileSync(join(home, 'session-memory/config/template.md'), '# Goal\n_What the user wants_\n\n# Progress\n_What is done_\n');
    writeFileSync(join(home, 'session-memory/config/prompt.md'), 'CUSTOM PROMPT for {{notesPath}}\n---\n{{currentNotes}}\n---');
    const { input, source, stateDir } = await setup(
      (_r, n) =>
        n > 0 ? textReply('done') : toolUseReply([
          { name: 'update_section', input: { section: 'Goal', content: 'JWT auth' } },
          { name: 'update_section', input: { section: 'Current State', content: 'not in this template' } },
        ]),
      { home },
    );
    await runNotesUpdate(input, source);
    const text = userText(api!.requests[0]!);
    expect(text).toContain(`CUSTOM PROMPT for ${join(stateDir, 'sessions/sess-auth-1/notes.md')}`);
    expect(text).toContain('# Goal\\n_What the user wants_');
    expect(JSON.stringify(api!.requests[0]!.body.system)).toContain('# Progress');
    const notes = readNotes(stateDir, 'sess-auth-1')!;
    expect(parseNotes(notes).sections.map((s) => [s.heading, s.body])).toEqual([
      ['Goal', 'JWT auth'],
      ['Progress', ''],
    ]);
    expect(api!.requests).toHaveLength(2); // the refused "Current State" went back once
  });

  it('prompts in Chinese when [journal] language = "zh", with the template\'s English section names', async () => {
    const { input, source } = await setup((_r, n) => (n ? textReply('ok') : toolUseReply([{ name: 'update_section', input: { section: 'Current State', content: '正在修复 src/auth/refresh.ts 的并发刷新' } }])));
    const r = await runNotesUpdate({ ...input, config: { ...input.config, journal: { ...input.config.journal, language: 'zh' } } }, source);
    expect(r.source).toBe('model');
    const system = JSON.stringify(api!.requests[0]!.body.system);
    expect(system).toContain('你负责记录一次编码会话');
    expect(system).toContain('# Errors & Corrections');
    expect(userText(api!.requests[0]!)).toContain('你唯一的任务是');
    expect(body(r.notes, 'Current State')).toBe('正在修复 src/auth/refresh.ts 的并发刷新');
  });

  it('runs two concurrent updates of one session one after the other', async () => {
    const spans: [number, number][] = [];
    const { input, source, stateDir } = await setup(async () => {
      const start = Date.now();
      await new Promise((r) => setTimeout(r, 400));
      spans.push([start, Date.now()]);
      return toolUseReply([{ name: 'update_section', input: { section: 'Worklog', content: `step at ${start}` } }]);
    });
    const [a, b] = await Promise.all([runNotesUpdate({ ...input, manual: true }, source), runNotesUpdate({ ...input, manual: true }, source)]);
    expect([a.updated, b.updated]).toEqual([true, true]);
    expect(spans).toHaveLength(2);
    const [first, second] = spans.sort((x, y) => x[0] - y[0]);
    expect(second![0]).toBeGreaterThanOrEqual(first![1]);
    expect(readNotesState(stateDir, 'sess-auth-1')!.extractions).toBe(2);
  });

  it('checks the thresholds unless manual', async () => {
    const quiet = authSessionLedger({ context_tokens: 8000 });
    const { input, source, stateDir } = await setup(() => textReply('ok'), { ledger: quiet });
    const r = await runNotesUpdate(input, source);
    expect(r).toMatchObject({ updated: false, source: 'none' });
    expect(r.reason).toMatch(/below 10000/);
    expect(api!.requests).toHaveLength(0);
    expect(readNotes(stateDir, 'sess-auth-1')).toBeNull();
    expect((await runNotesUpdate({ ...input, manual: true }, source)).updated).toBe(true);
  });

  it('fills from the ledger with no model, offline', async () => {
    const { input, source } = await setup(() => textReply('never'));
    const r = await runNotesUpdate({ ...input, offline: true }, source);
    expect(r).toMatchObject({ updated: true, source: 'ledger', reason: 'filled from the ledger (offline)' });
    expect(api!.requests).toHaveLength(0);
    expect(parseNotes(r.notes!).sections.filter((s) => s.body)).toHaveLength(9); // all but Learnings (issue 25 §1)
  });
});
