// A server's first memory_search in a fresh clone of a dreamt repository asks git for MEMORY.md as
// the last dream committed it, and that is the only process the search starts: it is started
// without node:child_process (loading it, with net, dgram and the streams, and its first spawn cost
// ~6 ms of CPU on the answer's path; issue 28 item 5b). Counted in the built mcp-search.js's own
// process: the modules node loaded by the answer (neither it nor node:v8, which only the build of
// the whole index after the answer needs). The fact deleted by hand still leaves the results.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { serializeLongTerm } from '../../src/memory/long-term.js';
import { LONG_TERM_FILE } from '../../src/paths.js';
import { writeSession } from '../helpers/journal-session.js';
import { makeRepo, ROOT } from '../helpers/repo.js';

describe("a server's first search in a fresh clone of a dreamt repository", () => {
  it('asks git about MEMORY.md without loading node:child_process or node:v8, and leaves out the fact deleted by hand', () => {
    const repo = makeRepo();
    writeSession(repo, '2026-03-02', '0915', 'aaaaaa', 'Zeppelin outage\n\n### Learned\n- Zeppelin retries back off');
    const fact = (text: string) => ({ section: 'conventions' as const, text, sessions: [], files: [] });
    // What the dream read through (its first line): a file a dream wrote. The dream was dreamt at HEAD.
    const through = { commits: [repo.git('rev-parse', 'HEAD').trim()], sessions: ['20260302-0915-aaaaaa'] };
    repo.write(LONG_TERM_FILE, serializeLongTerm({ lang: 'en', through, entries: [fact('Zeppelin retries back off'), fact('Invoices round half up')] }));
    repo.git('add', '.');
    repo.git('commit', '-q', '-m', 'memory: dream over 1 sessions');
    // Deleted by hand since the dream: a search leaves it out at once (commands/search.ts readRetired).
    repo.write(LONG_TERM_FILE, serializeLongTerm({ lang: 'en', through, entries: [fact('Invoices round half up')] }));
    const script = `
      const { leanMcpSearch, closeLeanMcpSearch } = require(${JSON.stringify(join(ROOT, 'dist', 'mcp-search.js'))});
      leanMcpSearch({ query: 'zeppelin retries' }, process.cwd(), process.env, () => {}).then((r) => {
        closeLeanMcpSearch();
        process.stdout.write(JSON.stringify({ text: r.content[0].text, childProcess: process.moduleLoadList.includes('NativeModule child_process'), v8: process.moduleLoadList.includes('NativeModule v8') }));
      });`;
    const out = JSON.parse(execFileSync(process.execPath, ['-e', script], { cwd: repo.dir, env: { ...process.env, GIT_MEMORY_NOW: '2026-03-03T10:00:00Z' }, encoding: 'utf8' })) as { text: string; childProcess: boolean; v8: boolean };
    expect(out.childProcess).toBe(false);
    // Nor node:v8 (~6 ms of CPU), which only a build of the whole index uses (search/heap.ts), after the answer.
    expect(out.v8).toBe(false);
    // The session is found by its request; its learned line, a fact deleted by hand, is not shown.
    expect(out.text).toContain('request: Zeppelin outage');
    expect(out.text).not.toContain('Zeppelin retries back off');
  });
});
