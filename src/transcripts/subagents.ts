import { statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { namesOrNone } from '../fs/read-file.js';
import { CAPS, newState, type BuildState, type SubTranscript } from './build.js';
import { feedGemini, geminiSessionId, isGeminiDocument, messageElements, parseElement, settleGemini } from './gemini.js';
import { readFileOrNull } from '../fs/read-file.js';
import type { Ledger } from './ledger.js';
import { headHash, sameHead } from './lines.js';
import { scanRecords } from './scan-records.js';

/**
 * Claude Code writes each sub-agent's records to `<session>/subagents/agent-<id>.jsonl` beside the
 * session's file (older versions kept them in it, as sidechain lines). Their calls changed the
 * repository, so they count for files and commands, marked as a sub-agent's. Each file is read on
 * its own, incrementally like the main one, and merged into the ledger when it is shown: the
 * result depends on the files' contents only, however they were read.
 */
export function subagentDir(transcript: string): string {
  return join(dirname(transcript), basename(transcript, '.jsonl'), 'subagents');
}

/** The files of `dir` whose names match, in name order, with their sizes and modification times (one gone meanwhile is left out); null where none matches. */
function subFiles(dir: string, names: RegExp): { name: string; path: string; size: number; mtime: number }[] | null {
  const matching = namesOrNone(dir).filter((n) => names.test(n)).sort();
  if (!matching.length) return null;
  const out: { name: string; path: string; size: number; mtime: number }[] = [];
  for (const name of matching) {
    const path = join(dir, name);
    try {
      const st = statSync(path);
      out.push({ name, path, size: st.size, mtime: st.mtimeMs });
    } catch {
      /* removed since it was listed */
    }
  }
  return out;
}

/** Reads what was appended to each sub-agent file into `state.subagents`. */
export function readSubagents(state: BuildState, transcript: string, ctx: { repoRoot?: string }): void {
  const files = subFiles(subagentDir(transcript), /^agent-.*\.jsonl$/);
  if (files) readOnward(state, files, 'claude', ctx);
}

/** Levels of Codex sub-agents followed below the session: its children, theirs (named in the children's rollouts), … */
const CODEX_DEPTH = 4;
/** At most this many Codex sub-agent rollouts are read for a session, every level together. */
const CODEX_SUBS = 64;
const THREAD_FILE = /-([0-9A-Za-z]{8}-[0-9A-Za-z]{4}-[0-9A-Za-z]{4}-[0-9A-Za-z]{4}-[0-9A-Za-z]{12})\.jsonl$/;
const DAY_MS = 86_400_000;

type Found = { name: string; path: string; size: number; mtime: number };

/**
 * The folders a sub-agent's rollout may be in, besides its parent's: Codex files a thread under the
 * day it started (`sessions/YYYY/MM/DD`), so a child spawned just after midnight is in the next
 * day's. From the time its parent named it, the day before, that day and the day after (a local day
 * is within a day of the record's UTC time).
 */
function dayFolders(home: string, at: string | undefined): string[] {
  const m = /^(.*)[\\/]\d{4}[\\/]\d{2}[\\/]\d{2}$/.exec(home);
  const t = at ? Date.parse(at) : NaN;
  if (!m || !Number.isFinite(t)) return [];
  const out: string[] = [];
  for (const d of [t - DAY_MS, t, t + DAY_MS]) {
    const day = new Date(d).toISOString();
    const dir = join(m[1]!, day.slice(0, 4), day.slice(5, 7), day.slice(8, 10));
    if (dir !== home && !out.includes(dir)) out.push(dir);
  }
  return out;
}

/**
 * Codex writes a sub-agent's rollout as a thread of its own, `rollout-<time>-<thread id>.jsonl`, beside
 * the parent's (the parent names it in an item_completed SubAgentActivity record; the hooks Codex
 * runs for the session fire with the parent's id and rollout only), or in the next day's folder. Its
 * commands and edits changed the repository, so it is read and merged like Claude Code's; the
 * parent's history it copies is passed over (codex.ts, fork). A child's own sub-agents, named in its
 * rollout, are read too (CODEX_DEPTH levels, CODEX_SUBS rollouts in all).
 */
export function readCodexSubagents(state: BuildState, transcript: string, ctx: { repoRoot?: string }): void {
  const top = state.codex;
  if (!top?.children?.length) return;
  const home = dirname(transcript);
  const listed = new Map<string, Found[]>();
  const list = (dir: string) => {
    let got = listed.get(dir);
    if (!got) listed.set(dir, (got = subFiles(dir, /^rollout-.*\.jsonl$/) ?? []));
    return got;
  };
  const byId = (files: Found[], id: string) => files.find((f) => THREAD_FILE.exec(f.name)?.[1] === id);
  const seen = new Set<string>();
  let level: { ids: string[]; at: Record<string, string> } = { ids: top.children, at: top.childAt ?? {} };
  for (let depth = 0; depth < CODEX_DEPTH && level.ids.length; depth++) {
    const files: Found[] = [];
    for (const id of level.ids) {
      if (seen.has(id) || seen.size >= CODEX_SUBS) continue;
      seen.add(id);
      const found = byId(list(home), id) ?? dayFolders(home, level.at[id]).reduce<Found | undefined>((f, dir) => f ?? byId(list(dir), id), undefined);
      if (found) files.push(found);
    }
    if (!files.length) return;
    readOnward(state, files, 'codex', ctx);
    const next: typeof level = { ids: [], at: {} };
    for (const f of files) {
      const sub = state.subagents?.[f.name]?.state;
      for (const c of sub?.ledger.commands ?? []) c.by_subagent = true;
      next.ids.push(...(sub?.codex?.children ?? []));
      Object.assign(next.at, sub?.codex?.childAt);
    }
    level = next;
  }
}

/** Reads what was appended to each of `files` since the last read into `state.subagents`. */
function readOnward(state: BuildState, files: { name: string; path: string; size: number; mtime: number }[], agent: 'claude' | 'codex', ctx: { repoRoot?: string }): void {
  const subs = (state.subagents ??= {});
  for (const { name, path, size, mtime } of files) {
    let sub: SubTranscript | undefined = subs[name];
    // Unchanged since it was read whole (same size, same time): not opened. A session that ran many
    // sub-agents has as many files, all finished but one, and the tool-use hook looks at each at every call.
    if (sub && size === sub.offset && sub.mtime === mtime) continue;
    if (sub && (size < sub.offset || (sub.offset > 0 && !sameHead(path, sub.offset, sub.head)))) sub = undefined;
    if (sub && size === sub.offset) {
      sub.mtime = mtime;
      continue;
    }
    sub ??= { offset: 0, head: '', state: newState(agent) };
    const scan = scanRecords(sub.state, path, sub.offset, undefined, ctx);
    if (!scan) continue;
    sub.offset = scan.end;
    sub.head = headHash(path, scan.end) ?? '';
    // Read to its end as it was found: the next look may skip it at that size and time.
    if (scan.end === size) sub.mtime = mtime;
    else delete sub.mtime;
    subs[name] = sub;
  }
}

/**
 * Gemini CLI writes a sub-agent's chat to `chats/<session id>/<id>.json` (JSON lines: `.jsonl`)
 * beside the session's own (its header says `kind: "subagent"`). Each is read whole when it
 * changed (sub-agent chats are short) into `state.subagents`, merged like Claude Code's.
 */
export function readGeminiSubagents(state: BuildState, transcript: string, sessionId: string, ctx: { repoRoot?: string }): void {
  if (!sessionId || /[\\/]/.test(sessionId)) return;
  const files = subFiles(join(dirname(transcript), sessionId), /\.jsonl?$/);
  if (!files) return;
  const subs = (state.subagents ??= {});
  for (const { name, path, size, mtime } of files) {
    const kept = subs[name];
    // Unchanged since it was read (same size, same time): not opened (see readSubagents).
    if (kept && kept.offset === size && kept.mtime === mtime) continue;
    const head = headHash(path, size) ?? '';
    if (kept && kept.offset === size && kept.head === head) {
      kept.mtime = mtime;
      continue;
    }
    const sub = newState('gemini');
    if (isGeminiDocument(path)) {
      const buf = readFileOrNull(path);
      if (!buf) continue;
      const id = geminiSessionId(buf);
      for (const e of messageElements(buf)) {
        const m = parseElement(buf, e);
        if (m) feedGemini(sub, m, id, ctx);
      }
    } else {
      if (!scanRecords(sub, path, 0, undefined, ctx)) continue;
      settleGemini(sub, ctx);
    }
    for (const c of sub.ledger.commands) c.by_subagent = true;
    subs[name] = { offset: size, head, mtime, state: sub };
  }
}

/** Interleaves `extra` into `main` by time, keeping main's own order. */
function mergeByTime<T extends { at: string }>(main: T[], extra: T[]): T[] {
  const out: T[] = [];
  let j = 0;
  for (const m of main) {
    while (j < extra.length && extra[j]!.at && m.at && extra[j]!.at < m.at) out.push(extra[j++]!);
    out.push(m);
  }
  return out.concat(extra.slice(j));
}

const earlier = (a: string, b: string) => (!a ? b : !b ? a : a < b ? a : b);

/** The session's tool calls and usage with its sub-agents' added (mergeSubagents's, and all the notes' thresholds read of them). */
export function subagentCounts(main: Ledger, subs: Ledger[]): Pick<Ledger, 'tool_calls' | 'usage'> {
  const usage = { ...main.usage };
  let calls = main.tool_calls;
  for (const sub of subs) {
    calls += sub.tool_calls;
    for (const k of ['input', 'output', 'cache_read', 'cache_write'] as const) usage[k] += sub.usage[k];
  }
  return { tool_calls: calls, usage };
}

/** The session's ledger with its sub-agents' work merged in (a new object; `main` is left as it is). */
export function mergeSubagents(main: Ledger, subs: Ledger[]): Ledger {
  if (!subs.length) return main;
  const out: Ledger = {
    ...main,
    ...subagentCounts(main, subs),
    files: main.files.map((f) => ({ ...f })),
    turns: main.turns.map((t) => ({ ...t, edited: [...t.edited] })),
  };
  let commands = main.commands;
  let errors = main.errors;
  // A sub-agent's file takes the recency of the session's calls made by then.
  const callBy = (at: string) => main.files.reduce((n, f) => (f.last && f.last <= at ? Math.max(n, f.last_call) : n), 0);
  const turnAt = (at: string) => [...out.turns].reverse().find((t) => t.at && t.at <= at);
  for (const sub of subs) {
    const started = turnAt(sub.started);
    if (started) started.tool_calls += sub.tool_calls;
    for (const f of sub.files) {
      const m = out.files.find((x) => x.path === f.path);
      if (m) {
        m.reads += f.reads;
        m.edits += f.edits;
        m.writes += f.writes;
        if (f.refused) m.refused = (m.refused ?? 0) + f.refused;
        m.first = earlier(m.first, f.first);
        if (f.last > m.last) {
          m.last = f.last;
          m.last_op = f.last_op;
        }
        m.by_subagent = true;
      } else out.files.push({ ...f, by_subagent: true, last_call: callBy(f.last) });
      if (f.edits + f.writes > 0) {
        const turn = turnAt(f.last);
        if (turn && !turn.edited.includes(f.path)) turn.edited.push(f.path);
      }
    }
    // A sub-agent that worked in a folder of its own (a worktree) made its commits there.
    for (const c of [...(sub.cwd && sub.started ? [{ dir: sub.cwd, at: sub.started }] : []), ...(sub.cwds ?? [])]) {
      const cwds = out.cwds ?? [];
      if (c.dir !== out.cwd && cwds.length < CAPS.cwds && !cwds.some((x) => x.dir === c.dir)) out.cwds = [...cwds, c];
    }
    commands = mergeByTime(commands, sub.commands);
    errors = mergeByTime(errors, sub.errors);
    out.started = earlier(out.started, sub.started);
    if (sub.updated > out.updated) out.updated = sub.updated;
  }
  out.commands = commands.slice(-CAPS.commands);
  out.errors = errors.slice(-CAPS.errors);
  return out;
}
