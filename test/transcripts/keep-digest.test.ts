// PreCompact's must-keep digest (transcripts/keep-digest.ts, advance.ts `digest`): PreCompact reads
// on from the tool-use hook's hot state and puts the digest of ledger.json's older entries in front
// of the newest ones, instead of reading ledger.json whole and writing it again. What mustKeep
// makes of that must be what it makes of the whole read, whatever the caps dropped from the lists'
// front since the digest was written, and whatever mix of lean, whole and PreCompact reads came first.
import { appendFileSync, existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { mustKeep, mustKeepText } from '../../src/compact/must-keep.js';
import { LEDGER_STATE_FILE, SESSIONS_DIR, sessionDirName } from '../../src/paths.js';
import { digestView, keepDigest } from '../../src/transcripts/keep-digest.js';
import { advanceLedger, readLedger } from '../../src/transcripts/index.js';
import type { AgentName, CommandRun, Ledger, ToolError, UserMessage } from '../../src/transcripts/ledger.js';
import { emptyLedger } from '../../src/transcripts/ledger.js';
import { tempDir } from '../helpers/repo.js';
import { cuts, REPO, TRANSCRIPTS } from './fixtures.js';

/** A small seeded generator (mulberry32): the same cases at every run. */
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const TEXTS = ['update the parser', "don't touch the API", 'no, use pnpm', 'ok', '', '   ', 'always run the tests first', 'go on', 'Actually the bug is in lexer.ts', '不要改这个文件', 'make sure the build passes', 'thanks'];
const COMMANDS = ['npm test', 'npm run build', 'git status', 'tsc --noEmit', 'pytest -q'];
const ERRORS = ['Exit code 1\nFAIL test/a.test.ts', '<tool_use_error>File has not been read yet</tool_use_error>', 'Exit code 2\nerror TS2322', 'permission denied', '\x1b[31mError\x1b[0m: boom'];

describe('the must-keep digest: mustKeep over digest + newest entries equals mustKeep over the whole lists', () => {
  it('random lists, random cuts and random cap drops (5,000 cases)', () => {
    const r = rng(52);
    const pick = <T>(xs: T[]) => xs[Math.floor(r() * xs.length)]!;
    // Few distinct times, '' among them: failed commands and errors meet at the same time often.
    const when = () => (r() < 0.1 ? '' : `2026-12-07T1${Math.floor(r() * 6)}:00:00Z`);
    const standIn = {};
    let differed = 0;
    for (let c = 0; c < 5000; c++) {
      const n = () => Math.floor(r() * (r() < 0.5 ? 8 : 40));
      const message = (): UserMessage => ({ text: pick(TEXTS), at: when() });
      const command = (): CommandRun => ({ command: pick(COMMANDS), at: when(), failed: r() < 0.4, by_subagent: false });
      const error = (): ToolError => ({ tool: pick(['Bash', 'Edit', 'Read']), message: pick(ERRORS), at: when(), followed_by: r() < 0.3 ? '' : 'Now Read x' });
      const cold = { user_messages: Array.from({ length: n() }, message), commands: Array.from({ length: n() }, command), errors: Array.from({ length: n() }, error) };
      const hot = { user_messages: Array.from({ length: n() }, message), commands: Array.from({ length: n() }, command), errors: Array.from({ length: n() }, error) };
      // The hot state was cut at `end` (ledger.json's list beyond it went into the hot state too), and
      // the caps dropped `from` entries from the front since.
      const ends = { user_messages: 0, commands: 0, errors: 0 };
      const lists: Record<string, unknown[]> = {};
      const whole: Record<string, unknown[]> = {};
      for (const name of ['user_messages', 'commands', 'errors'] as const) {
        const end = Math.floor(r() * (cold[name].length + 1));
        const from = Math.floor(r() * (end + 1));
        ends[name] = end;
        const newer = [...cold[name].slice(end), ...hot[name]];
        lists[name] = [...new Array(end - from).fill(standIn), ...newer];
        whole[name] = [...cold[name].slice(from, end), ...newer];
      }
      const files = [{ path: 'src/a.ts', reads: 1, edits: 1, writes: 0, first: '', last: '', last_op: 'edit' as const, by_subagent: false, last_call: 3 }];
      const base = { ...emptyLedger('claude'), files, todos: [{ content: 'Finish', status: 'pending' as const }] };
      const view = digestView({ ...base, ...lists } as Ledger, keepDigest(cold, ends), ends, standIn);
      const expected = mustKeep({ ...base, ...whole } as Ledger, ['T1 (todo, t-1)']);
      expect(mustKeep(view!, ['T1 (todo, t-1)'])).toEqual(expected);
      if (JSON.stringify(mustKeep({ ...base, ...whole, errors: [], commands: [], user_messages: [] } as Ledger)) !== JSON.stringify(expected)) differed++;
    }
    // The lists do say something in most cases (the comparison is not between empty lists).
    expect(differed).toBeGreaterThan(4000);
  });

  it('a stand-in anywhere but in front is refused', () => {
    const standIn = {};
    const l = { ...emptyLedger('claude'), commands: [{ command: 'x', at: '', failed: false, by_subagent: false }, standIn] } as unknown as Ledger;
    expect(digestView(l, keepDigest(emptyLedger('claude'), { user_messages: 0, commands: 0, errors: 0 }), { commands: 1 }, standIn)).toBeNull();
  });
});

// ---- through advanceLedger, on transcripts written a piece at a time ----

const SID = 's-keep';
const state = (dir: string) => join(dir, 'state');
const wholeFile = (dir: string) => join(state(dir), SESSIONS_DIR, sessionDirName(SID), LEDGER_STATE_FILE);
const identity = (dir: string) => (existsSync(wholeFile(dir)) ? `${statSync(wholeFile(dir)).ino}:${statSync(wholeFile(dir)).mtimeMs}` : '');

/**
 * Feeds `pieces` of a transcript; after each, one of: the tool-use hook's lean read, a whole read
 * (Stop), or PreCompact's read, whose must-keep text must be the whole read's. Returns how many
 * PreCompact reads took the digest (ledger.json neither read into a new one nor written).
 */
function replay(dir: string, path: string, agent: AgentName, pieces: Buffer[], r: () => number, limits: { keep: number; fold: number }, lean = 0.55): { pre: number; digest: number } {
  writeFileSync(path, '');
  let pre = 0;
  let digest = 0;
  for (const piece of pieces) {
    appendFileSync(path, piece);
    const what = r();
    if (what < lean) advanceLedger(state(dir), SID, path, { agent, repoRoot: REPO, lean: limits });
    else if (what < lean + 0.1) advanceLedger(state(dir), SID, path, { agent, repoRoot: REPO });
    else {
      const before = identity(dir);
      const got = advanceLedger(state(dir), SID, path, { agent, repoRoot: REPO, lean: limits, digest: true }).ledger;
      const expected = readLedger(path, { agent, repoRoot: REPO });
      const tasks = ['Ship it (todo, t-1)'];
      expect(mustKeepText(mustKeep(got, tasks))).toBe(mustKeepText(mustKeep(expected, tasks)));
      expect(mustKeep(got, tasks)).toEqual(mustKeep(expected, tasks));
      pre++;
      if (before && identity(dir) === before) digest++;
    }
  }
  return { pre, digest };
}

describe('PreCompact reads on through the digest: the must-keep list is the whole read’s', () => {
  for (const [file, agent] of [['claude.jsonl', 'claude'], ['codex.jsonl', 'codex']] as [string, AgentName][]) {
    it(`${agent} fixture, at every cut, lists cut to 1 entry and folded every 4`, () => {
      const bytes = readFileSync(join(TRANSCRIPTS, file));
      const at = [0, ...cuts(bytes)];
      const pieces = at.slice(1).map((c, i) => bytes.subarray(at[i], c));
      const dir = tempDir();
      const { pre, digest } = replay(dir, join(dir, file), agent, pieces, rng(7), { keep: 1, fold: 4 });
      expect(pre).toBeGreaterThan(5);
      expect(digest).toBeGreaterThan(0);
    });
  }

  // A long Claude Code session: more prompts, commands and errors than the caps keep (200, 500,
  // 200), so the lists drop entries from their front while the hot state and the digest stand.
  const base = { isSidechain: false, userType: 'external', cwd: REPO, sessionId: SID, version: '2.1.39', gitBranch: 'main' };
  function session(r: () => number, turns: number): Buffer[] {
    const pieces: string[] = [];
    let parent: string | null = null;
    let n = 0;
    // Coarse times: a command, its error and later ones often share one.
    let clock = Date.UTC(2026, 11, 7, 9);
    const rec = (o: Record<string, unknown>) => {
      const uuid = `u${++n}`;
      if (r() < 0.7) clock += 60_000;
      const line = JSON.stringify({ ...base, parentUuid: parent, uuid, timestamp: new Date(clock).toISOString(), ...o });
      parent = uuid;
      return `${line}\n`;
    };
    for (let t = 0; t < turns; t++) {
      let piece = rec({ type: 'user', message: { role: 'user', content: `${TEXTS[Math.floor(r() * TEXTS.length)]} (turn ${t})` } });
      const calls = 1 + Math.floor(r() * 3);
      for (let i = 0; i < calls; i++) {
        const id = `toolu_${t}_${i}`;
        const command = COMMANDS[Math.floor(r() * COMMANDS.length)]!;
        const usage = { input_tokens: 4, cache_creation_input_tokens: 200, cache_read_input_tokens: 60_000 + t, output_tokens: 120 };
        if (r() < 0.5) piece += rec({ type: 'assistant', message: { model: 'claude-opus-4-6', id: `msg_${t}_${i}`, type: 'message', role: 'assistant', content: [{ type: 'text', text: `Running ${command}` }], usage } });
        piece += rec({ type: 'assistant', message: { model: 'claude-opus-4-6', id: `msg_${t}_${i}`, type: 'message', role: 'assistant', content: [{ type: 'tool_use', id, name: 'Bash', input: { command } }], stop_reason: 'tool_use', usage } });
        const failed = r() < 0.45;
        const content = failed ? ERRORS[Math.floor(r() * ERRORS.length)]! : 'ok';
        piece += rec({ type: 'user', message: { role: 'user', content: [{ tool_use_id: id, type: 'tool_result', content, is_error: failed }] }, toolUseResult: { stdout: content, stderr: '' } });
        if (r() < 0.3) {
          pieces.push(piece);
          piece = '';
        }
      }
      if (piece) pieces.push(piece);
    }
    return pieces.map((p) => Buffer.from(p));
  }

  for (const [seed, limits] of [[1, { keep: 16, fold: 256 }], [2, { keep: 3, fold: 40 }]] as const) {
    it(`a long session past the caps (seed ${seed}), lists kept ${limits.keep} and folded every ${limits.fold}`, () => {
      const r = rng(seed);
      const pieces = session(r, 420);
      const dir = tempDir();
      const { pre, digest } = replay(dir, join(dir, 't.jsonl'), 'claude', pieces, r, limits, 0.82);
      expect(readLedger(join(dir, 't.jsonl'), { agent: 'claude', repoRoot: REPO }).errors.length).toBe(200);
      expect(pre).toBeGreaterThan(30);
      expect(digest).toBeGreaterThan(pre / 3);
    }, 120_000);
  }
});
