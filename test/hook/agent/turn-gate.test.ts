// A turn's end without node (src/hook/agent/turn-gate.ts, issue 24 section 3): the Stop command
// `init` writes, run by sh as the agents run it, starts no node while the notes' thresholds cannot
// be met, and starts it as soon as they could (at the exact boundary), on a compaction, and when
// the config changed. The thresholds themselves: turnGateNeed against checkThresholds.
import { spawn, spawnSync } from 'node:child_process';
import { appendFileSync, chmodSync, existsSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { turnGateNeed } from '../../../src/hook/agent/turn-gate.js';
import { noteSessionEndSeen } from '../../../src/hook/agent/session-state.js';
import { parseConfig } from '../../../src/memory/config.js';
import { checkThresholds } from '../../../src/notes/thresholds.js';
import type { NotesState } from '../../../src/notes/store.js';
import { emptyLedger } from '../../../src/transcripts/ledger.js';
import { BIN, fixtureBy, makeRepo, tempDir, type TestRepo } from '../../helpers/repo.js';
import { prompt, reply, toolTurn } from './claude-lines.js';

/** A repository after `init --agent NAME` (not committed): built once a file per agent, copied per test. */
const initRepo = fixtureBy(async (agent: string) => {
  const repo = makeRepo({ until: 'file' });
  expect((await repo.run(['init', '--agent', agent])).code).toBe(0);
  return repo;
});

/** A repository wired for `agent`, a PATH whose `git-memory` logs each start, and the Stop command init wrote. */
async function wired(agent: 'claude' | 'codex' | 'gemini') {
  const repo = await initRepo(agent);
  const bin = tempDir('gm-shim-');
  const log = join(bin, 'starts.log');
  writeFileSync(log, '');
  writeFileSync(join(bin, 'git-memory'), `#!/bin/sh\necho "$*" >> "${log}"\nexec "${process.execPath}" "${BIN}" "$@"\n`);
  chmodSync(join(bin, 'git-memory'), 0o755);
  const settings = join(repo.dir, { claude: '.claude/settings.json', codex: '.codex/hooks.json', gemini: '.gemini/settings.json' }[agent]);
  const hooks = (JSON.parse(readFileSync(settings, 'utf8')) as { hooks: Record<string, { hooks: { command: string }[] }[]> }).hooks;
  const stop = hooks[agent === 'gemini' ? 'AfterAgent' : 'Stop'][0].hooks[0].command;
  const start = hooks.SessionStart[0].hooks[0].command;
  expect(stop).toContain(`git-memory hook agent stop --agent ${agent}`);
  const env = { ...repo.env, PATH: `${bin}:${repo.env.PATH}` };
  const transcript = join(tempDir('gm-transcript-'), 'session.jsonl');
  writeFileSync(transcript, '');
  const payloadOf = (sessionId: string) => JSON.stringify({ session_id: sessionId, transcript_path: transcript, cwd: repo.dir, hook_event_name: 'Stop', stop_hook_active: false });
  /**
   * Runs the Stop command as the agent does (sh -c, payload on stdin); returns how many node starts it
   * made. The decision may go on after the command returned (Claude Code, Gemini CLI): a pipe on fd 4,
   * which it inherits, tells when it is done (fd 3 is the command's own).
   */
  const turnEnd = (sessionId: string) => {
    const before = readFileSync(log, 'utf8').split('\n').filter(Boolean).length;
    const r = spawnSync('sh', ['-c', stop], { cwd: repo.dir, env, input: payloadOf(sessionId), encoding: 'utf8', stdio: ['pipe', 'pipe', 'pipe', 'ignore', 'pipe'] });
    expect(r.status, r.stderr).toBe(0);
    const all = readFileSync(log, "utf8").split("\n").filter(Boolean);
    if (process.env.GATE_DEBUG) console.log(all.slice(before));
    return all.length - before;
  };
  /** Runs the SessionStart command as the agent does (output ignored). */
  const sessionStart = (sessionId: string) => {
    const payload = JSON.stringify({ session_id: sessionId, transcript_path: transcript, cwd: repo.dir, hook_event_name: 'SessionStart', source: 'startup' });
    const r = spawnSync('sh', ['-c', start], { cwd: repo.dir, env, input: payload, encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
  };
  return { repo, transcript, turnEnd, sessionStart, stop, env, bin, log, payloadOf };
}

const notesRequested = (repo: TestRepo) => existsSync(join(repo.dir, '.git', 'git-memory', 'sessions', 's-1', 'notes.md')) || existsSync(join(repo.dir, '.git', 'git-memory', 'sessions', 's-1', 'lock'));

describe('the turn-end command decides without node while no threshold can be met', () => {
  it('Claude Code: node at the first turn end, none below the first-notes threshold, node at it exactly', async () => {
    const { repo, transcript, turnEnd } = await wired('claude');
    const cwd = repo.dir;
    appendFileSync(transcript, prompt('s-1', cwd, 'Tidy the greeting') + reply('s-1', cwd, 2000, 'Done.'));
    expect(turnEnd('s-1')).toBe(1); // no gate yet
    // Two more turns, the context one token short of the first notes (10000): no node.
    appendFileSync(transcript, prompt('s-1', cwd, 'And the farewell') + toolTurn('s-1', cwd, 6000) + reply('s-1', cwd, 9999, 'Done too.'));
    expect(turnEnd('s-1')).toBe(0);
    appendFileSync(transcript, prompt('s-1', cwd, 'Anything else?') + reply('s-1', cwd, 9999, 'No.'));
    expect(turnEnd('s-1')).toBe(0);
    expect(notesRequested(repo)).toBe(false);
    // The context reaches it: node, which starts the extraction.
    appendFileSync(transcript, prompt('s-1', cwd, 'Rename it') + reply('s-1', cwd, 10_000, 'Renamed.'));
    expect(turnEnd('s-1')).toBe(1);
  });

  it('Claude Code: a new session\'s SessionStart leaves the gate, so even its first turn end starts no node below the threshold', async () => {
    const { repo, transcript, turnEnd, sessionStart } = await wired('claude');
    sessionStart('s-1');
    appendFileSync(transcript, prompt('s-1', repo.dir, 'Tidy the greeting') + toolTurn('s-1', repo.dir, 3000) + reply('s-1', repo.dir, 9999, 'Done.'));
    expect(turnEnd('s-1')).toBe(0);
    appendFileSync(transcript, prompt('s-1', repo.dir, 'More') + reply('s-1', repo.dir, 10_000, 'Done.'));
    expect(turnEnd('s-1')).toBe(1);
  });

  it('Claude Code: a turn end below the threshold starts git, cat, find, wc, tail and awk, once each, and nothing else (it runs beside the agent as it exits)', async () => {
    const w = await wired('claude');
    const shims = tempDir('gm-utils-');
    const runs = join(shims, 'runs.log');
    writeFileSync(runs, '');
    for (const u of ['awk', 'basename', 'cat', 'date', 'dirname', 'find', 'git', 'grep', 'head', 'mkdir', 'sed', 'tail', 'tr', 'wc']) {
      const real = spawnSync('sh', ['-c', `command -v ${u}`], { env: w.env, encoding: 'utf8' }).stdout.trim();
      if (!real) continue;
      writeFileSync(join(shims, u), `#!/bin/sh\necho ${u} >> "${runs}"\nexec "${real}" "$@"\n`);
      chmodSync(join(shims, u), 0o755);
    }
    w.sessionStart('s-1');
    appendFileSync(w.transcript, prompt('s-1', w.repo.dir, 'Tidy the greeting') + toolTurn('s-1', w.repo.dir, 3000) + reply('s-1', w.repo.dir, 9999, 'Done.'));
    const nodes = readFileSync(w.log, 'utf8').split('\n').filter(Boolean).length;
    const r = spawnSync('sh', ['-c', w.stop], { cwd: w.repo.dir, env: { ...w.env, PATH: `${shims}:${w.env.PATH}` }, input: w.payloadOf('s-1'), encoding: 'utf8', stdio: ['pipe', 'pipe', 'pipe', 'ignore', 'pipe'] });
    expect(r.status, r.stderr).toBe(0);
    expect(readFileSync(w.log, 'utf8').split('\n').filter(Boolean)).toHaveLength(nodes);
    expect(readFileSync(runs, 'utf8').split('\n').filter(Boolean).sort()).toEqual(['awk', 'cat', 'find', 'git', 'tail', 'wc']);
  });

  it('Claude Code: a compaction, a changed config, another transcript or a usage it cannot read start node', async () => {
    const { repo, transcript, turnEnd } = await wired('claude');
    const cwd = repo.dir;
    appendFileSync(transcript, prompt('s-1', cwd, 'Start') + reply('s-1', cwd, 2000, 'Ok.'));
    expect(turnEnd('s-1')).toBe(1);
    appendFileSync(transcript, `${JSON.stringify({ type: 'system', subtype: 'compact_boundary', sessionId: 's-1', isSidechain: false, timestamp: '2026-11-22T10:00:00.000Z', compactMetadata: { trigger: 'manual', preTokens: 3000 } })}\n`);
    expect(turnEnd('s-1')).toBe(1);
    appendFileSync(transcript, prompt('s-1', cwd, 'Go on') + reply('s-1', cwd, 2100, 'Ok.'));
    expect(turnEnd('s-1')).toBe(0);
    // The config edited after the gate was written.
    const config = join(repo.dir, '.openclaw_memory.toml');
    writeFileSync(config, `${readFileSync(config, 'utf8')}\n`);
    utimesSync(config, new Date(Date.now() + 5000), new Date(Date.now() + 5000));
    expect(turnEnd('s-1')).toBe(1);
    appendFileSync(transcript, prompt('s-1', cwd, 'More') + reply('s-1', cwd, 2200, 'Ok.').replace('"output_tokens":100', '"output_tokens":"100"'));
    expect(turnEnd('s-1')).toBe(1);
    // Another session (no gate of its own) goes to node.
    expect(turnEnd('s-2')).toBeGreaterThanOrEqual(1);
  });

  it('Codex: below the threshold no node once its SessionEnd was seen; the last response\'s usage, not the running total, is the context', async () => {
    const { repo, transcript, turnEnd, sessionStart } = await wired('codex');
    const usage = (total: number, last: number) =>
      `${JSON.stringify({ timestamp: '2026-11-22T09:00:05.000Z', type: 'event_msg', payload: { type: 'token_count', info: { total_token_usage: { input_tokens: total, cached_input_tokens: 0, output_tokens: 50, reasoning_output_tokens: 0, total_tokens: total + 50 }, last_token_usage: { input_tokens: last - 50, cached_input_tokens: 0, output_tokens: 50, reasoning_output_tokens: 0, total_tokens: last }, model_context_window: 258400 } } })}\n`;
    const turn = (text: string) => `${JSON.stringify({ timestamp: '2026-11-22T09:00:00.000Z', type: 'event_msg', payload: { type: 'user_message', message: text } })}\n`;
    writeFileSync(transcript, `${JSON.stringify({ timestamp: '2026-11-22T09:00:00.000Z', type: 'session_meta', payload: { id: 's-1', cwd: repo.dir } })}\n${turn('Start')}${usage(2000, 2000)}`);
    // Before any SessionEnd was seen, Codex's Stop ends the session: node every time.
    expect(turnEnd('s-1')).toBe(1);
    appendFileSync(transcript, turn('More') + usage(4000, 2100));
    expect(turnEnd('s-1')).toBe(1);
    noteSessionEndSeen(join(repo.dir, '.git', 'git-memory'), 'codex');
    expect(turnEnd('s-1')).toBe(1); // writes the gate
    // A new session's first Stop too, now (its transcript here the same file, read from its start).
    sessionStart('s-3');
    expect(turnEnd('s-3')).toBe(0);
    appendFileSync(transcript, turn('Again') + usage(60_000, 9999));
    expect(turnEnd('s-1')).toBe(0);
    appendFileSync(transcript, turn('Once more') + usage(80_000, 10_000));
    expect(turnEnd('s-1')).toBe(1);
  });
});

describe('the agent waits for the turn-end command, not for its decision', () => {
  /**
   * Runs the Stop command with a `git-memory` that starts only once `release` exists: whether node had
   * started when the command exited, and (once released) when everything it started is done.
   */
  async function blocked(agent: 'claude' | 'codex' | 'gemini') {
    const w = await wired(agent);
    // Another session's start wrote the script; this session has no gate yet: the decision is node's.
    w.sessionStart('s-0');
    const count = () => readFileSync(w.log, 'utf8').split('\n').filter(Boolean).length;
    const before = count();
    const release = join(w.bin, 'release');
    writeFileSync(join(w.bin, 'git-memory'), `#!/bin/sh\nwhile [ ! -f "${release}" ]; do sleep 0.02; done\necho "$*" >> "${w.log}"\nexec "${process.execPath}" "${BIN}" "$@"\n`);
    const child = spawn('sh', ['-c', w.stop], { cwd: w.repo.dir, env: w.env, stdio: ['pipe', 'pipe', 'pipe', 'ignore', 'pipe'] });
    child.stdin!.end(w.payloadOf('s-1'));
    const closed = new Promise<void>((res) => child.on('close', () => res()));
    // A command that waits for node would never return unreleased: released after a while, it fails below.
    const unstick = setTimeout(() => writeFileSync(release, ''), 15_000);
    const code = await new Promise<number | null>((res) => child.on('exit', (c) => res(c)));
    clearTimeout(unstick);
    const startsAtExit = count() - before;
    writeFileSync(release, '');
    await closed;
    return { code, startsAtExit, starts: count() - before };
  }
  // Codex's too (issue 24 section 3): where its Stop ends the session it only starts the detached worker that records it.
  for (const agent of ['claude', 'gemini', 'codex'] as const) {
    it(`${agent}: the command returns with node not started yet; the decision goes on, and node runs`, async () => {
      const r = await blocked(agent);
      expect(r.code).toBe(0);
      expect(r.startsAtExit).toBe(0);
      expect(r.starts).toBe(1);
    });
  }
});

describe('the turn-end command for Gemini CLI (AfterAgent, JSON-lines recording)', () => {
  it('no node below the threshold, even at the first turn end and across the $set lines Gemini CLI 0.61 writes every turn; node on a rewind, and at the threshold exactly', async () => {
    const { transcript, turnEnd, sessionStart } = await wired('gemini');
    let n = 0;
    const user = (text: string) => `${JSON.stringify({ id: `u${++n}`, timestamp: '2026-11-22T09:00:00.000Z', type: 'user', content: [{ text }] })}\n`;
    const model = (input: number, text = 'Done.') => `${JSON.stringify({ id: `g${++n}`, timestamp: '2026-11-22T09:00:01.000Z', type: 'gemini', content: text, tokens: { input, output: 20, cached: 0, thoughts: 10, tool: 0, total: input + 30 }, model: 'gemini-fake' })}\n`;
    writeFileSync(transcript, `${JSON.stringify({ sessionId: 's-1', projectHash: 'p', startTime: '2026-11-22T09:00:00.000Z', lastUpdated: '2026-11-22T09:00:00.000Z', kind: 'main' })}\n`);
    sessionStart('s-1');
    // As 0.61 records a new chat: the header, a $set of the session's context message, then each message with a $set of lastUpdated.
    appendFileSync(transcript, `${JSON.stringify({ $set: { messages: [{ id: 'u0', timestamp: '2026-11-22T09:00:00.000Z', type: 'user', content: [{ text: '<session_context>' }] }] } })}\n`);
    appendFileSync(transcript, user('Tidy the greeting') + model(2000));
    appendFileSync(transcript, `${JSON.stringify({ $set: { lastUpdated: '2026-11-22T09:05:00.000Z' } })}\n`);
    expect(turnEnd('s-1')).toBe(0);
    // Node's ledger reads no $set line (transcripts/gemini.ts); one holding usage is summed all the same (more than node counts).
    appendFileSync(transcript, `${JSON.stringify({ $set: { messages: [{ id: 'g9', type: 'gemini', tokens: { input: 9990, output: 20, cached: 0, thoughts: 0 } }] } })}\n`);
    expect(turnEnd('s-1')).toBe(1);
    appendFileSync(transcript, user('More') + model(3000));
    expect(turnEnd('s-1')).toBe(0);
    appendFileSync(transcript, `${JSON.stringify({ $rewindTo: 'u1' })}\n`);
    expect(turnEnd('s-1')).toBe(1);
    // input + output + thoughts is the context: 9970 + 30 reaches the first notes' 10000.
    appendFileSync(transcript, user('Again') + model(9969));
    expect(turnEnd('s-1')).toBe(0);
    appendFileSync(transcript, user('Once more') + model(9970));
    expect(turnEnd('s-1')).toBe(1);
  });
});

describe('turnGateNeed: the thresholds are never met below it, and met at it', () => {
  const cfgFor = (init: number, between: number, calls: number) => parseConfig(`[session_memory]\nminimum_message_tokens_to_init = ${init}\nminimum_tokens_between_update = ${between}\ntool_calls_between_updates = ${calls}\n`, 'c', 'r').config.session_memory;
  const state = (last: number, compactions?: number): NotesState => ({ extractions: 1, last_tokens: last, last_tool_calls: 2, last_offset: 0, ...(compactions !== undefined ? { compactions, last_compaction: '' } : {}) }) as NotesState;
  it('for every state, context, tool calls and pause around the boundaries', () => {
    let checked = 0;
    for (const cfg of [cfgFor(10_000, 5000, 3), cfgFor(3000, 5000, 0), cfgFor(0, 0, 3), cfgFor(10_000, 12_000, 1)]) {
      for (const st of [null, state(0), state(12_000), state(12_000, 0), state(12_000, 1), state(2000)]) {
        for (const compactions of [0, 1]) {
          const base = emptyLedger('claude', 's');
          base.compactions = compactions ? [{ at: '', trigger: '', pre_tokens: null, summary: '' }] : [];
          for (const before of [0, 1000, 9999, 12_000, 20_000]) {
            base.context_tokens = before;
            const need = turnGateNeed(base, st, cfg);
            for (const t of [0, 1, 4999, 5000, 9999, 10_000, 12_000, 16_999, 17_000, 17_001, 24_000, need - 1, need, need + 1].filter((x) => x >= 0)) {
              for (const calls of [0, 1, 3, 10]) {
                for (const paused of [true, false]) {
                  const l = { ...base, context_tokens: t, tool_calls: calls, last_turn_had_tool_calls: !paused };
                  const extract = checkThresholds(l, st, cfg).extract;
                  if (need > 0 && t < need) expect(extract, JSON.stringify({ cfg, st, compactions, before, t, calls, paused, need })).toBe(false);
                  checked++;
                }
              }
            }
            // Tight where no compaction is pending: at `need`, with a pause, the notes are due.
            const pending = compactions === 1 && (st === null || st.compactions !== 1);
            if (need > 0 && !(pending && st)) expect(checkThresholds({ ...base, context_tokens: need, last_turn_had_tool_calls: false }, st, cfg).extract, JSON.stringify({ cfg, st, compactions, before, need })).toBe(true);
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(1000);
  });
});


describe('the scripts written into the state dir', () => {
  it('parse as POSIX sh (a quote mark in a comment of the awk program ends its quoting: every turn end then failed)', async () => {
    const { TURN_END_SH } = await import('../../../src/hook/agent/turn-gate.js');
    const { SESSION_START_SH } = await import('../../../src/hook/agent/kept-start.js');
    for (const script of [TURN_END_SH, SESSION_START_SH]) {
      const r = spawnSync('sh', ['-n'], { input: script, encoding: 'utf8' });
      expect(r.status, r.stderr).toBe(0);
    }
  });
});
