// Claude Code 1.0.8x began a session it continued after the context ran out with its summary of the
// conversation before, written as a record of the user's (no isCompactSummary, no parent). Two of the
// 480 public transcripts (SWORDIntel/claude-backups, Claude Code 1.0.81 and 1.0.89,
// config/projects/-home-ubuntu-Documents-livecd-gen/1b2c0332-….jsonl at 5c594e4f) start so, and the
// session file's request and its commit message were "This session is being continued from a
// previous conversation that ran out of context…" (issue 25 §1: "the context was compacted" is no
// fact of the session). The records below are of that shape, the text made up.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { summaryFromNotes } from '../../src/commands/steps/session-from-notes.js';
import { notesFromLedger } from '../../src/notes/offline.js';
import { firstUserPrompt } from '../../src/transcripts/first-prompt.js';
import { readLedger } from '../../src/transcripts/read.js';
import { tempDir } from '../helpers/repo.js';

const CWD = '/home/jane/livecd';
const base = { isSidechain: false, userType: 'external', cwd: CWD, sessionId: 'c0ffee00-1b2c-4e2d-8f00-000000000001', version: '1.0.89', gitBranch: 'main' };
const SUMMARY =
  'This session is being continued from a previous conversation that ran out of context. The conversation is summarized below:\nAnalysis:\n1. **Initial Request**: The user asked to add a HAP mode boot option.\n\nPlease continue the conversation from where we left it off without asking the user any further questions.';

function transcript(edit: (records: Record<string, unknown>[]) => void = () => undefined): string {
  const records: Record<string, unknown>[] = [
    { ...base, parentUuid: null, type: 'user', message: { role: 'user', content: [{ type: 'text', text: SUMMARY }] }, uuid: 'u1', timestamp: '2025-08-24T19:41:51.004Z' },
    { ...base, parentUuid: 'u1', type: 'assistant', message: { id: 'msg_1', type: 'message', role: 'assistant', model: 'claude-opus-4-1', content: [{ type: 'text', text: 'Continuing with the boot option.' }], usage: { input_tokens: 10, output_tokens: 5 } }, requestId: 'req_1', uuid: 'a1', timestamp: '2025-08-24T19:42:00.000Z' },
    { ...base, parentUuid: 'a1', type: 'user', message: { role: 'user', content: 'Now build the ISO with the HAP entry' }, uuid: 'u2', timestamp: '2025-08-24T19:45:00.000Z' },
    { ...base, parentUuid: 'u2', type: 'assistant', message: { id: 'msg_2', type: 'message', role: 'assistant', model: 'claude-opus-4-1', content: [{ type: 'text', text: 'Building.' }], usage: { input_tokens: 20, output_tokens: 5 } }, requestId: 'req_2', uuid: 'a2', timestamp: '2025-08-24T19:46:00.000Z' },
  ];
  edit(records);
  const path = join(tempDir('gm-continued-'), 'c0ffee00-1b2c-4e2d-8f00-000000000001.jsonl');
  writeFileSync(path, records.map((r) => JSON.stringify(r)).join('\n') + '\n');
  return path;
}

describe('a Claude Code 1.0 session continued after the context ran out', () => {
  it('its opening summary is the compaction it is, not the request', () => {
    const path = transcript();
    const ledger = readLedger(path, { repoRoot: CWD });
    expect(ledger.user_messages.map((m) => m.text)).toEqual(['Now build the ISO with the HAP entry']);
    expect(ledger.compactions).toEqual([expect.objectContaining({ summary: expect.stringMatching(/^This session is being continued/) })]);
    expect(summaryFromNotes(notesFromLedger(ledger), ledger).request).toBe('Now build the ISO with the HAP entry');
    expect(firstUserPrompt(path)).toBe('Now build the ISO with the HAP entry');
  });

  it('the same words in a record with a parent (pasted by the user later in a session) stay the user\'s', () => {
    const pasted = 'This session is being continued from a previous conversation that ran out of context, I think; check';
    const path = transcript((records) => {
      records[2]!.message = { role: 'user', content: pasted };
    });
    const ledger = readLedger(path, { repoRoot: CWD });
    expect(ledger.user_messages.map((m) => m.text)).toEqual([pasted]);
    expect(ledger.turns.map((t) => t.request)).toEqual([pasted]);
  });
});
