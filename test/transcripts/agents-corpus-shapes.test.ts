// Issue 25 §6 on real Codex rollouts and Gemini CLI chats (test/fixtures/corpus/agents-manifest.json,
// bench/parts/agents-corpus.mjs): each case is a shape found in a published real transcript, cut
// down to the records that show it, with paths, names and texts replaced. The origin of each is
// named above it (repository and file of the manifest).
import { appendFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { advanceLedger, readLedger } from '../../src/transcripts/index.js';
import { firstUserPrompt } from '../../src/transcripts/first-prompt.js';
import { tempDir } from '../helpers/repo.js';

type Rec = Record<string, unknown>;
function write(name: string, text: string): string {
  const path = join(tempDir(), name);
  writeFileSync(path, text);
  return path;
}
const jsonl = (recs: Rec[]) => recs.map((r) => JSON.stringify(r)).join('\n') + '\n';
let tick = 0;
const at = () => new Date(Date.UTC(2026, 1, 8, 18) + tick++ * 1000).toISOString();
const rec = (type: string, payload: Rec): Rec => ({ timestamp: at(), type, payload });
const meta = (cwd = '/home/jane/shop') => rec('session_meta', { id: 'c1', cwd, cli_version: '0.98.0', originator: 'codex_cli_rs' });
const exec = (id: string, cmd: string) => rec('response_item', { type: 'function_call', name: 'exec_command', arguments: JSON.stringify({ cmd }), call_id: id });
const stdin = (id: string, session: number) => rec('response_item', { type: 'function_call', name: 'write_stdin', arguments: JSON.stringify({ session_id: session, chars: '', yield_time_ms: 5000 }), call_id: id });
const out = (id: string, output: string) => rec('response_item', { type: 'function_call_output', call_id: id, output });

describe('Codex: a prompt written in several parts', () => {
  // blubber/dotfiles, 0.98.0 rollouts (e.g. rollout-2026-02-08T19-11-16-…): the user message is two
  // input_text parts (a pasted guide, then the request); the event repeats it as one string.
  it('is one prompt, not two, when the event_msg repeats it joined', () => {
    const guide = 'This is a web application.\n\n## Guidelines\n\n- Use the precommit alias.\n\n';
    const ask = 'Alter lib/shop/cart.ex so that a cart and its items update in one form.';
    const path = write('parts.jsonl', jsonl([
      meta(),
      rec('response_item', { type: 'message', role: 'user', content: [{ type: 'input_text', text: '<environment_context>\n  <cwd>/home/jane/shop</cwd>\n</environment_context>' }] }),
      rec('response_item', { type: 'message', role: 'user', content: [{ type: 'input_text', text: guide }, { type: 'input_text', text: ask }] }),
      rec('event_msg', { type: 'user_message', message: guide + ask, images: [] }),
      exec('call_1', "sed -n '1,80p' lib/shop/cart.ex"),
      out('call_1', 'Chunk ID: 1\nWall time: 0.05 seconds\nProcess exited with code 0\nOriginal token count: 3\nOutput:\ndefmodule Shop.Cart do'),
    ]));
    const l = readLedger(path, { agent: 'codex' });
    expect(l.user_messages.map((m) => m.text)).toEqual([guide + ask]);
  });
});

describe('Codex: a file read through the shell whose name has no dot', () => {
  // Xu-Wentao/dotfile, 0.118.0 (rollout-2026-04-07T23-24-08-…): `sed -n '1,220p' Makefile`, which
  // Codex itself parses as a read of Makefile.
  it('is a read of that file (Makefile, Dockerfile, LICENSE), and a count or a sed script is no file', () => {
    const path = write('bare.jsonl', jsonl([
      meta(),
      exec('call_m', "sed -n '1,220p' Makefile"),
      out('call_m', 'Process exited with code 0\nOutput:\nall:'),
      exec('call_n', 'cat Dockerfile && head -n 20 LICENSE'),
      out('call_n', 'Process exited with code 0\nOutput:\nFROM node'),
      exec('call_o', 'git log | head -n 20'),
      out('call_o', 'Process exited with code 0\nOutput:\ncommit'),
      exec('call_p', "nl -ba src/app.ts | sed -n '5,9p'"),
      out('call_p', 'Process exited with code 0\nOutput:\n5 x'),
    ]));
    expect(readLedger(path, { agent: 'codex' }).files.map((f) => [f.path, f.reads])).toEqual([
      ['/home/jane/shop/Makefile', 1],
      ['/home/jane/shop/Dockerfile', 1],
      ['/home/jane/shop/LICENSE', 1],
      ['/home/jane/shop/src/app.ts', 1],
    ]);
  });
});

describe('Codex: a command still running when its first output is written', () => {
  // Xu-Wentao/dotfile, 0.118.0 (rollout-2026-04-08T22-02-46-…): exec_command answers "Process
  // running with session ID N"; the exit comes later, in an exec_command_end event for the call and,
  // when the model polls, in a write_stdin output for the session.
  it('fails when its exec_command_end event says so, though no later output does', () => {
    const path = write('running-end.jsonl', jsonl([
      meta(),
      exec('call_a', 'system_profiler SPFontsDataType | rg -i "Mono"'),
      out('call_a', "Command: /bin/zsh -lc 'system_profiler SPFontsDataType | rg -i \"Mono\"'\nChunk ID: 665c9c\nWall time: 1.0026 seconds\nProcess running with session ID 69075\nOriginal token count: 0\nOutput:\n"),
      rec('event_msg', { type: 'exec_command_end', call_id: 'call_a', process_id: '69075', command: ['/bin/zsh', '-lc', 'system_profiler SPFontsDataType | rg -i "Mono"'], cwd: '/home/jane/shop', aggregated_output: '', stderr: '', exit_code: 1, status: 'failed' }),
    ]));
    const l = readLedger(path, { agent: 'codex' });
    expect(l.errors.map((e) => e.tool)).toEqual(['exec_command']);
    expect(l.commands.map((c) => [c.command, c.failed])).toEqual([['system_profiler SPFontsDataType | rg -i "Mono"', true]]);
  });

  it('is the command that fails when a poll of its session reports the exit, once, not the poll', () => {
    const path = write('running-poll.jsonl', jsonl([
      meta(),
      exec('call_b', 'brew install --cask font-mono'),
      out('call_b', "Command: /bin/zsh -lc 'brew install --cask font-mono'\nChunk ID: 1fd741\nWall time: 1.0003 seconds\nProcess running with session ID 95472\nOriginal token count: 13\nOutput:\n==> Fetching downloads\r\n"),
      stdin('call_c', 95472),
      rec('event_msg', { type: 'exec_command_end', call_id: 'call_b', process_id: '95472', aggregated_output: 'Error: download incomplete', exit_code: 1, status: 'failed' }),
      out('call_c', 'Chunk ID: 9a\nWall time: 0.5 seconds\nProcess exited with code 1\nOriginal token count: 10\nOutput:\nError: download incomplete\r\n'),
    ]));
    const l = readLedger(path, { agent: 'codex' });
    expect(l.errors.map((e) => e.tool)).toEqual(['exec_command']);
    expect(l.commands.map((c) => [c.command, c.failed])).toEqual([['brew install --cask font-mono', true]]);
  });

  it('without an exec_command_end event (older rollouts), the poll that reports the exit fails the command', () => {
    const path = write('running-poll-only.jsonl', jsonl([
      meta(),
      exec('call_d', 'npm test'),
      out('call_d', 'Chunk ID: 1\nWall time: 10.0 seconds\nProcess running with session ID 7\nOriginal token count: 0\nOutput:\n'),
      stdin('call_e', 7),
      out('call_e', 'Chunk ID: 2\nWall time: 5.0 seconds\nProcess running with session ID 7\nOriginal token count: 0\nOutput:\n'),
      stdin('call_f', 7),
      out('call_f', 'Chunk ID: 3\nWall time: 1.0 seconds\nProcess exited with code 2\nOriginal token count: 4\nOutput:\n1 failing\n'),
    ]));
    const l = readLedger(path, { agent: 'codex' });
    expect(l.errors.map((e) => [e.tool, e.message])).toEqual([['exec_command', '1 failing']]);
    expect(l.commands.map((c) => [c.command, c.failed])).toEqual([['npm test', true]]);
  });
});

describe('Codex: a running command read across hook runs', () => {
  it('keeps what it waits for in the kept state: the exit read later fails the command read earlier', () => {
    const path = write('running-kept.jsonl', jsonl([
      meta(),
      exec('call_k', 'cargo build'),
      out('call_k', 'Chunk ID: 1\nWall time: 10.0 seconds\nProcess running with session ID 42\nOriginal token count: 0\nOutput:\n'),
    ]));
    const state = tempDir();
    expect(advanceLedger(state, 'c1', path, { agent: 'codex' }).ledger.errors).toEqual([]);
    appendFileSync(path, jsonl([stdin('call_l', 42), out('call_l', 'Chunk ID: 2\nWall time: 3.0 seconds\nProcess exited with code 101\nOriginal token count: 3\nOutput:\nerror[E0425]\n')]));
    const later = advanceLedger(state, 'c1', path, { agent: 'codex' }).ledger;
    expect(later.commands.map((c) => [c.command, c.failed])).toEqual([['cargo build', true]]);
    expect(later).toEqual(readLedger(path, { agent: 'codex' }));
  });
});

describe('Codex: a warning Codex writes to the model as a user message', () => {
  // Ogekuri/G, 0.70.0-alpha.4 (rollout-2025-12-15T16-09-01-…): the model ran apply_patch through
  // shell_command and Codex answered with a user-role response item "Warning: apply_patch was
  // requested via shell_command. …" (record_model_warning), which no event_msg user_message repeats.
  const warning = 'Warning: apply_patch was requested via shell_command. Use the apply_patch tool instead of exec_command.';
  const shellCall = (id: string, command: string) => rec('response_item', { type: 'function_call', name: 'shell_command', arguments: JSON.stringify({ command, workdir: '/home/jane/shop' }), call_id: id });
  it('is no prompt of the user, with or without the event that repeats real prompts', () => {
    const ask = 'Rename the cart module.';
    const withEvents = write('warning-events.jsonl', jsonl([
      meta(),
      rec('response_item', { type: 'message', role: 'user', content: [{ type: 'input_text', text: ask }] }),
      rec('event_msg', { type: 'user_message', message: ask, images: [] }),
      shellCall('call_w', "apply_patch <<'PATCH'\n*** Begin Patch\n*** Update File: lib/cart.ex\n@@\n-a\n+b\n*** End Patch\nPATCH"),
      rec('response_item', { type: 'message', role: 'user', content: [{ type: 'input_text', text: warning }] }),
      out('call_w', 'Exit code: 0\nWall time: 0.1 seconds\nOutput:\nSuccess. Updated the following files:\nM lib/cart.ex\n'),
    ]));
    const l = readLedger(withEvents, { agent: 'codex' });
    expect(l.user_messages.map((m) => m.text)).toEqual([ask]);
    expect(l.files.map((f) => [f.path, f.edits])).toEqual([['/home/jane/shop/lib/cart.ex', 1]]);
    // 0.171 writes no user_message event: the response item is all there is.
    const itemsOnly = write('warning-items.jsonl', jsonl([
      meta(),
      rec('response_item', { type: 'message', role: 'user', content: [{ type: 'input_text', text: ask }] }),
      rec('response_item', { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'Warning: The maximum number of unified exec processes you can keep open is 60.' }] }),
    ]));
    expect(readLedger(itemsOnly, { agent: 'codex' }).user_messages.map((m) => m.text)).toEqual([ask]);
  });
  it('leaves a prompt the user typed starting with "Warning:" where Codex repeats it as an event', () => {
    const typed = 'Warning: the tests are flaky, look at test/cart_test.exs first.';
    const path = write('warning-typed.jsonl', jsonl([
      meta(),
      rec('response_item', { type: 'message', role: 'user', content: [{ type: 'input_text', text: typed }] }),
      rec('event_msg', { type: 'user_message', message: typed, images: [] }),
    ]));
    expect(readLedger(path, { agent: 'codex' }).user_messages.map((m) => m.text)).toEqual([typed]);
  });
});

