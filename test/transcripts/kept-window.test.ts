// The tool-use hook's lean read (transcripts/advance.ts, kept-window.ts): at each tool call it reads
// and writes a hot state of the session's newest entries, not the whole ledger.json, whose size grows
// with the session up to its caps. Every reader of the ledger must see what it saw before (the
// whole read of the transcript), whatever mix of lean and whole reads came first, and a ledger.json
// written by an earlier version must still be read and carried on.
import { appendFileSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LEDGER_STATE_FILE, SESSIONS_DIR, sessionDirName } from '../../src/paths.js';
import { advanceLedger, readKeptLedger, readLedger } from '../../src/transcripts/index.js';
import type { AgentName } from '../../src/transcripts/ledger.js';
import { tempDir } from '../helpers/repo.js';
import { cuts, REPO, TRANSCRIPTS } from './fixtures.js';

/** The files of the format (named here, as a reader of the state dir finds them). */
const LEDGER_HOT_FILE = 'ledger-hot.json';
const LEDGER_IDS_FILE = 'ledger-ids.json';
const kept = (state: string, id: string, name = LEDGER_STATE_FILE) => join(state, SESSIONS_DIR, sessionDirName(id), name);
const genOf = (state: string, id: string) => /"gen":"([^"]+)"/.exec(readFileSync(kept(state, id), 'utf8').slice(0, 80))?.[1];

const SID = 's-lean';
const base = { isSidechain: false, userType: 'external', cwd: REPO, sessionId: SID, version: '2.1.39', gitBranch: 'main' };
const at = (n: number) => new Date(Date.UTC(2026, 10, 22, 9) + n * 1000).toISOString();

/** One tool turn: a call (response msg_<n>) and its result, chained to the turn before; every 7th fails, every 5th edits a file. */
function turn(n: number): string {
  const usage = { input_tokens: 4, cache_creation_input_tokens: 200, cache_read_input_tokens: 60_000 + n, output_tokens: 120 };
  const tool = n % 5 === 0 ? { name: 'Edit', input: { file_path: `${REPO}/src/f${n % 40}.ts`, old_string: 'a', new_string: 'b' } } : { name: 'Bash', input: { command: `npm test -- part-${n}` } };
  const call = {
    ...base, parentUuid: `r${n - 1}`, uuid: `a${n}`, type: 'assistant', timestamp: at(n),
    message: { model: 'claude-opus-4-6', id: `msg_${n}`, type: 'message', role: 'assistant', content: [{ type: 'tool_use', id: `toolu_${n}`, ...tool }], stop_reason: 'tool_use', usage },
  };
  const failed = n % 7 === 0;
  const result = { ...base, parentUuid: `a${n}`, uuid: `r${n}`, type: 'user', timestamp: at(n), message: { role: 'user', content: [{ tool_use_id: `toolu_${n}`, type: 'tool_result', content: failed ? 'Exit code 1\nFAIL' : 'PASS', is_error: failed }] } };
  return `${JSON.stringify(call)}\n${JSON.stringify(result)}\n`;
}

/** A prompt that starts a turn (its uuid r<n>, so the next tool turn follows it). */
const ask = (n: number, text: string) => `${JSON.stringify({ ...base, parentUuid: `r${n - 1}`, uuid: `r${n}`, type: 'user', timestamp: at(n), message: { role: 'user', content: text } })}\n`;

