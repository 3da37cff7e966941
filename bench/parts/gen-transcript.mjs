// A large Claude Code transcript in the real JSONL shape (one record per line, uuid/parentUuid
// chain, streamed assistant lines sharing message.id with growing usage, tool results, errors,
// TodoWrite), over files of the given repository: the input of the compaction bench.
import { appendFileSync, closeSync, createWriteStream, openSync, readSync, statSync } from 'node:fs';

/** Writes about `megabytes` MB to `path`; returns the number of lines. */
export async function generateTranscript(path, { cwd, files, megabytes, sessionId = 'bench-session-0001', start = Date.parse('2026-11-20T09:00:00Z') }) {
  const out = createWriteStream(path);
  const target = megabytes * 1024 * 1024;
  let bytes = 0;
  let lines = 0;
  let parent = null;
  let n = 0;
  let t = start;
  const write = (rec) => {
    const uuid = `u${++n}`;
    const line = `${JSON.stringify({ parentUuid: parent, isSidechain: false, userType: 'external', cwd, sessionId, version: '2.1.39', gitBranch: 'main', uuid, timestamp: new Date((t += 1500)).toISOString(), ...rec })}\n`;
    parent = uuid;
    bytes += line.length;
    lines++;
    return out.write(line) ? null : new Promise((r) => out.once('drain', r));
  };
  const pad = 'const value = compute(input, options); // generated line of source text\n'.repeat(40);
  let turn = 0;
  let context = 20_000;
  while (bytes < target) {
    turn++;
    const f = (i) => `${cwd}/${files[(turn * 7 + i * 13) % files.length]}`;
    await write({ type: 'user', message: { role: 'user', content: `Turn ${turn}: update ${files[(turn * 7) % files.length]} so the tests pass, and keep the API as it is` } });
    const calls = [
      { name: 'Read', input: { file_path: f(0) } },
      { name: 'Read', input: { file_path: f(1) } },
      { name: 'Edit', input: { file_path: f(0), old_string: 'a', new_string: 'b' } },
      { name: 'Bash', input: { command: 'npm test -- --run', description: 'Run the tests' } },
    ];
    if (turn % 5 === 0) calls.push({ name: 'TodoWrite', input: { todos: [{ content: `Finish turn ${turn}`, status: 'in_progress', activeForm: 'Finishing' }] } });
    for (const [i, c] of calls.entries()) {
      context += 900;
      const id = `msg_${turn}_${i}`;
      const usage = { input_tokens: 5, cache_read_input_tokens: context, cache_creation_input_tokens: 800, output_tokens: 120 };
      await write({ type: 'assistant', requestId: `req_${turn}_${i}`, message: { model: 'claude-opus-4-6', id, type: 'message', role: 'assistant', content: [{ type: 'text', text: `Now ${c.name} ${c.input.file_path ?? c.input.command ?? ''}` }], usage: { ...usage, output_tokens: 10 } } });
      await write({ type: 'assistant', requestId: `req_${turn}_${i}`, message: { model: 'claude-opus-4-6', id, type: 'message', role: 'assistant', content: [{ type: 'tool_use', id: `toolu_${turn}_${i}`, name: c.name, input: c.input }], usage } });
      const failed = c.name === 'Bash' && turn % 4 === 0;
      const content = failed ? `Exit code 1\nFAIL test/unit-${turn % 9}.test.ts > case ${turn}: expected 2 to be 3` : c.name === 'Read' ? pad : 'ok';
      await write({ type: 'user', message: { role: 'user', content: [{ tool_use_id: `toolu_${turn}_${i}`, type: 'tool_result', content, is_error: failed }] }, toolUseResult: { stdout: content.slice(0, 200), stderr: '' } });
    }
    if (context > 160_000) context = 30_000;
  }
  await new Promise((r) => out.end(r));
  return lines;
}

/**
 * Appends one more turn of the same shape to a transcript generateTranscript wrote (its chain and
 * clock carried on from the last line): the records a session writes after the tool-use hook's last
 * call. Returns the number of lines appended.
 */
export function appendTurn(path, { cwd, files, turn, sessionId = 'bench-session-0001' }) {
  const size = statSync(path).size;
  const tail = Buffer.alloc(Math.min(size, 1 << 16));
  const fd = openSync(path, 'r');
  readSync(fd, tail, 0, tail.length, size - tail.length);
  closeSync(fd);
  const text = tail.toString('utf8').trimEnd();
  const last = JSON.parse(text.slice(text.lastIndexOf('\n') + 1));
  let parent = last.uuid;
  let t = Date.parse(last.timestamp);
  let n = 0;
  const lines = [];
  const write = (rec) => {
    const uuid = `t${turn}-${++n}`;
    lines.push(JSON.stringify({ parentUuid: parent, isSidechain: false, userType: 'external', cwd, sessionId, version: '2.1.39', gitBranch: 'main', uuid, timestamp: new Date((t += 1500)).toISOString(), ...rec }));
    parent = uuid;
  };
  const f = (i) => `${cwd}/${files[(turn * 7 + i * 13) % files.length]}`;
  write({ type: 'user', message: { role: 'user', content: `Turn ${turn}: don't change the API of ${files[(turn * 7) % files.length]}, make the failing test pass` } });
  const calls = [
    { name: 'Read', input: { file_path: f(0) } },
    { name: 'Edit', input: { file_path: f(0), old_string: 'a', new_string: 'b' } },
    { name: 'Bash', input: { command: 'npm test -- --run', description: 'Run the tests' } },
  ];
  for (const [i, c] of calls.entries()) {
    const id = `msg_t${turn}_${i}`;
    const usage = { input_tokens: 5, cache_read_input_tokens: 150_000 + i * 900, cache_creation_input_tokens: 800, output_tokens: 120 };
    write({ type: 'assistant', requestId: `req_t${turn}_${i}`, message: { model: 'claude-opus-4-6', id, type: 'message', role: 'assistant', content: [{ type: 'text', text: `Now ${c.name} ${c.input.file_path ?? c.input.command}` }], usage: { ...usage, output_tokens: 10 } } });
    write({ type: 'assistant', requestId: `req_t${turn}_${i}`, message: { model: 'claude-opus-4-6', id, type: 'message', role: 'assistant', content: [{ type: 'tool_use', id: `toolu_t${turn}_${i}`, name: c.name, input: c.input }], usage } });
    const failed = c.name === 'Bash';
    const content = failed ? `Exit code 1\nFAIL test/unit-${turn % 9}.test.ts > case ${turn}: expected 2 to be 3` : 'ok';
    write({ type: 'user', message: { role: 'user', content: [{ tool_use_id: `toolu_t${turn}_${i}`, type: 'tool_result', content, is_error: failed }] }, toolUseResult: { stdout: content.slice(0, 200), stderr: '' } });
  }
  appendFileSync(path, `${lines.join('\n')}\n`);
  return lines.length;
}