describe('Codex: the same prompt typed again after the user interrupted the turn', () => {
  // PantherianCodeX/udocket.com, 0.58.0 (rollout-2025-11-13T20-34-46-…): "Project name: uDocket",
  // Esc (event_msg turn_aborted, reason interrupted) before any answer, then the same text again.
  it('is two prompts: the interrupted turn is over', () => {
    const ask = 'Project name: uDocket';
    const prompt = () => [rec('response_item', { type: 'message', role: 'user', content: [{ type: 'input_text', text: ask }] }), rec('event_msg', { type: 'user_message', message: ask, images: [] })];
    const path = write('aborted.jsonl', jsonl([meta(), ...prompt(), rec('event_msg', { type: 'turn_aborted', reason: 'interrupted' }), ...prompt()]));
    expect(readLedger(path, { agent: 'codex' }).user_messages.map((m) => m.text)).toEqual([ask, ask]);
    // 0.171 writes no event: a new task_started is a new turn as well.
    const items = write('aborted-items.jsonl', jsonl([meta(), prompt()[0]!, rec('event_msg', { type: 'turn_aborted', reason: 'interrupted' }), rec('event_msg', { type: 'task_started', turn_id: 't2' }), prompt()[0]!]));
    expect(readLedger(items, { agent: 'codex' }).user_messages.map((m) => m.text)).toEqual([ask, ask]);
  });
});

