// The primer's reading of memory's files, kept beside the status of every file it read
// (commands/steps/kept-reading.ts): the next primer takes it where nothing it read changed, after a
// commit too (git's answers are asked as before); any input that changed, and the files are read
// again. Each case compares the primer with one built from nothing at the same moment: the two must
// be the same bytes.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { serializeSession } from '../../src/memory/session.js';
import { BIN, makeMemoryRepo, type TestRepo } from '../helpers/repo.js';

const STATE = join('.git', 'git-memory');
const KEPT = ['primer-read.json', 'primer-built.json'];

/** The primer at `now`: its output, and whether it took the kept reading (GIT_MEMORY_TRACE on standard error). */
function primer(repo: TestRepo, now: string, args: string[] = []): { out: string; kept: boolean } {
  const r = repo.exec(['primer', ...args], { env: { GIT_MEMORY_NOW: now, GIT_MEMORY_TRACE: '2' } });
  expect(r.code, r.stderr).toBe(0);
  return { out: r.stdout, kept: r.stderr.includes('primer: kept reading used') };
}

/** The primer at `now` read and built from nothing: what is kept taken away first (and put back after). */
function fresh(repo: TestRepo, now: string, args: string[] = []): string {
  const saved = KEPT.map((name) => {
    const path = join(repo.dir, STATE, name);
    try {
      return readFileSync(path, 'utf8');
    } catch {
      return null;
    }
  });
  for (const name of KEPT) rmSync(join(repo.dir, STATE, name), { force: true });
  const p = primer(repo, now, args);
  expect(p.kept).toBe(false);
  KEPT.forEach((name, i) => {
    if (saved[i] !== null) writeFileSync(join(repo.dir, STATE, name), saved[i]!);
  });
  return p.out;
}

function end(repo: TestRepo, now: string, summary: object): void {
  const r = repo.exec(['end', '--summary', JSON.stringify(summary)], { env: { GIT_MEMORY_NOW: now } });
  expect(r.code, r.stderr).toBe(0);
}

/** A repository with two sessions, a task, MEMORY.md and the user's files, whose reading is kept (a primer read it). */
async function kept(): Promise<TestRepo> {
  const repo = await makeMemoryRepo({ now: '2026-12-01T09:00:00Z' });
  mkdirSync(join(repo.home, 'user'), { recursive: true });
  writeFileSync(join(repo.home, 'user', 'entities.md'), '- Jane Doe, billing team\n');
  repo.commit('memory: conventions', { '.openclaw_memory/MEMORY.md': '# Long-term memory\n\n## Conventions\n\n- Amounts are integer cents\n' });
  end(repo, '2026-12-01T10:00:00Z', { request: 'Round invoices', learned: ['Invoices round half up'], next_steps: ['Test rounding of refunds'] });
  end(repo, '2026-12-01T10:30:00Z', { request: 'Refund webhooks', learned: ['Webhooks retry five times'] });
  const r = repo.exec(['tasks', 'add', 'Document the rounding rule'], { env: { GIT_MEMORY_NOW: '2026-12-01T10:40:00Z' } });
  expect(r.code, r.stderr).toBe(0);
  // What `end` just wrote may have changed too recently to be kept by the primer it built: the next ones keep it.
  primer(repo, '2026-12-01T10:50:00Z');
  primer(repo, '2026-12-01T10:51:00Z');
  return repo;
}

