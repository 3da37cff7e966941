import { execFileSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseLongTerm } from '../../src/memory/long-term.js';
import { payload } from '../agents/fixtures.js';
import { agentHookIn } from '../helpers/agent-hook.js';
import { settled } from '../helpers/settled.js';
import { fixture, makeMemoryRepo, type TestRepo } from '../helpers/repo.js';

const LEARNED: [string, string][] = [
  ['src/cache.ts', 'The cache in src/cache.ts is per process; never share it across workers'],
  ['src/db.ts', 'Queries in src/db.ts must use the pool, not a new client'],
  ['src/api.ts', 'Always validate request bodies in src/api.ts with zod'],
  ['src/cache.ts', 'src/cache.ts is a per-process cache; do not share it across workers'],
];

/** Twelve sessions ended with `git memory end`, one a day, each after a commit to a code file. */
async function twelveSessions(repo: TestRepo): Promise<void> {
  for (let i = 0; i < 12; i++) {
    const day = `2026-11-${String(i + 1).padStart(2, '0')}`;
    const [file, fact] = LEARNED[i % LEARNED.length]!;
    // Committed on the session's day, as it would be (the session's clock is set, git's too).
    repo.write(file, `// ${i}\n`);
    repo.git('add', '--', file);
    execFileSync('git', ['commit', '-q', '-m', `Work ${i + 1}`], { cwd: repo.dir, env: { ...repo.env, GIT_AUTHOR_DATE: `${day}T09:00:00`, GIT_COMMITTER_DATE: `${day}T09:00:00` } });
    const summary = { request: `Session ${i + 1}`, learned: [fact], decisions: i === 3 ? ['Errors are returned as RFC 7807 problem JSON'] : [], completed: [`Step ${i + 1}`], next_steps: [`Step ${i + 2}`] };
    const r = await repo.run(['end', '--summary', JSON.stringify(summary), '--agent', 'claude'], { env: { GIT_MEMORY_NOW: `${day}T10:00:00` } });
    expect(r.code, r.stderr).toBe(0);
  }
}

const withSessions = fixture(async () => {
  const repo = await makeMemoryRepo({ now: '2026-11-13T09:00:00', until: 'file' });
  await twelveSessions(repo);
  return repo;
});

