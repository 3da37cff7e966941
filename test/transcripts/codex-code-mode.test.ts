import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readLedger } from '../../src/transcripts/read.js';
import { scriptCalls } from '../../src/transcripts/code-mode.js';
import { ROOT } from '../helpers/repo.js';
import { readInChunks } from './fixtures.js';
import { cpuNow } from '../helpers/cpu-time.js';

// Codex's code mode (0.15x on): the model calls one custom tool, `exec`, with a JavaScript script
// whose `tools.exec_command({cmd})`, `tools.apply_patch(patch)`, `tools.update_plan({plan})` and
// `tools.write_stdin({session_id})` calls run the tools; the output is a list of input_text parts,
// a `Script completed|failed\nWall time …\nOutput:\n` header, then what the script printed (a
// command's result printed whole is its JSON: `{"chunk_id":…,"exit_code":1,"output":…}`, or
// `{"session_id":N,…}` while it runs). Shapes as published in public repositories (records cut
// from real codex-cli 0.156.1 rollouts in a hook's self-test, parsers and renderers of these
// rollouts with their fixtures: "Script error:\nexec_command failed for …", "Script error:\napply_patch
// verification failed: …", `cmd` as an argv); the records below are written for this test, in
// the 0.17x envelope (ordinal, internal_chat_message_metadata_passthrough).

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true, maxRetries: 5 })));

const REPO = '/home/dev/shop';
const TURN = '01a2435a-0ddf-79e2-aa20-53d0bdc3b344';
let ordinal = 0;
let second = 0;
const line = (type: string, payload: Record<string, unknown>) =>
  JSON.stringify({ timestamp: `2026-12-01T09:00:${String(second++).padStart(2, '0')}.000Z`, ordinal: ordinal++, type, payload });
const meta = { turn_id: TURN, create_time: 1796100000.5 };
const header = (failed = false) => ({ type: 'input_text', text: `Script ${failed ? 'failed' : 'completed'}\nWall time 0.2 seconds\nOutput:\n` });
const part = (o: unknown) => ({ type: 'input_text', text: typeof o === 'string' ? o : JSON.stringify(o) });

function exec(id: string, input: string, output: unknown[]): string[] {
  return [
    line('response_item', { type: 'custom_tool_call', id: `ctc_${id}`, status: 'completed', call_id: id, name: 'exec', input, internal_chat_message_metadata_passthrough: meta }),
    line('response_item', { type: 'custom_tool_call_output', id: `ctco_${id}`, call_id: id, output, internal_chat_message_metadata_passthrough: meta }),
  ];
}

function rollout(): string {
  const lines = [
    line('session_meta', { session_id: 's-1', id: 's-1', timestamp: '2026-12-01T09:00:00.000Z', cwd: REPO, originator: 'codex_exec', cli_version: '0.172.0', source: 'exec', thread_source: 'user', model_provider: 'openai', history_mode: 'paginated' }),
    line('event_msg', { type: 'task_started', turn_id: TURN, started_at: 1796100000 }),
    line('turn_context', { turn_id: TURN, cwd: REPO, model: 'gpt-6' }),
    line('response_item', { type: 'message', id: 'msg_u1', role: 'user', content: [{ type: 'input_text', text: 'Fix the cart total and run the tests' }], internal_chat_message_metadata_passthrough: meta }),
    ...exec('call_read', 'const r = await tools.exec_command({cmd:"sed -n \'1,80p\' src/cart.ts", workdir:"/home/dev/shop"});\ntext(r);', [header(), part({ chunk_id: 'a1', wall_time_seconds: 0.01, exit_code: 0, output: 'export function total() {}\n' })]),
    ...exec(
      'call_patch',
      'text(await tools.apply_patch(`*** Begin Patch\n*** Update File: src/cart.ts\n@@\n-export function total() {}\n+export function total(items) { return items.length; }\n*** End Patch`));\nawait tools.update_plan({plan: [{step: "Fix total", status: "completed"}, {step: "Run tests", status: "in_progress"}]});',
      [header(), part('{}')],
    ),
    ...exec('call_test', "text(await tools.exec_command({cmd: ['bash', '-lc', 'npm test'], yield_time_ms: 30000}));", [header(), part({ chunk_id: 'b2', wall_time_seconds: 3.2, exit_code: 1, output: 'FAIL src/cart.test.ts\n' })]),
    ...exec('call_bad_patch', 'await tools.apply_patch("*** Begin Patch\\n*** Update File: src/missing.ts\\n@@\\n-a\\n+b\\n*** End Patch");', [header(true), part('Script error:\napply_patch verification failed: Failed to find expected lines in src/missing.ts')]),
    ...exec('call_long', 'text(await tools.exec_command({cmd: "npm run build", yield_time_ms: 1000}));', [header(), part({ session_id: 4242, output: 'building…', wall_time_seconds: 1 })]),
    ...exec('call_poll', 'text(await tools.write_stdin({session_id: 4242, chars: "", yield_time_ms: 30000}));', [header(), part({ chunk_id: 'c3', exit_code: 2, output: 'build failed\n', wall_time_seconds: 12 })]),
    ...exec('call_commit', 'const a = await tools.exec_command({cmd: "git add -A"});\nconst b = await tools.exec_command({cmd: "git commit -m \\"Fix total\\""});\ntext(b.output);', [header(), part('[main 1a2b3c4] Fix total\n')]),
  ];
  return `${lines.join('\n')}\n`;
}

