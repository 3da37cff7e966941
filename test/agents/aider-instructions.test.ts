// Aider reads no instruction file of its own accord (issue 24, item 12): what the other agents get in
// CLAUDE.md, AGENTS.md or GEMINI.md (how to log, search and end a session) reaches Aider's model as a
// read-only file named in .aider.conf.yml, as the primer does: .openclaw_memory/AIDER.md, committed
// with the memory (a teammate's clone has it), ours alone so that uninstall takes out exactly what
// init put in.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeRepo, type TestRepo } from '../helpers/repo.js';
import { fixture } from './fixtures.js';

const AIDER_MD = '.openclaw_memory/AIDER.md';

async function ok(repo: TestRepo, args: string[]) {
  const r = await repo.run(args);
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  return r;
}

describe('Aider: the instructions other agents get, in a file its model reads', () => {
  it('init --agent aider writes the marked section to .openclaw_memory/AIDER.md and names it in read:, idempotently; it is committed, the primer is not', async () => {
    const repo = makeRepo();
    await ok(repo, ['init', '--no-hooks', '--agent', 'aider']);
    expect(repo.read('.aider.conf.yml')).toBe(`read:\n  - .openclaw_memory/PRIMER.md\n  - ${AIDER_MD}\n`);
    const text = repo.read(AIDER_MD);
    expect(text).toContain('<!-- >>> git-memory >>> -->');
    expect(text).toContain('git memory end --summary');
    expect(text).toContain('git memory search');
    const once = [repo.read('.aider.conf.yml'), text];
    await ok(repo, ['init', '--no-hooks', '--agent', 'aider']);
    expect([repo.read('.aider.conf.yml'), repo.read(AIDER_MD)]).toEqual(once);
    repo.git('add', '-A');
    expect(repo.git('diff', '--cached', '--name-only')).toContain(AIDER_MD);
    expect(repo.git('diff', '--cached', '--name-only')).not.toContain('PRIMER.md');
  });

  const SHAPES = [
    ['no file', null],
    ['a single value', 'read: CONVENTIONS.md # style\n'],
    ['an empty flow list alone', 'read: []\n'],
    ['an empty flow list beside other keys', 'model: sonnet\nread: [] # none yet\nauto-commits: false\n'],
    ['a flow list', 'read: [CONVENTIONS.md, docs/a.md]\n'],
    ['a block list with comments', fixture('aider/aider.conf.before.yml')],
  ] as const;
  for (const [name, before] of SHAPES) {
    it(`uninstall --agent aider gives back ${name} byte for byte, and AIDER.md goes`, async () => {
      const repo = makeRepo();
      if (before !== null) repo.write('.aider.conf.yml', before);
      await ok(repo, ['init', '--no-hooks', '--agent', 'aider']);
      const read = repo.read('.aider.conf.yml');
      expect(read).toContain('.openclaw_memory/PRIMER.md');
      expect(read).toContain(AIDER_MD);
      await ok(repo, ['uninstall', '--agent', 'aider']);
      expect(existsSync(join(repo.dir, '.aider.conf.yml')) ? readFileSync(join(repo.dir, '.aider.conf.yml'), 'utf8') : null).toBe(before);
      expect(existsSync(join(repo.dir, AIDER_MD))).toBe(false);
    });
  }

  it('a user\'s own text in AIDER.md stays at uninstall, without our section', async () => {
    const repo = makeRepo();
    await ok(repo, ['init', '--no-hooks', '--agent', 'aider']);
    repo.write(AIDER_MD, `Prefer small commits.\n\n${repo.read(AIDER_MD)}`);
    await ok(repo, ['uninstall', '--agent', 'aider']);
    expect(repo.read(AIDER_MD)).toBe('Prefer small commits.\n');
  });
});
