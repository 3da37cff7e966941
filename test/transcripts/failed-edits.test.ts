import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { summaryFromNotes } from '../../src/commands/steps/session-from-notes.js';
import { mustKeep } from '../../src/compact/must-keep.js';
import { notesFromLedger } from '../../src/notes/offline.js';
import { advanceLedger, readLedger } from '../../src/transcripts/index.js';
import type { AgentName, Ledger } from '../../src/transcripts/ledger.js';
import { LEDGER_STATE_FILE, SESSIONS_DIR, sessionDirName } from '../../src/paths.js';
import { tempDir } from '../helpers/repo.js';
import { readInChunks } from './fixtures.js';

// A failed, rejected or cancelled edit is no change (issue 25 §6): the file counts as read (the agent
// looked at it), not as edited or written, and leaves its turn's `edited`, so "Files changed", the
// commit message, the compaction and the hot files name only what the session changed. Records in
// each agent's current shape (AGENT-INTERFACES §8, test/fixtures/agents), their texts as the real
// transcripts of the corpus write them.

const REPO = '/work/repo';
const AT = (s: number) => `2026-12-05T10:00:${String(s).padStart(2, '0')}.000Z`;

/** What the session changed, as session-from-notes takes it: files edited or written, and each turn's `edited`. */
const changed = (l: Ledger) => [...new Set([...l.files.filter((f) => f.edits + f.writes > 0).map((f) => f.path), ...l.turns.flatMap((t) => t.edited)])].sort();
/** Each file's reads, edits, writes, last operation, and changes not made (counted among the reads). */
const ops = (l: Ledger) => Object.fromEntries(l.files.map((f) => [f.path, [f.reads, f.edits, f.writes, f.last_op, f.refused ?? 0]]));

function whole(lines: string[], agent: AgentName): Ledger {
  const path = join(tempDir(), agent === 'gemini' ? 'session-y.jsonl' : 'w.jsonl');
  writeFileSync(path, `${lines.join('\n')}\n`);
  return readLedger(path, { agent, repoRoot: REPO });
}

