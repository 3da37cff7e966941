// A search hit's snippet reads its own session of a folded day (`git memory fold`), not the whole
// day: readIndexedSession gives what readJournalFile(...).sessions.find(...) gives, for every shape a
// journal file can have, and a search prints the same bytes whether a day is folded or not.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readJournalFile, readIndexedSession } from '../../src/search/documents.js';
import { renderFolded } from '../../src/memory/folded-day.js';
import { serializeSession, type Session } from '../../src/memory/session.js';
import { JOURNAL_DIR } from '../../src/paths.js';
import { fixture, makeMemoryRepo, tempDir, type TestRepo } from '../helpers/repo.js';

const DAY = '2026-09-14';
const WORDS = ['webhook', 'retry', 'invoice', 'lock', 'refresh', 'token', 'migration', 'cache', 'queue', 'backoff', 'ledger', 'signing'];
const word = (i: number, k: number) => WORDS[(i * 7 + k * 5) % WORDS.length]!;

/** Session `i` of the day: its words drawn from a small pool, so that queries match many, with ties. */
function session(i: number): Session {
  const hh = String(8 + Math.floor(i / 4)).padStart(2, '0');
  const mm = String((i % 4) * 15).padStart(2, '0');
  return {
    id: `${DAY.replace(/-/g, '')}-${hh}${mm}-${(0xa00000 + i).toString(16)}`,
    date: DAY,
    time: `${hh}:${mm}`,
    agent: i % 3 ? 'claude' : 'codex',
    author: i % 2 ? 'Jane Doe <jane@example.com>' : 'Wei Chen <wei@example.com>',
    branch: i % 5 ? 'main' : 'feature/billing',
    request: `Make the ${word(i, 0)} path handle ${word(i, 1)}`,
    learned: [`The ${word(i, 2)} ${word(i, 3)} needs a ${word(i, 4)}`, `Session ${i} found the ${word(i, 5)} slow`],
    decisions: i % 2 ? [`Keep the ${word(i, 6)} in one place`] : [],
    completed: [`Wrote the ${word(i, 7)} test`],
    next_steps: i % 3 ? [] : [`Measure the ${word(i, 8)} under load ${'and more words '.repeat(i % 4 ? 1 : 20)}`],
    notes: [],
    commits: [],
  };
}

const SESSIONS = Array.from({ length: 30 }, (_, i) => session(i));
const fileOf = (s: Session) => `${JOURNAL_DIR}/${DAY}/${s.time.replace(':', '')}-${s.agent}-${s.id.slice(-6)}.md`;
const folded = (sessions: Session[], tweak: (text: string, i: number) => string = (t) => t) =>
  renderFolded(DAY, sessions.map((s, i) => ({ origin: fileOf(s), text: tweak(serializeSession(s, 'en'), i) })));

function put(root: string, path: string, text: string): void {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
}