describe('Codex: token usage over a rollout whose running total starts again', () => {
  // MoonLadderStudios/MoonMind, 0.57.0 (rollout-2025-11-12T17-48-11-…): the session is resumed in
  // the same rollout three hours later, with no second session_meta, and total_token_usage starts
  // again from the new process's first call (2,993,540 → 60,023); 0h-n0/local-voice-assistant-codex,
  // 0.77.0: the same after a turn_aborted, and a /review (entered_review_mode) counts its own total
  // from zero, then the main total goes on from where it was. Each count's last_token_usage is the
  // call it adds, so the session used what every count added.
  const count = (input: number, cached: number, output: number, last: [number, number, number]) =>
    rec('event_msg', {
      type: 'token_count',
      info: {
        total_token_usage: { input_tokens: input, cached_input_tokens: cached, output_tokens: output, reasoning_output_tokens: 0, total_tokens: input + output },
        last_token_usage: { input_tokens: last[0], cached_input_tokens: last[1], output_tokens: last[2], reasoning_output_tokens: 0, total_tokens: last[0] + last[2] },
        model_context_window: 272000,
      },
    });
  const sum = (l: ReturnType<typeof readLedger>) => l.usage.input + l.usage.cache_read + l.usage.output;
  it('adds the counts of a resumed process and of a review to the first one', () => {
    const records = [
      meta(),
      count(1000, 0, 100, [1000, 0, 100]),
      count(3000, 1000, 200, [2000, 1000, 100]),
      count(3000, 1000, 200, [2000, 1000, 100]), // written twice: one call
      // Resumed later: a new process counts from zero.
      count(1500, 0, 50, [1500, 0, 50]),
      count(3500, 1400, 80, [2000, 1400, 30]),
      rec('event_msg', { type: 'entered_review_mode', target: { type: 'baseBranch', branch: 'main' } }),
      count(700, 0, 20, [700, 0, 20]),
      rec('event_msg', { type: 'exited_review_mode' }),
      // Back in the main thread: its own total goes on.
      count(5600, 2900, 110, [2100, 1500, 30]),
    ];
    const path = write('usage-restarts.jsonl', jsonl(records));
    const l = readLedger(path, { agent: 'codex' });
    expect(l.usage).toEqual({ input: 3000 - 1000 + 3500 - 1400 + 700 + 2100 - 1500, cache_read: 1000 + 1400 + 1500, output: 200 + 80 + 20 + 30, cache_write: 0 });
    expect(sum(l)).toBe(3200 + 3580 + 720 + 2130);
    expect(l.context_tokens).toBe(2130);
    // Read across hook runs, the same.
    const state = tempDir();
    const parts = write('usage-restarts-parts.jsonl', jsonl(records.slice(0, 4)));
    advanceLedger(state, 'c1', parts, { agent: 'codex' });
    appendFileSync(parts, jsonl(records.slice(4)));
    expect(advanceLedger(state, 'c1', parts, { agent: 'codex' }).ledger.usage).toEqual(l.usage);
  });
  it('goes on from a state an earlier version kept (its usage the last total, no total of its own)', () => {
    const records = [meta(), count(1000, 0, 100, [1000, 0, 100]), count(3000, 1000, 200, [2000, 1000, 100]), count(4000, 1800, 260, [1000, 800, 60])];
    const state = tempDir();
    const parts = write('usage-kept.jsonl', jsonl(records.slice(0, 3)));
    advanceLedger(state, 'c1', parts, { agent: 'codex' });
    const kept = join(state, 'sessions', 'c1', 'ledger.json');
    const k = JSON.parse(readFileSync(kept, 'utf8'));
    delete k.state.codex.total;
    delete k.state.codex.paused;
    writeFileSync(kept, JSON.stringify(k));
    appendFileSync(parts, jsonl(records.slice(3)));
    expect(advanceLedger(state, 'c1', parts, { agent: 'codex' }).ledger.usage).toEqual({ input: 2200, cache_read: 1800, output: 260, cache_write: 0 });
  });
  it('is the running total itself where it only grows (a rollout resumed in a new file starts from its total)', () => {
    const path = write('usage-grows.jsonl', jsonl([meta(), count(90000, 80000, 900, [5000, 4000, 100]), count(96000, 85000, 1000, [6000, 5000, 100])]));
    expect(readLedger(path, { agent: 'codex' }).usage).toEqual({ input: 11000, cache_read: 85000, output: 1000, cache_write: 0 });
  });
});

