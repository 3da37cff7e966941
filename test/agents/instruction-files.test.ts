import { existsSync, lstatSync, mkdirSync, readFileSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeRepo, tempDir, type TestRepo } from '../helpers/repo.js';
import { fixture } from './fixtures.js';

/** Which agent instruction file reads the marked section (through a link too). */
const INSTRUCTION_FILES = ['CLAUDE.md', 'AGENTS.md', 'GEMINI.md', 'CONTEXT.md'];

async function ok(repo: TestRepo, args: string[]) {
  const r = await repo.run(args);
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  return r;
}

/** How many times the section is in the file, 0 when the file is absent. */
function sections(repo: TestRepo, path: string): number {
  if (!existsSync(join(repo.dir, path))) return 0;
  return (repo.read(path).match(/<!-- >>> git-memory >>> -->/g) ?? []).length;
}

function snapshot(repo: TestRepo): Record<string, string | null> {
  const files = [...INSTRUCTION_FILES, '.gemini/settings.json', '.codex/hooks.json', '.claude/settings.json', '.cursor/hooks.json'];
  return Object.fromEntries(files.map((f) => [f, existsSync(join(repo.dir, f)) ? repo.read(f) : null]));
}

/** A repository whose CLAUDE.md is a link to its AGENTS.md, as many teams keep them. */
function linkedRepo(): TestRepo {
  const repo = makeRepo();
  repo.write('AGENTS.md', '# Team rules\n');
  symlinkSync('AGENTS.md', join(repo.dir, 'CLAUDE.md'));
  return repo;
}

describe('uninstall --agent with CLAUDE.md linked to AGENTS.md: one file, read by both', () => {
  it('uninstalling Claude Code keeps the section Codex reads; uninstalling Codex then takes it out', async () => {
    const repo = linkedRepo();
    await ok(repo, ['init', '--no-hooks', '--agent', 'claude,codex']);
    expect(sections(repo, 'AGENTS.md')).toBe(1);

    const r = await ok(repo, ['uninstall', '--agent', 'claude']);
    expect(r.stdout).not.toMatch(/CLAUDE\.md|AGENTS\.md/);
    expect(sections(repo, 'AGENTS.md')).toBe(1);
    expect(lstatSync(join(repo.dir, 'CLAUDE.md')).isSymbolicLink()).toBe(true);

    await ok(repo, ['uninstall', '--agent', 'codex']);
    expect(repo.read('AGENTS.md')).toBe('# Team rules\n');
    expect(lstatSync(join(repo.dir, 'CLAUDE.md')).isSymbolicLink()).toBe(true);
  });

  it('uninstalling Codex and Cursor keeps the section Claude Code reads through the link; uninstalling Claude Code then takes it out', async () => {
    const repo = linkedRepo();
    await ok(repo, ['init', '--no-hooks', '--agent', 'claude,codex,cursor']);
    await ok(repo, ['uninstall', '--agent', 'codex,cursor']);
    expect(sections(repo, 'AGENTS.md')).toBe(1);
    await ok(repo, ['uninstall', '--agent', 'claude']);
    expect(repo.read('AGENTS.md')).toBe('# Team rules\n');
  });

  it('uninstalling both at once takes the section out once, and the link stays', async () => {
    const repo = linkedRepo();
    await ok(repo, ['init', '--no-hooks', '--agent', 'claude,codex']);
    const r = await ok(repo, ['uninstall', '--agent', 'claude,codex']);
    expect(r.stdout.match(/updated\s+\S+\.md/g)).toHaveLength(1);
    expect(repo.read('AGENTS.md')).toBe('# Team rules\n');
    expect(lstatSync(join(repo.dir, 'CLAUDE.md')).isSymbolicLink()).toBe(true);
  });

  it('links to one file outside the repository count as that one file, as init follows them', async () => {
    const repo = makeRepo();
    const outside = join(tempDir(), 'RULES.md');
    writeFileSync(outside, '# Shared rules\n');
    symlinkSync(outside, join(repo.dir, 'CLAUDE.md'));
    symlinkSync(outside, join(repo.dir, 'AGENTS.md'));
    const init = await ok(repo, ['init', '--no-hooks', '--agent', 'claude,codex']);
    expect((readFileSync(outside, 'utf8').match(/>>> git-memory >>>/g) ?? []).length).toBe(1);
    // Said once, of the file really changed: the change is not in what the repository commits.
    expect(init.stdout.match(/outside the repository/g)).toHaveLength(1);
    expect(init.stdout).toContain(`CLAUDE.md is a link to ${realpathSync(outside)}, outside the repository: it was updated there`);
    // A run that changes nothing there says nothing of it.
    const again = await ok(repo, ['init', '--no-hooks', '--agent', 'claude,codex', '--json']);
    expect(JSON.stringify(JSON.parse(again.stdout))).not.toContain('outside the repository');
    await ok(repo, ['uninstall', '--agent', 'claude']);
    expect((readFileSync(outside, 'utf8').match(/>>> git-memory >>>/g) ?? []).length).toBe(1);
    const un = await repo.run(['uninstall', '--agent', 'codex']);
    expect(un.code).toBe(0);
    expect(un.stderr).toContain(`AGENTS.md is a link to ${realpathSync(outside)}, outside the repository: it was updated there`);
    expect(readFileSync(outside, 'utf8')).toBe('# Shared rules\n');
  });
});

