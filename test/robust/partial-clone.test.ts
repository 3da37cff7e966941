// A partial clone (`git clone --filter=tree:0` or `blob:none`): git fetches a missing object from
// the remote the moment a command needs it, a "lazy fetch". git-memory's hooks and commands read
// history (the primer's log with its files, a diff of memory between revisions), so they made git
// reach the remote — the network, inside an agent's session start or a git hook. Every git process
// git-memory starts is told not to (git/own-config.ts): here the remote stays reachable, and a
// fetch would show as a new promisor pack in the clone.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { payload } from '../agents/fixtures.js';
import { BIN, makeMemoryRepo, tempDir, testEnv, type TestRepo } from '../helpers/repo.js';

const TIMEOUT_MS = 20_000;

/** The packs a fetch brought into the clone (each lazy fetch writes one with a .promisor file). */
const promisorPacks = (dir: string) => readdirSync(join(dir, '.git', 'objects', 'pack')).filter((f) => f.endsWith('.promisor')).sort();

function exec(cwd: string, env: NodeJS.ProcessEnv, args: string[], stdin = '') {
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd, env, input: stdin, encoding: 'utf8', timeout: TIMEOUT_MS, killSignal: 'SIGKILL' });
  return { code: r.status, signal: r.signal, stdout: r.stdout, stderr: r.stderr };
}

let origin: TestRepo;
beforeAll(async () => {
  // A history with files in folders (trees a tree:0 clone leaves behind) and memory sessions.
  origin = await makeMemoryRepo({ until: 'file' });
  for (const n of [1, 2, 3, 4]) {
    origin.commit(`Change the parser, step ${n}`, { [`src/parser/p${n}.ts`]: `${n}\n` });
    const end = await origin.run(['end', '--summary', JSON.stringify({ request: `Parser step ${n}`, learned: [`Step ${n} needs a lexer`] })]);
    expect(end.code, end.stderr).toBe(0);
  }
  origin.git('config', 'uploadpack.allowFilter', 'true');
});

function clone(filter: string): { dir: string; env: NodeJS.ProcessEnv } {
  const dir = join(tempDir('gm-partial-'), 'clone');
  const env = testEnv({ OPENCLAW_MEMORY_HOME: tempDir('gm-home-') });
  const r = spawnSync('git', ['clone', '-q', `--filter=${filter}`, `file://${origin.dir}`, dir], { env, encoding: 'utf8' });
  expect(r.status, r.stderr).toBe(0);
  return { dir, env };
}

describe('a partial clone whose remote is reachable', () => {
  it('--filter=tree:0: the session start, the primer, end and the memory commands fetch nothing', () => {
    const { dir, env } = clone('tree:0');
    const before = promisorPacks(dir);
    const start = exec(dir, env, ['hook', 'agent', 'session-start', '--agent', 'claude'], payload('claude/session-start.json', { cwd: dir }));
    expect(start.signal).toBeNull();
    expect(start.code, start.stderr).toBe(0);
    expect(JSON.parse(start.stdout).hookSpecificOutput.additionalContext).toContain('# Project memory');
    for (const args of [['primer'], ['end', '--summary', JSON.stringify({ request: 'Read the parser' })], ['sessions'], ['search', 'lexer'], ['tasks']]) {
      const r = exec(dir, env, args);
      expect(r.signal, args[0]).toBeNull();
      expect(r.code, `${args[0]}: ${r.stderr}`).toBe(0);
    }
    // A diff over history the clone does not have fails, and says why and what to do.
    const diff = exec(dir, env, ['diff', 'HEAD~6..HEAD~1']);
    expect(diff.signal).toBeNull();
    if (diff.code !== 0) expect(diff.stderr).toContain('git-memory never fetches');
    expect(promisorPacks(dir)).toEqual(before);
  });

  it('--filter=tree:0: the primer lists the recent commits and the hot files git has without a fetch', () => {
    const { dir, env } = clone('tree:0');
    const before = promisorPacks(dir);
    const git = (...args: string[]) => {
      const r = spawnSync('git', args, { cwd: dir, env, encoding: 'utf8' });
      expect(r.status, r.stderr).toBe(0);
    };
    // A commit made here has its trees; the history from the clone has none.
    git('config', 'user.name', 'Jane Doe');
    git('config', 'user.email', 'jane@example.com');
    spawnSync('sh', ['-c', 'mkdir -p src/lexer && echo 1 > src/lexer/l.ts'], { cwd: dir });
    git('add', 'src/lexer/l.ts');
    git('commit', '-q', '-m', 'Add the lexer');
    const r = exec(dir, env, ['primer', '--no-write']);
    expect(r.code, r.stderr).toBe(0);
    const section = (name: string) => (r.stdout.split(`## ${name}\n`)[1] ?? '').split('\n\n')[0]!.split('\n').filter((l) => l.startsWith('- '));
    const subjects = section('Recent commits').map((l) => l.replace(/^- \S+ /, ''));
    const hotFiles = section('Hot files').map((l) => ({ path: l.slice(2).replace(/ \(.*$/, '') }));
    expect(subjects.slice(0, 5)).toEqual(['Add the lexer', 'Change the parser, step 4', 'Change the parser, step 3', 'Change the parser, step 2', 'Change the parser, step 1']);
    // The memory commits (told by their subject where their files are not known) stay out.
    expect(subjects.filter((s) => s.startsWith('memory: '))).toEqual([]);
    expect(hotFiles.map((h) => h.path)).toContain('src/lexer/l.ts');
    expect(promisorPacks(dir)).toEqual(before);
  });

  it('--filter=blob:none: a diff of memory between old revisions fetches nothing', () => {
    const { dir, env } = clone('blob:none');
    const before = promisorPacks(dir);
    for (const args of [['primer'], ['diff', 'HEAD~6..HEAD~2'], ['show']]) {
      const r = exec(dir, env, args);
      expect(r.signal, args[0]).toBeNull();
      if (r.code !== 0) expect(r.stderr, args[0]).toContain('git-memory never fetches');
    }
    expect(promisorPacks(dir)).toEqual(before);
  });
});
