// Issue 27 §2: the commands people reach for first — sessions, show, tasks rm, primer --for,
// completion — and the hints that help when a command is mistyped.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, makeMemoryRepo, makeRepo, type TestRepo } from '../helpers/repo.js';

const summary = (request: string, extra: Record<string, unknown> = {}) => JSON.stringify({ request, learned: [`learned while: ${request}`], ...extra });

/** Three sessions: two on main (the second with a commit), one on feature/auth by codex, a day later. */
async function threeSessions(): Promise<TestRepo> {
  const repo = await makeMemoryRepo({ now: '2026-11-20T09:00:00Z' });
  expect((await repo.run(['end', '--summary', summary('Set up CI'), '--agent', 'claude'])).code).toBe(0);
  repo.commit('Add the login route', { 'src/login.ts': 'export {}\n', 'src/routes.ts': 'export {}\n' });
  // What the post-commit hook does after each commit: the commit is recorded for the session that ends next.
  expect(repo.exec(['hook', 'post-commit']).code).toBe(0);
  expect((await repo.run(['end', '--summary', summary('Add login'), '--agent', 'claude'], { env: { GIT_MEMORY_NOW: '2026-11-20T10:00:00Z' } })).code).toBe(0);
  repo.git('checkout', '-q', '-b', 'feature/auth');
  expect((await repo.run(['end', '--summary', summary('Refresh tokens'), '--agent', 'codex'], { env: { GIT_MEMORY_NOW: '2026-11-21T11:00:00Z' } })).code).toBe(0);
  return repo;
}

describe('git memory sessions', () => {
  it('lists sessions newest first with date, agent, branch, commits and request; filters by branch, agent and since', async () => {
    const repo = await threeSessions();
    const all = await repo.run(['sessions'], { env: { GIT_MEMORY_NOW: '2026-11-21T12:00:00Z' } });
    expect(all.code, all.stderr).toBe(0);
    const lines = all.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^2026-11-21 \d\d:\d\d {2}codex {2}feature\/auth {2}0 commits {2}Refresh tokens {2}20261121-/);
    expect(lines[1]).toMatch(/ {2}claude\S* {2}main {2}1 commit {2}Add login {2}/);
    expect((await repo.run(['sessions', '--branch', 'main'])).stdout.trimEnd().split('\n')).toHaveLength(2);
    expect((await repo.run(['sessions', '--agent', 'codex'])).stdout).toContain('Refresh tokens');
    expect((await repo.run(['sessions', '--agent', 'codex'])).stdout).not.toContain('Add login');
    expect((await repo.run(['sessions', '--since', '2026-11-21'])).stdout.trimEnd().split('\n')).toHaveLength(1);
    const week = await repo.run(['sessions', '--since', '1d'], { env: { GIT_MEMORY_NOW: '2026-11-21T12:00:00Z' } });
    expect(week.stdout.trimEnd().split('\n')).toHaveLength(3);
    const json = JSON.parse((await repo.run(['sessions', '--json', '--limit', '2'])).stdout);
    expect(json).toMatchObject({ ok: true, total: 3 });
    expect(json.sessions.map((s: { request: string }) => s.request)).toEqual(['Refresh tokens', 'Add login']);
    expect(json.sessions[0].file).toMatch(/^\.openclaw_memory\/journal\/2026-11-21\/\d{4}-codex-.+\.md$/);
    expect((await repo.run(['sessions', '--branch', 'nope'])).stdout).toBe('no session matches (3 in the journal)\n');
    const bad = await repo.run(['sessions', '--since', 'last tuesday']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('use YYYY-MM-DD, or 7d (days) or 2w (weeks)');
  });

  it('says so when the journal is empty', async () => {
    const repo = await makeMemoryRepo();
    expect((await repo.run(['sessions'])).stdout).toBe('no sessions in the journal yet\n');
  });
});

