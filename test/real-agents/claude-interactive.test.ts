// Claude Code as most people run it: interactive, in a terminal (the rest of the suite drives print
// mode). util-linux's `script` gives it a pseudo-terminal; the test types into it as a user would,
// waits for the answer on the screen, then leaves with /exit. What git-memory must do there: the
// primer reaches the model, the turn's end leaves the session's MCP server running (the print-mode
// Stop ends it; a terminal session goes on to its next turn), and /exit records the session.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { MCP_ENTRY_FIRST_LINE } from '../../src/agents/hook-command.js';
import { BINS, scratch, until, type Scratch } from './drive.js';
import { expectMemoryOnly, memoryCommits, recorded, section } from './assertions.js';

const run = BINS.claude && spawnable('script') ? describe : describe.skip;
let s: Scratch | null = null;
let term: ChildProcessWithoutNullStreams | null = null;
afterEach(async () => {
  if (term && term.exitCode === null) term.kill('SIGKILL');
  term = null;
  await s?.close();
  s = null;
});

function spawnable(cmd: string): boolean {
  return (process.env.PATH ?? '').split(':').some((d) => {
    try {
      return readdirSync(d).includes(cmd);
    } catch {
      return false;
    }
  });
}

/** The screen's text so far, without escape sequences. */
const plain = (raw: string) => raw.replace(/\x1b\[[0-9;?<>=]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(\x07|\x1b\\)|\x1b[()][A-Z0-9]|\x1b[78=>]/g, '');

/** The PIDs of live processes whose HOME is `home` and whose command line starts with `argv`. */
function processes(home: string, argv: string[]): number[] {
  const want = `${argv.join('\0')}`;
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
    s = await scratch('claude');
    // A terminal session asks what print mode does not: whether to use the key in the environment
    // (approved by its last 20 characters) and whether to trust the folder.
    const key = s.env.ANTHROPIC_API_KEY!;
    writeFileSync(
      join(s.home, '.claude.json'),
      JSON.stringify({ hasCompletedOnboarding: true, bypassPermissionsModeAccepted: true, customApiKeyResponses: { approved: [key.slice(-20)], rejected: [] }, projects: { [s.repo]: { hasTrustDialogAccepted: true, hasCompletedProjectOnboarding: true } } }),
    );
    s.api.script([{ tools: [{ name: 'Write', input: { file_path: join(s.repo, 'hello.txt'), content: 'hello\n' } }] }, { text: 'Wrote hello.txt for you.' }]);
    const t = spawn('script', ['-qfec', `'${BINS.claude}' --dangerously-skip-permissions`, '/dev/null'], { cwd: s.repo, env: { ...s.env, TERM: 'xterm-256color', COLUMNS: '120', LINES: '40' } });
    term = t;
    let raw = '';
    t.stdout.on('data', (d) => (raw += d));
    t.stderr.on('data', (d) => (raw += d));
    const exited = new Promise<number | null>((resolve) => t.on('close', (code) => resolve(code)));
    // The screen's text, without escapes and without spaces (the cursor moves stand where they were).
    const screen = () => plain(raw).replace(/\s/g, '');
    // Ready for input: the prompt box and its status line are drawn.
    expect(await until(() => screen().includes('bypasspermissionson'), 30_000), screen().slice(-1500)).toBeTruthy();
    await new Promise((r) => setTimeout(r, 1500));
    for (const ch of 'Create hello.txt please') {
      t.stdin.write(ch);
      await new Promise((r) => setTimeout(r, 15));
    }
    await new Promise((r) => setTimeout(r, 300));
    t.stdin.write('\r');
    expect(await until(() => screen().includes('Wrotehello.txtforyou.'), 60_000), screen().slice(-1500)).toBeTruthy();
    // The turn's Stop has run (Claude Code shows the answer before it); give it a moment, then the
    // session's sh MCP front (a child of Claude Code, the committed entry's command line) still runs.
    await new Promise((r) => setTimeout(r, 1500));
    expect(processes(s.home, ['sh', '-c', MCP_ENTRY_FIRST_LINE])).toHaveLength(1);
    // The primer reached the model with the request.
    const first = s.api.turns()[0]!.body;
    expect(JSON.stringify(first.messages) + JSON.stringify(first.system)).toContain('Project memory: repo');
    for (const ch of '/exit') {
      t.stdin.write(ch);
      await new Promise((r) => setTimeout(r, 15));
    }
    await new Promise((r) => setTimeout(r, 500));
    t.stdin.write('\r');
    const code = await Promise.race([exited, new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), 30_000))]);
    expect(code, screen().slice(-1500)).toBe(0);
    // /exit ran SessionEnd: the session is recorded and committed, memory files only; the file the
    // agent wrote is the user's work, left uncommitted.
    const [text] = await recorded(s);
    expect(section(text!, 'Request')).toContain('Create hello.txt please');
    expect(memoryCommits(s)).toHaveLength(1);
    expectMemoryOnly(s);
    expect(s.git('status', '--porcelain', '--', 'hello.txt')).toBe('?? hello.txt');
  }, 120_000);
});
