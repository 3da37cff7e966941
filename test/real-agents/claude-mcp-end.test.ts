// Issue 24 §3, Claude Code in print mode (2.1.328, and the pinned 2.1.332): at its exit it ends each stdio MCP server with SIGINT
// and then looks every 50 ms whether the process is gone (50-120 ms of every wired run's end). The
// Stop of a print-mode session ends the session's own sh MCP front first (agents/hook-command.ts),
// so Claude Code finds the server ended and neither signals nor waits. A turn that goes on after the
// Stop loses nothing: Claude Code starts the server again at the next MCP call.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { BINS, scratch, type Scratch } from './drive.js';
import { recorded } from './assertions.js';

const run = BINS.claude ? describe : describe.skip;
let s: Scratch | null = null;
afterEach(async () => {
  await s?.close();
  s = null;
});

run('Claude Code print mode, its MCP server at the end', () => {
  test('the session\'s MCP front has ended before Claude Code exits: no SIGINT, no wait for it; the session is recorded', async () => {
    s = await scratch('claude');
    const log = join(s.root, 'claude-debug.log');
    const r = await s.run('Say hello', [{ tools: [{ name: 'Read', input: { file_path: join(s.repo, 'src/app.js') } }] }, { text: 'Hello.' }], { extraArgs: ['--debug-file', log] });
    expect(r.code, r.stderr).toBe(0);
    const text = readFileSync(log, 'utf8');
    // It connected, then its connection closed at the Stop, before Claude Code's own ending of it.
    expect(text).toMatch(/MCP server "git-memory": Successfully connected/);
    expect(text).toMatch(/MCP server "git-memory": STDIO connection closed/);
    expect(text).not.toMatch(/MCP server "git-memory": Sending SIGINT to MCP server process/);
    expect(text).not.toMatch(/MCP server "git-memory": MCP server process exited cleanly/);
    expect((await recorded(s)).length).toBe(1);
  });

  test('a turn that goes on after the Stop (another hook blocks it) calls git-memory\'s MCP tool: the server is started again and answers', async () => {
    s = await scratch('claude');
    const file = join(s.repo, '.claude/settings.json');
    const settings = JSON.parse(readFileSync(file, 'utf8'));
    const mark = join(s.root, 'blocked-once');
    settings.hooks.Stop.push({ hooks: [{ type: 'command', command: `[ -e ${mark} ] && exit 0; : > ${mark}; echo '{"decision":"block","reason":"List the tasks with memory_tasks."}'` }] });
    writeFileSync(file, JSON.stringify(settings, null, 2));
    const log = join(s.root, 'claude-debug.log');
    const r = await s.run('Say done', [{ text: 'Done.' }, { tools: [{ name: 'mcp__git-memory__memory_tasks', input: {} }] }, { text: 'No tasks.' }], { extraArgs: ['--debug-file', log] });
    expect(r.code, r.stderr).toBe(0);
    const text = readFileSync(log, 'utf8');
    // Ended at the first Stop, started again for the call.
    expect(text.match(/MCP server "git-memory": Starting connection/g)?.length).toBe(2);
    expect(text).toMatch(/Tool 'memory_tasks' completed successfully/);
    const results = s.api.turns().at(-1)!.body.messages.flatMap((m: any) => (Array.isArray(m.content) ? m.content : [])).filter((c: any) => c.type === 'tool_result');
    expect(results.map((c: any) => (typeof c.content === 'string' ? c.content : JSON.stringify(c.content)))).toContain('{"tasks":[]}');
    expect((await recorded(s)).length).toBe(1);
  });
});
