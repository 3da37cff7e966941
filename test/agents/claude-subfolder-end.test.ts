// Claude Code 2.1.332 started in a subfolder of the repository reads its project settings from that
// folder only, so none of git-memory's hooks run there; the committed MCP server (.mcp.json, looked
// for upward) does start, with the session's id in its environment. The MCP front's waiter records
// the session once Claude Code has exited (src/mcp/front-sh.ts, UNHOOKED). The transcript is the real
// one of such a session (test/fixtures/agents/claude-2.1.332/subfolder.jsonl), moved to this repository.
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { MCP_SCRIPT } from '../../src/agents/config/mcp-servers.js';
import { BIN, makeRepo, PATH_WITHOUT_TOOL, tempDir, type TestRepo } from '../helpers/repo.js';

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
function session(repo: TestRepo, home: string, folder: string, path: string): void {
  const cwd = join(repo.dir, folder);
  const r = spawnSync('sh', ['-c', 'sh -c "$1" </dev/null >/dev/null', 'claude', MCP_SCRIPT], {
    cwd,
    env: { ...repo.env, PATH: path, HOME: home, CLAUDE_CODE_SESSION_ID: ID, CLAUDE_PROJECT_DIR: cwd, CLAUDECODE: '1' },
    encoding: 'utf8',
  });
  expect(r.status, r.stderr).toBe(0);
}

/**
 * The real transcript, its scratch folder made `repo`, where Claude Code keeps it for a session
 * started in `folder`; its times moved so that its first record is now.
 */
function transcript(repo: TestRepo, home: string, folder: string): string {
  const cwd = join(repo.dir, folder);
  const dir = join(home, '.claude', 'projects', cwd.replace(/[^A-Za-z0-9]/g, '-'));
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${ID}.jsonl`);
  const text = readFileSync(FIXTURE, 'utf8').split('/tmp/agent-capture').join(repo.dir);
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
    expect(readFileSync(log, 'utf8').trim().split('\n')).toEqual(['hook agent session-end --agent claude --detached']);
    // Only memory files were committed; the user's tree is as it was.
    expect(repo.git('diff-tree', '--no-commit-id', '--name-only', '-r', 'HEAD').trim().split('\n').filter((f) => !f.startsWith('.openclaw_memory/'))).toEqual([]);
  });

  it("lists the commits it made, not one made before it: no start was recorded, so the transcript's first record splits the reflog", async () => {
    const repo = makeRepo();
    repo.commit('Add the app', { 'src/app.js': 'export const greet = (name) => `Hello, ${name}`;\n' });
    const { path, log } = install();
    const env = { ...repo.env, PATH: path };
    const git = (...args: string[]) => execFileSync('git', args, { cwd: repo.dir, env, encoding: 'utf8' });
    expect(repo.exec(['init', '--agent', 'claude', '--mcp'], { env: { PATH: path } }).code).toBe(0);
    git('add', '-A');
    // Made before the session: the post-commit hook spools it all the same.
    git('commit', '-q', '-m', 'Set up git-memory');
    await new Promise((r) => setTimeout(r, 1100));
    const home = tempDir('gm-claude-home-');
    transcript(repo, home, 'src');
    // A person's first commit comes seconds after the session's first record, not in its second:
    // the records of that second (the transcript's first ~0.2 s) all begin the session.
    await new Promise((r) => setTimeout(r, 1100));
    writeFileSync(join(repo.dir, 'src/app.js'), 'export const bye = 1;\n');
    git('commit', '-q', '-am', 'Add bye');
    const spool = readFileSync(join(repo.dir, '.git', 'git-memory', 'spool.jsonl'), 'utf8');
    expect(spool.split('\n').filter(Boolean)).toHaveLength(2);
    session(repo, home, 'src', path);
    expect(await until(() => repo.git('log', '-1', '--format=%s').startsWith('memory:'), 30_000), 'a memory commit').toBe(true);
    const text = readFileSync(join(repo.dir, '.openclaw_memory', 'journal', journal(repo)[0]!), 'utf8');
    const commits = /### Commits\n([\s\S]*?)(\n##|$)/.exec(text)?.[1] ?? '';
    expect(commits).toContain('Add bye');
    expect(commits).not.toContain('Set up git-memory');
    expect(readFileSync(log, 'utf8')).toContain('hook agent session-end --agent claude --detached');
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
