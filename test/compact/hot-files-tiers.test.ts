// Issue 25 §5 (hot54): the compaction's hot files rank the session's own work first. A file only
// git changed comes after every file the session touched, however long ago; a file a tool writes
// (lock file, test snapshot, binary) after the work, as the primer's hot files already rank it.
import { describe, expect, it } from 'vitest';
import { fileTypeScore, scoreHotFiles } from '../../src/compact/hot-files.js';
import { gitFileFacts } from '../../src/commands/steps/hot-file-facts.js';
import { findRepo } from '../../src/git/repo.js';
import { emptyLedger, type Ledger } from '../../src/transcripts/ledger.js';
import { makeRepo } from '../helpers/repo.js';

const at = '2026-11-22T14:40:00.000Z';
const NOW = new Date('2026-11-22T14:50:00.000Z');
const touch = (path: string, o: Partial<Ledger['files'][number]>): Ledger['files'][number] => ({ path, reads: 0, edits: 0, writes: 0, first: at, last: at, last_op: 'read', by_subagent: false, last_call: 0, ...o });
const ledgerOf = (files: Ledger['files'], calls: number): Ledger => ({ ...emptyLedger('claude'), files, tool_calls: calls });

describe("the compaction's hot files: the session's work first (issue 25 §5)", () => {
  it('a file only git changed ranks below a file the session only read, 300 tool calls ago', async () => {
    const repo = makeRepo();
    repo.commit('Add the billing module', { 'src/billing/tax.ts': 'export const rate = 0.2;\n', 'docs/guide.md': '# Guide\n' });
    repo.write('src/billing/rounding.ts', 'export const round = Math.round;\n'); // uncommitted, the session never opened it
    const facts = await gitFileFacts(findRepo(repo.dir, repo.env));
    expect(facts.map((f) => f.path)).toEqual(expect.arrayContaining(['src/billing/rounding.ts', 'src/billing/tax.ts']));

    const ledger = ledgerOf([touch('docs/guide.md', { reads: 1, last_call: 0 })], 301);
    const ranked = scoreHotFiles(ledger, facts, { now: NOW, sizeOf: () => 400 });
    const paths = ranked.map((f) => f.path);
    expect(paths[0]).toBe('docs/guide.md');
    for (const git of ['src/billing/rounding.ts', 'src/billing/tax.ts']) {
      expect(paths.indexOf(git)).toBeGreaterThan(0);
      expect(ranked.find((f) => f.path === git)!.source).toBe('git');
    }
  });

  it('a lock file, a test snapshot and an image rank after the code and docs the session worked on, from the session and from git', async () => {
    const repo = makeRepo();
    repo.commit('Start', { 'src/app.ts': 'export {}\n', 'test/app.test.ts': 'test\n', 'docs/notes.md': '# Notes\n' });
    repo.write('package-lock.json', '{"lockfileVersion":3}\n');
    repo.write('test/__snapshots__/app.test.ts.snap', 'exports[`x`] = `1`;\n');
    repo.write('assets/logo.png', '\x89PNG\r\n');
    repo.write('yarn.lock', '# yarn\n');
    const facts = await gitFileFacts(findRepo(repo.dir, repo.env));

    // The session rewrote the lock and the snapshot many times and looked at the logo last; it read
    // its code and notes once, long before.
    const ledger = ledgerOf(
      [
        touch('docs/notes.md', { reads: 1, last_call: 0 }),
        touch('src/app.ts', { reads: 1, last_call: 1 }),
        touch('package-lock.json', { reads: 2, writes: 6, last_op: 'write', last_call: 38 }),
        touch('test/__snapshots__/app.test.ts.snap', { reads: 1, edits: 5, last_op: 'edit', last_call: 37 }),
        touch('assets/logo.png', { reads: 1, last_call: 39 }),
      ],
      40,
    );
    const ranked = scoreHotFiles(ledger, facts, { now: NOW, sizeOf: () => 400 });
    const paths = ranked.map((f) => f.path);
    const tools = ['package-lock.json', 'test/__snapshots__/app.test.ts.snap', 'assets/logo.png', 'yarn.lock'];
    expect(paths.slice(0, 2).sort()).toEqual(['docs/notes.md', 'src/app.ts']);
    expect(paths.slice(-tools.length).sort()).toEqual([...tools].sort());
    for (const p of tools) {
      const f = ranked.find((x) => x.path === p)!;
      expect(f.factors.file_type, p).toBe(0);
      expect(f.reasons.join('; '), p).toContain('written by a tool');
    }
    // The same kinds of name elsewhere stay what they are.
    expect([fileTypeScore('src/lock.ts'), fileTypeScore('package.json'), fileTypeScore('docs/snap.md')]).toEqual([100, 70, 40]);
  });
});
