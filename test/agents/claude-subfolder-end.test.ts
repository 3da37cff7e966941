// Claude Code 2.1.332 started in a subfolder of the repository reads its project settings from that
// folder only, so none of git-memory's hooks run there; the committed MCP server (.mcp.json, looked
// for upward) does start, with the session's id in its environment. The MCP front's waiter records
// the session once Claude Code has exited (src/mcp/front-sh.ts, UNHOOKED). The transcript is the real
// one of such a session (test/fixtures/agents/claude-2.1.332/subfolder.jsonl), moved to this repository.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { MCP_SCRIPT } from '../../src/agents/config/mcp-servers.js';
import { BIN, makeRepo, PATH_WITHOUT_TOOL, tempDir, type TestRepo } from '../helpers/repo.js';
import { settled } from '../helpers/settled.js';

const FIXTURE = resolve(dirname(fileURLToPath(import.meta.url)), '../fixtures/agents/claude-2.1.332/subfolder.jsonl');
const ID = '4f6c4395-c7f0-45bb-9fb2-13e6b8a3b91e';

/** A repository wired for Claude Code (hooks and MCP server committed), with src/app.js. */
function wired(): TestRepo {
  const repo = makeRepo();
  repo.commit('Add the app', { 'src/app.js': 'export const greet = (name) => `Hello, ${name}`;\n' });
  const r = repo.exec(['init', '--agent', 'claude', '--mcp']);
  expect(r.code, r.stderr).toBe(0);
  repo.git('add', '-A');
  repo.git('commit', '-q', '-m', 'Set up git-memory');
  return repo;
}

/** git-memory installed as npm lays it out (the MCP front beside the binary), every start logged. */
function install(): { path: string; log: string } {
  const dir = tempDir('gm-bin-');
  const log = join(dir, 'calls.log');
  mkdirSync(join(dir, 'pkg'));
  mkdirSync(join(dir, 'bin'));
  writeFileSync(join(dir, 'pkg', 'git-memory'), `#!/bin/sh\necho "$*" >> "${log}"\nexec "${process.execPath}" "${BIN}" "$@"\n`);
  chmodSync(join(dir, 'pkg', 'git-memory'), 0o755);
  copyFileSync(join(dirname(BIN), 'mcp-front.sh'), join(dir, 'pkg', 'mcp-front.sh'));
  symlinkSync('../pkg/git-memory', join(dir, 'bin', 'git-memory'));
  return { path: `${join(dir, 'bin')}:${PATH_WITHOUT_TOOL}`, log };
}

/**
 * Claude Code's place in the process tree: a shell that starts the committed MCP entry (whose parent
 * it is), which reads no line (stdin closed) and exits; then the shell exits, as Claude Code does.
 */
function session(repo: TestRepo, home: string, folder: string, path: string, input = ''): string {
  const cwd = join(repo.dir, folder);
  const r = spawnSync('sh', ['-c', 'sh -c "$1"', 'claude', MCP_SCRIPT], {
    cwd,
    input,
    env: { ...repo.env, PATH: path, HOME: home, CLAUDE_CODE_SESSION_ID: ID, CLAUDE_PROJECT_DIR: cwd, CLAUDECODE: '1' },
    encoding: 'utf8',
  });
  expect(r.status, r.stderr).toBe(0);
  return r.stdout;
}

/**
 * The committed MCP entry run from `folder` as Claude Code runs it, kept open: its answer to
 * `initialize`, and `end()`, which closes its stdin and resolves once it and its parent shell (Claude
 * Code's place) have exited.
 */
async function live(repo: TestRepo, home: string, folder: string, path: string, id = ID): Promise<{ answer: string; end(): Promise<void> }> {
  const cwd = join(repo.dir, folder);
  const front = spawn('sh', ['-c', 'sh -c "$1"', 'claude', MCP_SCRIPT], { cwd, env: { ...repo.env, PATH: path, HOME: home, CLAUDE_CODE_SESSION_ID: id, CLAUDE_PROJECT_DIR: cwd, CLAUDECODE: '1' }, stdio: ['pipe', 'pipe', 'ignore'] });
  const exited = new Promise<void>((r) => front.on('close', () => r()));
  let out = '';
  const answered = new Promise<void>((r) => front.stdout.on('data', (d: Buffer) => ((out += d), out.includes('\n') && r())));
  front.stdin.write(INITIALIZE);
  await answered;
  return {
    answer: out.split('\n')[0]!,
    end: async () => {
      front.stdin.end();
      await exited;
    },
  };
}