function read() {
  const d = mkdtempSync(join(tmpdir(), 'gm-code-mode-'));
  dirs.push(d);
  const file = join(d, 'rollout-2026-12-01T09-00-00-s-1.jsonl');
  writeFileSync(file, rollout());
  return readLedger(file, { agent: 'codex', repoRoot: REPO });
}

describe('Codex 0.171.0 with code mode on: what the real CLI wrote (test/fixtures/agents/README.md)', () => {
  it('gives the commands, their failures and the files read, edited and refused', () => {
    const l = readLedger(join(ROOT, 'test/fixtures/agents/codex-0.171.0/code-mode.jsonl'), { agent: 'codex', repoRoot: '/tmp/agent-capture/repo' });
    expect(l.commands.map((c) => [c.command, c.failed])).toEqual([
      ["printf 'x\\n' > c.txt", false],
      ["git add c.txt && git commit -q -m 'Add c.txt'", false],
      ['sh -c "exit 3"', true],
      ["sed -n '1,5p' README.md", false],
    ]);
    expect(l.errors.map((e) => e.tool)).toEqual(['exec_command', 'apply_patch']);
    expect(l.files.map((f) => [f.path, f.reads, f.edits, f.writes])).toEqual([
      ['README.md', 1, 1, 0],
      ['missing.txt', 1, 0, 0],
    ]);
    expect(l.user_messages.map((m) => m.text)).toEqual(['Add c.txt, commit it, and retitle the README']);
  });

  it('reads the same a line at a time, as the hooks read what was appended since their last run', () => {
    const lines = readFileSync(join(ROOT, 'test/fixtures/agents/codex-0.171.0/code-mode.jsonl'), 'utf8').split('\n').filter(Boolean);
    const whole = readLedger(join(ROOT, 'test/fixtures/agents/codex-0.171.0/code-mode.jsonl'), { agent: 'codex', repoRoot: '/tmp/agent-capture/repo' });
    expect(readInChunks(lines, 'codex', '/tmp/agent-capture/repo').commands).toEqual(whole.commands);
    expect(readInChunks(rollout().split('\n').filter(Boolean), 'codex', REPO).commands.map((c) => [c.command, c.failed])).toEqual(read().commands.map((c) => [c.command, c.failed]));
  });
});

describe('Codex 0.171.0 code mode, a script that prints part of a result: item_completed gives the exit', () => {
  // The real CLI (test/fixtures/agents/README.md, code-mode-partial.jsonl): `text(r.output)` prints no
  // exit code, and `text('ran both')` nothing of either command; Codex's item_completed
  // CommandExecution events (ids `exec-<uuid>`) carry each command's exit_code.
  const FILE = join(ROOT, 'test/fixtures/agents/codex-0.171.0/code-mode-partial.jsonl');
  const CAPTURE = '/tmp/agent-capture/repo';

  it('fails the commands that exited non-zero, once each, and adds no command', () => {
    const l = readLedger(FILE, { agent: 'codex', repoRoot: CAPTURE });
    expect(l.commands.map((c) => [c.command, c.failed])).toEqual([
      ["sh -c 'echo building; exit 5'", true],
      ['true', false],
      ['false', true],
      ['git status --short', false],
    ]);
    expect(l.errors.map((e) => [e.tool, e.message])).toEqual([
      ['exec_command', 'exit code 5'],
      ['exec_command', 'exit code 1'],
    ]);
  });

  it('reads the same a line at a time', () => {
    const lines = readFileSync(FILE, 'utf8').split('\n').filter(Boolean);
    expect(readInChunks(lines, 'codex', CAPTURE).commands).toEqual(readLedger(FILE, { agent: 'codex', repoRoot: CAPTURE }).commands);
  });

  it('closes a command the script left running when its item_completed comes after the output', () => {
    const lines = readFileSync(FILE, 'utf8').split('\n').filter(Boolean);
    const item = lines.findIndex((l) => l.includes('"CommandExecution"'));
    const out = lines.findIndex((l, i) => i > item && l.includes('"custom_tool_call_output"'));
    const o = JSON.parse(lines[out]!);
    o.payload.output[1].text = '{"session_id":7,"output":"building"}';
    const moved = [...lines.slice(0, item), ...lines.slice(item + 1, out), JSON.stringify(o), lines[item]!, ...lines.slice(out + 1)];
    const l = readInChunks(moved, 'codex', CAPTURE);
    expect(l.commands.map((c) => c.failed)).toEqual([true, false, true, false]);
  });
});