describe('Claude Code: an Edit, MultiEdit, Write or NotebookEdit whose result is an error is no change', () => {
  let n = 0;
  const rec = (type: 'user' | 'assistant', parent: string | null, message: object, extra: object = {}) => {
    const uuid = `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`;
    return { uuid, line: JSON.stringify({ parentUuid: parent, isSidechain: false, userType: 'external', cwd: REPO, sessionId: 'c1', version: '2.1.332', gitBranch: 'main', type, message, uuid, timestamp: AT(n), rowSource: 'local', ...extra }) };
  };
  const call = (parent: string, id: string, name: string, input: object) => rec('assistant', parent, { role: 'assistant', id: `msg_${id}`, type: 'message', model: 'claude-opus-5-5', content: [{ type: 'tool_use', id, name, input }], usage: { input_tokens: 10, output_tokens: 5 } });
  const result = (parent: string, id: string, content: string, isError: boolean, toolUseResult: unknown) =>
    rec('user', parent, { role: 'user', content: [{ tool_use_id: id, type: 'tool_result', content, ...(isError ? { is_error: true } : {}) }] }, { toolUseResult, sourceToolAssistantUUID: parent });

  function transcript(): string[] {
    n = 0;
    const out: string[] = [];
    const push = (r: { uuid: string; line: string }) => (out.push(r.line), r.uuid);
    let p = push(rec('user', null, { role: 'user', content: 'Rename the helper and document it' }));
    p = push(call(p, 'toolu_1', 'Edit', { file_path: `${REPO}/src/a.ts`, old_string: 'helpr', new_string: 'helper' }));
    p = push(result(p, 'toolu_1', '<tool_use_error>String to replace not found in file.\nString: helpr</tool_use_error>', true, 'Error: String to replace not found in file.\nString: helpr'));
    p = push(call(p, 'toolu_2', 'Write', { file_path: `${REPO}/docs/helper.md`, content: '# Helper' }));
    p = push(result(p, 'toolu_2', '<tool_use_error>File has not been read yet. Read it first before writing to it.</tool_use_error>', true, 'Error: File has not been read yet. Read it first before writing to it.'));
    p = push(call(p, 'toolu_3', 'MultiEdit', { file_path: `${REPO}/src/b.ts`, edits: [{ old_string: 'x', new_string: 'y' }] }));
    p = push(result(p, 'toolu_3', "The user doesn't want to proceed with this tool use. The tool use was rejected (eg. if it was a file edit, the new_string was NOT written to the file). STOP what you are doing and wait for the user to tell you how to proceed.", true, 'User rejected tool use'));
    p = push(call(p, 'toolu_4', 'NotebookEdit', { notebook_path: `${REPO}/nb.ipynb`, new_source: 'x' }));
    p = push(result(p, 'toolu_4', '<tool_use_error>Notebook file does not exist.</tool_use_error>', true, 'Error: Notebook file does not exist.'));
    // src/a.ts: the second try succeeds.
    p = push(call(p, 'toolu_5', 'Edit', { file_path: `${REPO}/src/a.ts`, old_string: 'helpr(', new_string: 'helper(' }));
    p = push(result(p, 'toolu_5', `The file ${REPO}/src/a.ts has been updated successfully.`, false, { filePath: `${REPO}/src/a.ts` }));
    return out;
  }

  it('read whole', () => {
    const l = whole(transcript(), 'claude');
    expect(changed(l)).toEqual(['src/a.ts']);
    expect(ops(l)).toEqual({
      'src/a.ts': [1, 1, 0, 'edit', 1],
      'docs/helper.md': [1, 0, 0, 'read', 1],
      'src/b.ts': [1, 0, 0, 'read', 1],
      'nb.ipynb': [1, 0, 0, 'read', 1],
    });
    // Still errors the agent met, as before.
    expect(l.errors.map((e) => e.tool)).toEqual(['Edit', 'Write', 'MultiEdit', 'NotebookEdit']);
    expect(l.tool_calls).toBe(5);
  });

  it('read a record at a time, the call in one read and its result in the next', () => {
    const l = readInChunks(transcript(), 'claude', REPO);
    expect(changed(l)).toEqual(['src/a.ts']);
    expect(l.turns[0]!.edited).toEqual(['src/a.ts']);
    // What the session file and the compaction say was changed.
    expect(summaryFromNotes(notesFromLedger(l), l).notes).toEqual(['Files changed: src/a.ts']);
    expect(mustKeep(l).files_edited).toEqual(['src/a.ts']);
    // The notes say which change was not made, not that the file was read.
    const files = notesFromLedger(l).split('\n').filter((x) => x.startsWith('- `'));
    expect(files).toContain('- `src/a.ts` — edited 1×, change not made 1× (last: edit)');
    expect(files).toContain('- `docs/helper.md` — change not made 1× (last: read)');
  });

  it('a result read before its call (its parent) waits for it and still undoes the change', () => {
    const lines = transcript();
    // The rejected MultiEdit's result written before its call.
    const swapped = [...lines.slice(0, 5), lines[6]!, lines[5]!, ...lines.slice(7)];
    expect(changed(whole(swapped, 'claude'))).toEqual(['src/a.ts']);
    expect(changed(readInChunks(swapped, 'claude', REPO))).toEqual(['src/a.ts']);
  });
});

