// Issue 25 §6: the ledger exact on what real agents write — Windows sessions, apply_patch through
// the shell, a line that does not parse, uuids that share their ends, a resumed session's replay,
// and lines of a hundred megabytes.
import { appendFileSync, openSync, writeFileSync, writeSync, closeSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scanLines } from '../../src/transcripts/lines.js';
import { advanceLedger, readLedger } from '../../src/transcripts/index.js';
import { firstUserPrompt } from '../../src/transcripts/first-prompt.js';
import { tempDir } from '../helpers/repo.js';

type Rec = Record<string, unknown>;

/** A Claude Code transcript: records chained by parentUuid, uuids given or made. */
function claude(records: (Rec & { uuid?: string })[], base: Rec = {}): string {
  let parent: string | null = null;
  return records
    .map((r, i) => {
      const uuid = r.uuid ?? `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
      const line = JSON.stringify({ parentUuid: 'parentUuid' in r ? r.parentUuid : parent, isSidechain: false, sessionId: 's1', ...base, ...r, uuid, timestamp: new Date(Date.UTC(2026, 0, 1, 10) + i * 1000).toISOString() });
      parent = uuid;
      return `${line}\n`;
    })
    .join('');
}
const prompt = (text: string): Rec => ({ type: 'user', message: { role: 'user', content: text } });
const call = (id: string, name: string, input: Rec, msg = `msg_${id}`): Rec => ({ type: 'assistant', requestId: `req_${id}`, message: { id: msg, role: 'assistant', content: [{ type: 'tool_use', id, name, input }], usage: { input_tokens: 10, output_tokens: 5, cache_read_input_tokens: 0, cache_creation_input_tokens: 0 } } });
const result = (id: string, text = 'ok', isError = false): Rec => ({ type: 'user', message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: id, content: text, is_error: isError }] } });
const todo = (id: string, content: string, status = 'in_progress'): Rec => call(id, 'TodoWrite', { todos: [{ content, status, activeForm: content }] });

function write(name: string, text: string): string {
  const path = join(tempDir(), name);
  writeFileSync(path, text);
  return path;
}

describe('§6.1 a session recorded on Windows', () => {
  it('reports the files it read and edited inside the repository, not joined onto the working directory', () => {
    const cwd = 'C:\\Users\\jane\\acme';
    const path = write('win.jsonl', claude([
      prompt('fix the readme'),
      call('t1', 'Read', { file_path: 'C:\\Users\\jane\\acme\\README.md' }),
      result('t1'),
      call('t2', 'Edit', { file_path: 'c:\\users\\jane\\acme\\src\\app.ts', old_string: 'a', new_string: 'b' }),
      result('t2'),
      call('t3', 'Write', { file_path: 'C:/Users/jane/acme/docs/guide.md', content: 'x' }),
      result('t3'),
      call('t4', 'Read', { file_path: 'C:\\Users\\jane\\.claude\\plans\\plan.md' }),
      result('t4'),
    ], { cwd }));
    const l = readLedger(path, { agent: 'claude', repoRoot: '/home/jane/acme' });
    expect(l.files.map((f) => f.path)).toEqual(['README.md', 'src/app.ts', 'docs/guide.md', 'C:/Users/jane/.claude/plans/plan.md']);
    expect(l.turns[0]!.edited).toEqual(['src/app.ts', 'docs/guide.md']);
  });
});

describe('§6.2 Codex apply_patch through a shell heredoc', () => {
  it('is an edit of the files its patch names, not a command', () => {
    const patch = "*** Begin Patch\n*** Update File: src/app.ts\n@@\n-a\n+b\n*** Add File: src/new.ts\n+x\n*** Delete File: src/old.ts\n*** End Patch";
    const lines = [
      { timestamp: '2026-01-01T10:00:00Z', type: 'session_meta', payload: { id: 'c1', cwd: '/home/jane/acme' } },
      { timestamp: '2026-01-01T10:00:01Z', type: 'event_msg', payload: { type: 'user_message', message: 'patch it' } },
      { timestamp: '2026-01-01T10:00:02Z', type: 'response_item', payload: { type: 'function_call', name: 'shell', call_id: 'c-1', arguments: JSON.stringify({ command: ['bash', '-lc', `apply_patch <<'PATCH'\n${patch}\nPATCH`], workdir: '/home/jane/acme' }) } },
      { timestamp: '2026-01-01T10:00:03Z', type: 'response_item', payload: { type: 'function_call_output', call_id: 'c-1', output: JSON.stringify({ output: 'Success.', metadata: { exit_code: 0 } }) } },
      { timestamp: '2026-01-01T10:00:04Z', type: 'response_item', payload: { type: 'function_call', name: 'shell', call_id: 'c-2', arguments: JSON.stringify({ command: ['apply_patch', "*** Begin Patch\n*** Update File: README.md\n@@\n-a\n+b\n*** End Patch"] }) } },
      { timestamp: '2026-01-01T10:00:05Z', type: 'response_item', payload: { type: 'function_call', name: 'shell', call_id: 'c-3', arguments: JSON.stringify({ command: ['bash', '-lc', 'npm test'] }) } },
    ];
    const path = write('rollout.jsonl', lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
    const l = readLedger(path, { agent: 'codex', repoRoot: '/home/jane/acme' });
    expect(l.files.map((f) => [f.path, f.edits, f.writes])).toEqual([['src/app.ts', 1, 0], ['src/new.ts', 0, 1], ['src/old.ts', 0, 1], ['README.md', 1, 0]]);
    expect(l.commands.map((c) => c.command)).toEqual(['npm test']);
    expect(l.turns[0]!.edited).toEqual(['src/app.ts', 'src/new.ts', 'src/old.ts', 'README.md']);
  });
});

describe('§6.3 a line that does not parse', () => {
  it('leaves no record waiting: records apply in file order and the last todo list is the final one', () => {
    const before = claude([
      prompt('start'),
      call('t1', 'Bash', { command: 'make' }),
      result('t1'),
      todo('t2', 'old plan'),
      result('t2'),
    ]).split('\n');
    // The tool result is torn in the middle (before its uuid), as a crash leaves it; the records
    // below it name it as their parent. Then a compaction: a boundary with no parent, and the rest
    // of the session chained to it.
    before[2] = before[2]!.slice(0, 60);
    const boundary = 'b0000000-0000-4000-8000-000000000000';
    const after = claude([
      { type: 'system', subtype: 'compact_boundary', parentUuid: null, uuid: boundary, compactMetadata: { trigger: 'auto', preTokens: 1000 } },
      { ...prompt('go on'), uuid: 'c0000000-0000-4000-8000-000000000001' },
      { ...todo('t3', 'final plan'), uuid: 'c0000000-0000-4000-8000-000000000002' },
      { ...result('t3'), uuid: 'c0000000-0000-4000-8000-000000000003' },
    ]);
    const path = write('torn.jsonl', `${before.slice(0, 5).join('\n')}\n${after}`);
    const l = readLedger(path, { agent: 'claude' });
    expect(l.todos).toEqual([{ content: 'final plan', status: 'in_progress' }]);
    expect(l.commands.map((c) => c.command)).toEqual(['make']);
    expect(l.user_messages.map((m) => m.text)).toEqual(['start', 'go on']);
  });

  it('takes a damaged line’s uuid when it still has one: its children stay in conversation order', () => {
    const records = claude([prompt('start'), call('t1', 'Bash', { command: 'make a' }), result('t1'), call('t2', 'Bash', { command: 'make b' })]).split('\n');
    // The tool result is damaged in its content (not parseable) but its uuid and timestamp are whole.
    records[2] = records[2]!.replace('"content":"ok"', '"content":ok');
    const path = write('damaged.jsonl', records.join('\n'));
    expect(readLedger(path, { agent: 'claude' }).commands.map((c) => c.command)).toEqual(['make a', 'make b']);
  });
});

describe('§6.4 records are deduplicated by their whole uuid', () => {
  it('keeps distinct records whose uuids share their last 12 characters', () => {
    const same = '-4000-8000-abcdefabcdef';
    const path = write('ids.jsonl', claude([
      { ...prompt('start'), uuid: `11111111-1111${same}` },
      { ...call('t1', 'Bash', { command: 'make one' }), uuid: `22222222-2222${same}` },
      { ...result('t1', 'boom', true), uuid: `33333333-3333${same}` },
      { ...call('t2', 'Bash', { command: 'make two' }), uuid: `44444444-4444${same}` },
    ]));
    const l = readLedger(path, { agent: 'claude' });
    expect(l.commands.map((c) => [c.command, c.failed])).toEqual([['make one', true], ['make two', false]]);
    expect(l.errors).toHaveLength(1);
  });
});

describe('§6.6 a resumed session replays its earlier records', () => {
  it('counts a replayed response once: no usage, context size, tool call or command again', () => {
    const usage = (n: number) => ({ input_tokens: n, output_tokens: 0, cache_read_input_tokens: 0, cache_creation_input_tokens: 0 });
    const responses: Rec[] = [prompt('start')];
    for (let i = 0; i < 30; i++) {
      responses.push({ type: 'assistant', requestId: `req_${i}`, message: { id: `msg_${i}`, role: 'assistant', content: [{ type: 'tool_use', id: `toolu_${i}`, name: 'Bash', input: { command: `step ${i}` } }], usage: usage(20_000 + i * 2_000) } });
      responses.push(result(`toolu_${i}`));
    }
    // The resume writes the early responses again: new uuids, the same message ids.
    const replay = responses.slice(1, 11).map((r, i) => ({ ...r, uuid: `99999999-0000-4000-8000-${String(i).padStart(12, '9')}` }));
    const path = write('resumed.jsonl', claude([...responses, ...replay]));
    const l = readLedger(path, { agent: 'claude' });
    expect(l.context_tokens).toBe(20_000 + 29 * 2_000);
    expect(l.commands).toHaveLength(30);
    expect(l.tool_calls).toBe(30);
    expect(l.usage.input).toBe(Array.from({ length: 30 }, (_, i) => 20_000 + i * 2_000).reduce((a, b) => a + b, 0));
  });
});

describe('§6.6 a continued Claude Code session replays its earlier prompts too', () => {
  // The shape of a real continued Claude Code 2.0.2 session (a public ~/.claude backup, the corpus's
  // stop 40 part): earlier prompts and answers written again with new uuids, the answers' message ids
  // the same, then the new prompt.
  const answer = (n: number, text: string): Rec => ({ type: 'assistant', requestId: `req_${n}`, message: { id: `msg_${n}`, role: 'assistant', content: [{ type: 'text', text }], usage: { input_tokens: 10, output_tokens: 5 } } });
  const again = (r: Rec, n: number): Rec => ({ ...r, uuid: `99999999-0000-4000-8000-${String(n).padStart(12, '9')}` });

  it('takes each prompt once: a replayed prompt, answered by a replayed answer, is no new request', () => {
    const first = [prompt('Does this lose the progressive filtering?'), answer(1, 'No.'), prompt('yes'), answer(2, 'Done.')];
    const path = write('continued.jsonl', claude([...first, ...first.map(again), prompt('Now add the delta sync'), answer(3, 'Added.')]));
    const l = readLedger(path, { agent: 'claude' });
    expect(l.user_messages.map((m) => m.text)).toEqual(['Does this lose the progressive filtering?', 'yes', 'Now add the delta sync']);
    expect(l.turns.map((t) => [t.request, t.reply])).toEqual([['Does this lose the progressive filtering?', 'No.'], ['yes', 'Done.'], ['Now add the delta sync', 'Added.']]);
  });

  it('as Claude Code 2.0 wrote it: the replayed answers without their requestId are no new responses (usage once, no call again)', () => {
    const first = [prompt('Does this lose the progressive filtering?'), answer(1, 'No.'), prompt('yes'), call('t1', 'Bash', { command: 'make sync' }), result('t1')];
    const replay = first.map((r, i) => {
      const { requestId: _, ...rest } = again(r, i) as Rec & { requestId?: string };
      return rest;
    });
    const path = write('continued-2.0.jsonl', claude([...first, ...replay, prompt('Now add the delta sync'), answer(3, 'Added.')]));
    const l = readLedger(path, { agent: 'claude' });
    expect(l.user_messages.map((m) => m.text)).toEqual(['Does this lose the progressive filtering?', 'yes', 'Now add the delta sync']);
    expect(l.commands.map((c) => c.command)).toEqual(['make sync']);
    expect(l.usage.input + l.usage.output).toBe(3 * 15);
  });

  it('keeps a prompt typed again: it gets an answer of its own', () => {
    const path = write('retyped.jsonl', claude([prompt('run the tests'), answer(1, 'Failed.'), prompt('run the tests'), answer(2, 'Passed.')]));
    expect(readLedger(path, { agent: 'claude' }).user_messages.map((m) => m.text)).toEqual(['run the tests', 'run the tests']);
  });

  it('read a line at a time, as the hooks read it, gives the same prompts', () => {
    const first = [prompt('Does this lose the progressive filtering?'), answer(1, 'No.')];
    const lines = claude([...first, ...first.map(again), prompt('next'), answer(2, 'ok')]).split('\n').filter(Boolean);
    const path = write('stepwise.jsonl', '');
    const state = tempDir();
    for (const line of lines) {
      appendFileSync(path, `${line}\n`);
      advanceLedger(state, 's1', path, { agent: 'claude' });
    }
    const { ledger } = advanceLedger(state, 's1', path, { agent: 'claude' });
    expect(ledger.user_messages.map((m) => m.text)).toEqual(['Does this lose the progressive filtering?', 'next']);
  });
});

describe('a prompt sent from an IDE (Claude Code in VS Code or JetBrains)', () => {
  // As two public ~/.claude backups of the corpus's stop 40 part hold them (31 prompts in 2 of 59
  // transcripts): the IDE's context first, in a text block of its own or at the start of the text.
  const ide = (...content: unknown[]): Rec => ({ type: 'user', message: { role: 'user', content } });
  const text = (t: string) => ({ type: 'text', text: t });

  it('is the prompt the user typed, the IDE context before it left out', () => {
    const path = write('ide.jsonl', claude([
      ide(text('<ide_selection>The user selected the lines 86 to 86 from /Users/b/dev/app/sync.ts:\nsyncBudget()\n\nThis may or may not be related to the current task.</ide_selection>'), text('Help me think through something.')),
      { type: 'assistant', requestId: 'r1', message: { id: 'm1', role: 'assistant', content: [{ type: 'text', text: 'Sure.' }] } },
      prompt('<ide_opened_file>The user opened the file /Users/b/dev/app/api.ts in the IDE.</ide_opened_file>Can we use destructuring here?'),
      { type: 'assistant', requestId: 'r2', message: { id: 'm2', role: 'assistant', content: [{ type: 'text', text: 'Yes.' }] } },
      ide(text('<ide_opened_file>The user opened the file /Users/b/dev/app/api.ts in the IDE.</ide_opened_file>')),
      prompt('<command-name>/clear</command-name>'),
    ]));
    const l = readLedger(path, { agent: 'claude' });
    expect(l.user_messages.map((m) => m.text)).toEqual(['Help me think through something.', 'Can we use destructuring here?']);
    expect(firstUserPrompt(path)).toBe('Help me think through something.');
  });
});

describe("a prompt sent from Codex's IDE extension", () => {
  // As three public Codex homes of the agents corpus hold them (13 of 197 rollouts, 2025-09 to 2025-12).
  it('is the request the user typed, the IDE context before it left out', () => {
    const typed = '# Context from my IDE setup:\n\n## Active file: docs/requirements.md\n\n## Active selection of the file:\n0.1\n## Open tabs:\n- requirements.md: docs/requirements.md\n\n## My request for Codex:\nRun the requirements check\n';
    const lines = [
      { timestamp: '2026-01-01T10:00:00Z', type: 'session_meta', payload: { id: 'c1', cwd: '/home/jane/acme', cli_version: '0.72.0' } },
      { timestamp: '2026-01-01T10:00:01Z', type: 'response_item', payload: { type: 'message', role: 'user', content: [{ type: 'input_text', text: typed }] } },
      { timestamp: '2026-01-01T10:00:01Z', type: 'event_msg', payload: { type: 'user_message', message: typed } },
      { timestamp: '2026-01-01T10:00:02Z', type: 'response_item', payload: { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'All covered.' }] } },
    ];
    const path = write('rollout-ide.jsonl', lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
    expect(readLedger(path, { agent: 'codex' }).user_messages.map((m) => m.text)).toEqual(['Run the requirements check']);
    expect(firstUserPrompt(path)).toBe('Run the requirements check');
  });
});

describe('§6.7 lines of a hundred megabytes', () => {
  const SIZE = 24 << 20;
  /** Appends one record whose tool result is `bytes` long, without building it in memory. */
  function appendHuge(path: string, head: string, bytes: number, tail: string | null): void {
    const fd = openSync(path, 'a');
    writeSync(fd, head);
    const chunk = Buffer.alloc(1 << 20, 0x61);
    for (let n = 0; n < bytes; n += chunk.length) writeSync(fd, chunk, 0, Math.min(chunk.length, bytes - n));
    if (tail !== null) writeSync(fd, tail);
    closeSync(fd);
  }

  it('passes over a line over the cap without holding it, keeping the records around it in order', () => {
    // 64 MB: passing over a line holds what is gathered before it is known to be over the cap (lines.ts MAX_LINE, 8 MB) and a
    // chunk, ~13 MB of RSS measured; held whole, this line is 64 MB of bytes and 128 MB as a string. A copy of the gathered 8 MB
    // whole at the cap, and a chunk joined to the kept tail at every chunk after it, made garbage that grew with the line (17 MB
    // for 24 MB, 30 MB for 64 MB; 29 MB for 24 MB in CI51a, the collector late under load, against a 24 MB bound).
    const BIG = 64 << 20;
    const path = write('huge.jsonl', claude([prompt('start'), call('t1', 'Read', { file_path: '/r/big.log' })]));
    const huge = { parentUuid: '00000000-0000-4000-8000-000000000001', isSidechain: false, sessionId: 's1', type: 'user', message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't1', content: '' }] }, uuid: 'aaaaaaaa-0000-4000-8000-000000000000', timestamp: '2026-01-01T10:00:03Z' };
    const [h, t] = JSON.stringify(huge).split('"content":""');
    appendHuge(path, `${h}"content":"`, BIG, `"${t}\n`);
    appendFileSync(path, `${JSON.stringify({ parentUuid: huge.uuid, isSidechain: false, sessionId: 's1', type: 'assistant', requestId: 'r2', message: { id: 'm2', role: 'assistant', content: [{ type: 'tool_use', id: 't2', name: 'Bash', input: { command: 'make' } }], usage: { input_tokens: 1, output_tokens: 1 } }, uuid: 'bbbbbbbb-0000-4000-8000-000000000000', timestamp: '2026-01-01T10:00:04Z' })}\n`);
    const before = process.memoryUsage().rss;
    const l = readLedger(path, { agent: 'claude' });
    const grown = process.memoryUsage().rss - before;
    expect(l.files.map((f) => f.path)).toEqual(['/r/big.log']);
    expect(l.commands.map((c) => c.command)).toEqual(['make']);
    expect(grown).toBeLessThan(28 << 20);
  });

  it('a torn line over the cap is not read again from its start at every later read', () => {
    const path = write('torn-huge.jsonl', claude([prompt('start')]));
    const state = tempDir();
    advanceLedger(state, 's1', path, { agent: 'claude' });
    appendHuge(path, '{"parentUuid":"00000000-0000-4000-8000-000000000000","type":"user","message":{"role":"user","content":"', SIZE, null);
    const first = advanceLedger(state, 's1', path, { agent: 'claude' });
    // The next read starts where the last one stopped, inside the line, not at its start.
    expect(first.to).toBeGreaterThan(SIZE);
    appendHuge(path, '', 1 << 20, `","uuid":"cccccccc-0000-4000-8000-000000000000","timestamp":"2026-01-01T10:00:05Z"}\n`);
    const second = advanceLedger(state, 's1', path, { agent: 'claude' });
    expect(second.from).toBe(first.to);
    appendFileSync(path, claude([{ ...prompt('after'), parentUuid: 'cccccccc-0000-4000-8000-000000000000', uuid: 'dddddddd-0000-4000-8000-000000000000' }]));
    const third = advanceLedger(state, 's1', path, { agent: 'claude' });
    expect(third.ledger.user_messages.map((m) => m.text)).toEqual(['start', 'after']);
    expect(third.ledger).toEqual(readLedger(path, { agent: 'claude' }));
  });

  it('scanLines hands over the ends of a line over the cap, and every other line whole', () => {
    const path = write('lines.txt', `short\n${'x'.repeat(300)}\nlast\n`);
    const seen: string[] = [];
    const long: string[] = [];
    scanLines(path, 0, undefined, (l) => seen.push(l), undefined, { maxLine: 100, long: (ends) => long.push(ends) });
    expect(seen).toEqual(['short', 'last']);
    expect(long).toHaveLength(1);
  });
});