describe('Codex: a forked rollout (a sub-agent spawned with the parent’s history)', () => {
  // LAF-US/IDAHO-VAULT, Codex Desktop 0.119.0-alpha.28 (rollout-2026-04-15T11-58-23-019d924b-…): the
  // child's session_meta names forked_from_id; Codex then copies the parent's history into the
  // child's rollout — the parent's session_meta, its turn (task_started with the turn's started_at,
  // its prompt, its token counts, whose running total holds the parent's usage) — and only then the
  // child's own turn starts (a task_started at or after the child's creation).
  const T = (s: number) => new Date(Date.UTC(2026, 3, 15, 17, 58, 0) + s * 1000).toISOString();
  const r = (s: number, type: string, payload: Rec): Rec => ({ timestamp: T(s), type, payload });
  const tc = (s: number, input: number, cached: number, output: number, last: [number, number, number]) =>
    r(s, 'event_msg', { type: 'token_count', info: { total_token_usage: { input_tokens: input, cached_input_tokens: cached, output_tokens: output, total_tokens: input + output }, last_token_usage: { input_tokens: last[0], cached_input_tokens: last[1], output_tokens: last[2], total_tokens: last[0] + last[2] } } });
  const created = Date.UTC(2026, 3, 15, 17, 58, 23) / 1000;
  const records = [
    r(29.448, 'session_meta', { id: 'child-thread', forked_from_id: 'parent-thread', timestamp: T(23.701), cwd: '/home/jane/vault', cli_version: '0.119.0-alpha.28', source: { subagent: { thread_spawn: { parent_thread_id: 'parent-thread', depth: 1 } } } }),
    // The copy of the parent's history.
    r(29.472, 'session_meta', { id: 'parent-thread', timestamp: T(-100), cwd: '/home/jane/vault', cli_version: '0.119.0-alpha.28', source: 'vscode' }),
    r(29.473, 'event_msg', { type: 'task_started', turn_id: 'turn-parent', started_at: created - 73 }),
    r(29.476, 'response_item', { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'Set up CrewAI: read the README and split the work.' }] }),
    r(29.477, 'event_msg', { type: 'user_message', message: 'Set up CrewAI: read the README and split the work.', images: [] }),
    r(29.478, 'response_item', { type: 'function_call', name: 'shell_command', arguments: JSON.stringify({ command: 'git status --short', workdir: '/home/jane/vault' }), call_id: 'call_parent' }),
    r(29.479, 'response_item', { type: 'function_call_output', call_id: 'call_parent', output: 'Exit code: 1\nOutput:\nfatal\n' }),
    tc(29.479, 38565, 5504, 705, [38565, 5504, 705]),
    tc(29.48, 234714, 180736, 2323, [60681, 48384, 520]),
    // The child's own turn.
    r(29.499, 'event_msg', { type: 'task_started', turn_id: 'turn-child', started_at: created + 6 }),
    r(29.527, 'response_item', { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'Inspect the bootstrap path and report what blocks a clean launch.' }] }),
    r(29.527, 'event_msg', { type: 'user_message', message: 'Inspect the bootstrap path and report what blocks a clean launch.', images: [] }),
    tc(29.924, 234714, 180736, 2323, [60681, 48384, 520]),
    r(33.312, 'response_item', { type: 'function_call', name: 'shell_command', arguments: JSON.stringify({ command: 'cat scripts/start.ps1', workdir: '/home/jane/vault' }), call_id: 'call_child' }),
    tc(33.387, 274224, 219776, 2513, [39510, 39040, 190]),
    r(43.544, 'response_item', { type: 'function_call_output', call_id: 'call_child', output: 'Exit code: 0\nOutput:\nparam()\n' }),
  ];
  it('counts only the child’s own turn: its prompt, its commands, the tokens it used', () => {
    const path = write('forked.jsonl', jsonl(records));
    const l = readLedger(path, { agent: 'codex' });
    expect(l.session_id).toBe('child-thread');
    expect(l.user_messages.map((m) => m.text)).toEqual(['Inspect the bootstrap path and report what blocks a clean launch.']);
    expect(l.commands.map((c) => [c.command, c.failed])).toEqual([['cat scripts/start.ps1', false]]);
    expect(l.errors).toEqual([]);
    expect(l.usage).toEqual({ input: 39510 - 39040, cache_read: 39040, output: 190, cache_write: 0 });
    // Read across hook runs (the first stops inside the copy), the same.
    const state = tempDir();
    const parts = write('forked-parts.jsonl', jsonl(records.slice(0, 5)));
    advanceLedger(state, 'c1', parts, { agent: 'codex' });
    appendFileSync(parts, jsonl(records.slice(5)));
    expect(advanceLedger(state, 'c1', parts, { agent: 'codex' }).ledger).toEqual(l);
  });
  it('is read whole where no turn of the copy says when it started, once the copy’s burst has passed', () => {
    // A copy without started_at (the field is recent): the records written more than two seconds
    // after the child's session_meta are its own.
    const bare = records.map((x) => (x.type === 'event_msg' && (x.payload as Rec).type === 'task_started' ? { ...x, payload: { type: 'task_started' } } : x));
    const l = readLedger(write('forked-bare.jsonl', jsonl(bare)), { agent: 'codex' });
    expect(l.commands.map((c) => c.command)).toEqual(['cat scripts/start.ps1']);
  });
});

