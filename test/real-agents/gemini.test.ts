// Gemini CLI 0.61.0 driven with `gemini -p` against the fake Gemini API.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { BINS, ROOT, quietHome, runBounded, scratch, until, type Scratch } from './drive.js';
import { expectMemoryOnly, expectSecondStartKept, findFiles, ledgerOf, memoryCommits, recorded, section } from './assertions.js';

/**
 * Gemini CLI 0.61 lists an MCP server's tools to the model as `mcp_<server>_<tool>` (the server's name
 * as configured, `git-memory`); a call by the bare tool name is answered 'Tool "memory_search" not found'.
 */
const mcpTool = (tool: string) => `mcp_git-memory_${tool}`;

/** The response to a call as the next model request carried it back (null when absent). */
const callResponse = (sc: Scratch, name: string): unknown => {
  for (const t of sc.api.turns()) {
    for (const c of t.body?.contents ?? []) for (const p of c.parts ?? []) if (p.functionResponse?.name === name) return p.functionResponse.response;
  }
  return null;
};

/** git-memory's Gemini CLI extension (gemini-extension/) linked into the scratch HOME, as a user adds it. */
async function linkExtension(sc: Scratch): Promise<void> {
  const r = await runBounded(process.execPath, [BINS.gemini!, 'extensions', 'link', join(ROOT, 'gemini-extension'), '--consent'], { cwd: sc.root, env: sc.env, timeoutMs: 60_000 });
  expect(r.code, r.stdout + r.stderr).toBe(0);
}

const run = BINS.gemini ? describe : describe.skip;
let s: Scratch | null = null;
afterEach(async () => {
  await s?.close();
  s = null;
});