describe('Codex: an apply_patch that failed is no change', () => {
  const line = (s: number, type: string, payload: object) => JSON.stringify({ timestamp: AT(s), type, payload });
  const transcript = () => [
    line(0, 'session_meta', { id: 'x1', timestamp: AT(0), cwd: REPO, originator: 'codex_exec', cli_version: '0.171.0', source: 'exec' }),
    line(1, 'response_item', { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'Fix the parser' }] }),
    // The freeform tool, refused: the expected lines are not in the file.
    line(2, 'response_item', { type: 'custom_tool_call', status: 'completed', call_id: 'call_1', name: 'apply_patch', input: '*** Begin Patch\n*** Update File: src/parse.ts\n@@\n-old\n+new\n*** End Patch\n' }),
    line(3, 'response_item', { type: 'custom_tool_call_output', call_id: 'call_1', output: `apply_patch verification failed: Failed to find expected lines in ${REPO}/src/parse.ts:\nold` }),
    // Through the shell, exiting 1.
    line(4, 'response_item', { type: 'function_call', status: 'completed', name: 'exec_command', arguments: JSON.stringify({ cmd: "apply_patch <<'PATCH'\n*** Begin Patch\n*** Add File: src/new.ts\n+x\n*** End Patch\nPATCH", workdir: REPO }), call_id: 'call_2' }),
    line(5, 'response_item', { type: 'function_call_output', call_id: 'call_2', output: 'Chunk ID: 1\nWall time: 0.0100 seconds\nProcess exited with code 1\nOriginal token count: 9\nOutput:\nerror: invalid hunk at line 3\n' }),
    // An older shell's answer: no exit code, the error only.
    line(6, 'response_item', { type: 'function_call', name: 'shell', arguments: JSON.stringify({ command: ['bash', '-lc', "apply_patch <<'EOF'\n*** Begin Patch\n*** Update File: src/old.ts\n@@\n-a\n+b\n*** End Patch\nEOF"], workdir: REPO }), call_id: 'call_3' }),
    line(7, 'response_item', { type: 'function_call_output', call_id: 'call_3', output: `error: Failed to find expected lines in ${REPO}/src/old.ts:\na` }),
    // A rollout that keeps the tool events: patch_apply_end says it failed before the output comes.
    line(8, 'response_item', { type: 'custom_tool_call', status: 'completed', call_id: 'call_4', name: 'apply_patch', input: '*** Begin Patch\n*** Delete File: src/gone.ts\n*** End Patch\n' }),
    line(9, 'event_msg', { type: 'patch_apply_end', call_id: 'call_4', stdout: '', stderr: 'Failed to delete file src/gone.ts', success: false, changes: {} }),
    line(10, 'response_item', { type: 'custom_tool_call_output', call_id: 'call_4', output: 'Failed to delete file src/gone.ts' }),
    // And one that worked.
    line(11, 'response_item', { type: 'custom_tool_call', status: 'completed', call_id: 'call_5', name: 'apply_patch', input: '*** Begin Patch\n*** Update File: src/parse.ts\n@@\n-old2\n+new\n*** End Patch\n' }),
    line(12, 'response_item', { type: 'custom_tool_call_output', call_id: 'call_5', output: 'Exit code: 0\nWall time: 0 seconds\nOutput:\nSuccess. Updated the following files:\nM src/parse.ts\n' }),
  ];

  it('a turn that changes hundreds of files keeps a bounded count of them with the ledger state', () => {
    const calls = Array.from({ length: 700 }, (_, i) => [
      line(2, 'response_item', { type: 'custom_tool_call', call_id: `c${i}`, name: 'apply_patch', input: `*** Begin Patch\n*** Add File: gen/f${i}.ts\n+x\n*** End Patch\n` }),
      line(3, 'response_item', { type: 'custom_tool_call_output', call_id: `c${i}`, output: 'Exit code: 0\nWall time: 0 seconds\nOutput:\nSuccess.\n' }),
    ]).flat();
    const dir = tempDir();
    const path = join(dir, 'big.jsonl');
    writeFileSync(path, `${[...transcript().slice(0, 2), ...calls].join('\n')}\n`);
    const l = advanceLedger(dir, 'big', path, { agent: 'codex', repoRoot: REPO }).ledger;
    expect(l.turns[0]!.edited).toHaveLength(700);
    const kept = JSON.parse(readFileSync(join(dir, SESSIONS_DIR, sessionDirName('big'), LEDGER_STATE_FILE), 'utf8'));
    expect(Object.keys(kept.state.turnChanges).length).toBeLessThanOrEqual(512);
  });

  it('read whole, and a line at a time', () => {
    for (const l of [whole(transcript(), 'codex'), readInChunks(transcript(), 'codex', REPO)]) {
      expect(changed(l)).toEqual(['src/parse.ts']);
      expect(ops(l)).toEqual({ 'src/parse.ts': [1, 1, 0, 'edit', 1], 'src/new.ts': [1, 0, 0, 'read', 1], 'src/old.ts': [1, 0, 0, 'read', 1], 'src/gone.ts': [1, 0, 0, 'read', 1] });
      expect(l.errors.map((e) => e.message.slice(0, 32))).toEqual(['apply_patch verification failed:', 'error: invalid hunk at line 3', 'error: Failed to find expected li', 'Failed to delete file src/gone.t'].map((m) => m.slice(0, 32)));
      expect(l.commands).toEqual([]);
    }
  });
});

