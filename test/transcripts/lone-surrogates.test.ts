// Issue 26 item 12 (left over): an escaped lone surrogate (`\ud800`, half of a pair: not a
// character) inside a transcript was stored as U+FFFD without a word (notes), or kept escaped
// (ledger.json). It is replaced by U+FFFD as it is read, counted, and said: the rest of the text,
// valid pairs (emoji) included, is kept, and nothing fails.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeMemoryRepo, tempDir } from '../helpers/repo.js';

const SESSION = '5e55a0e1-0000-4000-8000-00000000d800';
const rec = (n: number, type: string, message: unknown) =>
  JSON.stringify({ parentUuid: null, isSidechain: false, userType: 'external', cwd: '/home/jane/acme', sessionId: SESSION, version: '2.1.39', type, uuid: `u${n}`, timestamp: `2026-12-04T09:00:0${n}.000Z`, message });

/** A Claude Code transcript whose text escapes two lone surrogates and one valid pair (😀). */
function transcript(): string {
  // Written by hand as JSON text: JSON.stringify would write the same escapes.
  const lines = [
    rec(1, 'user', { role: 'user', content: 'Fix the caf__D800__ bug and keep the smile __PAIR__' }).replace('__D800__', '\\ud800').replace('__PAIR__', '\\ud83d\\ude00'),
    rec(2, 'assistant', { model: 'claude-opus-4-6', id: 'msg_1', type: 'message', role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_1', name: 'Bash', input: { command: 'grep -r "caf__DFFF__" src' } }], stop_reason: null, usage: { input_tokens: 4, output_tokens: 10 } }).replace('__DFFF__', '\\udfff'),
    rec(3, 'user', { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: 'src/menu.ts: café', is_error: false }] }),
  ];
  const path = join(tempDir('gm-surrogate-'), `${SESSION}.jsonl`);
  writeFileSync(path, `${lines.join('\n')}\n`);
  return path;
}

describe('lone surrogates in a transcript', () => {
  it('the ledger replaces each with U+FFFD, counts them and says so; a valid pair is kept', async () => {
    const repo = await makeMemoryRepo();
    const path = transcript();
    expect(readFileSync(path, 'utf8')).toContain('caf\\ud800 bug');
    const json = await repo.run(['ledger', '--transcript', path, '--json']);
    expect(json.code, json.stderr).toBe(0);
    expect(json.stdout).not.toMatch(/\\ud[89a-f]/i); // nothing escaped is left to become U+FFFD silently later
    const d = JSON.parse(json.stdout);
    expect(d.replaced_surrogates).toBe(2);
    expect(d.user_messages[0].text).toBe('Fix the caf\uFFFD bug and keep the smile 😀');
    expect(d.commands[0].command).toBe('grep -r "caf\uFFFD" src');
    const text = await repo.run(['ledger', '--transcript', path]);
    expect(text.stdout).toContain('note: the transcript held 2 lone surrogates');
  });

  it('the notes and the state kept for the session hold U+FFFD, not an escape, and the update succeeds', async () => {
    const repo = await makeMemoryRepo();
    const path = transcript();
    const r = await repo.run(['notes', 'update', '--offline', '--session', SESSION, '--transcript', path]);
    expect(r.code, r.stderr).toBe(0);
    const dir = join(repo.dir, '.git', 'git-memory', 'sessions');
    const [session] = readdirSync(dir);
    const ledger = readFileSync(join(dir, session!, 'ledger.json'), 'utf8');
    expect(ledger).not.toMatch(/\\ud[89a-f]/i);
    expect(JSON.parse(ledger).state.ledger.replaced_surrogates).toBe(2);
  });

  it('a transcript without any: no count, no note', async () => {
    const repo = await makeMemoryRepo();
    const path = join(tempDir('gm-surrogate-'), `${SESSION}.jsonl`);
    writeFileSync(path, `${rec(1, 'user', { role: 'user', content: 'plain 😀' })}\n`);
    const d = JSON.parse((await repo.run(['ledger', '--transcript', path, '--json'])).stdout);
    expect(d.replaced_surrogates).toBeUndefined();
    expect((await repo.run(['ledger', '--transcript', path])).stdout).not.toContain('surrogate');
  });
});