describe('Codex: a rollout written before session_meta existed (mid 2025, still on people’s disks)', () => {
  // Not cut from a published file (none of the corpus's sources kept one): the shape Codex CLI wrote
  // until session_meta came (about 0.2x, summer 2025), as codex-rs recorded it and as other readers of
  // real homes describe it — a bare header {id, timestamp, instructions, git}, `{"record_type":"state"}`
  // markers, and response items with no envelope and no timestamp; the shell call's command an argv,
  // its output a JSON string with metadata.exit_code, apply_patch as the argv ["apply_patch", PATCH].
  const bare = [
    { id: '5973b6c0-94b8-487b-a530-2aeb6098ae0e', timestamp: '2025-08-20T13:20:47.060Z', instructions: null, git: { commit_hash: 'abc123', branch: 'main' } },
    { record_type: 'state' },
    { type: 'message', id: null, role: 'user', content: [{ type: 'input_text', text: '<environment_context>\n  <cwd>/home/jane/shop</cwd>\n  <approval_policy>on-request</approval_policy>\n</environment_context>' }] },
    { record_type: 'state' },
    { type: 'message', id: null, role: 'user', content: [{ type: 'input_text', text: 'Make the cart total round half up.' }] },
    { type: 'reasoning', id: 'rs_1', summary: [], encrypted_content: 'opaque' },
    { type: 'function_call', id: 'fc_1', name: 'shell', arguments: JSON.stringify({ command: ['bash', '-lc', 'mix test test/cart_test.exs'], workdir: '/home/jane/shop' }), call_id: 'call_1' },
    { type: 'function_call_output', call_id: 'call_1', output: JSON.stringify({ output: '1 test, 1 failure', metadata: { exit_code: 1, duration_seconds: 1.2 } }) },
    { type: 'function_call', id: 'fc_2', name: 'shell', arguments: JSON.stringify({ command: ['apply_patch', '*** Begin Patch\n*** Update File: lib/cart.ex\n@@\n-  Float.round(t, 2)\n+  Decimal.round(t, 2, :half_up)\n*** End Patch'] }), call_id: 'call_2' },
    { type: 'function_call_output', call_id: 'call_2', output: JSON.stringify({ output: 'Success. Updated the following files:\nM lib/cart.ex\n', metadata: { exit_code: 0, duration_seconds: 0 } }) },
    { type: 'message', id: 'msg_1', role: 'assistant', content: [{ type: 'output_text', text: 'Rounded half up; the test passes.' }] },
  ];
  it('is read: the prompt, the command and its failure, the file the patch edits, relative to the environment’s cwd', () => {
    const path = write('pre-envelope.jsonl', jsonl(bare));
    for (const l of [readLedger(path, { agent: 'codex' }), readLedger(path)]) {
      expect(l.agent).toBe('codex');
      expect(l.session_id).toBe('5973b6c0-94b8-487b-a530-2aeb6098ae0e');
      expect(l.cwd).toBe('/home/jane/shop');
      expect(l.user_messages.map((m) => m.text)).toEqual(['Make the cart total round half up.']);
      expect(l.commands.map((c) => [c.command, c.failed])).toEqual([['mix test test/cart_test.exs', true]]);
      expect(l.files.map((f) => [f.path, f.edits])).toEqual([['/home/jane/shop/lib/cart.ex', 1]]);
    }
  });
});