run('Gemini CLI, really', () => {
  test('a session that reads, writes, edits, fails a command, commits and calls MCP reaches memory', async () => {
    s = await scratch('gemini');
    // An earlier session for the MCP search to find.
    s.gm('end', '--summary', JSON.stringify({ request: 'Say goodbye to users', learned: ['The farewell text is "Bye"'] }));
    const app = join(s.repo, 'src/app.js');
    const r = await s.run('Add a farewell function next to greet and commit it', [
      { tools: [{ name: 'read_file', input: { file_path: 'src/app.js' } }] },
      { tools: [{ name: 'replace', input: { file_path: app, old_string: 'export const greet', new_string: 'export const farewell = (name) => `Bye, ${name}`;\nexport const greet', instruction: 'add farewell' } }] },
      { tools: [{ name: 'write_file', input: { file_path: join(s.repo, 'src/farewell.md'), content: '# Farewell\n' } }] },
      { tools: [{ name: 'run_shell_command', input: { command: 'node --check src/missing.js' } }] },
      { tools: [{ name: 'run_shell_command', input: { command: 'git add src && git commit -q -m "Add farewell next to greet"' } }] },
      { tools: [{ name: mcpTool('memory_search'), input: { query: 'farewell' } }] },
      { text: 'Added farewell next to greet and committed it.' },
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(s.git('log', '-1', '--format=%s', 'HEAD')).toMatch(/Add farewell next to greet|memory:/);
    // The primer reached the model in a <hook_context> block.
    expect(JSON.stringify(s.api.turns()[0].body)).toContain('hook_context');
    // The MCP handshake was answered in sh (dist/mcp-front.sh): node started once, for the tool call,
    // after the first model request (which waited for the handshake; before, for node's start).
    const mcp = s.calls().filter((c) => /^mcp\b/.test(c.args));
    expect(mcp.length).toBe(1);
    expect(mcp[0].start).toBeGreaterThanOrEqual(s.api.requests.find((q) => q.kind === 'turn')!.at);
    // git-memory's MCP server answered the search: its answer, the earlier session, reached the next request.
    const answer = JSON.stringify(callResponse(s, mcpTool('memory_search')));
    expect(answer).toContain('The farewell text is');
    expect(answer).not.toMatch(/not found|"error"/i);
    const session = (await recorded(s, 2)).find((t) => !t.includes('Say goodbye to users')) ?? '';
    const [chat] = findFiles(join(s.home, '.gemini', 'tmp'), /^session-.*\.jsonl?$/);
    const ledger = ledgerOf(s, chat);
    const files = Object.fromEntries(ledger.files.map((f: any) => [f.path, f]));
    expect(files['src/app.js']).toMatchObject({ reads: 1, edits: 1 });
    expect(files['src/farewell.md']?.writes).toBe(1);
    expect(ledger.commands.map((c: any) => [c.command, c.failed])).toEqual(
      expect.arrayContaining([['node --check src/missing.js', true], ['git add src && git commit -q -m "Add farewell next to greet"', false]]),
    );
    // The failed command is in the ledger (above); as an error it stays in the session's notes and is no
    // fact for Learned (issue 25 §1).
    expect(section(session, 'Learned')).not.toContain('missing.js');
    expectMemoryOnly(s);
    // The prompt after git-memory's own <hook_context> (agentfix, item 3).
    expect.soft(section(session, 'Request')).toContain('Add a farewell function next to greet');
    // The commit made under core.hooksPath='' is the session's, from the reflog (agentfix, item 4).
    const commits = section(session, 'Commits');
    expect.soft(commits).toContain('Add farewell next to greet');
    expect.soft(commits).not.toContain('Set up git-memory');
  });

  test("a later session starts exactly one git-memory node process, its end's, and none at its start: the primer the last session's end kept reaches the model, and the start is recorded without node (issue 24 §3)", async () => {
    s = await scratch('gemini');
    let r = await s.run('Write a.txt', [{ tools: [{ name: 'write_file', input: { file_path: join(s.repo, 'a.txt'), content: 'a\n' } }] }, { text: 'ok' }]);
    expect(r.code).toBe(0);
    await recorded(s);
    // The end's memory commit moved HEAD; the end then kept the next start's primer for it.
    const kept = join(s.repo, '.git', 'git-memory', 'kept-start-gemini.sh');
    expect(await until(() => existsSync(kept) && readFileSync(kept, 'utf8').includes(`k_head='${s!.git('rev-parse', 'HEAD')}'`))).toBe(true);
    await quietHome(s.home);
    const before = s.calls().length;
    const cpuBefore = s.cpu().length;
    r = await s.run('Now write b.txt', [{ tools: [{ name: 'write_file', input: { file_path: join(s.repo, 'b.txt'), content: 'b\n' } }] }, { text: 'ok' }]);
    expect(r.code).toBe(0);
    const starts = s.calls().slice(before).filter((c) => /hook agent session-start/.test(c.args));
    expect(starts).toEqual([]);
    // The model is asked exactly what a plain session asks: the router's call and one request per scripted
    // turn. The primer, GEMINI.md and the MCP tool list make Gemini CLI 0.61 neither compress the chat, nor
    // summarise the earlier one, nor check loops or the next speaker with a model call (issue 24 §3: a wired
    // later session's extra CPU is Gemini's own work per request and per hook process, not extra requests).
    expect(s.api.requests.filter((q) => q.at >= r.startedAt).map((q) => q.kind)).toEqual(['route', 'turn', 'turn']);
    const first = s.api.requests.filter((q) => q.kind === 'turn' && q.at >= r.startedAt)[0]!;
    // The primer, with the last session in its Recent context (Gemini CLI puts hook context before the prompt).
    expect(JSON.stringify(first.body)).toMatch(/<hook_context># Project memory: repo[^<]*Recent context[^<]*a\.txt/);
    expect((await recorded(s, 2)).join('\n')).toContain('Now write b.txt');
    // The session's start and end: one node, its end's, which records it in the same process (no
    // worker of its own). (A turn's end starts node only where the notes' thresholds could be met.)
    await quietHome(s.home);
    const nodes = s.cpu().slice(cpuBefore).map((c) => c.args);
    expect(nodes.filter((a) => !/^hook agent stop\b|^hook agent-worker notes\b/.test(a)), nodes.join('; ')).toEqual([expect.stringMatching(/^hook agent session-end --agent gemini --detached$/)]);
    // What the start recorded without node: the session, now finalised by its end.
    expect(JSON.parse(readFileSync(join(s.repo, '.git', 'git-memory', 'agent-session.json'), 'utf8')).finalised).toHaveLength(2);
  });

  test("the worktree's first session waits for no node at its start (the setup commit kept its primer), nor does its short first turn's end (issue 24 §3)", async () => {
    s = await scratch('gemini');
    expect(readFileSync(join(s.repo, '.git', 'git-memory', 'kept-start-gemini.sh'), 'utf8')).toContain(`k_head='${s.git('rev-parse', 'HEAD')}'`);
    const r = await s.run('Write a.txt', [{ tools: [{ name: 'write_file', input: { file_path: join(s.repo, 'a.txt'), content: 'a\n' } }] }, { text: 'ok' }]);
    expect(r.code).toBe(0);
    expect(JSON.stringify(s.api.requests.find((q) => q.kind === 'turn')!.body)).toContain('<hook_context># Project memory: repo');
    expect((await recorded(s)).join('\n')).toContain('a.txt');
    const calls = s.calls();
    expect(calls.filter((c) => /hook agent session-start/.test(c.args))).toEqual([]);
    expect(calls.filter((c) => /hook agent stop/.test(c.args))).toEqual([]);
  });

  test('a resumed session (`gemini --resume latest`) is recorded again', async () => {
    s = await scratch('gemini');
    let r = await s.run('Write a.txt', [{ tools: [{ name: 'write_file', input: { file_path: join(s.repo, 'a.txt'), content: 'a\n' } }] }, { text: 'ok' }]);
    expect(r.code, r.stderr).toBe(0);
    await recorded(s);
    const n = memoryCommits(s).length;
    r = await s.run('Now write b.txt', [{ tools: [{ name: 'write_file', input: { file_path: join(s.repo, 'b.txt'), content: 'b\n' } }] }, { text: 'ok' }], { resume: true });
    expect(r.code, r.stderr).toBe(0);
    // agentfix, item 5: the second turn is recorded.
    const texts = (await recorded(s, n + 1, 20_000)).join('\n');
    expect.soft(texts).toContain('b.txt');
  });

  test("a session started in a subfolder (Gemini CLI reads the project's settings only where it starts: no hook, no MCP server) is briefed and recorded through git-memory's extension (gemini54)", async () => {
    s = await scratch('gemini');
    await linkExtension(s);
    const r = await s.run('Add bye next to greet and commit it', [
      { tools: [{ name: 'replace', input: { file_path: join(s.repo, 'src/app.js'), old_string: 'export const greet', new_string: 'export const bye = 1;\nexport const greet', instruction: 'add bye' } }] },
      { tools: [{ name: 'run_shell_command', input: { command: 'git add app.js && git commit -q -m "Add bye"' } }] },
      { text: 'Added bye and committed it.' },
    ], { cwd: 'src' });
    expect(r.code, r.stderr).toBe(0);
    // The primer reached the model, before the prompt, as at the root.
    expect(JSON.stringify(s.api.requests.find((q) => q.kind === 'turn')!.body)).toContain('<hook_context># Project memory: repo');
    const [session] = await recorded(s);
    expect(section(session, 'Request')).toContain('Add bye next to greet');
    expect(session).toContain('src/app.js');
    expect(section(session, 'Commits')).toContain('Add bye');
    expect(section(session, 'Commits')).not.toContain('Set up git-memory');
    expectMemoryOnly(s);
    expect(memoryCommits(s)).toHaveLength(1);
  });

  test('through the extension, a later session in a subfolder starts with no node in line: the start the last session kept serves src/ (agents55)', async () => {
    s = await scratch('gemini');
    await linkExtension(s);
    let r = await s.run('Add bye next to greet', [
      { tools: [{ name: 'replace', input: { file_path: join(s.repo, 'src/app.js'), old_string: 'export const greet', new_string: 'export const bye = 1;\nexport const greet', instruction: 'add bye' } }] },
      { text: 'Added bye.' },
    ], { cwd: 'src' });
    expect(r.code, r.stderr).toBe(0);
    await recorded(s, 1);
    // Its end kept the next start (the memory commit moved HEAD), in the background.
    await quietHome(s.home);
    const before = s.calls().length;
    const seen = s.api.requests.length;
    r = await s.run('Now add hi', [{ tools: [{ name: 'write_file', input: { file_path: join(s.repo, 'src/hi.js'), content: 'export const hi = 1;\n' } }] }, { text: 'Added hi.' }], { cwd: 'src' });
    expect(r.code, r.stderr).toBe(0);
    const first = JSON.stringify(s.api.requests.slice(seen).find((q) => q.kind === 'turn')!.body);
    expect(first).toContain('<hook_context># Project memory: repo');
    expect(first).toContain('Add bye next to greet');
    await expectSecondStartKept(s, before);
  });

  test("with the extension linked, a session at the root runs each of git-memory's hooks once (the extension's stand aside where the folder's own settings hold them)", async () => {
    s = await scratch('gemini');
    await linkExtension(s);
    const r = await s.run('Write a.txt', [{ tools: [{ name: 'write_file', input: { file_path: join(s.repo, 'a.txt'), content: 'a\n' } }] }, { text: 'ok' }]);
    expect(r.code, r.stderr).toBe(0);
    const first = JSON.stringify(s.api.requests.find((q) => q.kind === 'turn')!.body);
    expect(first.split('# Project memory: repo').length - 1).toBe(1);
    expect((await recorded(s)).join('\n')).toContain('Write a.txt');
    await quietHome(s.home);
    expect(s.calls().filter((c) => /hook agent session-end/.test(c.args))).toHaveLength(1);
    expect(memoryCommits(s)).toHaveLength(1);
  });
});
