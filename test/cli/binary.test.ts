import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, makeRepo, pathWithBin, ROOT, tempDir, testEnv } from '../helpers/repo.js';

// Black-box: the built binary, as a user runs it.
describe('the built git-memory binary', () => {
  it('prints its version from package.json', () => {
    const r = spawnSync(process.execPath, [BIN, '--version'], { encoding: 'utf8', env: testEnv() });
    expect(r.status).toBe(0);
    expect(r.stdout.trim()).toBe(JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version);
  });

  it('lists every command in its help', () => {
    const r = spawnSync(process.execPath, [BIN, '--help'], { encoding: 'utf8', env: testEnv() });
    expect(r.status).toBe(0);
    for (const c of ['init', 'primer', 'end', 'log', 'tasks', 'journal', 'commit', 'config']) expect(r.stdout).toMatch(new RegExp(`git memory ${c}\\b`));
    expect(r.stdout).toContain('Exit codes: 0 ok');
  });

  it('`help <command>` shows that command', () => {
    const r = spawnSync(process.execPath, [BIN, 'help', 'end'], { encoding: 'utf8', env: testEnv() });
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('--summary-file');
  });

  it.each([
    [[], /name a command/],
    [['frobnicate'], /unknown command: "frobnicate"/],
    [['primer', '--format', 'xml'], /Invalid values/],
    [['end', '--nope'], /Unknown arguments?: nope/],
  ])('exits 2 on bad usage %j', (args, message) => {
    const repo = makeRepo();
    const r = repo.exec(args as string[]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(r.stdout).toBe('');
  });

  it('init ends with what to do next: wire an agent, or commit the agent files it wrote', () => {
    const repo = makeRepo();
    const plain = repo.exec(['init']);
    expect(plain.code).toBe(0);
    expect(plain.stdout).toMatch(/Next: commit \.openclaw_memory\.toml and \.openclaw_memory\/[\s\S]*`git memory init --agent claude`/);
    const wired = repo.exec(['init', '--agent', 'claude']);
    expect(wired.stdout).toMatch(/created {3}\.claude\/settings\.json \(claude\)/);
    expect(wired.stdout).toContain('Next: commit .openclaw_memory.toml, .openclaw_memory/ and the agent files above.');
    expect(wired.stdout).not.toContain('--agent claude`');
  });

  it('exits 1 with one line outside a repository', () => {
    const r = spawnSync(process.execPath, [BIN, 'primer'], { cwd: tempDir(), encoding: 'utf8', env: testEnv() });
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/^error: not a git repository: /);
  });

  it('exit 2 for bad input and exit 3 for a secret, with --json errors on stdout', () => {
    const repo = makeRepo();
    const bad = repo.exec(['end', '--summary', '{oops', '--json']);
    expect(bad.code).toBe(2);
    expect(JSON.parse(bad.stdout)).toMatchObject({ ok: false, error: { code: 2 } });
    const secret = repo.exec(['end', '--summary', JSON.stringify({ request: `key ${['AKIA', 'Q3X7Z2W9K4M8N5P6'].join('')}` }), '--json']);
    expect(secret.code).toBe(3);
    expect(JSON.parse(secret.stdout).error.findings[0]).toMatchObject({ line: expect.any(Number) });
  });

  it('runs as `git memory` through git', () => {
    const repo = makeRepo({ now: '2026-11-22T14:30:00' });
    const env = { ...repo.env, PATH: pathWithBin() };
    execFileSync('git', ['memory', 'init'], { cwd: repo.dir, env });
    execFileSync('git', ['memory', 'end', '--summary', '{"request":"Through git","next_steps":["Try the primer"]}'], { cwd: repo.dir, env });
    const primer = execFileSync('git', ['memory', 'primer'], { cwd: repo.dir, env, encoding: 'utf8' });
    expect(primer).toContain('- Try the primer');
  });
});
