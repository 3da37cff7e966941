import { appendFileSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { commitFacts, fillSpool } from '../../src/git/spool-fill.js';
import { peekSpool, type SpoolEntry } from '../../src/git/spool.js';
import { UNKNOWN_SUBJECT } from '../../src/commands/steps/write-session.js';
import { makeMemoryRepo, makeRepo } from '../helpers/repo.js';

const GONE = 'f'.repeat(40);

describe('commitFacts: subjects and files of recorded ids, one git call', () => {
  it('reads subject and changed paths byte for byte, the root commit too, and leaves out ids git does not have', async () => {
    const repo = makeRepo();
    const root = repo.git('rev-list', '--max-parents=0', 'HEAD').trim();
    const a = repo.commit('Add "two" files', { 'src/a.ts': 'a\n', 'odd\nname "q".txt': 'b\n' });
    repo.git('rm', '-q', 'src/a.ts');
    repo.git('commit', '-q', '-m', 'Remove a');
    const b = repo.git('rev-parse', 'HEAD').trim();
    const facts = await commitFacts(repo.dir, [b, GONE, a, root, a, 'not-an-id']);
    expect([...facts.keys()].sort()).toEqual([a, b, root].sort());
    const at = (sha: string) => repo.git('log', '-1', '--format=%aI', sha).trim();
    expect(facts.get(a)).toEqual({ subject: 'Add "two" files', at: at(a), files: ['odd\nname "q".txt', 'src/a.ts'] });
    expect(facts.get(b)).toEqual({ subject: 'Remove a', at: at(b), files: ['src/a.ts'] });
    expect(facts.get(root)).toEqual({ subject: 'Initial commit', at: at(root), files: ['README.md'] });
    expect(await commitFacts(repo.dir, [GONE])).toEqual(new Map());
    expect(await commitFacts(repo.dir, [])).toEqual(new Map());
  });

  it('completes lines of only an id and takes whole lines as they are (an older hook’s subject, a reword post-rewrite set)', async () => {
    const repo = makeRepo();
    const a = repo.commit('Real subject A', { 'a.txt': 'a\n' });
    const b = repo.commit('Real subject B', { 'b.txt': 'b\n' });
    const atA = repo.git('log', '-1', '--format=%aI', a).trim();
    const entries: SpoolEntry[] = [
      { type: 'commit', sha: a, branch: 'main' },
      { type: 'log', kind: 'learned', text: 'x', at: '2026-11-22T14:31:00' },
      { type: 'commit', sha: b, subject: 'Subject as recorded', at: '2026-11-22T14:32:00+00:00' },
      { type: 'commit', sha: GONE, branch: 'main' },
    ];
    expect(await fillSpool(repo.dir, entries)).toEqual([
      { type: 'commit', sha: a, subject: 'Real subject A', files: ['a.txt'], at: atA, branch: 'main' },
      entries[1],
      entries[2],
      entries[3],
    ]);
  });
});

describe('end folds a spool of old and new lines', () => {
  it('lists id-only commits with their subjects, old lines as they were, and a vanished id by its id', async () => {
    const repo = await makeMemoryRepo({ now: '2026-11-22T14:30:00' });
    const oldStyle = repo.commit('Recorded by an older hook', { 'old.txt': 'o\n' });
    const newStyle = repo.commit('Recorded by id only', { 'new.txt': 'n\n' });
    const stateDir = join(repo.dir, '.git', 'git-memory');
    mkdirSync(stateDir, { recursive: true });
    // A spool an older version left (subject in the line), then id-only lines (the reader fills them).
    appendFileSync(
      join(stateDir, 'spool.jsonl'),
      `{"type":"commit","sha":"${oldStyle}","subject":"Recorded by an older hook","at":"2026-11-22T14:00:00+00:00","branch":"main"}\n` +
        `{"type":"log","kind":"learned","text":"Old lines still read","at":"2026-11-22T14:01:00"}\n` +
        `{"type":"commit","sha":"${newStyle}","branch":"main"}\n` +
        `{"type":"commit","sha":"${GONE}","branch":"main"}\n`,
    );
    expect(peekSpool(stateDir).map((e) => (e.type === 'commit' ? e.sha : e.text))).toEqual([oldStyle, 'Old lines still read', newStyle, GONE]);
    const r = await repo.run(['end', '--summary', JSON.stringify({ request: 'Fold the spool' }), '--json']);
    expect(r.code, r.stderr).toBe(0);
    const data = JSON.parse(r.stdout) as { session: { path: string; commits: number } };
    expect(data.session.commits).toBe(3);
    const text = readFileSync(join(repo.dir, data.session.path), 'utf8');
    expect(text).toContain(`- ${oldStyle} Recorded by an older hook\n`);
    expect(text).toContain(`- ${newStyle} Recorded by id only\n`);
    expect(text).toContain(`- ${GONE} ${UNKNOWN_SUBJECT}\n`);
    expect(text).toContain('Old lines still read');
    expect(peekSpool(stateDir)).toEqual([]);
  });
});