describe('the lean read: every reader sees the whole read', () => {
  for (const [file, agent] of [['claude.jsonl', 'claude'], ['codex.jsonl', 'codex'], ['gemini.jsonl', 'gemini']] as [string, AgentName][]) {
    it(`${agent}: lean reads at every cut (lists cut to 1 entry, folded every 4), then any reader, equal the whole read`, () => {
      const whole = readFileSync(join(TRANSCRIPTS, file));
      const dir = tempDir();
      const state = join(dir, 'state');
      const path = join(dir, file);
      writeFileSync(path, '');
      let written = 0;
      let lean = 0;
      for (const [i, cut] of cuts(whole).entries()) {
        appendFileSync(path, whole.subarray(written, cut));
        written = cut;
        const gen = existsSync(kept(state, SID)) ? genOf(state, SID) : undefined;
        const r = advanceLedger(state, SID, path, { agent, repoRoot: REPO, lean: { keep: 1, fold: 4 } });
        if (gen && genOf(state, SID) === gen) lean++;
        const expected = readLedger(path, { agent, repoRoot: REPO });
        // What the thresholds read of the lean ledger, and what every other reader reads.
        expect([r.ledger.tool_calls, r.ledger.context_tokens, r.ledger.last_turn_had_tool_calls, r.ledger.compactions.length]).toEqual([expected.tool_calls, expected.context_tokens, expected.last_turn_had_tool_calls, expected.compactions.length]);
        expect(readKeptLedger(state, SID, { repoRoot: REPO })!.ledger).toEqual(expected);
        // A whole reader now and then (`ledger --json`, the notes worker, the end): the hook goes on after it.
        if (i % 9 === 8) expect(advanceLedger(state, SID, path, { agent, repoRoot: REPO }).ledger).toEqual(expected);
      }
      expect(lean).toBeGreaterThan(cuts(whole).length / 4);
      expect(advanceLedger(state, SID, path, { agent, repoRoot: REPO }).ledger).toEqual(readLedger(join(TRANSCRIPTS, file), { repoRoot: REPO }));
    });
  }

  it('claude with sub-agents: lean reads a line at a time in either file equal the whole read', () => {
    const dir = tempDir();
    const id = '9b1e2c3d-4f5a-4b6c-8d7e-0f1a2b3c4d5e';
    const src = join(TRANSCRIPTS, 'claude-subagents');
    const main = readFileSync(join(src, `${id}.jsonl`), 'utf8').split('\n').filter(Boolean);
    const path = join(dir, `${id}.jsonl`);
    writeFileSync(path, '');
    const subDir = join(dir, id, 'subagents');
    const subs = readdirSync(join(src, id, 'subagents')).filter((f) => f.endsWith('.jsonl'));
    mkdirSync(subDir, { recursive: true });
    const subLines = subs.map((f) => ({ f, lines: readFileSync(join(src, id, 'subagents', f), 'utf8').split('\n').filter(Boolean) }));
    for (const s of subLines) writeFileSync(join(subDir, s.f), '');
    const state = join(dir, 'state');
    const steps = Math.max(main.length, ...subLines.map((s) => s.lines.length));
    let lean = 0;
    for (let i = 0; i < steps; i++) {
      if (main[i]) appendFileSync(path, `${main[i]}\n`);
      for (const s of subLines) if (s.lines[i]) appendFileSync(join(subDir, s.f), `${s.lines[i]}\n`);
      const gen = existsSync(kept(state, id)) ? genOf(state, id) : undefined;
      const r = advanceLedger(state, id, path, { agent: 'claude', repoRoot: REPO, lean: { keep: 1, fold: 8 } });
      if (gen && genOf(state, id) === gen) lean++;
      const expected = readLedger(path, { agent: 'claude', repoRoot: REPO });
      // The sub-agents' calls and usage are counted in the lean ledger too (the thresholds read them).
      expect([r.ledger.tool_calls, r.ledger.usage, r.ledger.context_tokens, r.ledger.last_turn_had_tool_calls]).toEqual([expected.tool_calls, expected.usage, expected.context_tokens, expected.last_turn_had_tool_calls]);
      expect(readKeptLedger(state, id, { repoRoot: REPO })!.ledger).toEqual(expected);
    }
    // The session goes on past the sub-agent's work: its lists outgrow what the hot state keeps.
    lean = 0;
    appendFileSync(path, `${JSON.stringify({ ...JSON.parse(ask(0, 'go on')), parentUuid: null })}\n`);
    for (let i = 1; i <= 12; i++) {
      appendFileSync(path, i % 3 ? turn(i) : ask(i, `and step ${i}`));
      const gen = genOf(state, id);
      // Folded often at first (the hot state cut again with older turns and commands out of it), then not.
      const r = advanceLedger(state, id, path, { agent: 'claude', repoRoot: REPO, lean: { keep: 1, fold: i <= 6 ? 4 : 64 } });
      if (i > 6 && genOf(state, id) === gen) lean++;
      const expected = readLedger(path, { agent: 'claude', repoRoot: REPO });
      expect([r.ledger.tool_calls, r.ledger.usage]).toEqual([expected.tool_calls, expected.usage]);
      expect(readKeptLedger(state, id, { repoRoot: REPO })!.ledger).toEqual(expected);
    }
    // Each call read on from the hot state (on main, and before sub-agents were only counted there: none).
    expect(lean).toBe(6);
  });
});