describe('Codex 0.171.0 code mode, a command or a patch the script computed: item_completed gives it', () => {
  // The real CLI (test/fixtures/agents/README.md, code-mode-computed.jsonl): `{cmd: 'echo hi > ' + f + …}`,
  // `tools.apply_patch('*** Begin Patch\n*** Add File: ' + name + …)`, then a script with a literal
  // `true`, a computed `'exit ' + n` and a literal patch of lit.md. The script's text names neither
  // computed one; each item_completed (CommandExecution with the command run, FileChange with the
  // exact paths) does.
  const FILE = join(ROOT, 'test/fixtures/agents/codex-0.171.0/code-mode-computed.jsonl');
  const CAPTURE = '/tmp/agent-capture/repo';

  it('records the computed command and the computed patch\'s file, and nothing twice', () => {
    const l = readLedger(FILE, { agent: 'codex', repoRoot: CAPTURE });
    expect(l.commands.map((c) => [c.command, c.failed])).toEqual([
      ["echo hi > c.txt && git add c.txt && git commit -qm 'Add c'", false],
      ['true', false],
      ['exit 3', true],
    ]);
    expect(l.files.map((f) => [f.path, f.reads, f.edits, f.writes])).toEqual([
      ['notes.md', 0, 0, 1],
      ['lit.md', 0, 0, 1],
    ]);
    expect(l.tool_calls).toBe(5);
    expect(l.errors.map((e) => [e.tool, e.message])).toEqual([['exec_command', 'exit code 3']]);
    expect(l.turns.flatMap((t) => t.edited)).toEqual(['notes.md', 'lit.md']);
  });

  it('reads the same a line at a time', () => {
    const lines = readFileSync(FILE, 'utf8').split('\n').filter(Boolean);
    const whole = readLedger(FILE, { agent: 'codex', repoRoot: CAPTURE });
    const chunked = readInChunks(lines, 'codex', CAPTURE);
    expect(chunked.commands).toEqual(whole.commands);
    expect(chunked.files).toEqual(whole.files);
  });

  it('a computed patch that failed: its file counts as a change not made', () => {
    const lines = readFileSync(FILE, 'utf8').split('\n').filter(Boolean);
    const out = lines.findIndex((l) => l.includes('"custom_tool_call_output"') && l.includes('patched'));
    const o = JSON.parse(lines[out]!);
    o.payload.output = [{ type: 'input_text', text: 'Script failed\nWall time 0.0 seconds\nOutput:\n' }, { type: 'input_text', text: 'Script error:\napply_patch verification failed: no such file' }];
    lines[out] = JSON.stringify(o);
    const l = readInChunks(lines, 'codex', CAPTURE);
    expect(l.files.map((f) => [f.path, f.writes, f.refused ?? 0])).toEqual([
      ['notes.md', 0, 1],
      ['lit.md', 1, 0],
    ]);
  });
});

describe('Codex code mode: the calls an `exec` script makes', () => {
  it('are the commands of the session, failed by the exit code the script printed (or a poll reported)', () => {
    const l = read();
    expect(l.commands.map((c) => [c.command, c.failed])).toEqual([
      ["sed -n '1,80p' src/cart.ts", false],
      ['npm test', true],
      ['npm run build', true],
      ['git add -A', false],
      ['git commit -m "Fix total"', false],
    ]);
    expect(l.errors.map((e) => e.tool)).toEqual(['exec_command', 'apply_patch', 'exec_command']);
  });

  it('give the files read and edited; a patch the script failed on changed nothing', () => {
    const l = read();
    const f = (p: string) => l.files.find((x) => x.path === p);
    expect(f('src/cart.ts')).toMatchObject({ reads: 1, edits: 1 });
    expect(f('src/missing.ts')).toMatchObject({ edits: 0, writes: 0 });
  });

  it('give the plan', () => {
    expect(read().todos).toEqual([
      { content: 'Fix total', status: 'completed' },
      { content: 'Run tests', status: 'in_progress' },
    ]);
  });

  it('are read from literals only, in linear time on hostile scripts', () => {
    expect(scriptCalls('const s = x; await tools.exec_command({cmd: s, workdir: `${root}/a`, n: 3});')).toEqual([{ name: 'exec_command', args: { n: 3 } }]);
    expect(scriptCalls('tools.exec_command({"cmd": "a\\u0041\\x42\\n"})')).toEqual([{ name: 'exec_command', args: { cmd: 'aAB\n' } }]);
    expect(scriptCalls('tools.exec_command({__proto__: {polluted: 1}, cmd: "x"})')[0]!.args).toEqual({ cmd: 'x' });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    for (const hostile of ['tools.a(', 'tools.a({a:', 'tools.a("\\"', 'tools.a(`${', 'tools.a([', 'tools.a(x(', 'tools.a(/*']) {
      const time = (n: number) => {
        const s = hostile.slice(0, 8) + hostile.slice(8).repeat(n);
        const t0 = cpuNow();
        scriptCalls(s);
        return cpuNow() - t0;
      };
      time(20_000);
      // 5x the input: well under 25x the time (quadratic would be 25x).
      expect(time(100_000), hostile).toBeLessThan(Math.max(50, time(20_000) * 12));
    }
  });
});