/** A repository with project settings for Gemini CLI naming its context files. */
function geminiRepo(fileName: unknown): TestRepo {
  const repo = makeRepo();
  repo.write('.gemini/settings.json', `{\n  // the team's context files\n  "context": { "fileName": ${JSON.stringify(fileName)} }\n}\n`);
  return repo;
}

describe('Gemini CLI: the section goes into a file context.fileName names', () => {
  it('a single name: the section goes there and not into GEMINI.md; again changes nothing; uninstall takes it out', async () => {
    const repo = geminiRepo('AGENTS.md');
    const r = await ok(repo, ['init', '--no-hooks', '--agent', 'gemini']);
    expect(r.stdout).toMatch(/created\s+AGENTS\.md \(how to use the memory\)/);
    expect(r.stdout).not.toContain('GEMINI.md');
    expect(sections(repo, 'AGENTS.md')).toBe(1);
    expect(existsSync(join(repo.dir, 'GEMINI.md'))).toBe(false);

    const first = snapshot(repo);
    const again = await ok(repo, ['init', '--no-hooks', '--agent', 'gemini']);
    expect(again.stdout).not.toMatch(/(created|updated)\s+\S+\.md/);
    expect(snapshot(repo)).toEqual(first);

    await ok(repo, ['uninstall', '--agent', 'gemini']);
    expect(existsSync(join(repo.dir, 'AGENTS.md'))).toBe(false);
    expect(repo.read('.gemini/settings.json')).toContain('"fileName": "AGENTS.md"');
  });

  it('a list shared with Codex: one section, in the file both read; it stays while either is set up', async () => {
    const repo = geminiRepo(['GEMINI.md', 'AGENTS.md']);
    await ok(repo, ['init', '--no-hooks', '--agent', 'gemini,codex']);
    expect(sections(repo, 'AGENTS.md')).toBe(1);
    expect(existsSync(join(repo.dir, 'GEMINI.md'))).toBe(false);

    const first = snapshot(repo);
    await ok(repo, ['init', '--no-hooks', '--agent', 'gemini,codex']);
    expect(snapshot(repo)).toEqual(first);

    await ok(repo, ['uninstall', '--agent', 'codex']);
    expect(sections(repo, 'AGENTS.md')).toBe(1); // Gemini CLI still reads it
    await ok(repo, ['uninstall', '--agent', 'gemini']);
    expect(existsSync(join(repo.dir, 'AGENTS.md'))).toBe(false);
  });

  it('Codex set up after Gemini CLI: the section moves into the shared file, so Gemini CLI reads it once', async () => {
    const repo = geminiRepo(['GEMINI.md', 'AGENTS.md']);
    repo.write('GEMINI.md', '# Gemini notes\n');
    await ok(repo, ['init', '--no-hooks', '--agent', 'gemini']);
    expect(sections(repo, 'GEMINI.md')).toBe(1); // the first name when no other agent shares one
    await ok(repo, ['init', '--no-hooks', '--agent', 'codex']);
    expect(sections(repo, 'AGENTS.md')).toBe(1);
    expect(repo.read('GEMINI.md')).toBe('# Gemini notes\n');

    await ok(repo, ['uninstall', '--agent', 'codex']);
    expect(sections(repo, 'AGENTS.md')).toBe(1); // Gemini CLI still reads it
  });

  it('a file that already carries the section is kept rather than a second one written', async () => {
    const repo = geminiRepo(['GEMINI.md', 'CONTEXT.md']);
    await ok(repo, ['init', '--no-hooks', '--agent', 'gemini']);
    expect(sections(repo, 'GEMINI.md')).toBe(1);
    repo.write('.gemini/settings.json', '{ "context": { "fileName": ["CONTEXT.md", "GEMINI.md"] } }\n');
    await ok(repo, ['init', '--no-hooks', '--agent', 'gemini']);
    expect(sections(repo, 'GEMINI.md')).toBe(1);
    expect(existsSync(join(repo.dir, 'CONTEXT.md'))).toBe(false);
  });

  it('no context.fileName (the team fixture without it, or no settings file): GEMINI.md', async () => {
    const repo = makeRepo();
    const settings = JSON.parse(fixture('gemini/settings.before.json').replace(/\/\/.*|\/\*[\s\S]*?\*\//g, '')) as { context?: unknown };
    delete settings.context;
    repo.write('.gemini/settings.json', JSON.stringify(settings, null, 2));
    await ok(repo, ['init', '--no-hooks', '--agent', 'gemini']);
    expect(sections(repo, 'GEMINI.md')).toBe(1);
    await ok(repo, ['uninstall', '--agent', 'gemini']);
    expect(existsSync(join(repo.dir, 'GEMINI.md'))).toBe(false);
  });

  it('the team fixture\'s list with Cursor: the section is in AGENTS.md only', async () => {
    const repo = makeRepo();
    repo.write('.gemini/settings.json', fixture('gemini/settings.before.json'));
    await ok(repo, ['init', '--no-hooks', '--agent', 'gemini,cursor']);
    expect(sections(repo, 'AGENTS.md')).toBe(1);
    expect(existsSync(join(repo.dir, 'GEMINI.md'))).toBe(false);
  });

  it('names that leave the repository are not written to', async () => {
    const repo = makeRepo();
    const outside = tempDir();
    mkdirSync(join(repo.dir, '.gemini'));
    const abs = join(outside, 'ABS.md');
    writeFileSync(join(repo.dir, '.gemini/settings.json'), JSON.stringify({ context: { fileName: ['../UP.md', abs, 'GEMINI.md'] } }));
    await ok(repo, ['init', '--no-hooks', '--agent', 'gemini']);
    expect(sections(repo, 'GEMINI.md')).toBe(1);
    expect(existsSync(join(repo.dir, '..', 'UP.md'))).toBe(false);
    expect(existsSync(abs)).toBe(false);

    const only = geminiRepo(['../UP.md']);
    const r = await ok(only, ['init', '--no-hooks', '--agent', 'gemini']);
    expect(r.stdout).toMatch(/Gemini CLI reads no instruction file inside the repository/);
    expect(existsSync(join(only.dir, 'GEMINI.md'))).toBe(false);
    expect(existsSync(join(only.dir, '..', 'UP.md'))).toBe(false);
  });

  it('plain uninstall and doctor name the file Gemini CLI reads', async () => {
    const repo = geminiRepo('AGENTS.md');
    await ok(repo, ['init', '--no-hooks', '--agent', 'gemini']);
    expect((await repo.run(['doctor'])).stdout).toMatch(/Gemini CLI reads the git-memory section in AGENTS\.md/);
    repo.write('.gemini/settings.json', repo.read('.gemini/settings.json').replace('"AGENTS.md"', '"CONTEXT.md"'));
    const d = JSON.parse((await repo.run(['doctor', '--json'])).stdout) as { checks: { id: string; level: string; message: string; fix?: string }[] };
    const check = d.checks.find((c) => c.id === 'agent:gemini');
    expect(check).toMatchObject({ level: 'info', fix: 'git memory init --agent gemini' });
    expect(check!.message).toMatch(/CONTEXT\.md/);
    const plain = await ok(repo, ['uninstall']);
    expect(plain.stdout).toContain('the git-memory section of AGENTS.md');
  });
});
