// Files a Codex or Gemini CLI session named without touching them (issue 25 §5/§6, stop 51;
// src/transcripts/named.ts): as for Claude Code, the repository paths a prompt, the plan or todo
// list, a command line, or a search's, a listing's or a command's output names. Inputs: the real
// pinned CLIs' transcripts (test/fixtures/agents, captured with capture/run.sh against the fake
// API), their folder moved to a real temporary repository; and records in those transcripts'
// shapes with the texts changed to name files.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NAMED_CAP } from '../../src/transcripts/named.js';
import { readLedger } from '../../src/transcripts/read.js';
import { makeRepo, ROOT } from '../helpers/repo.js';
import { readInChunks } from './fixtures.js';

const CAPTURE = '/tmp/agent-capture/repo';
const fixture = (path: string) => readFileSync(join(ROOT, 'test/fixtures/agents', path), 'utf8');
const namedOf = (l: { named?: { path: string; times: number }[] }) => Object.fromEntries((l.named ?? []).map((f) => [f.path, f.times]));

/** A real transcript with its repository moved to `dir`. */
function moved(path: string, dir: string, name: string): string {
  const file = join(dir, '.git', name);
  writeFileSync(file, fixture(path).split(CAPTURE).join(dir));
  return file;
}

describe('the ledger: files a Codex session named', () => {
  it('in a real code-mode rollout: the file its commands name and create without an edit tool', () => {
    const repo = makeRepo();
    const l = readLedger(moved('codex-0.171.0/code-mode.jsonl', repo.dir, 'rollout.jsonl'), { agent: 'codex', repoRoot: repo.dir });
    // The prompt ("Add c.txt, commit it…") and the two command lines (`printf … > c.txt`, `git add c.txt && …`).
    expect(namedOf(l)).toEqual({ 'c.txt': 3 });
    expect(l.files.map((f) => f.path)).toEqual(['README.md', 'missing.txt']);
  });

  it("keeps a prompt's, a command line's, a command's and a poll's output, a plan's and a script's printed files; not a patch's, not a path outside", () => {
    const repo = makeRepo();
    const d = repo.dir;
    // The real rollout-resumed.jsonl's records (0.171.0: direct exec_command, update_plan, apply_patch), texts changed.
    let ord = 0;
    let sec = 10;
    const meta = { turn_id: 't1' };
    const line = (type: string, payload: object) => JSON.stringify({ timestamp: `2026-12-04T23:18:${sec++}.000Z`, ordinal: ord++, type, payload });
    const user = (text: string) => line('response_item', { type: 'message', id: `msg_${ord}`, role: 'user', content: [{ type: 'input_text', text }], internal_chat_message_metadata_passthrough: meta });
    const fn = (id: string, name: string, args: object, output: unknown) => [
      line('response_item', { type: 'function_call', status: 'completed', id: `fc_${id}`, name, arguments: JSON.stringify(args), call_id: id, internal_chat_message_metadata_passthrough: meta }),
      line('response_item', { type: 'function_call_output', id: `fco_${id}`, call_id: id, output, internal_chat_message_metadata_passthrough: meta }),
    ];
    const done = (out: string) => `Chunk ID: 037917\nWall time: 0.1257 seconds\nProcess exited with code 0\nOriginal token count: 23\nOutput:\n${out}`;
    const lines = [
      line('session_meta', { session_id: 's1', id: 's1', timestamp: '2026-12-04T23:18:09.000Z', cwd: d, originator: 'codex_exec', cli_version: '0.171.0', source: 'exec' }),
      line('turn_context', { turn_id: 't1', cwd: d }),
      user(`Fix the login bug in src/auth/login.ts, see ${d}/docs/auth.md and /etc/ssl/openssl.cnf.txt`),
      ...fn('c1', 'exec_command', { cmd: 'rg -l session src' }, done('src/auth/session.ts\nsrc/auth/token.ts\n')),
      ...fn('c2', 'exec_command', { cmd: 'npx vitest run test/auth.test.ts', yield_time_ms: 1000 }, 'Chunk ID: 1\nWall time: 1.0 seconds\nProcess running with session ID 7\nOriginal token count: 3\nOutput:\n RUN  test/auth.test.ts\n'),
      ...fn('c3', 'write_stdin', { session_id: 7, chars: '' }, `Chunk ID: 2\nWall time: 2.0 seconds\nProcess exited with code 1\nOriginal token count: 9\nOutput:\n FAIL  test/auth.test.ts\n Error: at ${d}/src/auth/cookie.ts:40:7\n`),
      ...fn('c4', 'update_plan', { plan: [{ step: 'Update README.md', status: 'pending' }] }, 'Plan updated'),
      line('response_item', { type: 'custom_tool_call', id: 'ctc_5', status: 'completed', call_id: 'c5', name: 'apply_patch', input: '*** Begin Patch\n*** Update File: src/app.ts\n@@\n-a\n+b\n*** End Patch\n', internal_chat_message_metadata_passthrough: meta }),
      line('response_item', { type: 'custom_tool_call_output', id: 'ctco_5', call_id: 'c5', output: 'Exit code: 0\nWall time: 0 seconds\nOutput:\nSuccess. Updated the following files:\nM src/app.ts\nM src/from-patch.ts\n', internal_chat_message_metadata_passthrough: meta }),
      // Code mode (code-mode.jsonl's records): a script printing a command's result whole, and one printing its text.
      line('response_item', { type: 'custom_tool_call', id: 'ctc_6', status: 'completed', call_id: 'c6', name: 'exec', input: 'text(await tools.exec_command({cmd: "git status --short"}));', internal_chat_message_metadata_passthrough: meta }),
      line('response_item', { type: 'custom_tool_call_output', id: 'ctco_6', call_id: 'c6', output: [{ type: 'input_text', text: 'Script completed\nWall time 0.2 seconds\nOutput:\n' }, { type: 'input_text', text: JSON.stringify({ chunk_id: 'a', exit_code: 0, output: ' M lib/util.ts\n?? lib/new.ts\n' }) }], internal_chat_message_metadata_passthrough: meta }),
      line('response_item', { type: 'custom_tool_call', id: 'ctc_7', status: 'completed', call_id: 'c7', name: 'exec', input: 'const r = await tools.exec_command({cmd: "ls pkg"});\ntext(r.output);', internal_chat_message_metadata_passthrough: meta }),
      line('response_item', { type: 'custom_tool_call_output', id: 'ctco_7', call_id: 'c7', output: [{ type: 'input_text', text: 'Script completed\nWall time 0.0 seconds\nOutput:\n' }, { type: 'input_text', text: 'index.js\n' }], internal_chat_message_metadata_passthrough: meta }),
    ];
    const file = join(d, '.git', 'rollout.jsonl');
    writeFileSync(file, `${lines.join('\n')}\n`);
    const l = readLedger(file, { agent: 'codex', repoRoot: d });
    expect(l.files.map((f) => f.path)).toEqual(['src/app.ts']);
    expect(namedOf(l)).toEqual({
      'src/auth/login.ts': 1,
      'docs/auth.md': 1,
      'src/auth/session.ts': 1,
      'src/auth/token.ts': 1,
      'test/auth.test.ts': 3,
      'src/auth/cookie.ts': 1,
      'README.md': 1,
      'lib/util.ts': 1,
      'lib/new.ts': 1,
      'index.js': 1,
    });
    // Nothing without the repository; the same read a line at a time (the hooks' kept state).
    expect(readLedger(file, { agent: 'codex' }).named).toBeUndefined();
    expect(readInChunks(lines, 'codex', d).named).toEqual(l.named);
  });
});

