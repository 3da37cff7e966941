// The primer's Hot files say where to look: a file the recent commits changed but that is gone now
// (deleted, or renamed away: git's log shows the old name changed too) is not one of them, in the
// working tree's primer and at each side of `git memory diff`.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeMemoryRepo } from '../helpers/repo.js';

const hot = (md: string) => (md.split('## Hot files\n')[1] ?? '').split('\n## ')[0]!;

describe('Hot files', () => {
  it('leave out the files deleted or renamed away since, and keep those still there', async () => {
    const repo = await makeMemoryRepo({ until: 'file' });
    for (const n of [1, 2, 3]) repo.commit(`Parser step ${n}`, { 'src/parser.ts': `// ${n}\n`, 'src/lexer.ts': `// ${n}\n`, 'src/scratch.ts': `// ${n}\n` });
    const base = repo.git('rev-parse', 'HEAD').trim();
    repo.git('mv', 'src/lexer.ts', 'src/tokens.ts');
    repo.git('rm', '-q', 'src/scratch.ts');
    repo.git('commit', '-q', '-m', 'Rename the lexer, drop the scratch file');

    const primer = (await repo.run(['primer', '--no-write']));
    expect(primer.code, primer.stderr).toBe(0);
    const files = hot(primer.stdout);
    expect(files).toContain('src/parser.ts (3 commits)');
    expect(files).toContain('src/tokens.ts (1 commit)');
    expect(files).not.toContain('src/lexer.ts');
    expect(files).not.toContain('src/scratch.ts');

    // Deleted in the working tree only: gone from where the agent would look.
    rmSync(join(repo.dir, 'src/parser.ts'));
    expect(hot((await repo.run(['primer', '--no-write'])).stdout)).not.toContain('src/parser.ts');

    // Each side of a pull request's memory diff as its own tree has it.
    const diff = (await repo.run(['diff', `${base}..HEAD`, '--json']));
    expect(diff.code, diff.stderr).toBe(0);
    const { primer: sides } = JSON.parse(diff.stdout) as { primer: { base: string; head: string } };
    expect(hot(sides.base)).toContain('src/lexer.ts (3 commits)');
    expect(hot(sides.base)).toContain('src/scratch.ts (3 commits)');
    expect(hot(sides.head)).not.toMatch(/src\/lexer\.ts|src\/scratch\.ts/);
    expect(hot(sides.head)).toContain('src/parser.ts (3 commits)');
  });
});