describe('git memory dream', () => {
  it('from twelve sessions: commits a readable MEMORY.md, the primer shows it, an edit marks a fact stale', async () => {
    const repo = await withSessions();
    const head = repo.git('rev-parse', 'HEAD').trim();
    const r = await repo.run(['dream', '--offline']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/dreamt over 12 sessions \(deterministic\)/);
    expect(repo.git('log', '-1', '--format=%s').trim()).toBe('memory: dream over 12 sessions');
    expect(repo.git('diff', '--name-only', `${head}..HEAD`).trim()).toBe('.openclaw_memory/MEMORY.md');
    const diff = repo.git('diff', `${head}..HEAD`);
    expect(diff).toContain('+- The cache in src/cache.ts is per process; never share it across workers <!-- sessions:');
    const doc = parseLongTerm(repo.read('.openclaw_memory/MEMORY.md'));
    // The same fact in two wordings is one entry, said in six sessions.
    const cache = doc.entries.filter((e) => e.text.includes('cache'));
    expect(cache).toHaveLength(1);
    expect(cache[0]!.seen).toBe(6);
    expect(cache[0]!.sessions).toHaveLength(5); // the newest five named (see SESSIONS_NAMED)
    expect(cache[0]!.files).toEqual(['src/cache.ts']);
    // `git memory diff` renders the change: the primer's Learned section at head.
    const d = await repo.run(['diff', `${head}..HEAD`]);
    expect(d.code, d.stderr).toBe(0);
    expect(d.stdout).toContain('per process');

    const p1 = await repo.run(['primer']);
    expect(p1.stdout).toContain('## Learned');
    expect(p1.stdout).toContain('- gotcha: The cache in src/cache.ts is per process; never share it across workers\n');
    expect(p1.stdout).toContain('RFC 7807');

    repo.commit('Rework the cache', { 'src/cache.ts': '// shared now\n' });
    const p2 = await repo.run(['primer']);
    expect(p2.stdout).toContain('The cache in src/cache.ts is per process; never share it across workers (may be stale: src/cache.ts changed in 1 commit)');
    expect(p2.stdout).toMatch(/Queries in src\/db\.ts must use the pool, not a new client\n/);
    const lint = await repo.run(['lint']);
    expect(lint.stdout).toMatch(/may be stale[\s\S]*The cache in src\/cache\.ts[\s\S]*src\/cache\.ts changed in 1 commit/);

    // A file deleted: its fact is flagged, then removed by the next dream.
    repo.git('rm', '-q', 'src/db.ts');
    repo.git('commit', '-q', '-m', 'Drop db');
    expect((await repo.run(['primer'])).stdout).toMatch(/must use the pool, not a new client \(may be stale: its files were deleted or renamed; the next dream removes it, or follows the rename\)/);
    const again = await repo.run(['dream', '--offline', '--force', '--json']);
    expect(again.code, again.stderr).toBe(0);
    expect(JSON.parse(again.stdout).report.removed.map((x: { text: string }) => x.text)).toEqual(['Queries in src/db.ts must use the pool, not a new client']);
    expect(repo.read('.openclaw_memory/MEMORY.md')).not.toContain('pool');
  }, 300_000);

  it('says how many open leads it wrote: next steps nobody took up are no facts, and were not counted at all', async () => {
    const repo = await makeMemoryRepo({ now: '2026-11-02T09:00:00' });
    const end = (request: string, next: string[], at: string) => repo.run(['end', '--summary', JSON.stringify({ request, completed: [`${request}: done`], next_steps: next })], { env: { GIT_MEMORY_NOW: at } });
    expect((await end('Add the invoice export', ['Paginate the invoice export', 'Add a CSV header row'], '2026-11-02T08:00:00')).code).toBe(0);
    expect((await end('Speed up the nightly job', ['Cache the exchange rates'], '2026-11-02T09:00:00')).code).toBe(0);
    const r = await repo.run(['dream', '--offline', '--force'], { env: { GIT_MEMORY_NOW: '2026-11-02T10:00:00' } });
    expect(r.stdout).toMatch(/: 0 added, 0 merged, 2 new open leads, /);
    expect(parseLongTerm(repo.read('.openclaw_memory/MEMORY.md')).entries.filter((e) => e.section === 'leads').map((e) => e.text)).toEqual(['Paginate the invoice export', 'Add a CSV header row']);
    // The next dream: the session the last one ended with ("Speed up the nightly job": its next step
    // was the primer's then) gives its lead now that a later session did not take it up; the leads
    // MEMORY.md holds already are not new.
    expect((await end('Fix a typo', [], '2026-11-03T09:00:00')).code).toBe(0);
    const again = await repo.run(['dream', '--offline', '--force', '--json'], { env: { GIT_MEMORY_NOW: '2026-11-03T10:00:00' } });
    expect(JSON.parse(again.stdout).report).toMatchObject({ sessions: 1, added: 0, leads: 1 });
    expect(parseLongTerm(repo.read('.openclaw_memory/MEMORY.md')).entries.filter((e) => e.section === 'leads').map((e) => e.text)).toEqual(['Paginate the invoice export', 'Add a CSV header row', 'Cache the exchange rates']);
    // One a later session took up is none.
    expect((await end('Cache the exchange rates', ['Expire the rate cache daily'], '2026-11-04T09:00:00')).code).toBe(0);
    expect((await end('Tidy the logs', [], '2026-11-04T10:00:00')).code).toBe(0);
    const third = await repo.run(['dream', '--offline', '--force', '--json'], { env: { GIT_MEMORY_NOW: '2026-11-04T11:00:00' } });
    expect(JSON.parse(third.stdout).report).toMatchObject({ sessions: 2, leads: 1 });
    expect(parseLongTerm(repo.read('.openclaw_memory/MEMORY.md')).entries.filter((e) => e.section === 'leads').map((e) => e.text)).toEqual(['Paginate the invoice export', 'Add a CSV header row', 'Expire the rate cache daily']);
  }, 300_000);

  it('runs only when due, unless --force', async () => {
    const repo = await makeMemoryRepo({ now: '2026-11-02T09:00:00' });
    const none = await repo.run(['dream', '--offline']);
    expect(none.code).toBe(0);
    expect(none.stdout).toMatch(/^no dream: not due: no session and no dream yet; --force runs it now/);
    await repo.run(['end', '--summary', JSON.stringify({ request: 'One', learned: ['Use tabs in Makefiles'] })], { env: { GIT_MEMORY_NOW: '2026-11-02T08:00:00' } });
    expect((await repo.run(['dream', '--offline'])).stdout).toMatch(/not due: 1 session and no dream yet \(due at 10\), 1 h since the last session \(due at 24 h\)/);
    // 24 hours idle makes it due.
    const idle = await repo.run(['dream', '--offline', '--json'], { env: { GIT_MEMORY_NOW: '2026-11-03T09:00:00' } });
    expect(JSON.parse(idle.stdout)).toMatchObject({ ran: true, sessions: 1 });
    const after = await repo.run(['dream', '--offline'], { env: { GIT_MEMORY_NOW: '2026-11-04T09:00:00' } });
    expect(after.stdout).toMatch(/no session since the last dream/);
  }, 300_000);

  it('a dream started twice runs once, across worktrees too', async () => {
    const repo = await withSessions();
    const [a, b] = await Promise.all([repo.run(['dream', '--offline', '--json']), repo.run(['dream', '--offline', '--json'])]);
    const ran = [JSON.parse(a.stdout), JSON.parse(b.stdout)];
    expect(ran.filter((d) => d.ran)).toHaveLength(1);
    expect(ran.find((d) => !d.ran).reason).toBe('another dream is running in this repository');
    expect(repo.git('log', '--format=%s').split('\n').filter((s) => s.startsWith('memory: dream'))).toHaveLength(1);
    // A live dream's lock in the common git directory stops a linked worktree's dream.
    const wt = join(repo.dir, '..', `${repo.dir.split('/').pop()}-wt`);
    repo.git('worktree', 'add', '-q', wt, '-b', 'other');
    writeFileSync(join(repo.dir, '.git', 'git-memory', 'dream.lock'), `${process.pid}\n${(await import('node:os')).hostname()}\n`);
    const { main } = await import('../../src/cli/main.js');
    let out = '';
    await main(['dream', '--offline', '--force'], { cwd: wt, env: repo.env, out: (t) => void (out += t), err: () => undefined, readStdin: async () => Buffer.alloc(0) });
    expect(out).toBe('no dream: another dream is running in this repository\n');
  }, 300_000);

  it('never during a rebase or merge; --branch leaves the working tree, index and HEAD alone', async () => {
    const repo = await withSessions();
    writeFileSync(join(repo.dir, '.git', 'MERGE_HEAD'), `${repo.git('rev-parse', 'HEAD')}`);
    const r = await repo.run(['dream', '--offline', '--force']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('a merge is in progress; the dream waits until it ends');
    const bg = await repo.run(['dream', '--offline', '--background']);
    expect(bg.code).toBe(0);
    expect(bg.stdout).toBe('no dream: a merge is in progress\n');
    repo.git('update-ref', '-d', 'MERGE_HEAD');

    repo.write('staged.txt', 'mine\n');
    repo.git('add', 'staged.txt');
    const head = repo.git('rev-parse', 'HEAD');
    const status = repo.git('status', '--porcelain');
    const b = await repo.run(['dream', '--offline', '--branch', 'memory/dream']);
    expect(b.code, b.stderr).toBe(0);
    expect(b.stdout).toContain('committed on new branch memory/dream');
    expect(repo.git('rev-parse', 'HEAD')).toBe(head);
    expect(repo.git('status', '--porcelain')).toBe(status);
    expect(existsSync(join(repo.dir, '.openclaw_memory', 'MEMORY.md'))).toBe(false);
    expect(repo.git('show', 'memory/dream:.openclaw_memory/MEMORY.md')).toContain('per process');
    expect(repo.git('rev-parse', 'memory/dream~1')).toBe(head);
    expect((await repo.run(['dream', '--offline', '--force', '--branch', 'memory/dream'])).stderr).toContain('branch memory/dream already exists');
  }, 300_000);

  it('starts from OpenClaw memory\'s long-term files, and leaves out an entry holding a secret', async () => {
    const repo = await makeMemoryRepo({ now: '2026-11-05T09:00:00' });
    repo.write('.openclaw_memory/agent/decisions.md', '---\ntype: decision\nimportance: 0.9\nreinforcement: 4\nupdated: 2026-10-01\n---\n\n- Postgres is the only database\n- Money is stored in cents\n');
    repo.write('.openclaw_memory/agent/patterns.md', '---\nimportance: 0.5\n---\n\n- Handlers return Result objects, never throw\n');
    const key = ['AKIA', 'Z7QW3ERT5YUI8OPA'].join('');
    await repo.run(['end', '--summary', JSON.stringify({ request: 'One', learned: ['The staging bucket is private'] })], { env: { GIT_MEMORY_NOW: '2026-11-04T08:00:00' } });
    // A secret that reached a session file by hand still never reaches MEMORY.md.
    repo.write('.openclaw_memory/journal/2026-11-04/0900-claude-zzzzzz.md', `---\nsession: 20261104-0900-zzzzzz\ndate: 2026-11-04\ntime: "09:00"\nagent: claude\n---\n\n## Session 09:00\n\n### Request\nTwo\n\n### Learned\n- The deploy key is ${key} for the bucket\n`);
    const r = await repo.run(['dream', '--offline', '--force', '--json']);
    expect(r.code, r.stderr).toBe(0);
    const text = repo.read('.openclaw_memory/MEMORY.md');
    expect(text).not.toContain(key);
    expect(r.stderr).toMatch(/left out of \.openclaw_memory\/MEMORY\.md: an entry that holds a secret/);
    const doc = parseLongTerm(text);
    expect(doc.entries.find((e) => e.text === 'Postgres is the only database')).toMatchObject({ section: 'decisions', seen: 4, date: '2026-10-01' });
    expect(doc.entries.find((e) => e.text.startsWith('Handlers return Result'))?.section).toBe('conventions');
    expect(doc.entries.some((e) => e.text === 'The staging bucket is private')).toBe(true);
  }, 300_000);

  // One repository for both (the same due dream): a compaction's start starts none; the next start
  // starts it in the background; a start after that dream starts none again.
  it('the session-start hook starts a due dream in the background, once; a compaction does not start one: the session goes on, and its start checked already', async () => {
    const repo = await withSessions();
    const r = await agentHookIn(repo, ['session-start', '--agent', 'claude'], { stdin: payload('claude/session-start.json', { cwd: repo.dir, source: 'compact' }) });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).hookSpecificOutput.additionalContext).toContain('# Project memory');
    await settled(repo); // every process the hook started has ended
    expect(existsSync(join(repo.dir, '.git', 'git-memory', 'dream.lock'))).toBe(false);
    expect(repo.git('log', '--format=%s').split('\n').filter((s) => s.startsWith('memory: dream'))).toHaveLength(0);
    // It was due: the next start runs it.
    const start = await agentHookIn(repo, ['session-start', '--agent', 'claude'], { stdin: payload('claude/session-start.json', { cwd: repo.dir }) });
    expect(start.code).toBe(0);
    expect(JSON.parse(start.stdout).hookSpecificOutput.additionalContext).toContain('# Project memory');
    await settled(repo); // the dream the hook started has ended
    expect(repo.git('log', '-1', '--format=%s')).toMatch(/^memory: dream over 12 sessions/);
    expect(existsSync(join(repo.dir, '.git', 'git-memory', 'dream.lock'))).toBe(false);
    const again = await agentHookIn(repo, ['session-start', '--agent', 'claude'], { stdin: payload('claude/session-start.json', { cwd: repo.dir }) });
    expect(again.code).toBe(0);
    await settled(repo); // every process the hook started has ended
    expect(repo.git('log', '--format=%s').split('\n').filter((s) => s.startsWith('memory: dream'))).toHaveLength(1);
  }, 300_000);
});
