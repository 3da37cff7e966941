// The hot-file table's Codex rows (stop 56, issue 25 §5): a Codex rollout names its working
// directory in its records' payload (session_meta, turn_context), not on the record as Claude Code
// does. The corpus's traces took the root from the top-level field only, so every Codex rollout was
// traced with none: its paths stayed absolute (the project factor read the user's home folders) and
// every file it only named was dropped (the ledger keeps named files of the repository), while the
// hook reads a Codex session with the repository's root. The Codex rows measured a reading no user gets.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module shared with the bench
import { firstCwd, opaquePath, traceOf, TRACES } from '../../bench/corpus.mjs';
import { isOutsidePath } from '../../src/compact/hot-files.js';
import * as build from '../../src/transcripts/build.js';
import * as read from '../../src/transcripts/read.js';
import { tempDir } from '../helpers/repo.js';

type Step = [string, number, number, number, number, number?];
type Trace = { sha256: string; agent: string; files: string[]; steps: Step[] };

/** A Codex rollout as the corpus's (0.9x) write them: shell_command calls, their outputs, a patch. */
function rollout(cwd: string): string {
  let t = Date.parse('2026-01-29T08:56:59.000Z');
  const at = () => new Date((t += 2000)).toISOString();
  const rec = (type: string, payload: object) => JSON.stringify({ timestamp: at(), type, payload });
  const shell = (id: string, command: string, output: string) => [
    rec('response_item', { type: 'function_call', name: 'shell_command', arguments: JSON.stringify({ command, workdir: cwd }), call_id: id }),
    rec('response_item', { type: 'function_call_output', call_id: id, output: `Exit code: 0\nWall time: 0.1 seconds\nOutput:\n${output}` }),
  ];
  const patch = '*** Begin Patch\n*** Update File: src/app/server.ts\n@@\n-const port = 3000;\n+const port = 8080;\n*** End Patch\n';
  return `${[
    rec('session_meta', { id: '019c08f8-5a47-7a61-8993-d5882309292e', timestamp: at(), cwd, originator: 'codex_cli_rs', cli_version: '0.92.0', source: 'cli' }),
    rec('turn_context', { cwd, approval_policy: 'on-request', model: 'gpt-5' }),
    rec('event_msg', { type: 'user_message', message: 'Change the port the server listens on', images: [] }),
    ...shell('call_1', 'rg -n "port" src', 'src/app/server.ts:3:const port = 3000;\nsrc/app/config.ts:9:export const defaults = { port: 3000 };'),
    ...shell('call_2', 'sed -n 1,80p src/app/server.ts', 'const port = 3000;'),
    rec('response_item', { type: 'function_call', name: 'apply_patch', arguments: JSON.stringify({ input: patch }), call_id: 'call_3' }),
    rec('response_item', { type: 'function_call_output', call_id: 'call_3', output: 'Exit code: 0\nOutput:\nSuccess. Updated the following files:\nM src/app/server.ts' }),
  ].join('\n')}\n`;
}

describe("the corpus's Codex traces are read with the session's folder as the root, as the hook reads them", () => {
  it("firstCwd finds a Codex rollout's working directory in its records' payload", () => {
    const lines = readFileSync('test/fixtures/agents/codex-0.171.0/rollout-resumed.jsonl', 'utf8').split('\n');
    expect(firstCwd(lines)).toBe('/tmp/agent-capture/repo');
    // Claude Code's records keep theirs on the record.
    expect(firstCwd(['{"type":"user","cwd":"/home/a/proj","message":{"role":"user","content":"hi"}}'])).toBe('/home/a/proj');
  });

  it('a Codex trace keeps the files the session named, and its paths are the repository\'s', () => {
    const dir = tempDir();
    const cwd = '/home/dev/shop';
    const path = join(dir, 'rollout.jsonl');
    writeFileSync(path, rollout(cwd));
    const trace = traceOf({ read, build }, path, 'codex') as Trace;
    const ops = (op: string) => trace.steps.filter((s) => s[0] === op).map((s) => trace.files[s[1]]);
    // server.ts read through `sed -n`, then patched: one file, scored as src/ (the project factor).
    expect(ops('r')).toEqual(['src/f0.ts']);
    expect(ops('e')).toEqual(['src/f0.ts']);
    // config.ts only named by the search's output: kept as a named file, as the hook's ledger keeps it.
    expect(ops('n')).toContain(trace.files.find((f) => f !== 'src/f0.ts' && f.endsWith('.ts')));
  });

  it('every committed Codex trace carries the files its session named (none did before stop 56)', () => {
    const codex = (JSON.parse(readFileSync(TRACES, 'utf8')).traces as Trace[]).filter((t) => t.agent === 'codex');
    expect(codex.length).toBeGreaterThanOrEqual(50);
    for (const t of codex) expect(t.steps.some((s) => s[0] === 'n'), t.sha256).toBe(true);
    // No stand-in holds a home folder's name: the paths were taken relative to the session's folder.
    const absolute = codex.flatMap((t) => t.files).filter((f) => !/^\/?(src\/|test\/|components\/|d\d+\/|f\d+)/.test(f));
    expect(absolute).toEqual([]);
  });

  it("a stand-in keeps a path outside the repository outside, and says nothing more of it", () => {
    for (const p of ['/Users/dev/.claude/plans/cloud-diversity.md', '/home/dev/.codex/sessions/rollout-x.jsonl', 'C:/Users/dev/other/src/a.ts']) {
      const o = opaquePath(p, 7) as string;
      expect(isOutsidePath(o), o).toBe(true);
      expect(o).not.toMatch(/dev|claude|codex|Users|plans|other/);
    }
    for (const p of ['src/app.ts', 'README.md', 'docs/plan.md']) expect(isOutsidePath(opaquePath(p, 3)), p).toBe(false);
  });
});