describe('the ledger: files a Gemini CLI session named', () => {
  it('in a real chat recording: the file its command names and its commit output lists', () => {
    const repo = makeRepo();
    const l = readLedger(moved('gemini-0.61.0/resume.jsonl', repo.dir, 'chat.jsonl'), { agent: 'gemini', repoRoot: repo.dir });
    // `echo hi > a.txt && git add a.txt && …` and its output's `create mode 100644 a.txt`, written by the shell, not a tool.
    expect(namedOf(l)).toEqual({ 'a.txt': 3 });
    // The session context's folder listing and the primer are no prompt of the user's.
    expect(readLedger(moved('gemini-0.61.0/chat.jsonl', repo.dir, 'chat2.jsonl'), { agent: 'gemini', repoRoot: repo.dir }).named).toBeUndefined();
  });

  it("keeps a prompt's, a command's, a todo list's, a search's and a listing's files, relative to the folder searched; not a file's own text", () => {
    const repo = makeRepo();
    const d = repo.dir;
    let n = 0;
    const at = () => `2026-12-05T00:12:${String(10 + n++).padStart(2, '0')}.000Z`;
    const user = (text: string) => ({ id: `u${n}`, timestamp: at(), type: 'user', content: [{ text }] });
    // A model message with one recorded call, as chat.jsonl's write_file and run_shell_command.
    const call = (name: string, args: object, output: string) => {
      const id = `${name}__${name}_${n}_0`;
      return { id: `g${n}`, timestamp: at(), type: 'gemini', content: '', toolCalls: [{ id, name, args, result: [{ functionResponse: { id, name, response: { output } } }], status: 'success', timestamp: at() }] };
    };
    const messages = [
      user(`Fix the login bug in src/auth/login.ts, see ${d}/docs/auth.md and /etc/ssl/openssl.cnf.txt`),
      call('grep_search', { pattern: 'session', dir_path: 'src' }, 'Found 2 matches for pattern "session" in path "src":\n---\nFile: auth/session.ts\nL12: const session = 1\n---\nFile: auth/token.ts\nL3: import\n---'),
      call('glob', { pattern: '**/*.md' }, `Found 1 file(s) matching "**/*.md" within ${d}, sorted by modification time (newest first):\n${d}/CONTRIBUTING.md`),
      call('list_directory', { dir_path: `${d}/lib` }, `Directory listing for ${d}/lib:\n[DIR] sub\nutil.ts`),
      call('read_file', { file_path: `${d}/src/app.ts` }, "import { x } from './lib/helper.ts';\n// see src/from-read.ts"),
      call('run_shell_command', { command: 'npx vitest run test/auth.test.ts' }, `<untrusted_context>\nOutput:  FAIL  test/auth.test.ts\n Error: at ${d}/src/auth/cookie.ts:40:7\nExit Code: 1\nProcess Group PGID: 1\n</untrusted_context>`),
      call('write_todos', { todos: [{ description: 'Update README.md', status: 'pending' }] }, 'Successfully updated the todo list.'),
    ];
    const file = join(d, '.git', 'chat.jsonl');
    const header = { sessionId: 'g-1', projectHash: 'h', startTime: '2026-12-05T00:12:00.000Z', lastUpdated: '2026-12-05T00:12:00.000Z', kind: 'main' };
    writeFileSync(file, [header, ...messages].map((m) => JSON.stringify(m)).join('\n') + '\n');
    const l = readLedger(file, { agent: 'gemini', repoRoot: d });
    expect(l.files.map((f) => f.path)).toEqual(['src/app.ts']);
    expect(namedOf(l)).toEqual({
      'src/auth/login.ts': 1,
      'docs/auth.md': 1,
      'src/auth/session.ts': 1,
      'src/auth/token.ts': 1,
      'CONTRIBUTING.md': 1,
      'lib/util.ts': 1,
      'test/auth.test.ts': 2,
      'src/auth/cookie.ts': 1,
      'README.md': 1,
    });
    expect(readLedger(file, { agent: 'gemini' }).named).toBeUndefined();
    expect(readInChunks([header, ...messages].map((m) => JSON.stringify(m)), 'gemini', d).named).toEqual(l.named);
  });

  it('keeps no more than NAMED_CAP files', () => {
    const repo = makeRepo();
    const messages = Array.from({ length: 3 }, (_, i) => ({ id: `u${i}`, timestamp: `2026-12-05T00:12:1${i}.000Z`, type: 'user', content: [{ text: Array.from({ length: 200 }, (_, j) => `m${i * 200 + j}.ts`).join(' ') }] }));
    const file = join(repo.dir, '.git', 'chat.jsonl');
    writeFileSync(file, [{ sessionId: 'g-2', kind: 'main' }, ...messages].map((m) => JSON.stringify(m)).join('\n') + '\n');
    expect(readLedger(file, { agent: 'gemini', repoRoot: repo.dir }).named!.length).toBe(NAMED_CAP);
  });
});
