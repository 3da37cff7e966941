import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/memory/config.js';
import type { NotesState } from '../../src/notes/store.js';
import { checkThresholds, shouldExtract } from '../../src/notes/thresholds.js';
import { emptyLedger } from '../../src/transcripts/ledger.js';

const cfg = parseConfig('', 't.toml', 'r').config.session_memory;
const ledger = (tokens: number, calls: number, midTurn: boolean) => ({ ...emptyLedger('claude'), context_tokens: tokens, tool_calls: calls, last_turn_had_tool_calls: midTurn });
const compacted = (l: ReturnType<typeof ledger>) => ({ ...l, compactions: [...l.compactions, { at: l.compactions.length ? '2026-11-22T15:00:00Z' : '2026-11-22T14:00:00Z', trigger: 'auto', pre_tokens: 150_000, summary: '' }] });
const state = (tokens: number, calls: number): NotesState => ({ extractions: 1, last_tokens: tokens, last_tool_calls: calls, last_offset: 0, updated: '', source: 'ledger' });

// Seed 000: init at 10,000 tokens; then +5,000 tokens AND (3 tool calls OR a natural pause); tokens always required.
const table: [string, ReturnType<typeof ledger>, NotesState | null, boolean][] = [
  ['first: below 10,000 tokens', ledger(9_999, 10, false), null, false],
  ['first: 10,000 tokens, paused', ledger(10_000, 0, false), null, true],
  ['first: 10,000 tokens, 3 tool calls, mid-turn', ledger(10_000, 3, true), null, true],
  ['first: 10,000 tokens, 2 tool calls, mid-turn', ledger(10_000, 2, true), null, false],
  ['later: +4,999 tokens, many calls, paused', ledger(14_999, 50, false), state(10_000, 0), false],
  ['later: +5,000 tokens, 3 calls, mid-turn', ledger(15_000, 3, true), state(10_000, 0), true],
  ['later: +5,000 tokens, 2 calls, mid-turn', ledger(15_000, 2, true), state(10_000, 0), false],
  ['later: +5,000 tokens, 0 calls, paused', ledger(15_000, 0, false), state(10_000, 0), true],
  ['later: +5,000 tokens, calls counted since the last', ledger(20_000, 12, true), state(15_000, 10), false],
  ['later: +5,000 tokens, 3 calls since the last', ledger(20_000, 13, true), state(15_000, 10), true],
  ['later: compacted to 6,000 tokens, paused', compacted(ledger(6_000, 40, false)), state(150_000, 30), true],
  ['later: compacted to 4,000 tokens', compacted(ledger(4_000, 40, false)), state(150_000, 30), false],
  // Issue 25 §6.6: a resumed session replays earlier records and its context looks smaller; only a compaction restarts the count.
  ['later: 86,000 → 21,000 tokens without a compaction (a resume), paused', ledger(21_000, 40, false), { ...state(86_000, 30), compactions: 0, last_compaction: '' }, false],
  ['later: smaller again, the compaction already counted at the last extraction', compacted(ledger(21_000, 40, false)), { ...state(86_000, 30), compactions: 1, last_compaction: '2026-11-22T14:00:00Z' }, false],
  ['later: a second compaction since the last extraction', compacted(compacted(ledger(21_000, 40, false))), { ...state(86_000, 30), compactions: 1, last_compaction: '2026-11-22T14:00:00Z' }, true],
];

describe('shouldExtract (seed 000 thresholds)', () => {
  it.each(table)('%s', (_name, l, s, expected) => {
    expect(shouldExtract(l, s, cfg)).toBe(expected);
    expect(checkThresholds(l, s, cfg).reason).toBeTruthy();
  });

  it('follows [session_memory] numbers and enabled', () => {
    const custom = { ...cfg, minimum_message_tokens_to_init: 2000, minimum_tokens_between_update: 1000, tool_calls_between_updates: 1 };
    expect(shouldExtract(ledger(2000, 1, true), null, custom)).toBe(true);
    expect(shouldExtract(ledger(2999, 5, true), state(2000, 1), custom)).toBe(false);
    expect(shouldExtract(ledger(3000, 2, true), state(2000, 1), custom)).toBe(true);
    expect(shouldExtract(ledger(100_000, 100, false), null, { ...cfg, enabled: false })).toBe(false);
  });
});
