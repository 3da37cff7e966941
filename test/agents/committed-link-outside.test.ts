// An agent file committed as a symbolic link that leads outside the repository: git stores the link,
// so a clone's commit chooses which of the user's files `init --agent` edits (CLAUDE.md → ~/.bashrc,
// whose shell would then run the section's backquoted `git memory …` commands; .claude → ~/.claude,
// git-memory's hooks in the user's own settings for every project). Refused before anything is
// written; a link the user made and did not commit is still written through (instruction-files.test.ts).
import { mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeRepo, tempDir } from '../helpers/repo.js';

describe('an agent file committed as a link out of the repository', () => {
  it('CLAUDE.md → a file outside: init --agent claude refuses, the file is left as it is', async () => {
    const repo = makeRepo();
    const outside = join(tempDir('gm-outside-'), 'bashrc');
    writeFileSync(outside, 'export PATH=$HOME/bin:$PATH\n');
    symlinkSync(outside, join(repo.dir, 'CLAUDE.md'));
    repo.git('add', '-A');
    repo.git('commit', '-q', '-m', 'rules');
    const r = await repo.run(['init', '--no-hooks', '--agent', 'claude']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('CLAUDE.md leads outside the repository');
    expect(r.stderr).toContain('a symbolic link committed to it');
    expect(readFileSync(outside, 'utf8')).toBe('export PATH=$HOME/bin:$PATH\n');
  });

  it('.claude → a folder outside: its settings.json is neither made nor changed', async () => {
    const repo = makeRepo();
    const outside = tempDir('gm-outside-');
    mkdirSync(join(outside, 'x'));
    symlinkSync(outside, join(repo.dir, '.claude'));
    repo.git('add', '-A');
    repo.git('commit', '-q', '-m', 'settings');
    const r = await repo.run(['init', '--no-hooks', '--agent', 'claude']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('through .claude, a symbolic link committed to it');
    expect(readdirSync(outside)).toEqual(['x']);
  });
});
