// Without a model, Next steps come from the session's open todos; an agent often leaves its list
// behind when the work is done (issue 25 §1 "wrong: a next step already done"). Read over every
// transcript of test/fixtures, the Gemini session (transcripts/gemini.json) wrote docs/billing.md and
// linked it from the README after its last write_todos, and its session file still listed "Write
// docs/billing.md" and "Link it from the README" as next steps, beside "Changed docs/billing.md,
// README.md" under Completed.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { summaryFromNotes } from '../../src/commands/steps/session-from-notes.js';
import { notesFromLedger } from '../../src/notes/offline.js';
import { readLedger } from '../../src/transcripts/index.js';
import type { Ledger } from '../../src/transcripts/ledger.js';
import { FIXTURES as AGENT_FIXTURES } from '../agents/fixtures.js';
import { REPO, TRANSCRIPTS } from '../transcripts/fixtures.js';
import { authSessionLedger } from './ledger-fixture.js';

const summary = (ledger: Ledger) => summaryFromNotes(notesFromLedger(ledger), ledger);

describe('Next steps leave out the todos the later work of the session overtook (no model)', () => {
  it('Gemini: the list said "Write docs/billing.md" and "Link it from the README"; both files were changed after it', () => {
    for (const file of ['gemini.json', 'gemini.jsonl']) {
      const ledger = readLedger(join(TRANSCRIPTS, file), { repoRoot: REPO });
      expect(ledger.todos.map((t) => t.content)).toEqual(['Write docs/billing.md', 'Link it from the README']);
      const s = summary(ledger);
      expect(s.next_steps).toEqual([]);
      expect(s.completed).toEqual(['Changed docs/billing.md, README.md']);
    }
  });

  it('Claude Code tasks: the list was written again after hello.txt, so its open tasks stay next steps', () => {
    for (const v of ['claude-2.1.328', 'claude-2.1.332']) {
      const ledger = readLedger(join(AGENT_FIXTURES, v, 'tasks-continue.jsonl'), { repoRoot: '/tmp/agent-capture/repo' });
      expect(summary(ledger).next_steps).toEqual(['Commit hello.txt', 'Broken task']);
    }
  });

  it('a todo stays when its file was only read after the list, changed before it, or is named only by a lower-case stem or inside a longer name', () => {
    const ledger = authSessionLedger({
      todos: [
        { content: 'Add tests for test/auth.test.ts edge cases', status: 'pending' }, // only read (last_call 9)
        { content: 'Document middleware.ts', status: 'pending' }, // edited at call 7, before the list
        { content: 'Update the index page', status: 'pending' }, // "index" is a lower-case stem
        { content: 'Split xrefresh.ts', status: 'in_progress' }, // another name
        { content: 'Export refresh.tsx types', status: 'pending' }, // another name
        { content: 'Rotate keys in src/auth/refresh.ts', status: 'pending' }, // edited at call 13, after the list
      ],
      todos_call: 8,
    });
    // (Current State names the one in progress first.)
    expect(summary(ledger).next_steps).toEqual([
      'Split xrefresh.ts',
      'Add tests for test/auth.test.ts edge cases',
      'Document middleware.ts',
      'Update the index page',
      'Export refresh.tsx types',
    ]);
    // Without the list's place (a ledger kept by an older version), every open todo stays.
    expect(summary({ ...ledger, todos_call: undefined }).next_steps).toHaveLength(6);
  });
});
