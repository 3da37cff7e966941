import { createHash } from 'node:crypto';
import { appendFileSync, existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LEDGER_STATE_FILE, SESSIONS_DIR, sessionDirName } from '../../src/paths.js';
import { advanceLedger, readKeptLedger, readLedger } from '../../src/transcripts/index.js';
import type { AgentName } from '../../src/transcripts/ledger.js';
import { tempDir } from '../helpers/repo.js';
import { cuts, REPO, TRANSCRIPTS } from './fixtures.js';

/** Every cut: each line boundary, the middle of each line, and the end (a last line without its newline). */
const allCuts = (bytes: Buffer) => [...cuts(bytes), bytes.length];

describe('advanceLedger: incremental reads equal whole reads', () => {
  for (const [file, agent] of [['claude.jsonl', 'claude'], ['codex.jsonl', 'codex'], ['gemini.jsonl', 'gemini']] as [string, AgentName][]) {
    it(`${agent}: growing a line (or half a line) at a time, every step equals a whole read of what is there`, () => {
      const whole = readFileSync(join(TRANSCRIPTS, file));
      const dir = tempDir();
      const state = join(dir, 'state');
      const path = join(dir, file);
      writeFileSync(path, '');
      let written = 0;
      let reached = 0;
      for (const cut of allCuts(whole)) {
        appendFileSync(path, whole.subarray(written, cut));
        written = cut;
        const r = advanceLedger(state, 'sess-1', path, { agent, repoRoot: REPO });
        // Only what was appended since the last complete line is read.
        expect(r.from).toBe(reached);
        expect(r.to).toBeGreaterThanOrEqual(r.from);
        expect(r.to).toBeLessThanOrEqual(cut);
        reached = r.to;
        expect(r.ledger).toEqual(readLedger(path, { agent, repoRoot: REPO }));
      }
      expect(advanceLedger(state, 'sess-1', path, { agent, repoRoot: REPO }).ledger).toEqual(readLedger(join(TRANSCRIPTS, file), { repoRoot: REPO }));
    });

    it(`${agent}: from every cut, one more read of the rest equals the whole read`, () => {
      const whole = readFileSync(join(TRANSCRIPTS, file));
      const expected = readLedger(join(TRANSCRIPTS, file), { repoRoot: REPO });
      const dir = tempDir();
      for (const [i, cut] of allCuts(whole).entries()) {
        const path = join(dir, `${i}-${file}`);
        writeFileSync(path, whole.subarray(0, cut));
        advanceLedger(dir, `s${i}`, path, { agent, repoRoot: REPO });
        appendFileSync(path, whole.subarray(cut));
        expect(advanceLedger(dir, `s${i}`, path, { agent, repoRoot: REPO }).ledger).toEqual(expected);
      }
    });
  }

  it('claude: records written again after an earlier read (same uuid) are not taken again, and the kept uuids stay bounded', () => {
    const lines = readFileSync(join(TRANSCRIPTS, 'claude.jsonl'), 'utf8').split('\n').slice(0, -1);
    const dir = tempDir();
    const path = join(dir, 'c.jsonl');
    writeFileSync(path, `${lines.join('\n')}\n`);
    const first = advanceLedger(dir, 'c', path, { agent: 'claude', repoRoot: REPO }).ledger;
    // The second half again, then all of it: each read only finds copies of what was taken.
    appendFileSync(path, `${lines.slice(lines.length / 2).join('\n')}\n`);
    expect(advanceLedger(dir, 'c', path, { agent: 'claude', repoRoot: REPO }).ledger).toEqual(first);
    appendFileSync(path, `${lines.join('\n')}\n`);
    expect(advanceLedger(dir, 'c', path, { agent: 'claude', repoRoot: REPO }).ledger).toEqual(first);
    expect(readLedger(path, { agent: 'claude', repoRoot: REPO })).toEqual(first);
    // Thousands of records later the remembered uuids are still bounded in the kept state.
    const rec = (i: number) => JSON.stringify({ type: 'progress', uuid: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`, parentUuid: null });
    appendFileSync(path, `${Array.from({ length: 5000 }, (_, i) => rec(i)).join('\n')}\n`);
    advanceLedger(dir, 'c', path, { agent: 'claude', repoRoot: REPO });
    const kept = JSON.parse(readFileSync(join(dir, SESSIONS_DIR, sessionDirName('c'), LEDGER_STATE_FILE), 'utf8'));
    expect(kept.state.claude.done.length).toBeLessThanOrEqual(2048);
  });

  it('gemini: the document rewritten message by message equals a whole read each time', () => {
    const doc = JSON.parse(readFileSync(join(TRANSCRIPTS, 'gemini.json'), 'utf8'));
    const dir = tempDir();
    const path = join(dir, 'session.json');
    for (let n = 0; n <= doc.messages.length; n++) {
      writeFileSync(path, JSON.stringify({ ...doc, messages: doc.messages.slice(0, n) }, null, 2));
      const r = advanceLedger(dir, 'g', path, { agent: 'gemini', repoRoot: REPO });
      expect(r.ledger).toEqual(readLedger(path, { agent: 'gemini', repoRoot: REPO }));
      expect(r.to).toBe(statSync(path).size);
    }
    expect(readKeptLedger(dir, 'g')!.ledger).toEqual(readLedger(join(TRANSCRIPTS, 'gemini.json'), { repoRoot: REPO }));
    // The last message grows in place (its tool calls are recorded after it): taken again, counted once.
    const last = doc.messages.at(-1);
    const grown = { ...doc, messages: [...doc.messages.slice(0, -1), { ...last, content: `${last.content} Done.` }] };
    writeFileSync(path, JSON.stringify(grown, null, 2));
    expect(advanceLedger(dir, 'g', path, { agent: 'gemini', repoRoot: REPO }).ledger).toEqual(readLedger(path, { agent: 'gemini', repoRoot: REPO }));
  });

  it('an unchanged Gemini document is not read again; a rewritten history starts over', () => {
    const dir = tempDir();
    const path = join(dir, 'session.json');
    writeFileSync(path, readFileSync(join(TRANSCRIPTS, 'gemini.json')));
    const first = advanceLedger(dir, 'g', path, { agent: 'gemini', repoRoot: REPO });
    const again = advanceLedger(dir, 'g', path, { agent: 'gemini', repoRoot: REPO });
    expect(again.from).toBe(again.to);
    expect(again.ledger).toEqual(first.ledger);
    const doc = JSON.parse(readFileSync(path, 'utf8'));
    writeFileSync(path, JSON.stringify({ ...doc, messages: [{ id: 'n1', timestamp: '2026-03-05T00:00:00.000Z', type: 'user', content: 'A new start' }, ...doc.messages.slice(-1)] }));
    const r = advanceLedger(dir, 'g', path, { agent: 'gemini', repoRoot: REPO });
    expect(r.from).toBe(0);
    expect(r.ledger.user_messages.map((m) => m.text)).toEqual(['A new start']);
  });

  it('a torn last line is left for the next read and taken once it is complete', () => {
    const dir = tempDir();
    const path = join(dir, 'claude.jsonl');
    const text = readFileSync(join(TRANSCRIPTS, 'claude.jsonl'), 'utf8');
    writeFileSync(path, text);
    const r = advanceLedger(dir, 's', path, { agent: 'claude', repoRoot: REPO });
    expect(r.to).toBe(Buffer.byteLength(text.slice(0, text.lastIndexOf('\n') + 1)));
    expect(r.ledger.commands.at(-1)).toMatchObject({ command: 'npm test', failed: false });
    // Called again with nothing new, it reads nothing and leaves the kept state as it is (same file).
    const kept = join(dir, SESSIONS_DIR, 's', LEDGER_STATE_FILE);
    const ino = statSync(kept).ino;
    expect(advanceLedger(dir, 's', path, { agent: 'claude', repoRoot: REPO })).toMatchObject({ from: r.to, to: r.to, ledger: r.ledger });
    expect(statSync(kept).ino).toBe(ino);
    appendFileSync(path, 'sult","content":"Exit code 1\\nnpm ERR! test failed","is_error":true}]},"uuid":"u42","timestamp":"2026-02-12T10:06:40.000Z"}\n');
    const next = advanceLedger(dir, 's', path, { agent: 'claude', repoRoot: REPO });
    expect(next.from).toBe(r.to);
    expect(next.ledger.commands.at(-1)).toMatchObject({ command: 'npm test', failed: true });
    expect(next.ledger.errors.at(-1)).toMatchObject({ tool: 'Bash', message: 'Exit code 1 npm ERR! test failed', followed_by: '' });
  });

  it('keeps its state per session in the state dir; a shrunk or replaced transcript starts over', () => {
    const dir = tempDir();
    const path = join(dir, 'codex.jsonl');
    const text = readFileSync(join(TRANSCRIPTS, 'codex.jsonl'), 'utf8');
    writeFileSync(path, text);
    const r = advanceLedger(dir, 'a/b:c', path, { agent: 'codex', repoRoot: REPO });
    expect(existsSync(join(dir, SESSIONS_DIR, sessionDirName('a/b:c'), LEDGER_STATE_FILE))).toBe(true);
    expect(readKeptLedger(dir, 'a/b:c')).toEqual({ ledger: r.ledger, transcript: path, offset: r.to });
    expect(readKeptLedger(dir, 'other')).toBeNull();
    // Shrunk: a new session file under the same name.
    const short = text.split('\n').slice(0, 5).join('\n') + '\n';
    writeFileSync(path, short);
    const s = advanceLedger(dir, 'a/b:c', path, { agent: 'codex', repoRoot: REPO });
    expect(s.from).toBe(0);
    expect(s.ledger).toEqual(readLedger(path, { agent: 'codex', repoRoot: REPO }));
    // Replaced by a longer file with another opening.
    const other = text.replace('019a7c1e', '029a7c1e');
    writeFileSync(path, other + other);
    const t = advanceLedger(dir, 'a/b:c', path, { agent: 'codex', repoRoot: REPO });
    expect(t.from).toBe(0);
    expect(t.ledger.session_id).toBe('029a7c1e-5b2d-7e30-9f41-2c8d6a1b3e57');
  });

  it("a state kept with an earlier version's sha1 fingerprint still applies; a replaced transcript still starts over", () => {
    const dir = tempDir();
    const path = join(dir, 'codex.jsonl');
    const text = readFileSync(join(TRANSCRIPTS, 'codex.jsonl'), 'utf8');
    const lines = text.split('\n').filter(Boolean);
    const half = `${lines.slice(0, Math.ceil(lines.length / 2)).join('\n')}\n`;
    writeFileSync(path, half);
    const first = advanceLedger(dir, 's', path, { agent: 'codex', repoRoot: REPO });
    const stateFile = join(dir, SESSIONS_DIR, 's', LEDGER_STATE_FILE);
    const kept = JSON.parse(readFileSync(stateFile, 'utf8'));
    expect(kept.head).toMatch(/^w\d+:[0-9a-f]{16}$/);
    // What the earlier version kept: sha1 of the first min(offset, 4 KB) bytes.
    const sha1 = (s: string) => createHash('sha1').update(Buffer.from(s).subarray(0, Math.min(first.to, 4096))).digest('hex');
    writeFileSync(stateFile, JSON.stringify({ ...kept, head: sha1(half) }));
    appendFileSync(path, text.slice(half.length));
    const next = advanceLedger(dir, 's', path, { agent: 'codex', repoRoot: REPO });
    expect(next.from).toBe(first.to);
    expect(next.ledger).toEqual(readLedger(path, { agent: 'codex', repoRoot: REPO }));
    // The same sha1 against another opening: a new file under the same name.
    const other = text.replace('019a7c1e', '029a7c1e');
    writeFileSync(path, other);
    writeFileSync(stateFile, JSON.stringify({ ...kept, head: sha1(half) }));
    expect(advanceLedger(dir, 's', path, { agent: 'codex', repoRoot: REPO }).from).toBe(0);
  });

  it('a missing transcript is an error; a corrupt state file counts as none', () => {
    const dir = tempDir();
    expect(() => advanceLedger(dir, 's', join(dir, 'missing.jsonl'), { agent: 'claude' })).toThrow(/cannot read the transcript/);
    const path = join(dir, 'codex.jsonl');
    writeFileSync(path, readFileSync(join(TRANSCRIPTS, 'codex.jsonl')));
    advanceLedger(dir, 's', path, { agent: 'codex', repoRoot: REPO });
    writeFileSync(join(dir, SESSIONS_DIR, 's', LEDGER_STATE_FILE), '{"v":1,"transc');
    const r = advanceLedger(dir, 's', path, { agent: 'codex', repoRoot: REPO });
    expect(r.from).toBe(0);
    expect(r.ledger).toEqual(readLedger(path, { agent: 'codex', repoRoot: REPO }));
  });
});