// LAF-US/IDAHO-VAULT, Gemini CLI chats of April 2026 (single JSON documents, recorded on Windows).
const doc = (messages: Rec[]) => JSON.stringify({ sessionId: 'g1', projectHash: 'ab', startTime: '2026-04-16T22:38:00.000Z', lastUpdated: '2026-04-16T23:00:00.000Z', messages, kind: 'main' }, null, 2);
let n = 0;
const user = (content: unknown, extra: Rec = {}): Rec => ({ id: `u${n++}`, timestamp: at(), type: 'user', content, ...extra });
const gemini = (toolCalls: Rec[] = [], text = ''): Rec => ({ id: `g${n++}`, timestamp: at(), type: 'gemini', content: text, thoughts: [], tokens: { input: 100, output: 10, cached: 0, thoughts: 0, tool: 0, total: 110 }, model: 'gemini-3-pro', toolCalls });
const shell = (id: string, command: string, output: string, parts: Rec[] = []): Rec => ({
  id,
  name: 'run_shell_command',
  args: { command },
  status: 'success',
  timestamp: at(),
  result: [...parts, { functionResponse: { id, name: 'run_shell_command', response: { output } } }],
});

describe('Gemini CLI: what the user typed', () => {
  it('is not "System: Please continue." (Gemini CLI asks itself to go on after a tool response)', () => {
    const path = write('continue.json', doc([
      user([{ text: 'Look at the workflows' }]),
      gemini([shell('run_shell_command_1', 'git status', 'Output: clean\nExit Code: 0')]),
      user([{ text: 'System: Please continue.' }], { displayContent: [{ functionResponse: { id: 'update_topic_1', name: 'update_topic', response: { output: 'Current topic: "CI"' } } }] }),
      gemini([], 'Done.'),
    ]));
    expect(readLedger(path, { agent: 'gemini' }).user_messages.map((m) => m.text)).toEqual(['Look at the workflows']);
  });

  it('is not a tool result Gemini CLI recorded as a user message ("[Function Response: read_many_files]…")', () => {
    // brexp/infra (session-2025-11-05T17-22-…) and fabien-lessirard/dotfiles (session-2026-01-24T18-09-…):
    // the model calls read_many_files and, a millisecond later, a user message of plain text holds its
    // result; the prompts the user typed are in the project's logs.json, and this text is not among them.
    const path = write('function-response.json', doc([
      user('Set up a function that extracts the audio of the files in my bucket'),
      gemini([{ id: 'read_many_files_1', name: 'read_many_files', args: { paths: ['vertex_example.py'] }, status: 'success', timestamp: at(), result: [{ functionResponse: { id: 'read_many_files_1', name: 'read_many_files', response: { output: 'read 1 file' } } }] }]),
      user('[Function Response: read_many_files]--- /home/jane/vertex_example.py ---\n\nimport anthropic_vertex\n\nPROJECT_ID = "YOUR_PROJECT_ID"\n'),
      gemini([], 'Here is how.'),
    ]));
    expect(readLedger(path, { agent: 'gemini' }).user_messages.map((m) => m.text)).toEqual(['Set up a function that extracts the audio of the files in my bucket']);
  });

  it('is the message as typed, not with the files an @ reference expanded to', () => {
    const path = write('at-file.json', doc([
      user([{ text: '@notes.md Read and then fix the heading' }, { text: '\n--- Content from referenced files ---' }, { text: '\nContent from @notes.md:\n' }, { text: '# Notes\nlong file text\n' }, { text: '\n--- End of content ---' }], {
        displayContent: [{ text: '@"C:\\Users\\jane\\vault\\notes.md" Read and then fix the heading' }],
      }),
      gemini([], 'Fixed.'),
      user([{ text: '@plan.md' }, { text: '\n--- Content from referenced files ---' }, { text: '\nContent from @plan.md:\n' }, { text: 'plan text' }, { text: '\n--- End of content ---' }]),
      gemini([], 'Read.'),
    ]));
    expect(readLedger(path, { agent: 'gemini' }).user_messages.map((m) => m.text)).toEqual(['@"C:\\Users\\jane\\vault\\notes.md" Read and then fix the heading', '@plan.md']);
  });

  it('takes a steering update sent while the agent works: its own message, or beside a tool response', () => {
    const steer = (t: string) => `User steering update:\n<user_input>\n${t}\n</user_input>\nInternal instruction: Re-evaluate the active plan using this user steering update. Classify it as ADD_TASK, MODIFY_TASK, CANCEL_TASK, or EXTRA_CONTEXT.`;
    const path = write('steering.json', doc([
      user([{ text: 'Prune the branches' }]),
      gemini([shell('run_shell_command_2', 'git branch', 'Output: main\nExit Code: 0', [{ text: steer('Keep the release branches') }])]),
      user([{ text: steer('Not LAF-44, only the workflows') }]),
      gemini([], 'Understood.'),
    ]));
    expect(readLedger(path, { agent: 'gemini' }).user_messages.map((m) => m.text)).toEqual(['Prune the branches', 'Keep the release branches', 'Not LAF-44, only the workflows']);
  });
});

