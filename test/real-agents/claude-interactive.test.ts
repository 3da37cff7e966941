// Claude Code as most people run it: interactive, in a terminal (the rest of the suite drives print
// mode), typed into as a user would (terminal.ts) and left with /exit. What git-memory must do there:
// the primer reaches the model, the turn's end leaves the session's MCP server running (the
// print-mode Stop ends it; a terminal session goes on to its next turn), and /exit records the session.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { MCP_ENTRY_FIRST_LINE } from '../../src/agents/hook-command.js';
import { BINS, scratch, until } from './drive.js';
import { expectMemoryOnly, expectRecordedOnce, recorded, section } from './assertions.js';
import { hasScript, heldPerTest, terminal } from './terminal.js';

const run = BINS.claude && hasScript ? describe : describe.skip;

/** Claude Code's own settings for a scratch home: onboarding done, the fake API's key approved, `folder` trusted. */
function trustClaude(s: { home: string; env: NodeJS.ProcessEnv }, folder: string): void {
  const key = s.env.ANTHROPIC_API_KEY!;
  writeFileSync(
    join(s.home, '.claude.json'),
    JSON.stringify({ hasCompletedOnboarding: true, bypassPermissionsModeAccepted: true, customApiKeyResponses: { approved: [key.slice(-20)], rejected: [] }, projects: { [folder]: { hasTrustDialogAccepted: true, hasCompletedProjectOnboarding: true } } }),
  );
}
const held = heldPerTest();

/** The PIDs of live processes whose HOME is `home` and whose command line starts with `argv`. */
function processes(home: string, argv: string[]): number[] {
  const want = argv.join('\0');
  return readdirSync('/proc')
    .filter((p) => /^\d+$/.test(p))
    .filter((p) => {
      try {
        return readFileSync(`/proc/${p}/cmdline`, 'utf8').startsWith(want) && readFileSync(`/proc/${p}/environ`, 'utf8').split('\0').includes(`HOME=${home}`);
      } catch {
        return false;
      }
    })
    .map(Number);
}

