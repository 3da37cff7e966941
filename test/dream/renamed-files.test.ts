// A fact about a file is about that file under its new name once git renames it: the dream used to
// remove it with the deleted ones ("its files were deleted"), losing what was known of the code
// that moved. Now its anchor and the path in its words follow the rename (git's own rename
// detection, a chain of renames too); a file deleted outright still takes its fact with it.
import { describe, expect, it } from 'vitest';
import { parseLongTerm } from '../../src/memory/long-term.js';
import { renamedIn } from '../../src/dream/consolidate.js';
import { renderDream } from '../../src/cli/commands/dream.js';
import { makeMemoryRepo } from '../helpers/repo.js';

const LEXER = 'The lexer in src/lexer.ts skips a byte order mark before the first token';
const DB = 'db.ts opens one connection pool per process, never one per request';
const UTIL = 'The helpers in src/util.ts are kept only for the importer';

describe('the dream, when files its facts are about were renamed', () => {
  it('follows each rename in the anchor and the words, removes the facts of deleted files, and forgets nothing after', async () => {
    const repo = await makeMemoryRepo({ now: '2026-11-30T19:00:00Z', until: 'file' });
    const body = (n: number) => Array.from({ length: 12 }, (_, i) => `export const line${i} = ${n * 100 + i};\n`).join('');
    const at = repo.commit('Parser, database and helpers', { 'src/lexer.ts': body(1), 'src/db.ts': body(2), 'src/util.ts': body(3) }).slice(0, 9);
    const fact = (text: string, file: string) => `- ${text} <!-- files: ${file}; at: ${at}; date: 2026-11-01 -->`;
    repo.write('.openclaw_memory/MEMORY.md', `# Long-term memory\n\n## Gotchas\n\n${fact(LEXER, 'src/lexer.ts')}\n${fact(DB, 'src/db.ts')}\n${fact(UTIL, 'src/util.ts')}\n`);
    repo.git('add', '-A');
    repo.git('commit', '-q', '-m', 'memory: long-term');
    // The lexer moves twice (a chain), the database module once with a small edit, the helpers go.
    repo.git('mv', 'src/lexer.ts', 'src/tokens.ts');
    repo.git('commit', '-q', '-m', 'Call the lexer tokens');
    repo.write('lib/.keep', '');
    repo.git('mv', 'src/tokens.ts', 'lib/tokens.ts');
    repo.git('mv', 'src/db.ts', 'src/database.ts');
    repo.write('src/database.ts', `${body(2)}export const pool = true;\n`);
    repo.git('add', 'src/database.ts');
    repo.git('rm', '-q', 'src/util.ts');
    repo.git('commit', '-q', '-m', 'Move the tokens to lib, rename the database module, drop the helpers');

    const r = (await repo.run(['dream', '--offline', '--force', '--json']));
    expect(r.code, r.stderr).toBe(0);
    const report = JSON.parse(r.stdout).report as { removed: { text: string }[]; followed: { text: string; moves: { from: string; to: string }[] }[] };
    expect(report.removed.map((x) => x.text)).toEqual([UTIL]);
    expect(report.followed.map((f) => f.moves)).toEqual([[{ from: 'src/lexer.ts', to: 'lib/tokens.ts' }], [{ from: 'src/db.ts', to: 'src/database.ts' }]]);
    const entries = parseLongTerm(repo.read('.openclaw_memory/MEMORY.md')).entries;
    const lexer = entries.find((e) => e.text.includes('byte order mark'))!;
    expect(lexer.text).toBe('The lexer in lib/tokens.ts skips a byte order mark before the first token');
    expect(lexer.files).toEqual(['lib/tokens.ts']);
    const db = entries.find((e) => e.text.includes('connection pool'))!;
    expect(db.text).toBe('database.ts opens one connection pool per process, never one per request');
    expect(db.files).toEqual(['src/database.ts']);
    expect(renderDream(JSON.parse(r.stdout))).toContain('  followed src/lexer.ts → lib/tokens.ts: The lexer in lib/tokens.ts skips');
    // The memory commit says so, for the pull request's reviewer.
    expect(repo.git('log', '-1', '--format=%B')).toContain('Followed src/lexer.ts to lib/tokens.ts: The lexer in lib/tokens.ts skips');

    // Anchored where it was observed, still: the move shows as a change since (the file there is
    // not the one the fact was made of, to git), until a session says the fact again.
    const primer = (await repo.run(['primer', '--no-write'])).stdout;
    expect(primer).toContain(`${lexer.text} (may be stale: lib/tokens.ts changed in 1 commit)`);

    // The next dream takes the new words as the dream's own: nothing is taken for a hand deletion.
    const again = (await repo.run(['dream', '--offline', '--force', '--json']));
    expect(again.code, again.stderr).toBe(0);
    const after = parseLongTerm(repo.read('.openclaw_memory/MEMORY.md')).entries;
    expect(after.filter((e) => e.section === 'forgotten')).toEqual([]);
    expect(after.map((e) => e.text)).toEqual(expect.arrayContaining([lexer.text, db.text]));
  });

  it('renames a path where the words name it whole, else its file name as a word, and nothing longer', () => {
    expect(renamedIn('See src/lexer.ts and ./src/lexer.ts', 'src/lexer.ts', 'lib/tokens.ts')).toBe('See lib/tokens.ts and ./lib/tokens.ts');
    expect(renamedIn('lexer.ts skips a BOM; lexer.tsx does not', 'src/lexer.ts', 'lib/tokens.ts')).toBe('tokens.ts skips a BOM; lexer.tsx does not');
    expect(renamedIn('src/lexer.tsx is the view', 'src/lexer.ts', 'lib/tokens.ts')).toBe('src/lexer.tsx is the view');
    expect(renamedIn('The lexer skips a BOM', 'src/lexer.ts', 'lib/tokens.ts')).toBe('The lexer skips a BOM');
  });
});