/** Claude Code 2.1.332's `initialize` (its shape as the real one sends it). */
const INITIALIZE = `${JSON.stringify({ method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: { roots: {}, elicitation: {} }, clientInfo: { name: 'claude-code', version: '2.1.332' } }, jsonrpc: '2.0', id: 0 })}\n`;

/**
 * The real transcript, its scratch folder made `repo`, where Claude Code keeps it for a session
 * started in `folder`; its times moved so that its first record is now.
 */
function transcript(repo: TestRepo, home: string, folder: string, fixture = FIXTURE, id = ID, captured = '/tmp/agent-capture'): string {
  const cwd = join(repo.dir, folder);
  const dir = join(home, '.claude', 'projects', cwd.replace(/[^A-Za-z0-9]/g, '-'));
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${id}.jsonl`);
  const text = readFileSync(fixture, 'utf8').split(captured).join(repo.dir);
  const iso = /"(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z)"/g;
  const shift = Date.now() - Date.parse(iso.exec(text)![1]!);
  writeFileSync(file, text.replace(iso, (_, t: string) => JSON.stringify(new Date(Date.parse(t) + shift).toISOString())));
  return file;
}

const journal = (repo: TestRepo) => {
  const d = join(repo.dir, '.openclaw_memory', 'journal');
  return existsSync(d) ? readdirSync(d, { recursive: true }).map(String).filter((f) => f.endsWith('.md')) : [];
};

async function until(check: () => boolean, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (check()) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return check();
}

describe('a Claude Code session started in a subfolder', () => {
  it('is recorded by the MCP front once Claude Code exits: the request, the file, one memory commit', async () => {
    const repo = wired();
    const home = tempDir('gm-claude-home-');
    transcript(repo, home, 'src');
    const { path, log } = install();
    session(repo, home, 'src', path);
    expect(await until(() => repo.git('log', '-1', '--format=%s').startsWith('memory:'), 30_000), 'a memory commit').toBe(true);
    const [file] = journal(repo);
    expect(file).toBeTruthy();
    const text = readFileSync(join(repo.dir, '.openclaw_memory', 'journal', file), 'utf8');
    expect(text).toContain('Add bye next to greet and commit it');
    expect(text).toContain('src/app.js');
    // Its start (agents53) and its end, each once: git-memory's hook commands, nothing else.
    expect(readFileSync(log, 'utf8').trim().split('\n').filter((l) => l.startsWith('hook agent'))).toEqual(['hook agent session-start --agent claude', 'hook agent session-end --agent claude --detached']);
    // Only memory files were committed; the user's tree is as it was.
    expect(repo.git('diff-tree', '--no-commit-id', '--name-only', '-r', 'HEAD').trim().split('\n').filter((f) => !f.startsWith('.openclaw_memory/'))).toEqual([]);
  });

  it("is briefed and its start recorded as its own, as the hook would at the root: the primer after the MCP server's instructions (agents53)", async () => {
    const repo = wired();
    const home = tempDir('gm-claude-home-');
    const { path, log } = install();
    const front = await live(repo, home, 'src', path);
    const answer = JSON.parse(front.answer) as { id: number; result: { instructions: string; protocolVersion: string } };
    expect(answer.id).toBe(0);
    expect(answer.result.protocolVersion).toBe('2025-11-25');
    expect(answer.result.instructions).toMatch(/^Memory of earlier sessions on this repository[^\n]*\n\nThis session started in a subfolder/);
    // Claude Code keeps these instructions after a /clear: they say the primer is the one of its start, and where the current one is (gemini54).
    expect(answer.result.instructions).toContain('the primer as it was when Claude Code started. After a /clear it is out of date (it does not know the session before): call memory_primer for the current one.');
    expect(answer.result.instructions).toContain('# Project memory: ');
    expect(answer.result.instructions).toContain('Add the app');
    // The start is this session's, with HEAD then as its base, as SessionStart records it at the root.
    expect(readFileSync(log, 'utf8')).toContain('hook agent session-start --agent claude');
    const start = join(repo.dir, '.git', 'git-memory', 'session-start.json');
    const head = repo.git('rev-parse', 'HEAD').trim();
    expect(await until(() => existsSync(start) && JSON.parse(readFileSync(start, 'utf8')).session === ID, 30_000)).toBe(true);
    expect(JSON.parse(readFileSync(start, 'utf8')).head).toBe(head);
    await front.end();
  });

  it("at the root, the server's instructions are only its own", async () => {
    const repo = wired();
    const home = tempDir('gm-claude-home-');
    const { path } = install();
    const out = session(repo, home, '', path, INITIALIZE);
    const answer = JSON.parse(out.split('\n')[0]!) as { result: { instructions: string } };
    expect(answer.result.instructions).toBe('Memory of earlier sessions on this repository, kept in git. Read memory_primer at the start, log what is worth keeping with memory_log, and end with memory_session_end.');
  });

  it('lists the commits it made while it ran, not one made before it (its start recorded by its MCP front, agents53)', async () => {
    const repo = makeRepo();
    repo.commit('Add the app', { 'src/app.js': 'export const greet = (name) => `Hello, ${name}`;\n' });
    const { path, log } = install();
    const env = { ...repo.env, PATH: path };
    const git = (...args: string[]) => execFileSync('git', args, { cwd: repo.dir, env, encoding: 'utf8' });
    expect(repo.exec(['init', '--agent', 'claude', '--mcp'], { env: { PATH: path } }).code).toBe(0);
    git('add', '-A');
    // Made before the session: the post-commit hook spools it all the same.
    git('commit', '-q', '-m', 'Set up git-memory');
    const home = tempDir('gm-claude-home-');
    transcript(repo, home, 'src');
    // The session: its MCP front answers `initialize` (its start recorded by then), a commit is made, and Claude Code exits.
    const front = await live(repo, home, 'src', path);
    const start = join(repo.dir, '.git', 'git-memory', 'session-start.json');
    expect(await until(() => existsSync(start) && JSON.parse(readFileSync(start, 'utf8')).session === ID, 30_000)).toBe(true);
    writeFileSync(join(repo.dir, 'src/app.js'), 'export const bye = 1;\n');
    git('commit', '-q', '-am', 'Add bye');
    const spool = readFileSync(join(repo.dir, '.git', 'git-memory', 'spool.jsonl'), 'utf8');
    expect(spool.split('\n').filter(Boolean)).toHaveLength(2);
    await front.end();
    expect(await until(() => repo.git('log', '-1', '--format=%s').startsWith('memory:'), 30_000), 'a memory commit').toBe(true);
    const text = readFileSync(join(repo.dir, '.openclaw_memory', 'journal', journal(repo)[0]!), 'utf8');
    const commits = /### Commits\n([\s\S]*?)(\n##|$)/.exec(text)?.[1] ?? '';
    expect(commits).toContain('Add bye');
    expect(commits).not.toContain('Set up git-memory');
    expect(readFileSync(log, 'utf8')).toContain('hook agent session-end --agent claude --detached');
  });

  it("a /clear in it: the session before is recorded once the new one's transcript appears, the one after at the exit, each with its own commits (agents53)", async () => {
    const repo = wired();
    const home = tempDir('gm-claude-home-');
    const { path } = install();
    const [first, second] = ['88f11546-de03-4b6e-9821-5a4a5fc23d27', 'c4e18960-20eb-40d4-84d0-c0d5651f7054'];
    transcript(repo, home, 'src', join(dirname(FIXTURE), 'clear-subfolder-first.jsonl'), first, '/tmp/agent-capture/repo');
    const front = await live(repo, home, 'src', path, first);
    const start = join(repo.dir, '.git', 'git-memory', 'session-start.json');
    const startOf = (id: string) => until(() => existsSync(start) && JSON.parse(readFileSync(start, 'utf8')).session === id, 30_000);
    expect(await startOf(first)).toBe(true);
    repo.commit('Add a', { 'src/a.txt': 'a\n' });
    // /clear: Claude Code begins the next session's transcript (its first records: the /clear command).
    transcript(repo, home, 'src', join(dirname(FIXTURE), 'clear-subfolder-second.jsonl'), second, '/tmp/agent-capture/repo');
    expect(await until(() => journal(repo).length === 1 && repo.git('log', '-1', '--format=%s').startsWith('memory:'), 30_000), 'the first session recorded at the /clear').toBe(true);
    expect(await startOf(second)).toBe(true);
    repo.commit('Add b', { 'src/b.txt': 'b\n' });
    await front.end();
    expect(await until(() => journal(repo).length === 2 && repo.git('log', '-1', '--format=%s').startsWith('memory:'), 30_000), 'the second session recorded at the exit').toBe(true);
    const texts = journal(repo).map((f) => readFileSync(join(repo.dir, '.openclaw_memory', 'journal', f), 'utf8'));
    const commits = (t: string) => /### Commits\n([\s\S]*?)(\n##|$)/.exec(t)?.[1] ?? '';
    const [a, b] = ['Commit a.txt please', 'Commit b.txt please'].map((r) => texts.find((t) => t.includes(r)) ?? '');
    expect(commits(a)).toContain('Add a');
    expect(commits(a)).not.toMatch(/Add b|Set up git-memory/);
    expect(commits(b)).toContain('Add b');
    expect(commits(b)).not.toMatch(/Add a|Set up git-memory/);
  });

  it('at the root (the hooks are read there) and in a repository not wired for Claude Code hooks, nothing is started', async () => {
    const repo = wired();
    const home = tempDir('gm-claude-home-');
    transcript(repo, home, '');
    const { path, log } = install();
    session(repo, home, '', path);
    // Claude Code's own hooks end that session; the front starts nothing.
    repo.git('rm', '-q', '.claude/settings.json');
    repo.git('commit', '-q', '-m', 'No hooks');
    transcript(repo, home, 'src');
    session(repo, home, 'src', path);
    await new Promise((r) => setTimeout(r, 1500));
    expect(existsSync(log) ? readFileSync(log, 'utf8') : '').toBe('');
    expect(journal(repo)).toEqual([]);
  });
});

describe('a later Claude Code session started in a subfolder (agents56)', () => {
  it("starts from the kept start, with no node in line: the MCP front's instructions hold byte for byte the primer node prints in src/", async () => {
    const repo = wired();
    const home = tempDir('gm-claude-home-');
    const { path, log } = install();
    const env = { ...repo.env, PATH: path, HOME: home };
    const startCommand = (JSON.parse(readFileSync(join(repo.dir, '.claude/settings.json'), 'utf8')) as { hooks: Record<string, { hooks: { command: string }[] }[]> }).hooks.SessionStart[0]!.hooks[0]!.command;
    const payload = (id: string, cwd: string) => JSON.stringify({ session_id: id, transcript_path: join(home, `${id}.jsonl`), cwd, hook_event_name: 'SessionStart', source: 'startup' });
    // A start at the root (node, as no start was kept for this git-memory yet) keeps the next one.
    const root = spawnSync('sh', ['-c', startCommand], { cwd: repo.dir, env, input: payload('root-1', repo.dir), encoding: 'utf8' });
    expect(root.status, root.stderr).toBe(0);
    await settled(repo);
    const lead = "\n\nThis session started in a subfolder, where Claude Code runs none of the repository's hooks: the primer as it was when Claude Code started. After a /clear it is out of date (it does not know the session before): call memory_primer for the current one.\n\n";
    for (let attempt = 0; ; attempt++) {
      writeFileSync(log, '');
      const id = `0b9a7c52-2f4e-4d7a-9a61-7d3c5e0f1a2${attempt}`;
      const front = await live(repo, home, 'src', path, id);
      const instructions = (JSON.parse(front.answer) as { result: { instructions: string } }).result.instructions;
      await front.end();
      await settled(repo);
      // No node start: neither in line nor beside (the script wrote what node's start records).
      expect(readFileSync(log, 'utf8').split('\n').filter((l) => l.includes('session-start'))).toEqual([]);
      const start = JSON.parse(readFileSync(join(repo.dir, '.git', 'git-memory', 'session-start.json'), 'utf8')) as { session: string; head: string };
      expect(start.session).toBe(id);
      expect(start.head).toBe(repo.git('rev-parse', 'HEAD').trim());
      // What node prints for a start in src/ now.
      const node = spawnSync(process.execPath, [BIN, 'hook', 'agent', 'session-start', '--agent', 'claude'], { cwd: join(repo.dir, 'src'), env, input: payload(`node-${attempt}`, join(repo.dir, 'src')), encoding: 'utf8' });
      expect(node.status, node.stderr).toBe(0);
      const context = (JSON.parse(node.stdout) as { hookSpecificOutput: { additionalContext: string } }).hookSpecificOutput.additionalContext;
      const at = instructions.indexOf(lead);
      expect(at).toBeGreaterThan(0);
      const served = instructions.slice(at + lead.length);
      const minute = (t: string) => /on (\d{4}-\d\d-\d\d \d\d:\d\d)/.exec(t)?.[1];
      if (minute(served) !== minute(context) && attempt < 2) continue;
      expect(served).toBe(context);
      expect(served).toContain('# Project memory: ');
      break;
    }
  });
});