describe('Gemini CLI: replace / write_file / edit with status error or cancelled is no change', () => {
  const head = JSON.stringify({ sessionId: 'g1', projectHash: 'h', startTime: AT(0), lastUpdated: AT(0), kind: 'main' });
  const tc = (id: string, name: string, file: string, status: string, response: object) => ({
    id, name, args: { file_path: `${REPO}/${file}` }, result: [{ functionResponse: { id, name, response } }], status, timestamp: AT(5),
  });
  const transcript = () => [
    head,
    JSON.stringify({ id: 'u1', timestamp: AT(1), type: 'user', content: [{ text: 'Tidy the docs' }] }),
    // Written first with its calls running, then again once they ended.
    JSON.stringify({ id: 'm1', timestamp: AT(2), type: 'gemini', content: '', tokens: { input: 10, output: 2, cached: 0, thoughts: 0, tool: 0, total: 12 }, model: 'gemini-3.8-flash', toolCalls: [{ id: 'r1', name: 'replace', args: { file_path: `${REPO}/README.md` }, status: 'executing', timestamp: AT(3) }] }),
    JSON.stringify({
      id: 'm1', timestamp: AT(2), type: 'gemini', content: '', tokens: { input: 10, output: 2, cached: 0, thoughts: 0, tool: 0, total: 12 }, model: 'gemini-3.8-flash',
      toolCalls: [
        tc('r1', 'replace', 'README.md', 'error', { error: `Failed to edit, 0 occurrences found for old_string in ${REPO}/README.md.` }),
        tc('w1', 'write_file', 'docs/new.md', 'cancelled', { error: '[Operation Cancelled] Reason: User denied execution.' }),
        tc('e1', 'edit', 'docs/guide.md', 'cancelled', { error: '[Operation Cancelled] Reason: User denied execution.' }),
        tc('r2', 'replace', 'docs/index.md', 'success', { output: `Successfully modified file: ${REPO}/docs/index.md (1 replacements).` }),
      ],
    }),
    JSON.stringify({ id: 'm2', timestamp: AT(6), type: 'gemini', content: 'Done.', tokens: { input: 12, output: 2, cached: 0, thoughts: 0, tool: 0, total: 14 }, model: 'gemini-3.8-flash' }),
  ];

  it('read whole, and a line at a time', () => {
    for (const l of [whole(transcript(), 'gemini'), readInChunks(transcript(), 'gemini', REPO)]) {
      expect(changed(l)).toEqual(['docs/index.md']);
      expect(ops(l)).toEqual({ 'README.md': [1, 0, 0, 'read', 1], 'docs/new.md': [1, 0, 0, 'read', 1], 'docs/guide.md': [1, 0, 0, 'read', 1], 'docs/index.md': [0, 1, 0, 'edit', 0] });
      // The error is one; a cancellation is the user's choice, not an error (as before).
      expect(l.errors.map((e) => e.tool)).toEqual(['replace']);
    }
  });
});