describe('readIndexedSession', () => {
  const dayPath = `${JOURNAL_DIR}/${DAY}.md`;
  const ids = [...SESSIONS.map((s) => s.id), 'no-such-session'];
  /** Every id (and one absent) read both ways from a day file holding `text`. */
  const same = (text: string) => {
    const root = tempDir('gm-hit-');
    put(root, dayPath, text);
    for (const id of new Set([...ids, ...readJournalFile(root, dayPath).sessions.map((s) => s.id)])) expect(readIndexedSession(root, dayPath, id), id).toEqual(readJournalFile(root, dayPath).sessions.find((s) => s.id === id));
    return readJournalFile(root, dayPath).sessions.length;
  };

  it('reads a session of a folded day as the whole day is read, whatever its line ends and blank lines', () => {
    expect(same(folded(SESSIONS))).toBe(30);
    expect(same(folded(SESSIONS).replace(/\n/g, '\r\n'))).toBe(30);
    expect(same(folded(SESSIONS).trimEnd())).toBe(30); // no final newline
    expect(same(folded(SESSIONS).replace('---\n<!--', '---\n\n  \n<!--'))).toBe(30); // blank lines before the first file
    expect(same(folded(SESSIONS, (t, i) => (i === 4 ? `${t}\n\n\n` : t)))).toBe(30); // blank lines after a file
    // A mark's words inside a line, or on a line of their own that is not a mark, belong to the session.
    expect(same(folded(SESSIONS, (t, i) => (i === 5 ? `${t}\n- see <!-- git-memory: folded from x.md -->\n<!-- git-memory: folded from two words.md -->\n` : t)))).toBe(30);
    // The same session twice: the first is the one found.
    expect(same(folded([...SESSIONS.slice(0, 10), { ...SESSIONS[4]!, request: 'A later copy' }, ...SESSIONS.slice(10)]))).toBe(31);
  });

  it('is never asked about a day that cannot be read: such a day is not indexed', () => {
    // readIndexedSession reads the hit's own session only, trusting the rest of a day the index read
    // whole (key.ts); these days are reported by that read and give the index no session to point at.
    const unread = (text: string) => {
      const root = tempDir('gm-hit-');
      put(root, dayPath, text);
      const read = readJournalFile(root, dayPath);
      expect(read.corrupt).toBeDefined();
      expect(read.sessions).toEqual([]);
    };
    unread(folded(SESSIONS).replace('---\n<!--', '---\ntext before the first file\n<!--'));
    unread(folded(SESSIONS, (t, i) => (i === 20 ? t.replace(/^session: .*\n/m, '') : t))); // one file without its id
    unread(folded(SESSIONS, (t, i) => (i === 25 ? t.replace(/^---\n/, '') : t))); // one file without frontmatter
    unread(folded(SESSIONS).replace(`date: ${DAY}\nfolded`, 'date: 14 September\nfolded'));
    unread(folded(SESSIONS, (t, i) => (i === 3 ? '' : t))); // an empty file: no frontmatter
  });

  it('reads a session whose id is spelt with escapes, as the whole day does', () => {
    const escaped = folded(SESSIONS, (t, i) => (i === 7 ? t.replace(/^session: .*$/m, `session: "${SESSIONS[7]!.id.replace(/-/g, '\\u002d')}"`) : t));
    expect(same(escaped)).toBe(30);
  });

  it('reads an original per-day journal and a session file as before', () => {
    expect(same(`---\ndate: ${DAY}\nsessions: 2\n---\n\n## Session 09:10\n\n### Request\nRetry webhooks\n\n## Session 10:00\n\n### Request\nLock the ledger\n`)).toBe(2);
    const root = tempDir('gm-hit-');
    const s = SESSIONS[7]!;
    put(root, fileOf(s), serializeSession(s, 'en'));
    expect(readIndexedSession(root, fileOf(s), s.id)).toEqual(readJournalFile(root, fileOf(s)).sessions[0]);
    // The file beside the folded day that holds its session: the day's copy is the session.
    put(root, `${JOURNAL_DIR}/${DAY}.md`, folded(SESSIONS));
    expect(readIndexedSession(root, fileOf(s), s.id)).toBeUndefined();
    expect(readIndexedSession(root, `${JOURNAL_DIR}/${DAY}.md`, s.id)).toMatchObject({ id: s.id, origin: fileOf(s) });
    expect(readIndexedSession(root, `${JOURNAL_DIR}/2026-09-15.md`, s.id)).toBeUndefined(); // no such file
  });
});

// The day's 30 sessions as session files, committed: the journal before a fold.
const unfoldedDay = fixture(async () => {
  const repo = await makeMemoryRepo({ now: '2026-12-05T10:00:00', until: 'file' });
  for (const s of SESSIONS) repo.write(fileOf(s), serializeSession(s, 'en'));
  repo.git('add', '--', JOURNAL_DIR);
  repo.git('commit', '-q', '-m', 'thirty sessions');
  return repo;
});

const clearIndex = (repo: TestRepo) => {
  for (const f of ['search-index.json', 'search-index.postings', 'search-index.files.json', 'search-index.delta.json']) rmSync(join(repo.dir, '.git', 'git-memory', f), { force: true });
};

const QUERIES = [['webhook', 'retry'], ['invoice'], ['refresh', 'token', '--limit', '30'], ['ledger', '--author', 'jane'], ['backoff', '--branch', 'main', '--limit', '3'], ['load'], ['signing', 'cache', 'queue']];

describe('search over a folded day', () => {
  it('prints the same bytes as over the same sessions unfolded, the day file as their path', async () => {
    const repo = await unfoldedDay();
    const outputs = async () => {
      expect((await repo.run(['search', 'webhook'])).code).toBe(0); // the index brought up to date first
      const out: string[] = [];
      for (const q of QUERIES) {
        for (const json of [[], ['--json']]) {
          const r = await repo.run(['search', ...q, ...json]);
          expect(r.code, r.stderr).toBe(0);
          out.push(r.stdout, r.stderr);
        }
      }
      return out;
    };
    const before = await outputs();
    repo.write(`${JOURNAL_DIR}/${DAY}.md`, folded(SESSIONS));
    repo.git('rm', '-q', '-r', '--', `${JOURNAL_DIR}/${DAY}`);
    repo.git('add', '--', `${JOURNAL_DIR}/${DAY}.md`);
    repo.git('commit', '-q', '-m', 'fold the day');
    clearIndex(repo); // built afresh, as before: the same sums, so the same scores to the last bit
    const after = await outputs();
    const asFolded = (text: string) => text.replace(new RegExp(`${JOURNAL_DIR.replace(/\./g, '\\.')}/${DAY}/[^ "\\n]+\\.md`, 'g'), `${JOURNAL_DIR}/${DAY}.md`);
    expect(after).toEqual(before.map(asFolded));
    expect(before.join('').match(/snippet/g)?.length).toBeGreaterThan(30); // the queries do find sessions
    expect(after.join('')).toContain('30 searched');
  });
});
