import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/repo.js';
import type { Ledger } from '../../src/transcripts/ledger.js';
import { coveredBy, firstNewMessage, ledgerFrom } from '../../src/transcripts/since.js';

/** The Codex fixture's ledger: two turns, the second tries to delete the sleep helper (its patch fails). */
const codex = (): Ledger => JSON.parse(readFileSync(join(ROOT, 'test', 'fixtures', 'transcripts', 'codex.ledger.json'), 'utf8'));

describe('the turns past what a session file covered', () => {
  it('finds the covered message again by its time, also when the ledger dropped older ones', () => {
    const l = codex();
    const afterFirst = coveredBy({ ...l, user_messages: l.user_messages.slice(0, 1) });
    expect(afterFirst).toEqual({ messages: 1, last: '2026-03-02T09:00:02.000Z' });
    expect(firstNewMessage(l, afterFirst)).toBe(1);
    expect(firstNewMessage(l, coveredBy(l))).toBe(2);
    // The ledger keeps the last 200: the covered one gone, the messages later than it are new.
    expect(firstNewMessage({ ...l, user_messages: l.user_messages.slice(1) }, afterFirst)).toBe(0);
    expect(firstNewMessage({ ...l, user_messages: l.user_messages.slice(1) }, { messages: 5, last: '2026-03-02T09:05:00.000Z' })).toBe(1);
    // Untimed messages: counted.
    expect(firstNewMessage(l, { messages: 1, last: '' })).toBe(1);
    expect(firstNewMessage(l, { messages: 0, last: '' })).toBe(0);
  });

  it("the ledger from a message on holds that turn's request, commands, errors and changed files only", () => {
    const part = ledgerFrom(codex(), 1);
    expect(part.user_messages.map((m) => m.text)).toEqual(['Also delete the old sleep helper']);
    expect(part.turns.map((t) => t.request)).toEqual(['Also delete the old sleep helper']);
    expect(part.commands.map((c) => c.at)).toEqual(['2026-03-02T09:01:08.000Z']);
    // The turn's one change (Delete File) failed: the helper was looked at, not changed.
    expect(part.files.map((f) => [f.path, f.reads, f.edits + f.writes])).toEqual([['test/helpers/sleep.ts', 1, 0]]);
    expect(ledgerFrom(codex(), 2)).toMatchObject({ user_messages: [], turns: [], commands: [], errors: [], files: [] });
  });
});