describe('the lean read on a long session', () => {
  it('a tool call reads and writes the hot state only: ledger.json is left as it is, and what is written stays small', () => {
    const dir = tempDir();
    const state = join(dir, 'state');
    const path = join(dir, 't.jsonl');
    // 3,000 tool turns, a prompt every 40: the kept lists at their caps, the ids in their thousands.
    let text = ask(0, 'Refactor the loader');
    let n = 1;
    for (; n <= 3000; n++) text += n % 40 === 0 ? ask(n, `step ${n}: go on`) : turn(n);
    writeFileSync(path, text);
    advanceLedger(state, SID, path, { agent: 'claude', repoRoot: REPO, lean: true });
    const whole = statSync(kept(state, SID)).size;
    expect(whole).toBeGreaterThan(100_000);
    const before = statSync(kept(state, SID));
    let hot = 0;
    for (let i = 0; i < 10; i++, n++) {
      appendFileSync(path, turn(n));
      advanceLedger(state, SID, path, { agent: 'claude', repoRoot: REPO, lean: true });
      hot = Math.max(hot, statSync(kept(state, SID, LEDGER_HOT_FILE), { throwIfNoEntry: false })?.size ?? 0);
    }
    const after = statSync(kept(state, SID));
    // ledger.json was not written again (on main: rewritten whole at every call).
    expect({ ino: after.ino, mtime: after.mtimeMs }).toEqual({ ino: before.ino, mtime: before.mtimeMs });
    // Per call, the hook writes the hot state: a fraction of the whole.
    expect(hot).toBeGreaterThan(0);
    expect(hot).toBeLessThan(whole / 5);
    expect(statSync(kept(state, SID, LEDGER_IDS_FILE)).size).toBeLessThan(whole);
    expect(readKeptLedger(state, SID, { repoRoot: REPO })!.ledger).toEqual(readLedger(path, { agent: 'claude', repoRoot: REPO }));
  });

  it('past the id lists\' cuts, a failed call\'s error followed, a replayed run of records: still the whole read', () => {
    const dir = tempDir();
    const state = join(dir, 'state');
    // The same reads, every one whole: at the end the two kept states are one.
    const wholeState = join(dir, 'whole');
    const path = join(dir, 't.jsonl');
    const advance = (lean: { keep: number; fold: number } | true) => {
      advanceLedger(state, SID, path, { agent: 'claude', repoRoot: REPO, lean });
      advanceLedger(wholeState, SID, path, { agent: 'claude', repoRoot: REPO });
    };
    let text = ask(0, 'Refactor the loader');
    let n = 1;
    // 4,090 responses: the next few cross the cut of the response ids kept (4,096) and of the uuids (2,048 to 4,096).
    for (; n <= 4090; n++) text += turn(n);
    writeFileSync(path, text);
    advance(true);
    for (let i = 0; i < 12; i++, n++) {
      appendFileSync(path, turn(n));
      advance({ keep: 4, fold: 64 });
    }
    // A resumed session writes earlier records again (new file position, same uuids and message ids):
    // records still remembered, older than the hot state holds.
    appendFileSync(path, text.split('\n').slice(-200, -190).join('\n') + '\n');
    advance({ keep: 4, fold: 64 });
    // An earlier response under a new uuid (a continued session's copy: counted once), and an earlier
    // record with no parent (taken once): each answered from the older ids, in the lean read itself.
    const copy = JSON.parse(turn(4000).split('\n')[0]!);
    appendFileSync(path, `${JSON.stringify({ ...copy, uuid: 'copy-1', parentUuid: `r${n - 1}` })}\n`);
    const gen = genOf(state, SID);
    advance({ keep: 4, fold: 64 });
    appendFileSync(path, `${JSON.stringify({ ...JSON.parse(turn(4001).split('\n')[1]!), parentUuid: null })}\n`);
    advance({ keep: 4, fold: 64 });
    // A record whose parent has not come (yet) waits; the ledger shown takes it on a copy.
    appendFileSync(path, `${JSON.stringify({ ...JSON.parse(ask(n, 'an orphan prompt')), uuid: 'orphan-1', parentUuid: 'not-yet' })}\n`);
    advance({ keep: 4, fold: 64 });
    expect(genOf(state, SID)).toBe(gen);
    expect(readKeptLedger(state, SID, { repoRoot: REPO })!.ledger).toEqual(readLedger(path, { agent: 'claude', repoRoot: REPO }));
    appendFileSync(path, turn(n++) + ask(n, 'and the docs') + turn(++n));
    advance({ keep: 4, fold: 64 });
    const expected = readLedger(path, { agent: 'claude', repoRoot: REPO });
    expect(readKeptLedger(state, SID, { repoRoot: REPO })!.ledger).toEqual(expected);
    expect(advanceLedger(state, SID, path, { agent: 'claude', repoRoot: REPO }).ledger).toEqual(expected);
    // Past the ledger, the state that goes on: the ids remembered, the calls open, the records waiting.
    appendFileSync(path, turn(n + 1));
    advanceLedger(state, SID, path, { agent: 'claude', repoRoot: REPO });
    advanceLedger(wholeState, SID, path, { agent: 'claude', repoRoot: REPO });
    const kept = (dir: string) => JSON.parse(readFileSync(join(dir, SESSIONS_DIR, sessionDirName(SID), LEDGER_STATE_FILE), 'utf8')).state;
    expect(kept(state)).toEqual(kept(wholeState));
  });
});