describe('git memory show', () => {
  it('shows a session with its commits subjects and files, by id part; the newest by default', async () => {
    const repo = await threeSessions();
    const json = JSON.parse((await repo.run(['sessions', '--json', '--branch', 'main'])).stdout);
    const login = json.sessions[0];
    const r = await repo.run(['show', login.id.slice(-6)]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain(`session ${login.id}  (${login.file})`);
    expect(r.stdout).toContain('### Request\nAdd login\n');
    expect(r.stdout).toContain('### Learned\n- learned while: Add login\n');
    expect(r.stdout).toMatch(/### Commits\n- [0-9a-f]{7,} Add the login route\n {4}src\/login\.ts\n {4}src\/routes\.ts/);
    const data = JSON.parse((await repo.run(['show', login.id, '--json'])).stdout);
    expect(data.commits).toEqual([{ sha: expect.any(String), subject: 'Add the login route', files: ['src/login.ts', 'src/routes.ts'] }]);
    expect((await repo.run(['show'])).stdout).toContain('Refresh tokens');
    expect((await repo.run(['show', login.file])).stdout).toContain('Add login');
    const none = await repo.run(['show', 'zzzzzz']);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('no session matches "zzzzzz"');
    const many = await repo.run(['show', '202611']);
    expect(many.code).toBe(2);
    expect(many.stderr).toContain('3 sessions match "202611"');
  });
});

describe('git memory tasks rm', () => {
  it('removes the named tasks, keeps the others, and refuses an unknown id without writing', async () => {
    const repo = await makeMemoryRepo();
    await repo.run(['tasks', 'add', 'Implement logout']);
    await repo.run(['tasks', 'add', 'Write docs']);
    const [logout, docs] = JSON.parse((await repo.run(['tasks', '--json'])).stdout).tasks;
    const r = await repo.run(['tasks', 'rm', logout.id]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain(`removed ${logout.id}: Implement logout`);
    const left = JSON.parse((await repo.run(['tasks', '--json', '--all'])).stdout).tasks;
    expect(left.map((t: { id: string }) => t.id)).toEqual([docs.id]);
    const before = repo.read('.openclaw_memory/TASKS.md');
    const bad = await repo.run(['tasks', 'rm', 't-nope']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('no task with id t-nope');
    expect(repo.read('.openclaw_memory/TASKS.md')).toBe(before);
  });
});

describe('git memory primer --for', () => {
  it('resume: the primer plus what this session logged; PRIMER.md not written', async () => {
    const repo = await makeMemoryRepo();
    await repo.run(['log', 'The staging database is read-only on Fridays', '--kind', 'learned']);
    const start = await repo.run(['primer', '--no-write']);
    const r = await repo.run(['primer', '--for', 'resume']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.startsWith(start.stdout.trimEnd())).toBe(true);
    expect(r.stdout).toContain('## Logged in this session, not yet in the journal\n- (learned) The staging database is read-only on Fridays');
    expect(start.stdout).not.toContain('Logged in this session');
    const json = JSON.parse((await repo.run(['primer', '--for', 'resume', '--json'])).stdout);
    expect(json.added).toContain('The staging database is read-only on Fridays');
    expect(json.for).toBe('resume');
  });

  it('compact without an open agent session: the resume text, and a warning saying what a compaction adds', async () => {
    const repo = await makeMemoryRepo();
    const r = await repo.run(['primer', '--for', 'compact']);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('no agent session is open in this worktree');
  });

  it('compact with an open session whose transcript is gone: the primer and its logged items, and a warning, not an error', async () => {
    const repo = await makeMemoryRepo();
    const payload = { session_id: 'gone-1', transcript_path: join(repo.dir, '..', 'gone.jsonl'), cwd: repo.dir, hook_event_name: 'SessionStart', source: 'startup' };
    expect(repo.exec(['hook', 'agent', 'session-start', '--agent', 'claude'], { stdin: JSON.stringify(payload) }).code).toBe(0);
    await repo.run(['log', 'The staging database is read-only on Fridays', '--kind', 'learned']);
    const r = repo.exec(['primer', '--for', 'compact'], { env: { CLAUDE_CODE_SESSION_ID: 'gone-1' } });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^# Project memory/);
    expect(r.stdout).toContain('- (learned) The staging database is read-only on Fridays');
    expect(r.stderr).toContain('cannot read the transcript');
    expect(r.stderr).not.toContain('internal error');
  });
});

describe('git memory completion', () => {
  it('prints a bash and a zsh script, and the words that can follow, from the commands and options', async () => {
    const repo = makeRepo();
    const bash = await repo.run(['completion', 'bash']);
    expect(bash.stdout).toContain('_git_memory()');
    expect((await repo.run(['completion', 'zsh'])).stdout).toContain('compdef _git-memory git-memory');
    const cmds = (await repo.run(['completion', '--words', '--', 'se'])).stdout.split('\n');
    expect(cmds).toEqual(expect.arrayContaining(['sessions', 'show', 'search', 'tasks']));
    const flags = (await repo.run(['completion', '--words', '--', 'sessions', '--'])).stdout.split('\n');
    expect(flags).toEqual(expect.arrayContaining(['--branch', '--agent', '--since', '--json']));
    // The script itself, run by bash: `git-memory ses<TAB>` offers sessions (the binary, as a shell would run it).
    const shim = `git-memory() { node ${JSON.stringify(BIN)} "$@"; }\n`;
    const out = spawnSync('bash', ['-c', `${shim}${bash.stdout}\nCOMP_WORDS=(git-memory ses); COMP_CWORD=1; _git_memory_direct; printf '%s\\n' "\${COMPREPLY[@]}"`], { cwd: repo.dir, env: repo.env, encoding: 'utf8' });
    expect(out.stdout.split('\n').filter(Boolean).sort()).toEqual(['sessions']);
  });
});

describe('hints', () => {
  it('did you mean: summary keys and flags; the failing command named in "see git memory help"', async () => {
    const repo = await makeMemoryRepo();
    const keys = await repo.run(['end', '--summary', JSON.stringify({ request: 'x', next_step: ['a'], learnings: ['b'] })]);
    expect(keys.code).toBe(2);
    expect(keys.stderr).toContain('next_step: unknown key (did you mean "next_steps"?)');
    expect(keys.stderr).toContain('learnings: unknown key (did you mean "learned"?)');
    const flag = await repo.run(['end', '--sumary', '{}']);
    expect(flag.stderr).toContain('did you mean --summary?');
    const cap = await repo.run(['primer', '--max-tokens', '5']);
    expect(cap.code).toBe(2);
    expect(cap.stderr).toContain('see `git memory help primer`');
  });

  it('a config error names where the example file is; a range on a remote the clone lacks says so', async () => {
    const repo = await makeMemoryRepo();
    repo.write('.openclaw_memory.toml', '[primer\n');
    const bad = await repo.run(['primer']);
    expect(bad.stderr).toMatch(/see \/\S+\/\.openclaw_memory\.toml\.example for the format/);
    repo.git('checkout', '-q', '.openclaw_memory.toml');
    const scan = await repo.run(['scan', 'origin/main...HEAD']);
    expect(scan.code).toBe(2);
    expect(scan.stderr).toContain('unknown revision "origin/main": this clone has no remote');
    // A revision shaped like an option names no remote: no `git remote add --output=… URL` to run.
    for (const rev of ['--output=x/y', 'a b/main']) {
      const odd = await repo.run(['diff', '--', `${rev}...HEAD`]);
      expect(odd.code, rev).toBe(2);
      expect(odd.stderr, rev).not.toContain('git remote add');
    }
  });

  it('init --agent aider says what Aider gets and how its sessions are recorded', async () => {
    const repo = makeRepo();
    const r = await repo.run(['init', '--agent', 'aider', '--no-hooks']);
    expect(r.stdout).toContain('Aider has no hooks: it reads .openclaw_memory/PRIMER.md when it starts');
    expect(r.stdout).toContain('git memory end --summary');
    expect(r.stdout).not.toContain('Agents with hooks now get the primer');
  });
});
