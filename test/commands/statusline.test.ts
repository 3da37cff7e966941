import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { levelOf, renderStatus, short } from '../../src/cli/render/statusline.js';
import { contextUsage } from '../../src/transcripts/usage.js';
import { makeRepo, tempDir } from '../helpers/repo.js';
import { FIXTURES } from '../agents/fixtures.js';

const TRANSCRIPT = join(FIXTURES, 'claude/transcript.jsonl');
const status = (over: Record<string, unknown> = {}) =>
  JSON.stringify({ hook_event_name: 'Status', session_id: 'abc', transcript_path: TRANSCRIPT, model: { id: 'claude-opus-4-6', display_name: 'Opus' }, workspace: {}, ...over });

const assistant = (id: string, usage: object, extra: object = {}) =>
  JSON.stringify({ type: 'assistant', isSidechain: false, requestId: `req_${id}`, message: { id, role: 'assistant', content: [{ type: 'text', text: '…' }], usage }, ...extra });
const prompt = (text: string) => JSON.stringify({ type: 'user', isSidechain: false, message: { role: 'user', content: text } });

describe('context use from a Claude Code transcript', () => {
  it('counts each response once with its largest usage, leaves sidechains out, and measures turns', () => {
    // msg_03Third is written twice (output 12, then 1850): 6 + 1200 + 26947 + 1850.
    expect(contextUsage(TRANSCRIPT)).toEqual({ tokens: 30_003, turns: 2, perTurn: 30_003 - 27_071 });
  });

  it('starts again after a compaction; a missing transcript counts nothing', () => {
    const dir = tempDir();
    const path = join(dir, 't.jsonl');
    writeFileSync(path, [
      prompt('first'),
      assistant('m1', { input_tokens: 10, cache_read_input_tokens: 150_000, output_tokens: 500 }),
      JSON.stringify({ type: 'system', subtype: 'compact_boundary', content: 'Conversation compacted', compactMetadata: { trigger: 'auto', preTokens: 150_510 } }),
      JSON.stringify({ type: 'user', isCompactSummary: true, message: { role: 'user', content: 'This session is being continued…' } }),
      prompt('go on'),
      assistant('m2', { input_tokens: 5, cache_creation_input_tokens: 20_000, output_tokens: 100 }),
      '{"type":"assistant","message":{"id":"m3","usage":{"input_tok', // being written
    ].join('\n'));
    expect(contextUsage(path)).toEqual({ tokens: 20_105, turns: 1, perTurn: null });
    expect(contextUsage(join(dir, 'nope.jsonl'))).toEqual({ tokens: 0, turns: 0, perTurn: null });
  });

  it('levels: normal < 60 %, warning from 60 %, urgent from 80 %, critical from 92 %', () => {
    expect([0, 59, 60, 79, 80, 91, 92, 100].map(levelOf)).toEqual(['normal', 'normal', 'warning', 'warning', 'urgent', 'urgent', 'critical', 'critical']);
    expect([999, 1000, 1250, 30_003, 200_000].map(short)).toEqual(['999', '1k', '1.3k', '30k', '200k']);
    const plain = renderStatus({ model: 'Opus', tokens: 184_000, window: 200_000, turnsLeft: 3, pending: 2, colour: false });
    expect(plain).toEqual({ line: '[Opus] █████████░ 92% 184k/200k · critical · ~3 turns left · 2 logged', percent: 92, level: 'critical' });
    expect(renderStatus({ tokens: 130_000, window: 200_000, turnsLeft: null, pending: 0, colour: true }).line).toBe(
      '\x1b[33m███████░░░ 65%\x1b[0m 130k/200k · \x1b[33mwarning\x1b[0m',
    );
  });
});

describe('git memory statusline (built binary)', () => {
  it('prints one line from the status JSON; the window comes from the config', async () => {
    const repo = makeRepo();
    const r = repo.exec(['statusline'], { stdin: status({ workspace: { current_dir: repo.dir, project_dir: repo.dir } }) });
    expect(r).toMatchObject({ code: 0, stdout: '[Opus] ██░░░░░░░░ 15% 30k/200k · normal · ~52 turns left\n' });

    repo.write('.openclaw_memory.toml', '[statusline]\ncontext_window = 40000\n');
    await repo.run(['log', 'Tokens rotate']);
    const small = repo.exec(['statusline', '--json'], { stdin: status({ workspace: { current_dir: repo.dir } }) });
    expect(JSON.parse(small.stdout)).toMatchObject({ tokens: 30_003, window: 40_000, percent: 75, level: 'warning', turnsLeft: 2, pending: 1 });
  });

  it('colours by level unless NO_COLOR is set; bad input is exit 2', () => {
    const repo = makeRepo();
    const coloured = repo.exec(['statusline'], { stdin: status(), env: { NO_COLOR: '' } });
    expect(coloured.stdout).toContain('\x1b[32m');
    expect(repo.exec(['statusline'], { stdin: status() }).stdout).not.toContain('\x1b[');
    const bad = repo.exec(['statusline'], { stdin: 'not json' });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/status input is not JSON/);
  });
});
