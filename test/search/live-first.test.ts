// The MCP server's first memory_search in a clone with no search index stored: it answers from
// the newest journal files at once, says so, and builds the whole index in the background
// (issue 28 item 5: the first search waited 7.5 s for the build at 50,000 sessions).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterEach, describe, expect, it } from 'vitest';
import { findRepo } from '../../src/git/repo.js';
import { liveIndex } from '../../src/search/live.js';
import { makeRepo, type TestRepo } from '../helpers/repo.js';
import { settled } from '../helpers/settled.js';
import { closeInProcess, connectInProcess } from '../helpers/pipe-transport.js';

afterEach(closeInProcess);
const connect = connectInProcess;

const DAYS = 100;
const PER_DAY = 40;

/** A journal of DAYS × PER_DAY session files, written as `end` writes them; one rare word in the newest and one in the oldest. */
function bigJournal(repo = makeRepo(), from = 0): TestRepo {
  for (let d = from; d < DAYS; d++) {
    const day = new Date(Date.UTC(2026, 0, 1) + d * 86_400_000).toISOString().slice(0, 10);
    for (let i = 0; i < PER_DAY; i++) {
      const hhmm = `${String(8 + Math.floor(i / 6)).padStart(2, '0')}${String((i % 6) * 10).padStart(2, '0')}`;
      const id = `${day.replace(/-/g, '')}-${hhmm}-${(d * PER_DAY + i).toString(16).padStart(6, '0')}`;
      const word = d === DAYS - 1 && i === PER_DAY - 1 ? 'zeppelin' : d === 0 && i === 0 ? 'aardvark' : `topic${d}x${i}`;
      repo.write(
        `.openclaw_memory/journal/${day}/${hhmm}-claude-${id.slice(-6)}.md`,
        `---\nsession: "${id}"\ndate: ${day}\ntime: "${hhmm.slice(0, 2)}:${hhmm.slice(2)}"\nagent: claude\nauthor: Jane Doe <jane@example.com>\nbranch: main\n---\n\n## Session ${hhmm.slice(0, 2)}:${hhmm.slice(2)}\n\n### Request\nWork on the ${word} billing export, part ${i}\n\n### Learned\n- The invoice run for ${word} holds a lock while exporting ledger rows\n- Retries of webhook deliveries back off exponentially\n\n### Completed\n- Export of ${word} rows to the ledger\n`,
      );
    }
  }
  return repo;
}

const answer = async (c: Client, query: string) => {
  const r = (await c.callTool({ name: 'memory_search', arguments: { query } })) as { content: { text: string }[]; structuredContent?: { total: number } };
  return { text: r.content[0]!.text, total: r.structuredContent!.total };
};

describe('the first memory_search with no index stored', () => {
  it('answers from the newest files before the whole index is built, says so, and answers from all once it is', async () => {
    const repo = bigJournal();
    const stored = join(repo.dir, '.git', 'git-memory', 'search-index.json');
    const client = await connect(repo);

    const first = await answer(client, 'zeppelin');
    // Answered while the whole index was not yet stored…
    expect(existsSync(stored)).toBe(false);
    expect(first.total).toBe(1);
    // …and the answer says it searched part of the journal.
    const said = /the search index is still being built: (?:the newest journal file, of (\S+), was|the newest (\d+) journal files, back to (\S+), were) searched/.exec(first.text);
    expect(said, first.text).not.toBeNull();
    const searched = Number(said![2] ?? 1);
    expect(searched).toBeLessThan(DAYS * PER_DAY);
    // The day it went back to is the day of the oldest file searched, newest first.
    expect(said![1] ?? said![3]).toBe(new Date(Date.UTC(2026, 0, 1) + (DAYS - 1 - Math.floor((searched - 1) / PER_DAY)) * 86_400_000).toISOString().slice(0, 10));

    // The background build finishes and is stored; the next search has every session.
    await liveIndex(findRepo(repo.dir, repo.env)).settled();
    expect(existsSync(stored)).toBe(true);
    const all = await answer(client, 'aardvark');
    expect(all.total).toBe(1);
    expect(all.text).not.toMatch(/still being built/);
    expect((await answer(client, 'ledger')).text).toMatch(/4000 searched/);
  });
});

describe('a memory_search that finds the stored index far behind the journal', () => {
  it('answers from the newest files while the whole index is built again, instead of building it in the call', async () => {
    // An index stored when the journal had its first ten days (400 files), then ninety days more: a
    // delta of 3,600 files is past the limit (delta.ts), so the index must be built again.
    const repo = makeRepo();
    const early = bigJournal(repo, DAYS - 10);
    // The CLI's first search leaves the whole index to a detached build (cli-first.test.ts): waited for.
    expect(early.exec(['search', '--json', 'ledger']).code).toBe(0);
    await settled(repo);
    expect(JSON.parse(early.exec(['search', '--json', 'ledger']).stdout)).toMatchObject({ cache: 'fresh', sessions: 400 });
    bigJournal(repo, 0);
    const header = join(repo.dir, '.git', 'git-memory', 'search-index.json');
    const generation = () => (JSON.parse(readFileSync(header, 'utf8')) as { generation: string }).generation;
    const before = generation();

    const client = await connect(repo);
    const first = await answer(client, 'aardvark');
    // Answered before anything was stored again, and says so: from the newest files, or (where git's
    // check of the stored index took longer than the first answer waits, live-unchecked.test.ts) from the index as stored.
    expect(generation()).toBe(before);
    expect(first.text).toMatch(/the search index is still being built: the newest (journal file|\d+ journal files), (of|back to) \S+, (was|were) searched|the search index was searched as stored while it is checked/);

    await liveIndex(findRepo(repo.dir, repo.env)).settled();
    expect(generation()).not.toBe(before);
    const all = await answer(client, 'aardvark');
    expect(all.total).toBe(1);
    expect(all.text).toMatch(/4000 searched/);
  });
});
