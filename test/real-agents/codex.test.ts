// Codex CLI 0.171.0 driven with `codex exec` against the fake OpenAI Responses API.
import { appendFileSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { BINS, quietHome, scratch, until, type Scratch } from './drive.js';
import type { Turn } from './fake-apis.js';
import { expectMemoryOnly, expectSecondStartKept, findFiles, ledgerOf, memoryCommits, recorded, section } from './assertions.js';

const run = BINS.codex ? describe : describe.skip;
let s: Scratch | null = null;
afterEach(async () => {
  await s?.close();
  s = null;
});

const patch = (body: string) => `*** Begin Patch\n${body}\n*** End Patch`;

/**
 * An MCP tool call as Codex 0.171 takes it: its MCP tools are deferred, so the model first calls the
 * client-side `tool_search` (a `tool_search_call` item), which answers with a `namespace` tool named
 * `mcp__<server, non-alphanumerics as _>` listing the server's tools; the tool is then called as a
 * `function_call` carrying that `namespace` and the tool's own name. (A plain call named
 * `mcp__git_memory__memory_search` is answered "unsupported call".)
 */
const mcpCall = (tool: string, args: Record<string, unknown>, query = tool.replace(/_/g, ' ')): Turn[] => [
  { tools: [{ name: 'tool_search', input: {}, item: { type: 'tool_search_call', call_id: 'search-mcp', execution: 'client', arguments: { query, limit: 3 } } }] },
  { tools: [{ name: tool, input: {}, item: { type: 'function_call', call_id: `call-${tool}`, namespace: 'mcp__git_memory', name: tool, arguments: JSON.stringify(args) } }] },
];

/** The output of a call as the next model request carried it back ('' when absent). */
const callOutput = (sc: Scratch, callId: string): string => {
  for (const t of sc.api.turns()) {
    const out = (t.body?.input ?? []).find((i: any) => i.call_id === callId && /_output$/.test(i.type));
    if (out) return typeof out.output === 'string' ? out.output : JSON.stringify(out.output ?? out.tools);
  }
  return '';
};

run('Codex CLI, really', () => {
  test('a session that reads, edits, adds a file, fails a command, commits and calls MCP reaches memory, in one record and one commit', async () => {
    s = await scratch('codex');
    // An earlier session for the MCP search to find.
    s.gm('end', '--summary', JSON.stringify({ request: 'Say goodbye to users', learned: ['The farewell text is "Bye"'] }));
    const before = memoryCommits(s).length;
    const r = await s.run('Add a farewell function next to greet and commit it', [
      { tools: [{ name: 'exec_command', input: { cmd: 'cat src/app.js' } }] },
      { tools: [{ name: 'apply_patch', input: patch('*** Update File: src/app.js\n@@\n-export const greet = (name) => `Hello, ${name}`;\n+export const greet = (name) => `Hello, ${name}`;\n+export const farewell = (name) => `Bye, ${name}`;') }] },
      { tools: [{ name: 'apply_patch', input: patch('*** Add File: src/farewell.md\n+# Farewell') }] },
      { tools: [{ name: 'exec_command', input: { cmd: 'node --check src/missing.js' } }] },
      { tools: [{ name: 'exec_command', input: { cmd: 'git add src && git commit -q -m "Add farewell next to greet"' } }] },
      ...mcpCall('memory_search', { query: 'farewell' }),
      { text: 'Added farewell next to greet and committed it.' },
    ]);
    expect(r.code, r.stderr).toBe(0);
    // No warning about our hooks at start ("clamping SessionEnd hook timeout to 3s" when asked for more).
    expect(r.stdout).not.toMatch(/clamping SessionEnd hook timeout/);
    expect(s.git('log', '-1', '--format=%s', 'HEAD~0').length).toBeGreaterThan(0);
    // The primer reached the model as a developer message.
    expect(JSON.stringify(s.api.turns()[0].body.input)).toContain('Project memory: repo');
    // The MCP handshake was answered in sh (dist/mcp-front.sh): node started once, for the tool call,
    // after the first model request (which waited for the handshake; before, for node's start).
    const mcp = s.calls().filter((c) => /^mcp\b/.test(c.args));
    expect(mcp.length).toBe(1);
    expect(mcp[0].start).toBeGreaterThanOrEqual(s.api.requests.find((q) => q.kind === 'turn')!.at);
    // git-memory's MCP server answered the search: its answer, the earlier session, reached the next request.
    expect(callOutput(s, 'search-mcp')).toContain('mcp__git_memory');
    const answer = callOutput(s, 'call-memory_search');
    expect(answer).toMatch(/"total":1\b/);
    expect(answer).toContain('The farewell text is');
    expect(answer).not.toMatch(/unsupported call|error/i);
    const session = (await recorded(s, before + 1)).find((t) => !t.includes('Say goodbye to users')) ?? '';
    const [rollout] = findFiles(join(s.home, '.codex', 'sessions'), /^rollout-.*\.jsonl$/);
    const ledger = ledgerOf(s, rollout);
    const files = Object.fromEntries(ledger.files.map((f: any) => [f.path, f]));
    expect(files['src/app.js']?.edits).toBe(1);
    expect(files['src/farewell.md']?.writes).toBe(1);
    expect(ledger.commands.map((c: any) => [c.command, c.failed])).toEqual(
      expect.arrayContaining([['node --check src/missing.js', true], ['git add src && git commit -q -m "Add farewell next to greet"', false]]),
    );
    if (process.env.DEBUG_AGENTS) console.log(session, JSON.stringify(ledger, null, 1).slice(0, 3000), s.git('log', '--stat', '--format=%h %s'), findFiles(join(s.repo, '.git', 'git-memory'), /log/).map((f) => readFileSync(f, 'utf8')).join('\n'));
    // The failed command is in the ledger (above); as an error it stays in the session's notes and is no
    // fact for Learned (issue 25 §1).
    expect(section(session, 'Learned')).not.toContain('missing.js');
    // Its commits come from the reflog where the post-commit hook's spool missed them (issue 24 §2.4).
    const commits = section(session, 'Commits');
    expect.soft(commits).toContain('Add farewell next to greet');
    expectMemoryOnly(s);
    // The prompt is read from 0.171's rollout (agentfix, item 2).
    expect.soft(section(session, 'Request')).toContain('Add a farewell function next to greet');
    expect.soft(ledger.user_messages.map((m: any) => m.text)).toContain('Add a farewell function next to greet and commit it');
    // One memory commit for the session (agentfix, item 7); the set-up commit is not the session's (item 4).
    expect.soft(memoryCommits(s).length).toBe(before + 1);
    // Recorded by its SessionEnd, not by the turn's Stop, although no SessionEnd had been seen in this
    // worktree before (the rollout says 0.171): SessionEnd closed it, so further Stops of an interactive
    // session would not each have recorded it. (`codex exec` has one turn, so one Stop, per process.)
    const thread = JSON.parse(readFileSync(rollout, 'utf8').split('\n')[0]).payload.id;
    const state = JSON.parse(readFileSync(join(s.repo, '.git', 'git-memory', 'agent-session.json'), 'utf8'));
    expect(state.finalised).toContain(`codex:${thread}`);
    expect.soft(commits).not.toContain('Set up git-memory');
  });

  test("the turn's end keeps Codex waiting for no node: its Stop, held back before node, is still held when Codex has exited, and runs to its end afterwards", async () => {
    s = await scratch('codex');
    // A `git-memory` whose Stop waits before node while `hold` exists; every other start goes on as before.
    const shim = join(s.root, 'bin', 'git-memory');
    const hold = join(s.root, 'hold-stop');
    const held = join(s.root, 'stop-starts.log');
    writeFileSync(shim, readFileSync(shim, 'utf8').replace('#!/bin/sh\n', `#!/bin/sh\ncase "$*" in *"hook agent stop"*) echo "$*" >> "${held}"; while [ -e "${hold}" ]; do sleep 0.05; done;; esac\n`));
    writeFileSync(hold, '');
    const stopRan = () => s!.cpu().filter((c) => /^hook agent stop\b/.test(c.args)).length;
    // Notes' thresholds of 0: every turn's end could meet them, so the turn-end script hands each decision to node.
    appendFileSync(join(s.repo, '.openclaw_memory.toml'), '\n[session_memory]\nminimum_message_tokens_to_init = 0\nminimum_tokens_between_update = 0\n');
    s.git('commit', '-q', '-am', 'Notes at every turn');
    const r = await s.run('Write a.txt', [{ tools: [{ name: 'apply_patch', input: patch('*** Add File: a.txt\n+a') }] }, { text: 'ok' }]);
    expect(r.code, r.stderr).toBe(0);
    // Codex has exited, its Stop's node not run: it did not wait for it (in line, Codex waited for it up to
    // the hook's timeout, and then killed it). The Stop runs detached, so it may reach the held-back
    // start only after Codex's exit: wait for it there, still held.
    const ranAtExit = stopRan();
    const starts = () => (existsSync(held) ? readFileSync(held, 'utf8').split('\n').filter(Boolean).length : 0);
    expect(await until(() => starts() === 1, 10_000)).toBe(true);
    const ranWhileHeld = stopRan();
    rmSync(hold);
    expect(ranAtExit).toBe(0);
    expect(ranWhileHeld).toBe(0);
    // Released, the decision runs to its end, its notes' check included.
    expect(await until(() => stopRan() === 1)).toBe(true);
    expect((await recorded(s)).join('\n')).toContain('a.txt');
  });

  test("the worktree's first session runs no node at its start and none at its turn's end: the setup commit kept its primer, the script claims the session's SessionEnd (issue 24 §3)", async () => {
    s = await scratch('codex');
    expect(readFileSync(join(s.repo, '.git', 'git-memory', 'kept-start-codex.sh'), 'utf8')).toContain(`k_head='${s.git('rev-parse', 'HEAD')}'`);
    const r = await s.run('Write a.txt', [{ tools: [{ name: 'apply_patch', input: patch('*** Add File: a.txt\n+a') }] }, { text: 'ok' }]);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.stringify(s.api.requests.find((q) => q.kind === 'turn')!.body)).toContain('Project memory: repo');
    expect((await recorded(s)).join('\n')).toContain('a.txt');
    // The SessionEnd node is logged as it exits, which may come after its memory commit: wait for it.
    await quietHome(s.home);
    // Before: node beside the start (its gate and claim), and the Stop's node, which `codex exec`'s SessionEnd worker raced.
    const calls = s.calls();
    expect(calls.filter((c) => /hook agent (session-start|stop)/.test(c.args))).toEqual([]);
    // The session waited for its SessionEnd (node's rule), which recorded it once.
    expect(calls.filter((c) => /hook agent session-end/.test(c.args))).toHaveLength(1);
    expect(existsSync(join(s.repo, '.git', 'git-memory', 'session-end-seen-codex'))).toBe(true);
  });

  test("the turn's Stop finds every token_count of the turn in the rollout already (a threshold crossed in a turn is seen at its own end; issue 24 §3)", async () => {
    s = await scratch('codex');
    // A Stop command that copies the rollout the moment it starts, before anything of ours could read it.
    const snaps = join(s.root, 'snaps');
    const probe = join(s.root, 'stop-probe.sh');
    writeFileSync(probe, `in=$(cat)\nmkdir -p '${snaps}'\ntp=$(printf '%s' "$in" | sed -n 's/.*"transcript_path":"\\([^"]*\\)".*/\\1/p')\ncp "$tp" '${snaps}'/at-stop.jsonl\nprintf '%s' "$tp" > '${snaps}'/path\n`);
    const hooksPath = join(s.repo, '.codex', 'hooks.json');
    const hooks = JSON.parse(readFileSync(hooksPath, 'utf8'));
    hooks.hooks.Stop[0].hooks[0].command = `sh '${probe}'`;
    writeFileSync(hooksPath, JSON.stringify(hooks, null, 2));
    const r = await s.run('Run two commands', [
      { tools: [{ name: 'exec_command', input: { cmd: 'echo one' } }], inputTokens: 20_000 },
      { tools: [{ name: 'exec_command', input: { cmd: 'echo two' } }], inputTokens: 20_500 },
      { text: 'ok', inputTokens: 21_000 },
    ]);
    expect(r.code, r.stderr).toBe(0);
    const counts = (text: string) => text.split('\n').filter(Boolean).map((l) => JSON.parse(l)).filter((o) => o.type === 'event_msg' && o.payload?.type === 'token_count').map((o) => o.payload.info?.last_token_usage?.input_tokens);
    const atStop = counts(readFileSync(join(snaps, 'at-stop.jsonl'), 'utf8'));
    expect(atStop).toEqual([20_000, 20_500, 21_000]);
    expect(counts(readFileSync(readFileSync(join(snaps, 'path'), 'utf8'), 'utf8'))).toEqual(atStop);
  });

  test('a resumed session (`codex exec resume --last`) is recorded again', async () => {
    s = await scratch('codex');
    let r = await s.run('Write a.txt', [{ tools: [{ name: 'apply_patch', input: patch('*** Add File: a.txt\n+a') }] }, { text: 'ok' }]);
    expect(r.code, r.stderr).toBe(0);
    const n = (await recorded(s)).length && memoryCommits(s).length;
    r = await s.run('Now write b.txt', [{ tools: [{ name: 'apply_patch', input: patch('*** Add File: b.txt\n+b') }] }, { text: 'ok' }], { resume: true });
    expect(r.code, r.stderr).toBe(0);
    // agentfix, item 5: the second turn is recorded.
    const texts = (await recorded(s, n + 1, 20_000)).join('\n');
    expect.soft(texts).toContain('b.txt');
  });

  test('a session started in a subfolder finds the project settings upward: briefed, its MCP server answers, and recorded with its edit and commit (gemini54 checked 0.171)', async () => {
    s = await scratch('codex');
    s.gm('end', '--summary', JSON.stringify({ request: 'Say goodbye to users', learned: ['The farewell text is "Bye"'] }));
    const r = await s.run('Add bye next to greet and commit it', [
      { tools: [{ name: 'apply_patch', input: patch('*** Update File: app.js\n@@\n-export const greet = (name) => `Hello, ${name}`;\n+export const bye = 1;\n+export const greet = (name) => `Hello, ${name}`;') }] },
      { tools: [{ name: 'exec_command', input: { cmd: 'git add app.js && git commit -q -m "Add bye"' } }] },
      ...mcpCall('memory_search', { query: 'farewell' }),
      { text: 'Added bye and committed it.' },
    ], { cwd: 'src' });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.stringify(s.api.requests.find((q) => q.kind === 'turn')!.body)).toContain('# Project memory: repo');
    expect(callOutput(s, 'call-memory_search')).toContain('The farewell text is');
    const session = (await recorded(s, 2)).find((t) => section(t, 'Request').includes('Add bye next to greet')) ?? '';
    expect(session).toContain('src/app.js');
    expect(section(session, 'Commits')).toContain('Add bye');
    expect(section(session, 'Commits')).not.toContain('Set up git-memory');
    expectMemoryOnly(s);
  });

  test('a later session in a subfolder starts with no node in line: the start the last session kept serves src/ (agents55)', async () => {
    s = await scratch('codex');
    let r = await s.run('Add bye next to greet', [{ tools: [{ name: 'apply_patch', input: patch('*** Update File: app.js\n@@\n-export const greet = (name) => `Hello, ${name}`;\n+export const bye = 1;\n+export const greet = (name) => `Hello, ${name}`;') }] }, { text: 'Added bye.' }], { cwd: 'src' });
    expect(r.code, r.stderr).toBe(0);
    await recorded(s, 1);
    // Its end kept the next start (the memory commit moved HEAD), in the background.
    await quietHome(s.home);
    const before = s.calls().length;
    const seen = s.api.requests.length;
    r = await s.run('Now add hi', [{ tools: [{ name: 'apply_patch', input: patch('*** Add File: hi.js\n+export const hi = 1;') }] }, { text: 'Added hi.' }], { cwd: 'src' });
    expect(r.code, r.stderr).toBe(0);
    const first = JSON.stringify(s.api.requests.slice(seen).find((q) => q.kind === 'turn')!.body);
    expect(first).toContain('# Project memory: repo');
    expect(first).toContain('Add bye next to greet');
    await expectSecondStartKept(s, before);
  });
});