describe('ledgers of other versions', () => {
  function session(): { state: string; path: string; n: number } {
    const dir = tempDir();
    const state = join(dir, 'state');
    const path = join(dir, 't.jsonl');
    let text = ask(0, 'Refactor the loader');
    for (let n = 1; n <= 300; n++) text += turn(n);
    writeFileSync(path, text);
    return { state, path, n: 301 };
  }

  it('a ledger.json an earlier version wrote (no gen, no hot state) is read on, then upgraded in place', () => {
    const { state, path, n } = session();
    advanceLedger(state, SID, path, { agent: 'claude', repoRoot: REPO });
    // What an earlier version wrote: the same state, without `gen`.
    const old = JSON.parse(readFileSync(kept(state, SID), 'utf8'));
    delete old.gen;
    writeFileSync(kept(state, SID), `${JSON.stringify(old)}\n`);
    appendFileSync(path, turn(n));
    advanceLedger(state, SID, path, { agent: 'claude', repoRoot: REPO, lean: true });
    expect(genOf(state, SID)).toBeTruthy();
    expect(existsSync(kept(state, SID, LEDGER_HOT_FILE))).toBe(true);
    appendFileSync(path, turn(n + 1));
    advanceLedger(state, SID, path, { agent: 'claude', repoRoot: REPO, lean: true });
    expect(readKeptLedger(state, SID, { repoRoot: REPO })!.ledger).toEqual(readLedger(path, { agent: 'claude', repoRoot: REPO }));
  });

  it("a whole reader (ledger --json, the notes worker) cuts a new hot state: the hook's next call goes on from it", () => {
    const { state, path, n } = session();
    advanceLedger(state, SID, path, { agent: 'claude', repoRoot: REPO, lean: true });
    appendFileSync(path, turn(n));
    advanceLedger(state, SID, path, { agent: 'claude', repoRoot: REPO });
    const whole = statSync(kept(state, SID));
    appendFileSync(path, turn(n + 1));
    advanceLedger(state, SID, path, { agent: 'claude', repoRoot: REPO, lean: true });
    const after = statSync(kept(state, SID));
    expect({ ino: after.ino, mtime: after.mtimeMs }).toEqual({ ino: whole.ino, mtime: whole.mtimeMs });
    expect(readKeptLedger(state, SID, { repoRoot: REPO })!.ledger).toEqual(readLedger(path, { agent: 'claude', repoRoot: REPO }));
  });

  it('a hot state left beside a ledger.json written since (by an earlier version, or a whole read) is not applied to it', () => {
    const { state, path, n } = session();
    advanceLedger(state, SID, path, { agent: 'claude', repoRoot: REPO, lean: true });
    appendFileSync(path, turn(n));
    advanceLedger(state, SID, path, { agent: 'claude', repoRoot: REPO, lean: true });
    const staleHot = readFileSync(kept(state, SID, LEDGER_HOT_FILE));
    // An earlier version reads on and writes ledger.json whole, without gen; the hot state stays.
    appendFileSync(path, turn(n + 1));
    advanceLedger(state, SID, path, { agent: 'claude', repoRoot: REPO });
    const old = JSON.parse(readFileSync(kept(state, SID), 'utf8'));
    delete old.gen;
    writeFileSync(kept(state, SID), `${JSON.stringify(old)}\n`);
    writeFileSync(kept(state, SID, LEDGER_HOT_FILE), staleHot);
    expect(readKeptLedger(state, SID, { repoRoot: REPO })!.ledger).toEqual(readLedger(path, { agent: 'claude', repoRoot: REPO }));
    appendFileSync(path, turn(n + 2));
    advanceLedger(state, SID, path, { agent: 'claude', repoRoot: REPO, lean: true });
    expect(readKeptLedger(state, SID, { repoRoot: REPO })!.ledger).toEqual(readLedger(path, { agent: 'claude', repoRoot: REPO }));
  });
});
