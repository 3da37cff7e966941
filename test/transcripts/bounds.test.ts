import { appendFileSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LEDGER_STATE_FILE, SESSIONS_DIR } from '../../src/paths.js';
import { CAPS } from '../../src/transcripts/build.js';
import { advanceLedger, readLedger } from '../../src/transcripts/index.js';
import { tempDir } from '../helpers/repo.js';

/** A Claude Code session of `n` turns, each a prompt and a failing Bash call with its result. */
function session(n: number): string[] {
  const lines: string[] = [];
  let parent: string | null = null;
  const push = (r: Record<string, unknown>) => {
    const uuid = `r${lines.length}`;
    lines.push(JSON.stringify({ ...r, parentUuid: parent, uuid, sessionId: 's', timestamp: new Date(Date.UTC(2026, 0, 1) + lines.length * 1000).toISOString() }));
    parent = uuid;
  };
  for (let i = 0; i < n; i++) {
    push({ type: 'user', message: { role: 'user', content: `prompt ${i}` } });
    push({ type: 'assistant', requestId: `q${i}`, message: { id: `m${i}`, role: 'assistant', content: [{ type: 'tool_use', id: `t${i}`, name: 'Bash', input: { command: `make step-${i}` } }], usage: { input_tokens: 1, output_tokens: 1, cache_read_input_tokens: i, cache_creation_input_tokens: 0 } } });
    push({ type: 'user', message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: `t${i}`, is_error: i % 2 === 0, content: `failed ${i}` }] } });
  }
  return lines;
}

describe('bounds: the kept ledger stays small however long the session', () => {
  it('lists are capped to their latest entries, identically read whole or in pieces', () => {
    const lines = session(700);
    const dir = tempDir();
    const path = join(dir, 't.jsonl');
    writeFileSync(path, '');
    // Pieces of uneven sizes, each cut inside a line.
    let at = 0;
    for (const size of [5, 333, 1, 800, 260, 700, 1]) {
      const piece = lines.slice(at, at + size).join('\n');
      appendFileSync(path, `${piece}\n`.slice(0, -7));
      const r = advanceLedger(dir, 's', path, { agent: 'claude' });
      expect(r.ledger).toEqual(readLedger(path, { agent: 'claude' }));
      appendFileSync(path, `${piece}\n`.slice(-7));
      at += size;
    }
    const whole = readLedger(path, { agent: 'claude' });
    expect(advanceLedger(dir, 's', path, { agent: 'claude' }).ledger).toEqual(whole);
    expect(whole.tool_calls).toBe(700);
    expect(whole.commands).toHaveLength(CAPS.commands);
    expect(whole.commands.at(-1)).toMatchObject({ command: 'make step-699', failed: false });
    expect(whole.commands.at(-2)).toMatchObject({ command: 'make step-698', failed: true });
    expect(whole.errors).toHaveLength(CAPS.errors);
    expect(whole.errors.at(-1)).toMatchObject({ message: 'failed 698', followed_by: 'Bash make step-699' });
    expect(whole.user_messages).toHaveLength(CAPS.user_messages);
    expect(whole.turns).toHaveLength(CAPS.turns);
    expect(whole.user_messages.at(-1)!.text).toBe('prompt 699');
    // The state file does not follow the transcript's size.
    const state = statSync(join(dir, SESSIONS_DIR, 's', LEDGER_STATE_FILE)).size;
    expect(state).toBeLessThan(statSync(path).size / 2);
    expect(JSON.parse(readFileSync(join(dir, SESSIONS_DIR, 's', LEDGER_STATE_FILE), 'utf8')).state.calls.length).toBeLessThanOrEqual(256);
  });

  it('a record whose parent never comes is taken after 512 later records, the same way in pieces', () => {
    const lines = session(300);
    const orphan = JSON.stringify({ type: 'user', uuid: 'orphan', parentUuid: 'elsewhere', sessionId: 's', timestamp: '2026-01-01T00:00:00Z', message: { role: 'user', content: 'resumed prompt' } });
    const all = [lines[0]!, orphan, ...lines.slice(1)];
    const dir = tempDir();
    const path = join(dir, 't.jsonl');
    writeFileSync(path, `${all.join('\n')}\n`);
    const whole = readLedger(path, { agent: 'claude' });
    const texts = whole.user_messages.map((m) => m.text);
    // Read second, it waited for 512 records (to the result of turn 170): it comes after the prompts read meanwhile.
    expect(texts.indexOf('resumed prompt')).toBe(texts.indexOf('prompt 170') + 1);
    writeFileSync(path, '');
    for (let i = 0; i < all.length; i += 97) {
      appendFileSync(path, `${all.slice(i, i + 97).join('\n')}\n`);
      expect(advanceLedger(dir, 's', path, { agent: 'claude' }).ledger).toEqual(readLedger(path, { agent: 'claude' }));
    }
    expect(readLedger(path, { agent: 'claude' })).toEqual(whole);
  });
});