describe('Gemini CLI: a shell result that carries a text part before its function response', () => {
  it('still fails on the exit code of the response', () => {
    const path = write('parts.json', doc([
      user([{ text: 'Commit it' }]),
      gemini([shell('run_shell_command_3', 'git add . && git commit -m x', 'Output: The token \'&&\' is not a valid statement separator in this version.\nExit Code: 1\nProcess Group PGID: 43468', [{ text: 'User steering update:\n<user_input>\nuse PowerShell syntax\n</user_input>\nInternal instruction: Re-evaluate.' }])]),
    ]));
    const l = readLedger(path, { agent: 'gemini' });
    expect(l.commands.map((c) => c.failed)).toEqual([true]);
    expect(l.errors.map((e) => e.message)).toEqual(["The token '&&' is not a valid statement separator in this version."]);
  });
});

describe('Gemini CLI: a compression of the context', () => {
  it('is a compaction (the chat records it as an info message)', () => {
    const path = write('compressed.json', doc([
      user([{ text: 'Keep going' }]),
      gemini([shell('run_shell_command_4', 'ls', 'Output: a\nExit Code: 0')]),
      { id: `i${n++}`, timestamp: at(), type: 'info', content: 'Context compressed from 68% to 3%.' },
      { id: `i${n++}`, timestamp: at(), type: 'info', content: 'Request cancelled.' },
      gemini([], 'Continuing.'),
    ]));
    const l = readLedger(path, { agent: 'gemini' });
    expect(l.compactions.length).toBe(1);
  });
});