describe("the primer's reading of the files, kept", () => {
  it('is taken by the next primer, and after a commit, byte for byte a fresh build', async () => {
    const repo = await kept();
    const again = primer(repo, '2026-12-01T11:00:00Z');
    expect(again.kept).toBe(true);
    expect(again.out).toContain('Invoices round half up');
    expect(again.out).toContain('Document the rounding rule');
    expect(again.out).toContain('Jane Doe, billing team');
    expect(again.out).toBe(fresh(repo, '2026-12-01T11:00:00Z'));
    // A commit moves HEAD and the log: git is asked, the files are not read again.
    repo.commit('Add the refunds module', { 'src/refunds.ts': 'export {};\n' });
    const after = primer(repo, '2026-12-01T11:05:00Z');
    expect(after.kept).toBe(true);
    expect(after.out).toContain('Add the refunds module');
    expect(after.out).toBe(fresh(repo, '2026-12-01T11:05:00Z'));
  });

  it('is read again when any file, the settings, the branch, the budget or the day changed', async () => {
    const repo = await kept();
    let minute = 10;
    const changed = (what: string, change: () => void, at?: string, args: string[] = []) => {
      // Kept by the primer before (or, where its files had changed within the clock's lag of it, by this one).
      const before = () => primer(repo, `2026-12-01T11:${String(minute++).padStart(2, '0')}:00Z`).kept;
      expect(before() || before(), `${what}: before`).toBe(true);
      change();
      const now = at ?? `2026-12-01T11:${String(minute++).padStart(2, '0')}:00Z`;
      const after = primer(repo, now, args);
      expect(after.kept, what).toBe(false);
      expect(after.out, what).toBe(fresh(repo, now, args));
      return after.out;
    };
    const first = repo.git('ls-files', '--', '.openclaw_memory/journal/2026-12-01').split('\n').find((p) => readFileSync(join(repo.dir, p), 'utf8').includes('Invoices round half up'))!;
    // Edited in place, to the same size: only the file's own times say so.
    expect(changed('a session file edited', () => writeFileSync(join(repo.dir, first), readFileSync(join(repo.dir, first), 'utf8').replace('half up', 'half on')))).toContain('Invoices round half on');
    // Written as a branch merged in brings it (`end` would build the primer itself, and keep it where it could).
    const added = serializeSession({ id: '20261201-1115-cccccc', date: '2026-12-01', time: '11:15', agent: 'claude', branch: 'main', request: 'Audit log', learned: ['Audit entries are append only'], decisions: [], completed: [], next_steps: [], notes: [], commits: [] }, 'en');
    expect(changed('a session file added', () => repo.write('.openclaw_memory/journal/2026-12-01/1115-claude-cccccc.md', added))).toContain('Audit entries are append only');
    expect(changed('MEMORY.md', () => repo.write('.openclaw_memory/MEMORY.md', '# Long-term memory\n\n## Gotchas\n\n- Refunds are never rounded\n'))).toContain('Refunds are never rounded');
    expect(changed('TASKS.md', () => repo.write('.openclaw_memory/TASKS.md', `${repo.read('.openclaw_memory/TASKS.md')}- [ ] Add the audit export\n`))).toContain('Add the audit export');
    expect(changed("the user's files", () => writeFileSync(join(repo.home, 'user', 'preferences.md'), '- Small commits\n'))).toContain('Small commits');
    expect(changed('the settings', () => writeFileSync(join(repo.dir, '.openclaw_memory.toml'), '[project]\nname = "ledger"\n'))).toContain('ledger');
    changed('a session file removed', () => rmSync(join(repo.dir, first)));
    expect(changed('a branch switch', () => repo.git('checkout', '-q', '-b', 'refunds'))).toContain('refunds');
    changed('the budget', () => undefined, undefined, ['--max-tokens', '150']);
    // One reading is kept: the one for the default budget is read again first.
    primer(repo, `2026-12-01T11:${String(minute++).padStart(2, '0')}:00Z`);
    changed('the window', () => undefined, undefined, ['--days', '1']);
    primer(repo, `2026-12-01T11:${String(minute++).padStart(2, '0')}:00Z`);
    expect(changed('the day', () => undefined, '2026-12-02T08:00:00Z')).toContain('2026-12-02');
  });

  it('is read again when a session comes in between a window moved back and today', async () => {
    const repo = await kept();
    // Nine days on, the window has no session: it moves back to end on 2026-12-01.
    primer(repo, '2026-12-10T09:00:00Z');
    expect(primer(repo, '2026-12-10T09:01:00Z').kept).toBe(true);
    // A session of a day in between, from a branch merged in (ended in its own worktree, whose kept state is its own).
    const other = join(repo.dir, '..', `${repo.dir.split('/').pop()}-other`);
    repo.git('worktree', 'add', '-q', '-b', 'ledgers', other);
    const r = spawnSync(process.execPath, [BIN, 'end', '--summary', JSON.stringify({ request: 'Export ledgers', learned: ['Ledger exports are CSV'] })], { cwd: other, env: { ...repo.env, GIT_MEMORY_NOW: '2026-12-05T15:00:00Z' }, encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    repo.git('merge', '-q', '--ff-only', 'ledgers');
    const now = primer(repo, '2026-12-10T09:02:00Z');
    expect(now.kept).toBe(false);
    expect(now.out).toContain('Ledger exports are CSV');
    expect(now.out).toBe(fresh(repo, '2026-12-10T09:02:00Z'));
  });

  it('is not kept where a file read is a symbolic link, whose target may change with the link as it is', async () => {
    const repo = await kept();
    const target = join(repo.home, 'entities-real.md');
    writeFileSync(target, '- Jane Doe, billing team\n');
    rmSync(join(repo.home, 'user', 'entities.md'));
    symlinkSync(target, join(repo.home, 'user', 'entities.md'));
    primer(repo, '2026-12-01T11:00:00Z');
    expect(primer(repo, '2026-12-01T11:01:00Z').kept).toBe(false);
    writeFileSync(target, '- Jane Doe, payments team\n');
    const now = primer(repo, '2026-12-01T11:02:00Z');
    expect(now.kept).toBe(false);
    expect(now.out).toContain('payments team');
  });

  it('is not taken when the file kept is damaged', async () => {
    const repo = await kept();
    const path = join(repo.dir, STATE, 'primer-read.json');
    const text = readFileSync(path, 'utf8');
    const [key, status] = text.split('\n');
    for (const damaged of ['', 'not json', `${key}\n{`, `${key}\n${status}\n{"base": 1`, `${key}\n${status}\n{}`, `${key}\n{"memory":[0,0],"paths":[],"status":[]}\n{}`]) {
      writeFileSync(path, damaged);
      rmSync(join(repo.dir, STATE, 'primer-built.json'), { force: true });
      const r = repo.exec(['primer'], { env: { GIT_MEMORY_NOW: '2026-12-01T11:00:00Z', GIT_MEMORY_TRACE: '2' } });
      expect(r.code, damaged.slice(0, 40)).toBe(0);
      expect(r.stdout).toContain('Invoices round half up');
    }
  });
});
