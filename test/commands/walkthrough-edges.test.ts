import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { makeMemoryRepo, makeRepo, tempDir, testEnv } from '../helpers/repo.js';

/** Runs the CLI in-process in `cwd` (a directory makeRepo did not make: a bare clone). */
async function runIn(cwd: string, args: string[], env: NodeJS.ProcessEnv) {
  let stdout = '';
  let stderr = '';
  const code = await main(args, { cwd, env, out: (t) => void (stdout += t), err: (t) => void (stderr += t), readStdin: async () => Buffer.alloc(0) });
  return { code, stdout, stderr };
}

describe('uninstall and the committed .gitattributes', () => {
  it("leaves the team's .openclaw_memory/.gitattributes as committed, and says so", async () => {
    const repo = await makeMemoryRepo();
    const attributes = repo.read('.openclaw_memory/.gitattributes');
    expect(attributes).toContain('TASKS.md merge=git-memory-tasks');
    const r = await repo.run(['uninstall']);
    expect(r.code, r.stderr).toBe(0);
    expect(repo.git('status', '--short')).toBe('');
    expect(repo.read('.openclaw_memory/.gitattributes')).toBe(attributes);
    expect(r.stdout).not.toContain('removed the TASKS.md line');
    expect(r.stdout).toContain('.openclaw_memory/.gitattributes is kept');
    expect(r.stdout).toContain('removed the git-memory-tasks merge driver from git config');
    const json = JSON.parse((await repo.run(['uninstall', '--json'])).stdout);
    expect(json.mergeDriver).toEqual({ attributes: 'kept', config: 'absent' });
  });
});

describe('commit and an edited config', () => {
  it('names the edited .openclaw_memory.toml it leaves for the user, in text and --json', async () => {
    const repo = await makeMemoryRepo();
    repo.write('.openclaw_memory.toml', `${repo.read('.openclaw_memory.toml')}# mine\n`);
    const r = await repo.run(['commit']);
    expect(r.code, r.stderr).toBe(0);
    // Not "up to date": a file was held back, and the first line says so.
    expect(r.stdout).toBe('1 file not committed: .openclaw_memory.toml (changes of yours: git-memory leaves it for you to commit: git commit .openclaw_memory.toml)\n');
    const json = JSON.parse((await repo.run(['commit', '--json'])).stdout);
    expect(json).toMatchObject({ commit: null, leftToYou: ['.openclaw_memory.toml'] });
    expect(repo.git('status', '--short')).toBe(' M .openclaw_memory.toml\n');
    repo.git('commit', '-qam', 'config');
    const clean = await repo.run(['commit', '--json']);
    expect(JSON.parse(clean.stdout).leftToYou).toEqual([]);
    expect((await repo.run(['commit'])).stdout).toBe('nothing to commit: memory is up to date\n');
  });
});

describe('impossible dates', () => {
  it('are refused with exit 2 by search --since/--until and journal alike', async () => {
    const repo = await makeMemoryRepo();
    for (const args of [
      ['search', 'x', '--since', '2026-13-01'],
      ['search', 'x', '--since', '2026-02-30'],
      ['search', 'x', '--until', '2026-02-30'],
      ['search', 'x', '--until', '2026-04-31'],
      ['journal', '2026-02-30'],
      ['journal', '2026-13-01'],
    ]) {
      const r = await repo.run(args);
      expect(r.code, `${args.join(' ')}: ${r.stdout}${r.stderr}`).toBe(2);
    }
    // Real days, a leap day among them, still go through.
    expect((await repo.run(['search', 'x', '--since', '2028-02-29', '--until', '2028-12-31'])).code).toBe(0);
    expect((await repo.run(['journal', '2028-02-29'])).code).toBe(0);
  });
});

describe('end in a repository that never ran init', () => {
  it('leaves no untracked PRIMER.md for a later git add -A to commit', async () => {
    const repo = makeRepo();
    const r = await repo.run(['end', '--summary', '{"request":"no init"}']);
    expect(r.code, r.stderr).toBe(0);
    expect(repo.git('status', '--short', '--untracked-files=all')).toBe('');
    expect(existsSync(join(repo.dir, '.openclaw_memory', 'PRIMER.md'))).toBe(false);
    expect(r.stdout).toContain('not written to a file: `git memory init` sets the repository up');
    // After init, the .gitignore keeps it out and the next end writes it.
    expect((await repo.run(['init', '--no-hooks'])).code).toBe(0);
    expect((await repo.run(['end', '--summary', '{"request":"after init"}'])).code).toBe(0);
    expect(existsSync(join(repo.dir, '.openclaw_memory', 'PRIMER.md'))).toBe(true);
    expect(repo.git('status', '--short', '--', '.openclaw_memory/PRIMER.md')).toBe('');
  });
});

describe('a bare repository', () => {
  it('runs scan --all, a range scan and diff; other commands say it has no working tree, exit 1', async () => {
    const repo = await makeMemoryRepo();
    const base = repo.git('rev-parse', 'HEAD').trim();
    expect((await repo.run(['end', '--summary', '{"request":"add webhook retries"}'])).code).toBe(0);
    const bare = join(tempDir('gm-bare-'), 'bare.git');
    execFileSync('git', ['clone', '-q', '--bare', repo.dir, bare], { env: repo.env });
    const env = testEnv({ OPENCLAW_MEMORY_HOME: repo.home });

    const all = await runIn(bare, ['scan', '--all'], env);
    expect(all.code, all.stderr).toBe(0);
    expect(all.stdout).toContain('no secrets in');
    const range = await runIn(bare, ['scan', `${base}...HEAD`], env);
    expect(range.code, range.stderr).toBe(0);
    const diff = await runIn(bare, ['diff', `${base}...HEAD`], env);
    expect(diff.code, diff.stderr).toBe(0);
    expect(diff.stdout).toContain('1 session added');

    for (const [args, name] of [
      [['scan'], 'git memory scan'],
      [['search', 'webhook'], 'git memory search'],
      [['journal'], 'git memory journal'],
      [['primer'], 'git memory primer'],
    ] as const) {
      const r = await runIn(bare, [...args], env);
      expect(r.code, r.stdout).toBe(1);
      expect(r.stderr).toContain(`a bare repository has no working tree: ${name} needs one`);
      expect(r.stderr).not.toContain('not a git repository');
    }
  });
});