describe('Gemini CLI JSON lines (0.58 on): the same messages read from the append-only chat', () => {
  it('give the same prompts, steering updates, failures and compactions as the document', () => {
    const steer = (t: string) => `User steering update:\n<user_input>\n${t}\n</user_input>\nInternal instruction: Re-evaluate.`;
    const messages = [
      user([{ text: '@plan.md go' }, { text: '\n--- Content from referenced files ---' }, { text: 'plan text' }], { displayContent: [{ text: '@plan.md go' }] }),
      gemini([shell('run_shell_command_5', 'make', 'Output: boom\nExit Code: 2', [{ text: steer('use make test') }])]),
      user([{ text: 'System: Please continue.' }], { displayContent: [{ functionResponse: { id: 'x', name: 'update_topic', response: { output: 'ok' } } }] }),
      { id: `i${n++}`, timestamp: at(), type: 'info', content: 'Context compressed from 64% to 3%.' },
      gemini([], 'Done.'),
    ];
    const header = { sessionId: 'g2', projectHash: 'ab', startTime: '2026-04-16T22:38:00.000Z', lastUpdated: '2026-04-16T23:00:00.000Z', kind: 'main' };
    const lines = [header, ...messages.flatMap((m) => (m.type === 'gemini' ? [{ ...m, toolCalls: [] }, m] : [m]))];
    const a = readLedger(write('chat.jsonl', jsonl(lines)), { agent: 'gemini' });
    const b = readLedger(write('chat.json', doc(messages)), { agent: 'gemini' });
    expect(a.user_messages.map((m) => m.text)).toEqual(['@plan.md go', 'use make test']);
    expect(b.user_messages.map((m) => m.text)).toEqual(['@plan.md go', 'use make test']);
    expect([a.errors.length, a.compactions.length, a.commands[0]!.failed]).toEqual([1, 1, true]);
    expect([b.errors.length, b.compactions.length, b.commands[0]!.failed]).toEqual([1, 1, true]);
  });
});

describe('Gemini CLI: the first prompt of a session (the automatic end names its work by it)', () => {
  it('is what the user typed, not an expanded @ reference or Gemini CLI’s own nudge', () => {
    const path = write('first.json', doc([
      user([{ text: 'System: Please continue.' }], { displayContent: [{ functionResponse: { id: 'r', name: 'read_file', response: { output: 'x' } } }] }),
      user([{ text: '@notes.md fix the heading' }, { text: '\n--- Content from referenced files ---' }, { text: '\nContent from @notes.md:\n# Notes\n' }], { displayContent: [{ text: '@notes.md fix the heading' }] }),
    ]));
    expect(firstUserPrompt(path)).toBe('@notes.md fix the heading');
  });
});

describe('Gemini CLI: a sub-agent’s chat', () => {
  // LAF-US/IDAHO-VAULT: session b1f31681-… has three sub-agent chats in chats/b1f31681-…/ (kind
  // "subagent"), which edited 8 files the session's own chat does not name.
  it('counts for the session: its files and commands, marked as a sub-agent’s', () => {
    const dir = tempDir();
    const main = join(dir, 'session-2026-04-16T22-38-b1f31681.json');
    writeFileSync(main, JSON.stringify({ sessionId: 'b1f31681-0000-4000-8000-000000000001', projectHash: 'ab', startTime: '2026-04-16T22:38:00.000Z', lastUpdated: '2026-04-16T23:00:00.000Z', kind: 'main', messages: [user([{ text: 'Tidy the vault' }]), gemini([{ id: 'codebase_investigator_1', name: 'codebase_investigator', args: { objective: 'map it' }, status: 'success', timestamp: at(), result: [] }]), gemini([], 'Done.')] }, null, 2));
    mkdirSync(join(dir, 'b1f31681-0000-4000-8000-000000000001'));
    writeFileSync(join(dir, 'b1f31681-0000-4000-8000-000000000001', 'tl63m8.json'), JSON.stringify({ sessionId: 'tl63m8', projectHash: 'ab', startTime: '2026-04-16T22:40:00.000Z', lastUpdated: '2026-04-16T22:50:00.000Z', kind: 'subagent', messages: [user([{ text: 'map it' }]), gemini([{ id: 'write_file_1', name: 'write_file', args: { file_path: '/v/DOCKET.md', content: 'x' }, status: 'success', timestamp: at(), result: [{ functionResponse: { id: 'write_file_1', name: 'write_file', response: { output: 'ok' } } }] }, shell('run_shell_command_9', 'git status', 'Output: clean\nExit Code: 0')]), gemini([], 'Mapped.')] }, null, 2));
    const l = readLedger(main, { agent: 'gemini' });
    expect(l.files.map((f) => [f.path, f.writes, f.by_subagent])).toEqual([['/v/DOCKET.md', 1, true]]);
    expect(l.commands.map((c) => [c.command, c.by_subagent])).toEqual([['git status', true]]);
    expect(l.user_messages.map((m) => m.text)).toEqual(['Tidy the vault']);
    const state = tempDir();
    expect(advanceLedger(state, 'b1f31681', main, { agent: 'gemini' }).ledger.files.map((f) => f.path)).toEqual(['/v/DOCKET.md']);
  });
});
