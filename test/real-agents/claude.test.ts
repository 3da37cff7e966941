// Claude Code (pinned: 2.1.332; first written against 2.1.328) driven in print mode against the fake Anthropic Messages API: what the script
// makes it do must reach git-memory's memory.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { BINS, quietHome, scratch, until, type Scratch } from './drive.js';
import { expectMemoryOnly, expectSecondStartKept, findFiles, ledgerOf, memoryCommits, recorded, section } from './assertions.js';

const run = BINS.claude ? describe : describe.skip;
let s: Scratch | null = null;
afterEach(async () => {
  await s?.close();
  s = null;
});

/** The transcript of the session a stream-json run printed. */
function transcriptOf(sc: Scratch, stdout: string): string {
  const id = /"session_id":"([^"]+)"/.exec(stdout)?.[1];
  expect(id, stdout.slice(0, 500)).toBeTruthy();
  const [t] = findFiles(join(sc.home, '.claude', 'projects'), new RegExp(`^${id}\\.jsonl$`));
  expect(t).toBeTruthy();
  return t;
}

run('Claude Code, really', () => {
  test('a session that reads, writes, edits, fails a command, commits, keeps tasks and calls MCP reaches memory', async () => {
    s = await scratch('claude');
    const app = join(s.repo, 'src/app.js');
    const r = await s.run('Add a farewell function next to greet and commit it', [
      { tools: [{ name: 'ToolSearch', input: { query: 'select:TaskCreate,TaskUpdate,mcp__git-memory__memory_search', max_results: 5 } }] },
      { tools: [{ name: 'TaskCreate', input: { subject: 'Add the farewell function', description: 'Next to greet in src/app.js' } }] },
      { tools: [{ name: 'Read', input: { file_path: app } }] },
      { tools: [{ name: 'Edit', input: { file_path: app, old_string: 'export const greet', new_string: 'export const farewell = (name) => `Bye, ${name}`;\nexport const greet' } }] },
      { tools: [{ name: 'Write', input: { file_path: join(s.repo, 'src/farewell.md'), content: '# Farewell\nSays goodbye.\n' } }] },
      { tools: [{ name: 'Bash', input: { command: 'node --check src/missing.js', description: 'Check a file' } }] },
      { tools: [{ name: 'Bash', input: { command: 'git add src && git commit -q -m "Add farewell next to greet"', description: 'Commit' } }] },
      { tools: [{ name: 'mcp__git-memory__memory_search', input: { query: 'farewell' } }] },
      { tools: [{ name: 'TaskUpdate', input: { taskId: '1', status: 'completed' } }] },
      { text: 'Added farewell next to greet and committed it.' },
    ]);
    expect(r.code, r.stderr).toBe(0);
    const transcript = transcriptOf(s, r.stdout);

    // The primer reached the model, as a system message.
    const first = s.api.turns()[0].body;
    expect(JSON.stringify(first.messages)).toContain('Project memory: repo');
    // The MCP handshake was answered in sh (dist/mcp-front.sh): node started once, for the tool call,
    // after the first model request (which waited for the handshake; before, for node's start).
    const mcp = s.calls().filter((c) => /^mcp\b/.test(c.args));
    expect(mcp.length).toBe(1);
    expect(mcp[0].start).toBeGreaterThanOrEqual(s.api.requests.find((q) => q.kind === 'turn')!.at);
    // The MCP server answered the search (its result is in the next request, not an error).
    const after = JSON.stringify(s.api.turns().at(-1)!.body.messages);
    expect(after).not.toMatch(/No such tool available/);
    // Claude Code passes on the tool's structured answer: no earlier session matches yet.
    const results = s.api.turns().at(-1)!.body.messages.flatMap((m: any) => (Array.isArray(m.content) ? m.content : [])).filter((c: any) => c.type === 'tool_result');
    expect(results.map((c: any) => (typeof c.content === 'string' ? c.content : JSON.stringify(c.content)))).toContain('{"results":[],"total":0}');

    const [session] = await recorded(s);
    const ledger = ledgerOf(s, transcript);
    const files = Object.fromEntries(ledger.files.map((f: any) => [f.path, f]));
    expect(files['src/app.js']).toMatchObject({ reads: 1, edits: 1 });
    expect(files['src/farewell.md']).toMatchObject({ writes: 1 });
    expect(ledger.commands.map((c: any) => [c.command, c.failed])).toEqual([
      ['node --check src/missing.js', true],
      ['git add src && git commit -q -m "Add farewell next to greet"', false],
    ]);
    expect(ledger.user_messages.map((m: any) => m.text)).toEqual(['Add a farewell function next to greet and commit it']);

    // The session file: the request, the failed command, the agent's commit (and only the session's).
    expect(section(session, 'Request')).toContain('Add a farewell function next to greet');
    // The failed command is in the ledger (above); as an error it stays in the session's notes and is no
    // fact for Learned (issue 25 §1).
    expect(section(session, 'Learned')).not.toContain('missing.js');
    const commits = section(session, 'Commits');
    expect(commits).toContain('Add farewell next to greet');
    expectMemoryOnly(s);
    // The agent's own task list (TaskCreate/TaskUpdate) is what the ledger reports as its todos (agentfix, item 1).
    expect.soft(ledger.todos).toEqual([{ content: 'Add the farewell function', status: 'completed' }]);
    // A commit made before the session started is not the session's (agentfix, item 4).
    expect.soft(commits).not.toContain('Set up git-memory');
  });

  test('print mode exits with no hook of ours left to kill: the Stop returned at once, and the session is recorded in full (item 11, issue 24 §3)', async () => {
    s = await scratch('claude');
    const debug = join(s.root, 'debug.log');
    const r = await s.run('Write two notes', [
      { tools: [{ name: 'Write', input: { file_path: join(s.repo, 'one.md'), content: 'one\n' } }] },
      { tools: [{ name: 'Write', input: { file_path: join(s.repo, 'two.md'), content: 'two\n' } }] },
      { text: 'Wrote both.' },
    ], { extraArgs: ['--debug-file', debug] });
    expect(r.code, r.stderr).toBe(0);
    const log = readFileSync(debug, 'utf8');
    // The cause of the wired runs' 1-2 s tail (issue 24 §3): print mode kills an async hook still
    // running as it exits, and waits until each of its processes is reaped before SessionEnd. Our
    // Stop is not async: it finished in the turn, nothing of ours was registered to run in the
    // background, and none was cancelled. No hook of ours ran per tool call.
    // (One log line; the command holds `[ … ]` tests since its print-mode part, hook-command.ts.)
    expect(log).toMatch(/Hooks: Stop \[.*git-memory hook agent stop --agent claude.*\] finished with status 0/);
    expect(log).not.toMatch(/Registering async hook/);
    expect(log).not.toMatch(/Hook Stop \(Stop\) cancelled/);
    expect(log).not.toContain('hook agent tool-use');
    const [session] = await recorded(s);
    // Both writes and the request are in the session: SessionEnd read the transcript, Stop was not needed.
    expect(session).toContain('one.md');
    expect(session).toContain('two.md');
    expect(section(session, 'Request')).toContain('Write two notes');
  });

  test('a manual compaction and the resumed session after it: recorded, and the prepared context reaches the next request', async () => {
    s = await scratch('claude');
    let r = await s.run('Rename greet to hello', [
      { tools: [{ name: 'Read', input: { file_path: join(s.repo, 'src/app.js') } }] },
      { text: 'Read it; renaming next.' },
    ]);
    expect(r.code, r.stderr).toBe(0);
    r = await s.run('/compact', [], { resume: true });
    expect(r.code, r.stderr).toBe(0);
    expect(s.api.turns().some((t) => t.kind === 'compact')).toBe(true);
    const before = s.api.requests.length;
    const commitsBefore = memoryCommits(s).length;
    r = await s.run('Go on with the rename', [
      { tools: [{ name: 'Edit', input: { file_path: join(s.repo, 'src/app.js'), old_string: 'greet', new_string: 'hello' } }] },
      { text: 'Renamed.' },
    ], { resume: true });
    expect(r.code, r.stderr).toBe(0);
    const sessions = await recorded(s, commitsBefore + 1);
    const all = sessions.join('\n');
    expect(all).toContain('Go on with the rename');
    expect(all).toContain('src/app.js');
    // The first request after the compaction carries what git-memory prepared at SessionStart(compact) (agentfix, item 6).
    const next = s.api.requests.slice(before).find((q) => q.kind === 'turn')!;
    expect.soft(JSON.stringify(next.body.messages)).toContain('After compaction (git-memory)');
  });

  test('an automatic compaction (context near the 1M window) keeps the session whole', async () => {
    s = await scratch('claude');
    const r = await s.run('Edit the app twice', [
      { tools: [{ name: 'Read', input: { file_path: join(s.repo, 'src/app.js') } }], inputTokens: 985_000 },
      { tools: [{ name: 'Edit', input: { file_path: join(s.repo, 'src/app.js'), old_string: 'Hello', new_string: 'Hi' } }], inputTokens: 990_000 },
      { text: 'Edited.', inputTokens: 995_000 },
    ]);
    expect(r.code, r.stderr).toBe(0);
    const compactions = s.api.turns().filter((t) => t.kind === 'compact');
    expect(compactions.length, 'Claude Code compacted on its own').toBeGreaterThan(0);
    const [session] = await recorded(s);
    expect(session).toContain('src/app.js');
    expect(section(session, 'Request')).toContain('Edit the app twice');
    // PreCompact told the summariser what must survive: the compaction request carries it.
    expect(JSON.stringify(compactions[0].body)).toContain('src/app.js');
  });

  test("a later session starts exactly one git-memory node process, its end's, and none at its start: the primer the last session's end kept reaches the model, and the start is recorded without node (issue 24 §3)", async () => {
    s = await scratch('claude');
    let r = await s.run('Write a.txt', [{ tools: [{ name: 'Write', input: { file_path: join(s.repo, 'a.txt'), content: 'a\n' } }] }, { text: 'ok' }]);
    expect(r.code).toBe(0);
    await recorded(s);
    // The end's memory commit moved HEAD; the end then kept the next start's primer for it.
    const kept = join(s.repo, '.git', 'git-memory', 'kept-start-claude.sh');
    expect(await until(() => existsSync(kept) && readFileSync(kept, 'utf8').includes(`k_head='${s!.git('rev-parse', 'HEAD')}'`))).toBe(true);
    await quietHome(s.home);
    const before = s.calls().length;
    const cpuBefore = s.cpu().length;
    r = await s.run('Now write b.txt', [{ tools: [{ name: 'Write', input: { file_path: join(s.repo, 'b.txt'), content: 'b\n' } }] }, { text: 'ok' }]);
    expect(r.code).toBe(0);
    const starts = s.calls().slice(before).filter((c) => /hook agent session-start/.test(c.args));
    expect(starts).toEqual([]);
    const first = s.api.requests.filter((q) => q.kind === 'turn' && q.at >= r.startedAt)[0]!;
    expect(JSON.stringify(first.body.messages)).toContain('Project memory: repo');
    expect(JSON.stringify(first.body.messages)).toContain('Write a.txt');
    expect((await recorded(s, 2)).join('\n')).toContain('Now write b.txt');
    // The session's start and end: one node, its end's, which records it in the same process (no
    // worker of its own). (A turn's end starts node only where the notes' thresholds could be met.)
    await quietHome(s.home);
    const nodes = s.cpu().slice(cpuBefore).map((c) => c.args);
    expect(nodes.filter((a) => !/^hook agent stop\b|^hook agent-worker notes\b/.test(a)), nodes.join('; ')).toEqual([expect.stringMatching(/^hook agent session-end --agent claude --detached$/)]);
    // What the start recorded without node: the session, now finalised by its end.
    expect(JSON.parse(readFileSync(join(s.repo, '.git', 'git-memory', 'agent-session.json'), 'utf8')).finalised).toHaveLength(2);
  });

  test("the worktree's first session waits for no node at its start (the setup commit kept its primer), nor does its short first turn's end (issue 24 §3)", async () => {
    s = await scratch('claude');
    // The commit of what init wrote kept the start for itself (post-commit, in the background).
    expect(readFileSync(join(s.repo, '.git', 'git-memory', 'kept-start-claude.sh'), 'utf8')).toContain(`k_head='${s.git('rev-parse', 'HEAD')}'`);
    const r = await s.run('Write a.txt', [{ tools: [{ name: 'Write', input: { file_path: join(s.repo, 'a.txt'), content: 'a\n' } }] }, { text: 'ok' }]);
    expect(r.code).toBe(0);
    expect(JSON.stringify(s.api.requests.find((q) => q.kind === 'turn')!.body.messages)).toContain('Project memory: repo');
    expect((await recorded(s)).join('\n')).toContain('Write a.txt');
    const calls = s.calls();
    expect(calls.filter((c) => /hook agent session-start/.test(c.args))).toEqual([]);
    // The served start wrote the first turn's gate itself: its end, far below the notes' threshold, ran no node.
    expect(calls.filter((c) => /hook agent stop/.test(c.args))).toEqual([]);
  });

  test('a resumed session (--continue) gets its follow-up', async () => {
    s = await scratch('claude');
    let r = await s.run('Write a.txt', [{ tools: [{ name: 'Write', input: { file_path: join(s.repo, 'a.txt'), content: 'a\n' } }] }, { text: 'ok' }]);
    expect(r.code).toBe(0);
    await recorded(s);
    r = await s.run('Now write b.txt', [{ tools: [{ name: 'Write', input: { file_path: join(s.repo, 'b.txt'), content: 'b\n' } }] }, { text: 'ok' }], { resume: true });
    expect(r.code).toBe(0);
    const texts = (await recorded(s, 2)).join('\n');
    expect(texts).toContain('Now write b.txt');
    expect(texts).toContain('b.txt');
  });

  test('a session started in a subfolder (Claude Code reads no project settings there, so no hook runs) is recorded when it ends, through its MCP server (agents52)', async () => {
    s = await scratch('claude');
    const r = await s.run('Add bye next to greet and commit it', [
      { tools: [{ name: 'Edit', input: { file_path: join(s.repo, 'src/app.js'), old_string: 'export const greet', new_string: 'export const bye = 1;\nexport const greet' } }] },
      { tools: [{ name: 'Bash', input: { command: 'git add app.js && git commit -q -m "Add bye"', description: 'Commit' } }] },
      { text: 'Added bye and committed it.' },
    ], { cwd: 'src' });
    expect(r.code, r.stderr).toBe(0);
    const texts = await recorded(s);
    expect(texts).toHaveLength(1);
    const session = texts[0];
    // 2.1.332 ran none of the repository's hooks from src/ (its settings are read from the start folder
    // only): the one end is the one the MCP front's waiter ran once Claude Code had exited.
    await quietHome(s.home);
    const hooks = s.calls().filter((c) => /hook agent/.test(c.args));
    const ends = hooks.filter((c) => /session-end/.test(c.args));
    expect(ends.map((c) => c.args)).toEqual(['hook agent session-end --agent claude --detached']);
    expect(ends[0].start).toBeGreaterThanOrEqual(r.startedAt + r.ms);
    // Its start, run by the same front before it answered \`initialize\` (agents53): the primer is in
    // the server's instructions, which Claude Code hands the model from the first request on.
    expect(hooks.filter((c) => /session-start/.test(c.args)).length).toBeLessThanOrEqual(1);
    const first = JSON.stringify(s.api.requests.find((q) => q.kind === 'turn')!.body);
    expect(first).toContain('This session started in a subfolder');
    expect(first).toContain('# Project memory: repo');
    expect(section(session, 'Request')).toContain('Add bye next to greet');
    expect(session).toContain('src/app.js');
    expect(section(session, 'Commits')).toContain('Add bye');
    expectMemoryOnly(s);
    expect(memoryCommits(s)).toHaveLength(1);
  });

  test("a sub-agent's edit is recorded from its own file (subagents/); the session's transcript holds no agent_progress or subagent_file_changes record to read it from (agents56, 2.1.337)", async () => {
    s = await scratch('claude');
    const r = await s.run('Delegate writing sub.txt', [
      { tools: [{ name: 'Agent', input: { description: 'Write a file', prompt: 'Write sub.txt with the word sub', subagent_type: 'general-purpose', run_in_background: false } }] },
      { tools: [{ name: 'Write', input: { file_path: join(s.repo, 'sub.txt'), content: 'sub\n' } }] },
      { text: 'sub done' },
      { text: 'Done.' },
    ], { extraArgs: ['--tools', 'Bash,Edit,Read,Write,Agent'] });
    expect(r.code, r.stderr).toBe(0);
    expect(existsSync(join(s.repo, 'sub.txt'))).toBe(true);
    const [main] = findFiles(join(s.home, '.claude', 'projects'), /^[0-9a-f-]{36}\.jsonl$/);
    const subs = findFiles(join(s.home, '.claude', 'projects'), /^agent-.*\.jsonl$/);
    expect(subs).toHaveLength(1);
    // The sub-agent's call is only in its own file: the session's names the tool, never the file.
    const text = readFileSync(main!, 'utf8');
    expect(text).not.toMatch(/"agent_progress"|"subagent_file_changes"/);
    const calls = text.split('\n').filter(Boolean).flatMap((l) => {
      const c = (JSON.parse(l) as { message?: { content?: unknown } }).message?.content;
      return Array.isArray(c) ? c.filter((b: { type?: string }) => b.type === 'tool_use').map((b: { name: string }) => b.name) : [];
    });
    expect(calls).toEqual(['Agent']);
    expect(ledgerOf(s, main!).files.find((f: { path: string }) => f.path === 'sub.txt')).toMatchObject({ writes: 1 });
    const [session] = await recorded(s);
    expect(session).toContain('sub.txt');
  });

  test('a later session in a subfolder starts with no node in line: its MCP front runs the start the last session kept, which serves src/ (agents56)', async () => {
    s = await scratch('claude');
    let r = await s.run('Add bye next to greet', [{ tools: [{ name: 'Edit', input: { file_path: join(s.repo, 'src/app.js'), old_string: 'export const greet', new_string: 'export const bye = 1;\nexport const greet' } }] }, { text: 'Added bye.' }], { cwd: 'src' });
    expect(r.code, r.stderr).toBe(0);
    await recorded(s, 1);
    // Its end (the front's waiter) kept the next start (the memory commit moved HEAD), in the background.
    await quietHome(s.home);
    const before = s.calls().length;
    const seen = s.api.requests.length;
    r = await s.run('Now add hi', [{ tools: [{ name: 'Write', input: { file_path: join(s.repo, 'src/hi.js'), content: 'export const hi = 1;\n' } }] }, { text: 'Added hi.' }], { cwd: 'src' });
    expect(r.code, r.stderr).toBe(0);
    const first = JSON.stringify(s.api.requests.slice(seen).find((q) => q.kind === 'turn')!.body);
    expect(first).toContain('This session started in a subfolder');
    expect(first).toContain('# Project memory: repo');
    expect(first).toContain('Add bye next to greet');
    await expectSecondStartKept(s, before);
  });

  test("a session that adds a worktree itself and commits there (`git worktree add ../wt && cd ../wt && git commit`) lists that commit; its rebase's reworded commit replaces the old one (agents52)", async () => {
    s = await scratch('claude');
    const wt = join(s.root, 'wt');
    const r = await s.run('Add a feature on its own branch', [
      { tools: [{ name: 'Bash', input: { command: 'echo 1 > one.txt && git add one.txt && git commit -q -m "One" && echo 2 > two.txt && git add two.txt && git commit -q -m "Two"', description: 'Commit twice' } }] },
      { tools: [{ name: 'Bash', input: { command: 'GIT_SEQUENCE_EDITOR="sed -i 2s/^pick/reword/" GIT_EDITOR="sed -i 1s/.*/Two,\\ reworded/" git rebase -q -i HEAD~2', description: 'Reword' } }] },
      // Claude Code runs the next command from the project folder again: no record's cwd is ../wt.
      { tools: [{ name: 'Bash', input: { command: `git worktree add -q ../wt -b feat && cd ../wt && echo f > f.txt && git add f.txt && git commit -q -m "Feature in worktree"`, description: 'Worktree' } }] },
      { text: 'Done.' },
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(s.git('-C', wt, 'log', '-1', '--format=%s')).toBe('Feature in worktree');
    const [session] = await recorded(s);
    const commits = section(session, 'Commits');
    expect(commits).toContain('One');
    expect(commits).toContain('Two, reworded');
    expect(commits).not.toMatch(/Two\n/);
    expect(commits).toContain('Feature in worktree');
    expect(commits).not.toContain('Set up git-memory');
  });
});
