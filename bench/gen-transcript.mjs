// A large Claude Code transcript in the real shape (AGENT-INTERFACES §2), for the ledger bench:
// human prompts, responses streamed as several lines sharing message.id with growing usage, Read /
// Edit / Write / Bash / TodoWrite calls with results of a few KB, sub-agent (sidechain) work, tool
// errors and compactions. Deterministic for a given size; written a batch of lines at a time.
import { closeSync, openSync, writeSync } from 'node:fs';

const SESSION = '5e0c1d2a-7b3f-4c8e-9a1d-6f2b3c4d5e6f';

/** Appends records to `path` until it holds at least `bytes` bytes; returns the size written and the record count. */
export function generateClaudeTranscript(path, bytes, { cwd = '/home/jane/acme' } = {}) {
  const fd = openSync(path, 'w');
  let size = 0;
  let records = 0;
  let n = 0;
  let parent = null;
  let batch = [];
  const at = () => new Date(Date.UTC(2026, 1, 12, 9, 0, 0) + n * 1500).toISOString();
  const flush = () => {
    const text = batch.join('');
    writeSync(fd, text);
    size += Buffer.byteLength(text);
    batch = [];
  };
  const push = (rec, side = false) => {
    const uuid = `r${++n}`;
    const full = { parentUuid: side ? rec.parentUuid ?? null : parent, isSidechain: side, userType: 'external', cwd, sessionId: SESSION, version: '2.1.39', gitBranch: 'main', ...rec, uuid, timestamp: at() };
    if (side) full.agentId = 'sub1';
    if (!side) parent = uuid;
    batch.push(`${JSON.stringify(full)}\n`);
    records++;
    return uuid;
  };
  const usage = (o, ctx) => ({ input_tokens: 3, cache_creation_input_tokens: 800, cache_read_input_tokens: ctx, output_tokens: o, service_tier: 'standard' });
  const body = (i, lines) => Array.from({ length: lines }, (_, k) => `${String(k + 1).padStart(6)}\texport function f${i}_${k}(x: number): number { return x * ${k} + ${i}; }`).join('\n');
  const files = Array.from({ length: 120 }, (_, i) => `${cwd}/src/module${i % 12}/file${i}.ts`);
  let turn = 0;
  let ctx = 20_000;
  while (size < bytes) {
    turn++;
    push({ type: 'user', message: { role: 'user', content: `Task ${turn}: refactor the helpers in module ${turn % 12} and keep the tests green` } });
    for (let step = 0; step < 6; step++) {
      const id = `msg_${turn}_${step}`;
      const req = `req_${turn}_${step}`;
      const file = files[(turn * 7 + step) % files.length];
      const tool =
        step === 0 ? { name: 'Read', input: { file_path: file } }
        : step === 1 ? { name: 'Edit', input: { file_path: file, old_string: 'return x', new_string: 'return 2 * x' } }
        : step === 2 ? { name: 'Bash', input: { command: `npx vitest run test/module${turn % 12}`, description: 'Run the tests' } }
        : step === 3 ? { name: 'TodoWrite', input: { todos: [{ content: `Task ${turn}`, status: 'in_progress', activeForm: 'Working' }, { content: `Task ${turn + 1}`, status: 'pending', activeForm: 'Next' }] } }
        : step === 4 ? { name: 'Write', input: { file_path: file.replace('.ts', '.test.ts'), content: body(turn, 20) } }
        : { name: 'Grep', input: { pattern: `f${turn}_`, path: `${cwd}/src` } };
      ctx += 150;
      const line = (content, o) => push({ type: 'assistant', requestId: req, message: { model: 'claude-opus-4-6', id, type: 'message', role: 'assistant', content: [content], stop_reason: null, stop_sequence: null, usage: usage(o, ctx) } });
      line({ type: 'thinking', thinking: `Step ${step} of task ${turn}: look at ${file} before changing it.`, signature: 'c2ln'.repeat(40) }, 10);
      line({ type: 'text', text: `Working on ${file}.` }, 60);
      const toolId = `toolu_${turn}_${step}`;
      line({ type: 'tool_use', id: toolId, ...tool }, 180);
      const failed = tool.name === 'Bash' && turn % 5 === 0;
      const out = tool.name === 'Read' ? body(turn, 60) : failed ? `Exit code 1\nFAIL test/module${turn % 12}.test.ts\nAssertionError: expected 2 to be 3` : 'ok';
      push({ type: 'user', message: { role: 'user', content: [{ tool_use_id: toolId, type: 'tool_result', content: out, is_error: failed }] }, toolUseResult: { stdout: out.slice(0, 2000), stderr: '', interrupted: false } });
    }
    if (turn % 10 === 0) {
      // A sub-agent's chain, in the same file.
      let p = push({ type: 'user', parentUuid: null, message: { role: 'user', content: `Check module ${turn % 12} for dead code` } }, true);
      for (let k = 0; k < 3; k++) {
        const id = `toolu_s${turn}_${k}`;
        p = push({ type: 'assistant', parentUuid: p, requestId: `req_s${turn}_${k}`, message: { model: 'claude-haiku-4-5', id: `msg_s${turn}_${k}`, role: 'assistant', content: [{ type: 'tool_use', id, name: 'Read', input: { file_path: files[(turn + k) % files.length] } }], usage: usage(50, 30_000) } }, true);
        p = push({ type: 'user', parentUuid: p, message: { role: 'user', content: [{ tool_use_id: id, type: 'tool_result', content: body(k, 30), is_error: false }] } }, true);
      }
    }
    if (turn % 150 === 0) {
      parent = null;
      push({ type: 'system', subtype: 'compact_boundary', content: 'Conversation compacted', level: 'info', compactMetadata: { trigger: 'auto', preTokens: ctx } });
      push({ type: 'user', isCompactSummary: true, isVisibleInTranscriptOnly: true, message: { role: 'user', content: `This session is being continued from a previous conversation. Summary of tasks up to ${turn}.` } });
      ctx = 20_000;
    }
    if (batch.length > 500) flush();
  }
  flush();
  closeSync(fd);
  return { size, records };
}

/** One more record for an existing generated transcript (a later turn's prompt). */
export function extraRecord(i) {
  return `${JSON.stringify({ parentUuid: null, isSidechain: false, type: 'user', sessionId: SESSION, uuid: `extra${i}`, timestamp: '2026-02-13T00:00:00.000Z', message: { role: 'user', content: `One more request ${i}` } })}\n`;
}
