import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { expect } from 'vitest';
import { settled } from '../helpers/settled.js';
import { copyRepo, headId, makeRepo, pathWithBin, type TestRepo } from '../helpers/repo.js';

export const NOW = '2026-11-22T14:30:00';
export const DAY_OF = NOW.slice(0, 10);

/** A test repository whose git runs the installed hooks with the built git-memory on PATH. */
export interface HookedRepo extends TestRepo {
  /** git with the built git-memory on PATH (hooks call it). */
  g(...args: string[]): string;
  /** Same, returning status and both streams instead of throwing. */
  gTry(args: string[], opts?: { input?: string; env?: Record<string, string> }): { code: number; stdout: string; stderr: string };
  /** Commit ids in this worktree's spool (open and claimed), in order. */
  spoolShas(dir?: string): string[];
  /** Ends a session with the built binary and returns the commit ids its session file lists. */
  end(request?: string): Promise<{ path: string; commits: string[] }>;
}

/** Wraps a TestRepo so git runs with git-memory on PATH. */
export function hooked(repo: TestRepo, dir = repo.dir): HookedRepo {
  // pathWithBin's directory lives as long as the test, like the repository.
  const env = { ...repo.env, PATH: pathWithBin() };
  const gTry: HookedRepo['gTry'] = (args, o = {}) => {
    const r = spawnSync('git', args, { cwd: dir, env: { ...env, ...o.env }, input: o.input ?? '', encoding: 'utf8' });
    return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
  };
  const g = (...args: string[]) => execFileSync('git', args, { cwd: dir, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  const gitDir = () => g('rev-parse', '--absolute-git-dir').trim();
  const write = (p: string, t: string) => {
    mkdirSync(dirname(join(dir, p)), { recursive: true });
    writeFileSync(join(dir, p), t);
  };
  return {
    ...repo,
    dir,
    env,
    git: g,
    g,
    gTry,
    write,
    read: (p) => readFileSync(join(dir, p), 'utf8'),
    commit(message, files = { [`file-${Math.random().toString(36).slice(2, 8)}.txt`]: message }) {
      for (const [p, t] of Object.entries(files)) write(p, t);
      if (Object.keys(files).length) g('add', '--', ...Object.keys(files));
      g('commit', '-q', '-m', message);
      return headId(dir, g);
    },
    spoolShas(d = join(gitDir(), 'git-memory')) {
      const lines = ['spool.claimed.jsonl', 'spool.jsonl'].flatMap((f) => (existsSync(join(d, f)) ? readFileSync(join(d, f), 'utf8').split('\n') : []));
      return lines.filter(Boolean).flatMap((l) => {
        const e = JSON.parse(l) as { type: string; sha: string };
        return e.type === 'commit' ? [e.sha] : [];
      });
    },
    async end(request = 'Work on the app') {
      const out = execFileSync('git-memory', ['end', '--summary', JSON.stringify({ request, completed: ['Did it'] }), '--json'], {
        cwd: dir,
        env,
        encoding: 'utf8',
      });
      const data = JSON.parse(out) as { session: { path: string } };
      const text = readFileSync(join(dir, data.session.path), 'utf8');
      const section = text.split('### Commits')[1] ?? '';
      const commits = section.split('\n').flatMap((l) => /^- ([0-9a-f]{7,})\b/.exec(l)?.[1] ?? []);
      return { path: data.session.path, commits };
    },
  };
}

/**
 * The repositories initHooked copies, one per clock: made once per worker process (the test files
 * a worker runs share it, as they share makeRepo's; they only ever get copies of it).
 */
const setUp = new Map<string, Promise<TestRepo>>();

/**
 * A repository set up with `git memory init` (hooks installed) and the setup committed: made once
 * per worker and clock, and copied for each test (`until: 'file'`: a copy a test file's fixture keeps).
 */
export async function initHooked(opts: { now?: string; until?: 'test' | 'file' } = {}): Promise<HookedRepo> {
  const now = opts.now ?? NOW;
  let made = setUp.get(now);
  if (!made) {
    made = (async () => {
      const repo = hooked(makeRepo({ now, until: 'worker' }));
      const r = await repo.run(['init']);
      expect(r.code, r.stderr).toBe(0);
      repo.g('add', '.');
      repo.g('commit', '-q', '-m', 'Set up git-memory');
      // Whatever the commit's hook may have started has finished: every copy is the same.
      await settled(repo);
      rmSync(join(repo.dir, '.git', 'git-memory', 'spool.jsonl'), { force: true }); // sessions start after setup
      return repo;
    })();
    setUp.set(now, made);
    made.catch(() => setUp.delete(now));
  }
  return hooked(copyRepo(await made, opts.until));
}

/** Ids as session files list them: whole (an abbreviated id is ambiguous in a large history, issue 28). */
export const recordedIds = (shas: string[]) => [...shas];