run('Claude Code in a terminal (interactive)', () => {
  test('a typed request is answered with the primer in context; the turn end leaves the MCP server running; /exit records the session', async () => {
    const s = (held.s = await scratch('claude'));
    // A terminal session asks what print mode does not: whether to use the key in the environment
    // (approved by its last 20 characters) and whether to trust the folder.
    trustClaude(s, s.repo);
    s.api.script([{ tools: [{ name: 'Write', input: { file_path: join(s.repo, 'hello.txt'), content: 'hello\n' } }] }, { text: 'Wrote hello.txt for you.' }]);
    const t = (held.term = terminal(`'${BINS.claude}' --dangerously-skip-permissions`, s.repo, s.env));
    // Ready for input: the prompt box and its status line are drawn.
    expect(await t.shows('bypass permissions on', 30_000), t.screen().slice(-1500)).toBe(true);
    await new Promise((r) => setTimeout(r, 1500));
    await t.enter('Create hello.txt please');
    expect(await t.shows('Wrote hello.txt for you.', 60_000), t.screen().slice(-1500)).toBe(true);
    // The turn's Stop has run (Claude Code shows the answer before it); a moment later the session's
    // sh MCP front (the committed entry's command line) still runs.
    await new Promise((r) => setTimeout(r, 1500));
    expect(processes(s.home, ['sh', '-c', MCP_ENTRY_FIRST_LINE])).toHaveLength(1);
    // The primer reached the model with the request.
    const first = s.api.turns()[0]!.body;
    expect(JSON.stringify(first.messages) + JSON.stringify(first.system)).toContain('Project memory: repo');
    await t.enter('/exit');
    expect(await t.exit(30_000), t.screen().slice(-1500)).toBe(0);
    // /exit ran SessionEnd: the session is recorded and committed, memory files only; the file the
    // agent wrote is the user's work, left uncommitted.
    await expectRecordedOnce(s, 'Create hello.txt please', 'hello.txt');
  }, 120_000);

  test('/clear in one process: two sessions, each recorded with its own request; the first lists no commit made before it (agents52)', async () => {
    const s = (held.s = await scratch('claude'));
    trustClaude(s, s.repo);
    s.api.script([
      { tools: [{ name: 'Write', input: { file_path: join(s.repo, 'a.txt'), content: 'a\n' } }] },
      { text: 'Wrote a.txt.' },
      { tools: [{ name: 'Write', input: { file_path: join(s.repo, 'b.txt'), content: 'b\n' } }] },
      { text: 'Wrote b.txt.' },
    ]);
    const t = (held.term = terminal(`'${BINS.claude}' --dangerously-skip-permissions`, s.repo, s.env));
    expect(await t.shows('bypass permissions on', 30_000), t.screen().slice(-1500)).toBe(true);
    await new Promise((r) => setTimeout(r, 1500));
    await t.enter('Create a.txt please');
    expect(await t.shows('Wrote a.txt.', 60_000), t.screen().slice(-1500)).toBe(true);
    await new Promise((r) => setTimeout(r, 1500));
    // /clear ends the session (SessionEnd, reason clear) and starts another (SessionStart, source
    // clear), whose start takes the place of the first one's before the first one's end reads it.
    await t.enter('/clear');
    await new Promise((r) => setTimeout(r, 3000));
    await t.enter('Create b.txt please');
    expect(await t.shows('Wrote b.txt.', 60_000), t.screen().slice(-1500)).toBe(true);
    await new Promise((r) => setTimeout(r, 1500));
    await t.enter('/exit');
    expect(await t.exit(30_000), t.screen().slice(-1500)).toBe(0);
    const texts = await recorded(s, 2);
    expect(texts).toHaveLength(2);
    const [first, second] = texts.map((x) => ({ request: section(x, 'Request'), commits: section(x, 'Commits') }));
    expect(first.request).toContain('Create a.txt please');
    expect(second.request).toContain('Create b.txt please');
    // "Set up git-memory" was committed before Claude Code started.
    expect(first.commits).not.toContain('Set up git-memory');
    expect(second.commits).not.toContain('Set up git-memory');
  }, 200_000);

  test('a turn interrupted (Esc) and Claude Code then killed (SIGTERM, a closed terminal\'s SIGHUP alike): SessionEnd still runs, and the journal has the interrupted turn\'s work (agents56: why Interrupt is not wired)', async () => {
    const s = (held.s = await scratch('claude'));
    trustClaude(s, s.repo);
    // The turn writes a file, then runs a command that outlasts the user's patience.
    s.api.script([
      { tools: [{ name: 'Write', input: { file_path: join(s.repo, 'partial.txt'), content: 'half done\n' } }] },
      // (Claude Code refuses a plain long \`sleep\`: a process that waits as long.)
      { tools: [{ name: 'Bash', input: { command: `'${process.execPath}' -e 'setTimeout(() => {}, 120000)'`, description: 'Wait for the build' } }] },
      { text: 'not reached' },
    ]);
    const t = (held.term = terminal(`'${BINS.claude}' --dangerously-skip-permissions`, s.repo, s.env));
    expect(await t.shows('bypass permissions on', 30_000), t.screen().slice(-1500)).toBe(true);
    await new Promise((r) => setTimeout(r, 1500));
    await t.enter('Write partial.txt and then wait');
    // The command runs (the file written before it): Esc cancels the turn; no Stop runs for it.
    expect(await until(() => readdirSync(s.repo).includes('partial.txt') && s.api.turns().length >= 2, 60_000), t.screen().slice(-1500)).toBe(true);
    await new Promise((r) => setTimeout(r, 2000));
    t.press('\x1b');
    expect(await t.shows('Interrupted', 30_000), t.screen().slice(-1500)).toBe(true);
    // Killed, as a closed window or a `kill` does: Claude Code shuts down and runs SessionEnd.
    const pids = processes(s.home, [BINS.claude!]);
    expect(pids.length).toBeGreaterThan(0);
    for (const p of pids) process.kill(p, 'SIGTERM');
    expect(await t.exit(30_000)).not.toBe('timeout');
    const [text] = await recorded(s);
    if (process.env.SHOW_JOURNAL) console.log(text);
    expect(section(text!, 'Request')).toContain('Write partial.txt and then wait');
    expect(text).not.toContain('[Request interrupted');
    expect(text).toContain('partial.txt');
    expectMemoryOnly(s);
  }, 180_000);

  test('/clear in a session started in a subfolder (no hook runs there): both sessions recorded, each with its own request and commits (agents53)', async () => {
    const s = (held.s = await scratch('claude'));
    const src = join(s.repo, 'src');
    trustClaude(s, src);
    s.api.script([
      { tools: [{ name: 'Bash', input: { command: 'echo a > a.txt && git add a.txt && git commit -q -m "Add a"', description: 'a' } }] },
      { text: 'QZ7XW: a.txt committed.' },
      // After the /clear the server's instructions still hold the first primer: the model asks for the current one.
      { tools: [{ name: 'ToolSearch', input: { query: 'select:mcp__git-memory__memory_primer', max_results: 5 } }] },
      { tools: [{ name: 'mcp__git-memory__memory_primer', input: {} }] },
      { tools: [{ name: 'Bash', input: { command: 'echo b > b.txt && git add b.txt && git commit -q -m "Add b"', description: 'b' } }] },
      { text: 'JK4VY: b.txt committed.' },
    ]);
    // Bounds for one busy core (the suite's load check). An answer is told by the fake API having served
    // it, not by the screen: Claude Code redraws only the cells that changed, so a sentence drawn where a
    // like one was reads with letters missing ('Seondsessiondone', 'K4VY' for 'JK4VY').
    const t = (held.term = terminal(`'${BINS.claude}' --dangerously-skip-permissions`, src, s.env));
    expect(await t.shows('bypass permissions on', 90_000), t.screen().slice(-1500)).toBe(true);
    await new Promise((r) => setTimeout(r, 1500));
    await t.enter('Commit a.txt please');
    // Answered: the fake API served the session's last turn (the rest of the script is the next session's).
    expect(await until(() => s.api.queue.length === 4, 120_000), t.screen().slice(-1500)).toBe(true);
    await new Promise((r) => setTimeout(r, 1500));
    await t.enter('/clear');
    // The first session is recorded once its MCP front sees the new session's transcript (begun by the /clear).
    expect((await recorded(s, 1)).length).toBe(1);
    await t.enter('Commit b.txt please');
    expect(await until(() => s.api.queue.length === 0, 120_000), t.screen().slice(-1500)).toBe(true);
    await new Promise((r) => setTimeout(r, 1500));
    await t.enter('/exit');
    expect(await t.exit(60_000), t.screen().slice(-1500)).toBe(0);
    const texts = await recorded(s, 2);
    expect(texts).toHaveLength(2);
    // The request after the /clear: Claude Code still sends the server's instructions from its start,
    // the first primer in them, made before the first session was recorded (gemini54), which now says
    // so; memory_primer answered with the current one, the session the /clear ended in its Recent context.
    const turns = s.api.turns();
    const afterClear = turns.findIndex((q) => JSON.stringify(q.body.messages).includes('Commit b.txt please'));
    expect(afterClear).toBeGreaterThan(0);
    const sent = JSON.stringify(turns[afterClear]!.body);
    expect(sent).toContain('After a /clear it is out of date');
    expect(sent).not.toContain('asked: Commit a.txt please');
    const results = turns.at(-1)!.body.messages.flatMap((m: any) => (Array.isArray(m.content) ? m.content : [])).filter((c: any) => c.type === 'tool_result');
    const primer = results.map((c: any) => (typeof c.content === 'string' ? c.content : JSON.stringify(c.content))).find((c: string) => c.includes('# Project memory: repo')) ?? '';
    expect(primer).toContain('asked: Commit a.txt please');
    const [first, second] = ['Commit a.txt', 'Commit b.txt'].map((r) => texts.find((x) => section(x, 'Request').includes(r)) ?? '').map((x) => ({ request: section(x, 'Request'), commits: section(x, 'Commits') }));
    expect(first.request).toContain('Commit a.txt please');
    expect(first.commits).toContain('Add a');
    expect(first.commits).not.toMatch(/Add b|Set up git-memory/);
    expect(second.request).toContain('Commit b.txt please');
    expect(second.commits).toContain('Add b');
    expect(second.commits).not.toMatch(/Add a|Set up git-memory/);
    // The new session's transcript as 2.1.332 begins it after /clear: the fixture the unit test reads.
    if (process.env.CAPTURE_CLEAR) {
      const dir = join(s.home, '.claude', 'projects', src.replace(/[^A-Za-z0-9]/g, '-'));
      for (const f of readdirSync(dir).filter((f) => f.endsWith('.jsonl'))) writeFileSync(join(process.env.CAPTURE_CLEAR, f), readFileSync(join(dir, f)));
    }
  }, 480_000);
});
