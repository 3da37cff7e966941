import { basename, isAbsolute, posix, relative, resolve, sep, win32 } from 'node:path';
import { ESCAPED_ESC, TERMINAL_ESCAPE } from '../safety/plain-view.js';
import { redactQuickLines } from '../safety/quick-redact.js';
import { emptyLedger, type AgentName, type CommandRun, type FileTouch, type Ledger, type Todo, type TokenUsage } from './ledger.js';
import { listAdd, listHas, listKeep, listLength } from './id-list.js';
import { checksOnly, looksOnly } from './looks.js';
import { applyTaskOp, taskFailed, type KeptTask, type TaskOp } from './tasks.js';

/**
 * The ledger under construction, as plain JSON: an incremental read keeps it in the state dir and
 * goes on from it, so everything a later record may need (calls waiting for their result, errors
 * waiting for what followed, responses still streaming) is kept here, each list bounded.
 */
export interface BuildState {
  ledger: Ledger;
  /** Absolute index of the first kept command and error (older ones fall off the capped lists). */
  base: { commands: number; errors: number };
  /** Tool calls whose result has not been read yet: [id, call]. */
  calls: [string, OpenCall][];
  /** Errors whose followed_by is still open, by chain ('main' or a sub-agent): absolute indices. */
  awaiting: { chain: string; error: number }[];
  /** Recent API responses and the usage counted for each (streamed lines of one response share an id). */
  responses: { id: string; usage: TokenUsage }[];
  /** Ids of the API responses counted (bounded, oldest dropped): a resumed session's replay of one is not a new response. */
  known?: string[];
  /** Recent tool call ids, so a call repeated by a streamed line counts once. */
  seen: string[];
  /** The last compaction still waits for its summary record. */
  summaryDue: boolean;
  /**
   * Keep compactions' summaries as written, unredacted: only for a ledger read to check a summary
   * against what it must keep and then dropped (readAppended's `summaryToCheck`), never one kept,
   * shown or sent. Redacting a summary of some 28,000 characters cost SessionStart ~5 ms.
   */
  summaryToCheck?: boolean;
  /** The user's last shell-mode command (absolute index), while its output may still come. */
  userCommand?: number;
  /**
   * Calls so far that may have changed something (a file edited or written, a command that is not a
   * plain look, an MCP tool): a todo completed with none since it was first listed looked only.
   */
  acts?: number;
  /** Calls so far that only looked (not the todo list's own writes). */
  looks?: number;
  /** Of `acts`, the commands that only checked the work (checksOnly: a test run, a lint, a build). */
  checks?: number;
  /** [acts, checks] when the todo list was last written: what the calls since did. */
  listAt?: [number, number];
  /** Each listed todo (by its text) and [acts, looks] when it was first listed not done; at most TODO_SEEN, oldest dropped. */
  todoSeen?: Record<string, [number, number]>;
  /** Turns started so far (a serial number: the current turn's). */
  turn?: number;
  /** Calls of the current turn that changed each path and were not undone: a failed one leaves the path in `edited` while another counts. */
  turnChanges?: Record<string, number>;
  /**
   * The text of the current main-chain response so far: a reply streamed in several records is one
   * reply (a secret split between two records stays whole for the scanner that reads the ledger).
   */
  replyText?: string;
  /**
   * The reply of the response before the current one, when that response called no tool (nothing
   * between the two but a new message id): read before the current reply's text when it is redacted.
   */
  replyBefore?: string;
  /** Claude Code: records waiting for their parent, and the last main-chain response. */
  claude?: ClaudeOrder;
  /**
   * Claude Code: the last prompt taken is a slash command the model has not answered yet: the
   * record after it may be what it expands to (a text of 1.x's, not the user's words) or a local
   * command's output (the command asked nothing).
   */
  claudeSlash?: boolean;
  /**
   * Claude Code: the last main-chain record was the result of a Skill call: a `<command-name>` record
   * now is the skill the model loaded ("The "X" skill is loading", 2.0), not a command the user typed.
   */
  claudeSkill?: boolean;
  /**
   * Claude Code: the uuid of the last `<local-command-caveat>` record: a plain record of the user's
   * under it is what Claude Code printed for a command it ran itself, not a prompt (first-prompt.ts underCaveat).
   */
  claudeCaveat?: string;
  /** Gemini CLI: the messages already taken (all but the last, which may still change). */
  gemini?: GeminiProgress;
  /** The read stopped inside a line over the cap (lines.ts MAX_LINE), torn: the next read passes over the rest of it. */
  skipping?: boolean;
  /** Sub-agent transcripts (Claude Code's `<session>/subagents/agent-*.jsonl`, Codex's and Gemini's rollouts or chats), each read on its own, by file name. */
  subagents?: Record<string, SubTranscript>;
  /** Claude Code's task list (TaskCreate, TaskUpdate, TaskList), with the ids its calls name. */
  tasks?: KeptTask[];
  /** Codex: the last prompt taken, until the agent answers (older rollouts write each prompt twice). */
  /**
   * Codex: the last prompt taken (the event repeats it); commands still running, by the session id
   * their first output named (`Process running with session ID N`) to the call; write_stdin polls
   * waiting for their output, by call to the session they poll.
   */
  codex?: {
    lastPrompt: string;
    /** The rollout's Codex has no custom prompts (0.117 and later): its prompts are not compared with prompt files. */
    noPrompts?: boolean;
    running?: [session: string, call: string][];
    polls?: [call: string, session: string][];
    /** A command's folder, where it is not the session's, until its output comes (its paths are from there; transcripts/named.ts). */
    workdirs?: [call: string, dir: string][];
    /** The last running total of token_count, [input, cached input, output] (it starts again in a resumed process or a review). */
    total?: [number, number, number];
    /** Running totals left when another count started (a review's, the main one's before it), the most recent 8. */
    paused?: [number, number, number][];
    /**
     * A forked rollout: the parent thread it names, when the child was created (its session_meta's
     * timestamp) and written (the record's), in ms; whether the copy of the parent's history is being
     * read, and whether it has ended; the ordinal its own history starts at, where it names one.
     */
    fork?: { parent: string; start: number; at: number; copying: boolean; done?: boolean; own?: number };
    /** Code-mode scripts whose output has not come yet, by call id. */
    scripts?: string[];
    /** Exit codes of code-mode commands that item_completed events gave before their script's output, by call. */
    exits?: [call: string, code: string][];
    /** Code-mode patch calls a FileChange item was matched to already (the second of each pair unused). */
    patched?: [call: string, unused: string][];
    /** Code-mode calls whose command an item gave (the script computed it): a later item may be another run of it (codex.ts loopRun). */
    computed?: [call: string, unused: string][];
    /** The thread ids of the sub-agents it spawned, in order (their rollouts are read beside this one). */
    children?: string[];
    /** When the record naming each child was written, where it had a time: its rollout is in that day's folder. */
    childAt?: Record<string, string>;
  };
}

export interface GeminiProgress {
  count: number;
  lastId: string;
  /** JSON lines: the last message, held until another one starts (Gemini CLI rewrites it as its calls progress). */
  held?: Record<string, any> | null;
  /** JSON lines: ids of recently taken messages, whose late rewrites are not counted again. */
  recent?: string[];
  sessionId?: string;
  /** The session's folder was looked for by its projectHash (gemini.ts geminiFolder): once a read. */
  folderSought?: boolean;
}

export interface SubTranscript {
  offset: number;
  /** Fingerprint of its opening (see lines.ts headHash). */
  head: string;
  /**
   * Its modification time (ms) when it was last found whole at `offset`: at the same size and time
   * it is not opened again (absent in a state kept by an earlier version: its opening is checked).
   */
  mtime?: number;
  state: BuildState;
}

export interface ClaudeOrder {
  lastMain: string;
  /** Recently taken records, by uuid (bounded): a record whose parent is here is in order. */
  done: string[];
  /** Records read before their parent, with the record count when they were read. */
  pending: { rec: Record<string, any>; since: number }[];
  /** Records read so far. */
  n: number;
  /** A line whose uuid could not be read did not parse: records whose parent has not come are taken in order. */
  lost?: boolean;
  /** `done` holds keys kept by an earlier version (the last 12 characters of a uuid). */
  legacy?: boolean;
}

interface OpenCall {
  tool: string;
  command: number | null;
  chain: string;
  /**
   * The files the call edits or writes, counted as changed when it was made; a result that says the
   * change was not made (a failure, a rejection, a cancellation) turns each into a read.
   */
  changes?: { path: string; op: 'edit' | 'write' }[];
  /** The call's index (0-based, over the ledger) and the turn it was made in (BuildState.turn). */
  call?: number;
  turn?: number;
  /** A todo list or task change, applied once the result says the call succeeded. */
  todos?: Todo[];
  task?: TaskOp;
  /** The index of a call that writes the todo list (Ledger.todos_call). */
  listCall?: number;
}

/** Bounds that keep the kept ledger small whatever the transcript's length (oldest dropped). */
export const CAPS = { commands: 500, errors: 200, user_messages: 200, turns: 200, compactions: 50, cwds: 16 };
const OPEN_CALLS = 256;
/** Paths the current turn's change counts are kept for (BuildState.turnChanges). */
const TURN_CHANGES = 512;
const RECENT_RESPONSES = 16;
const RECENT_CALLS = 128;
const TODO_SEEN = 256;
/** Completed todos of replaced lists kept (Ledger.todos_done). */
const TODOS_DONE = 50;
/** Tools that start a sub-agent (Claude Code, Codex). */
const SPAWNS = new Set(['Task', 'Agent', 'spawn_agent']);
const MAX_USER_TEXT = 2000;
const MAX_SUMMARY = 40_000;
const SHORT = 200;
const TURN_TEXT = 300;

export function newState(agent: AgentName): BuildState {
  return { ledger: emptyLedger(agent), base: { commands: 0, errors: 0 }, calls: [], awaiting: [], responses: [], seen: [], summaryDue: false };
}

/**
 * Text the ledger keeps, with the secrets the project rules know redacted: the ledger feeds notes,
 * session files and prompts. Only the part that can be kept is scanned (with room for a secret
 * that straddles the cut), so a huge tool output costs no more than a short one.
 */
function safe(text: string, max: number): string {
  const head = text.length > 4 * max + 400 ? text.slice(0, 4 * max + 400) : text;
  return redactQuickLines(head);
}

const TERMINAL_ESCAPES = new RegExp(TERMINAL_ESCAPE.source, 'g');

/**
 * A tool's error without the terminal's colour, cursor and link codes (the secret rules' reading of
 * them, plain-view.ts's TERMINAL_ESCAPE) and a sequence torn by an earlier cut (`\x1b[3` at the end).
 * PowerShell 7 colours its errors even when no terminal reads them: in a real Codex Desktop 0.108
 * session on Windows (noise55's audit, akhileswar18/behaviour_lab, .codex/sessions/2026/03/05/
 * rollout-…-019cc1e9….jsonl) the codes took most of an error's 200 characters, and its cause
 * ("Program 'rg.exe' failed to run … Access is denied") never reached the notes.
 */
export function withoutTerminalCodes(text: string): string {
  if (!text.includes('\x1b') && !ESCAPED_ESC.test(text)) return text;
  return text.replace(TERMINAL_ESCAPES, '').replace(/\x1b(?:\[[0-?]*)?/g, '');
}

/** `text` on one line, cut to `max` characters with an ellipsis, secrets redacted. */
export function shorten(text: string, max = SHORT): string {
  return oneLineCut(safe(text, max), max);
}

function oneLineCut(redacted: string, max: number): string {
  const flat = redacted.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1)}…`;
}

/**
 * `text` shortened as `shorten` does, read after `before`, the reply of the response just before it
 * (no call, result or prompt between: two message ids). A secret a model wrote across the two is
 * whole only when they are read together; its second half alone is a random tail no rule knows
 * (stop 51's `compact` printed it as "Result: …"). What the joined reading redacted at the start of
 * `text` becomes one marker; the rest is `text` redacted as before.
 */
function shortenAfter(before: string, text: string, max: number): string {
  const alone = safe(text, max);
  const joined = redactQuickLines(before + (text.length > 4 * max + 400 ? text.slice(0, 4 * max + 400) : text));
  if (joined.endsWith(alone)) return oneLineCut(alone, max);
  let same = 0;
  while (same < alone.length && same < joined.length && alone[alone.length - 1 - same] === joined[joined.length - 1 - same]) same++;
  return oneLineCut(`[REDACTED:split-secret]${alone.slice(alone.length - same)}`, max);
}

/** `text` cut to `max` characters with an ellipsis, secrets redacted (as a command is kept). */
export function cut(text: string, max: number): string {
  const t = safe(text, max).trim();
  return t.length <= max ? t : `${t.slice(0, max - 1)}…`;
}

function pushCapped<T>(list: T[], item: T, cap: number): void {
  list.push(item);
  if (list.length > cap) list.splice(0, list.length - cap);
}

/** `C:\…`, `c:/…`, `\\server\share\…`: an absolute path as Windows writes it (read on any machine). */
export function isWindowsAbsolute(path: string): boolean {
  return /^[A-Za-z]:[\\/]/.test(path) || /^\\\\[^\\/]/.test(path);
}

/**
 * Where the repository starts in a Windows session's paths: the repository's own root when it is a
 * Windows path too; otherwise (a Windows transcript read elsewhere) the cwd up to the folder named
 * as the repository is, or the cwd itself.
 */
function windowsBase(cwd: string, repoRoot: string): string {
  if (isWindowsAbsolute(repoRoot)) return repoRoot;
  const name = basename(repoRoot).toLowerCase();
  const parts = win32.resolve(cwd).split('\\');
  const at = name ? parts.map((p) => p.toLowerCase()).lastIndexOf(name) : -1;
  return at > 0 ? parts.slice(0, at + 1).join('\\') : cwd;
}

/**
 * A path as the ledger reports it: relative (POSIX) to the repository when inside it, absolute
 * otherwise; a relative path is taken from the session's working directory. A session recorded
 * on Windows (its cwd `C:\…`) is read with Windows' rules (either slash, any letter case); a
 * Windows path in a session that was not is outside the repository.
 */
export function reportPath(path: string, cwd: string, repoRoot: string | undefined): string {
  if (isWindowsAbsolute(path) || (isWindowsAbsolute(cwd) && !path.startsWith('/'))) {
    const abs = isWindowsAbsolute(cwd) ? win32.resolve(cwd, path) : win32.resolve(path);
    if (repoRoot && isWindowsAbsolute(cwd)) {
      const rel = win32.relative(windowsBase(cwd, repoRoot), abs);
      if (rel && rel !== '..' && !rel.startsWith('..\\') && !win32.isAbsolute(rel)) return rel.split('\\').join(posix.sep);
    }
    return abs.split('\\').join(posix.sep);
  }
  const abs = isAbsolute(path) ? resolve(path) : cwd ? resolve(cwd, path) : path;
  if (repoRoot && isAbsolute(abs)) {
    const rel = relative(resolve(repoRoot), abs);
    if (rel && rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel)) return rel.split(sep).join(posix.sep);
  }
  return abs.split(sep).join(posix.sep);
}

/** Notes the time (and session facts) of a record read; every record goes through here first. */
export function saw(s: BuildState, at: string, facts: { session_id?: string; cwd?: string } = {}): void {
  const l = s.ledger;
  if (facts.session_id && !l.session_id) l.session_id = facts.session_id;
  if (facts.cwd && !l.cwd) l.cwd = facts.cwd;
  else if (facts.cwd && facts.cwd !== l.cwd && at) {
    const cwds = (l.cwds ??= []);
    if (cwds.length < CAPS.cwds && !cwds.some((c) => c.dir === facts.cwd)) cwds.push({ dir: facts.cwd, at });
  }
  if (at) {
    if (!l.started) l.started = at;
    l.updated = at;
  }
}

/** A message the human typed: a new turn starts. */
export function userMessage(s: BuildState, text: string, at: string): void {
  const l = s.ledger;
  pushCapped(l.user_messages, { text: cut(text, MAX_USER_TEXT), at }, CAPS.user_messages);
  pushCapped(l.turns, { at, request: shorten(text, TURN_TEXT), tool_calls: 0, edited: [], reply: '' }, CAPS.turns);
  delete s.replyText;
  delete s.replyBefore;
  s.turn = (s.turn ?? 0) + 1;
  delete s.turnChanges;
}

/** Takes back the last prompt when nothing answered it yet (no call, reply or edit in its turn). */
export function takeBackPrompt(s: BuildState): void {
  const l = s.ledger;
  const last = l.user_messages.at(-1);
  const turn = l.turns.at(-1);
  if (!last || !turn || turn.at !== last.at || turn.tool_calls || turn.reply || turn.edited.length) return;
  l.user_messages.pop();
  l.turns.pop();
}

/**
 * A response Claude Code wrote again (a continued session replays earlier records with new uuids and
 * the same message ids) answers a prompt that is itself replayed: the prompt just before it, still
 * unanswered and of the same text as an earlier one, is taken back (a prompt typed again gets an
 * answer of its own, with a new id). Only what the ledger still holds is compared.
 */
export function dropReplayedPrompt(s: BuildState): void {
  const l = s.ledger;
  const last = l.user_messages.at(-1);
  const turn = l.turns.at(-1);
  if (!last || !turn || turn.at !== last.at || turn.tool_calls || turn.reply || turn.edited.length) return;
  if (!l.user_messages.slice(0, -1).some((m) => m.text === last.text)) return;
  l.user_messages.pop();
  l.turns.pop();
}

function follow(s: BuildState, chain: string, what: string): void {
  if (!s.awaiting.length) return;
  const rest: BuildState['awaiting'] = [];
  for (const a of s.awaiting) {
    const e = s.ledger.errors[a.error - s.base.errors];
    if (a.chain === chain && e) e.followed_by = shorten(what);
    else if (e) rest.push(a);
  }
  s.awaiting = rest;
}

/** Text the assistant wrote; `main` when not a sub-agent's. */
export function assistantText(s: BuildState, text: string, chain: string): void {
  if (!text.trim()) return;
  follow(s, chain, text);
  const turn = s.ledger.turns.at(-1);
  if (chain !== 'main' || !turn) return;
  s.replyText = s.replyText === undefined ? text : `${s.replyText}${text}`.slice(-4 * TURN_TEXT);
  turn.reply = s.replyBefore ? shortenAfter(s.replyBefore, s.replyText, TURN_TEXT) : shorten(s.replyText, TURN_TEXT);
}

/**
 * The state as it is kept on disk: the reply read so far with the secrets the project rules know
 * redacted, read as one text with the reply before it (stop 55's secrets-55: a URL's token streamed
 * in two records was kept whole in the local state, half in each). A redaction that runs across the
 * two keeps the reply before up to its marker and the current one after it; a secret's first part,
 * which no rule knows alone, stays as it was, and joined with the next record's rest it is one
 * secret again for the ledger's reading (shortenAfter).
 */
export function redactKeptReply(s: BuildState): void {
  const before = s.replyBefore ?? '';
  const text = s.replyText ?? '';
  if (!before && !text) return;
  const joined = before + text;
  const red = redactQuickLines(joined);
  if (red === joined) return;
  // The changed stretch: from the first character that differs to the last, counted from the end.
  let head = 0;
  while (head < joined.length && red[head] === joined[head]) head++;
  let tail = 0;
  const most = Math.min(joined.length, red.length) - head;
  while (tail < most && red[red.length - 1 - tail] === joined[joined.length - 1 - tail]) tail++;
  if (before && head < before.length && joined.length - tail > before.length) {
    s.replyBefore = red.slice(0, red.length - tail);
    s.replyText = joined.slice(joined.length - tail);
    return;
  }
  if (s.replyBefore) s.replyBefore = redactQuickLines(s.replyBefore);
  if (s.replyText) s.replyText = redactQuickLines(s.replyText);
}

/** A new main-chain response starts: until it calls a tool, the session is at a natural pause. */
export function responseStart(s: BuildState): void {
  // The reply so far stays beside the new one when its response called no tool (see shortenAfter).
  if (s.replyText !== undefined && !s.ledger.last_turn_had_tool_calls) s.replyBefore = s.replyText;
  else delete s.replyBefore;
  s.ledger.last_turn_had_tool_calls = false;
  delete s.replyText;
}

export interface CallFacts {
  id: string;
  tool: string;
  /** What follows an error names the call by this: the tool and its short input. */
  label: string;
  at: string;
  chain: string;
  files?: { path: string; op: 'read' | 'edit' | 'write' }[];
  command?: string;
  todos?: Todo[];
  /** A Claude Code task tool call (tasks.ts). */
  task?: TaskOp;
}

/** A Claude Code worktree (EnterWorktree: `<repo>/.claude/worktrees/<name>`, on its own branch). */
const WORKTREE = /^\.claude\/worktrees\/([^/]+)\/(.+)$/;

/**
 * The files of a call made in a Claude Code worktree, as paths within it (`src/a.ts`, the project's
 * file, not `.claude/worktrees/feat/src/a.ts`), with the worktree's name.
 */
function inWorktrees(files: CallFacts['files']): { path: string; op: 'read' | 'edit' | 'write'; worktree?: string }[] {
  return (files ?? []).map((f) => {
    const m = WORKTREE.exec(f.path);
    return m ? { path: m[2]!, op: f.op, worktree: m[1]! } : f;
  });
}

function touch(s: BuildState, path: string, op: 'read' | 'edit' | 'write', at: string, sub: boolean, worktree?: string): void {
  const l = s.ledger;
  let f: FileTouch | undefined = l.files.find((x) => x.path === path);
  if (!f) {
    f = { path, reads: 0, edits: 0, writes: 0, first: at, last: at, last_op: op, by_subagent: false, last_call: 0 };
    l.files.push(f);
  }
  if (op === 'read') f.reads++;
  else if (op === 'edit') f.edits++;
  else f.writes++;
  if (!f.first) f.first = at;
  if (at) f.last = at;
  f.last_op = op;
  f.by_subagent ||= sub;
  f.last_call = l.tool_calls - 1;
  if (worktree) f.worktree = worktree;
  // Named before, touched now: ranked by its touches from here on (transcripts/named.ts).
  const named = l.named?.findIndex((n) => n.path === path) ?? -1;
  if (named >= 0 && l.named!.splice(named, 1) && !l.named!.length) delete l.named;
}

/** Adds a command to the capped list; its absolute index. */
function addCommand(s: BuildState, run: CommandRun): number {
  const l = s.ledger;
  const index = s.base.commands + l.commands.length;
  l.commands.push(run);
  if (l.commands.length > CAPS.commands) {
    const drop = l.commands.length - CAPS.commands;
    l.commands.splice(0, drop);
    s.base.commands += drop;
  }
  return index;
}

/**
 * A command the user ran in the agent's shell mode (`!` in Claude Code, Codex and Gemini CLI): a
 * command of the session (`by_user`), not a prompt and not a tool call; a failure is the command's,
 * not an error the agent met. `failed` is what the record says; Claude Code writes the output in
 * the next record (userCommandOutput).
 */
export function userCommand(s: BuildState, command: string, at: string, failed = false): void {
  if (!command.trim()) return;
  s.userCommand = addCommand(s, { command: cut(command, 1000), at, failed, by_subagent: false, by_user: true });
}

/** The output of the user's last command, when it says the command failed. */
export function userCommandOutput(s: BuildState, failed: boolean): void {
  const i = s.userCommand;
  delete s.userCommand;
  const cmd = i === undefined ? undefined : s.ledger.commands[i - s.base.commands];
  if (cmd && failed) cmd.failed = true;
}

/** A call's files, touched; the changes among them (for the open call, when it has an id). */
function touchAll(s: BuildState, files: CallFacts['files'], at: string, sub: boolean, open: boolean): NonNullable<OpenCall['changes']> {
  const turn = s.ledger.turns.at(-1);
  const changes: NonNullable<OpenCall['changes']> = [];
  for (const f of inWorktrees(files)) {
    touch(s, f.path, f.op, at, sub, f.worktree);
    if (f.op === 'read') continue;
    if (turn && !turn.edited.includes(f.path)) turn.edited.push(f.path);
    const counted = (s.turnChanges ??= {});
    counted[f.path] = (counted[f.path] ?? 0) + 1;
    // Bounded (a turn of an autonomous run can change many files): a path no longer counted stays in `edited`.
    const paths = Object.keys(counted);
    if (paths.length > TURN_CHANGES) delete counted[paths[0]!];
    if (open) changes.push({ path: f.path, op: f.op });
  }
  return changes;
}

/**
 * What an open call did, learnt after it was made (Codex code mode: the item_completed event of a
 * command or a patch whose text the script computed): its command, the files it changed; counted
 * as they would have been with the call. A call that has them already, or is not open, is left.
 */
export function laterFacts(s: BuildState, id: string, facts: { command?: string; files?: CallFacts['files']; at: string }): void {
  const open = s.calls.find(([cid]) => cid === id)?.[1];
  if (!open) return;
  const sub = open.chain !== 'main';
  if (facts.command?.trim() && open.command === null) {
    open.command = addCommand(s, { command: cut(facts.command, 1000), at: facts.at, failed: false, by_subagent: sub });
    if (!looksOnly(facts.command)) {
      s.acts = (s.acts ?? 0) + 1;
      if (checksOnly(facts.command)) s.checks = (s.checks ?? 0) + 1;
    }
  }
  if (facts.files?.length && !open.changes?.length) {
    const changes = touchAll(s, facts.files, facts.at, sub, true);
    if (changes.length) s.acts = (s.acts ?? 0) + 1;
    if (changes.length) Object.assign(open, { changes, call: s.ledger.tool_calls - 1, turn: s.turn ?? 0 });
  }
}

/**
 * The todo list as written now. A todo it marks done that was listed not done, with calls since
 * then that all only looked, none that may have changed anything (s.acts): "Explore the codebase
 * structure", "Read STATE.md". It goes to `todos_idle` while it stays done. Done when first listed,
 * or done with no call at all since (the work may have come before the list), it is not known what
 * it took: never idle. A check done by checks alone (checkedOnly) is idle too.
 */
function listWritten(s: BuildState, todos: Todo[]): void {
  const l = s.ledger;
  const acts = s.acts ?? 0;
  const looks = s.looks ?? 0;
  const seen = (s.todoSeen ??= {});
  const wasDone = new Set(l.todos.filter((t) => t.status === 'completed').map((t) => t.content));
  const idle = new Set(l.todos_idle ?? []);
  for (const t of todos) {
    if (t.status !== 'completed') {
      if (!(t.content in seen)) seen[t.content] = [acts, looks];
      idle.delete(t.content);
    } else if (!wasDone.has(t.content)) {
      const at = seen[t.content];
      if ((at && at[0] === acts && at[1] < looks) || checkedOnly(s, t.content)) idle.add(t.content);
      else idle.delete(t.content);
    }
  }
  const keys = Object.keys(seen);
  if (keys.length > TODO_SEEN) for (const k of keys.slice(0, keys.length - TODO_SEEN)) delete seen[k];
  s.listAt = [acts, s.checks ?? 0];
  // A new list that keeps none of the old one's items (a list for the next request) would take the
  // old one's done work out of Completed: it is kept. A list revised in place (an item reworded,
  // others kept, as Codex's plans are) keeps its own.
  const listed = new Set(todos.map((t) => t.content));
  const wasIdle = new Set(l.todos_idle ?? []);
  const fresh = !l.todos.some((t) => listed.has(t.content));
  const dropped = fresh ? l.todos.filter((t) => t.status === 'completed' && !wasIdle.has(t.content)).map((t) => t.content) : [];
  if (dropped.length) {
    const kept = [...(l.todos_done ?? []).filter((t) => !dropped.includes(t)), ...dropped];
    l.todos_done = kept.slice(-TODOS_DONE);
  }
  if (l.todos_done) {
    const left = l.todos_done.filter((t) => !listed.has(t));
    if (left.length) l.todos_done = left;
    else delete l.todos_done;
  }
  l.todos = todos;
  const left = todos.filter((t) => t.status === 'completed' && idle.has(t.content)).map((t) => t.content);
  if (left.length) l.todos_idle = left;
  else delete l.todos_idle;
}

/** A todo that says it checks the work: "Run the test suite", "Verify the build", "运行测试". */
const CHECK_TODO = /^(?:(?:re-?)?run|verify|validate|check|confirm|ensure|make sure|test|lint|type-?check|build|compile)\b|^(?:运行|验证|测试|检查|确认|编译|构建)/i;

/**
 * A todo marked done now that checked the work, nothing more: it says so ("Run the tests", "Verify
 * …"), and every call since the list was last written that may have changed something was a check
 * (a test run, a lint, a build: checksOnly), at least one. "Run the test suite" listed before the
 * edits is not idle by its whole time (the edits came in it), but by its own.
 */
function checkedOnly(s: BuildState, content: string): boolean {
  const [acts, checks] = s.listAt ?? [0, 0];
  const ran = (s.checks ?? 0) - checks;
  return ran > 0 && (s.acts ?? 0) - acts === ran && CHECK_TODO.test(content.trim());
}

/** A tool call, counted once per id; its files, command and todo list go to the ledger. */
export function toolCall(s: BuildState, c: CallFacts): void {
  if (c.id) {
    if (s.seen.includes(c.id)) return;
    s.seen.push(c.id);
    if (s.seen.length > RECENT_CALLS) s.seen.splice(0, s.seen.length - RECENT_CALLS);
  }
  const l = s.ledger;
  const sub = c.chain !== 'main';
  follow(s, c.chain, c.files?.length ? `${c.tool} ${c.files.map((f) => f.path).join(' ')}` : c.label);
  l.tool_calls++;
  if (!sub) l.last_turn_had_tool_calls = true;
  const turn = l.turns.at(-1);
  if (turn) turn.tool_calls++;
  const changes = touchAll(s, c.files, c.at, sub, !!c.id);
  const command = c.command !== undefined && c.command.trim() ? addCommand(s, { command: cut(c.command, 1000), at: c.at, failed: false, by_subagent: sub }) : null;
  // A sub-agent's work is counted by its own calls, when its file is there to read: its start counts in case it is not.
  if (changes.length || (command !== null && !looksOnly(c.command!)) || c.tool.startsWith('mcp__') || SPAWNS.has(c.tool)) {
    s.acts = (s.acts ?? 0) + 1;
    if (!changes.length && command !== null && checksOnly(c.command!)) s.checks = (s.checks ?? 0) + 1;
  } else if (!c.todos && !c.task) s.looks = (s.looks ?? 0) + 1;
  // A todo list counts once its call succeeded (a refused TodoWrite is no list); a call without an
  // id can have no result, and counts as made.
  const todos = c.todos && !sub ? c.todos.map((t) => ({ content: cut(t.content, 500), status: t.status })) : undefined;
  if (todos && !c.id) {
    listWritten(s, todos);
    l.todos_call = l.tool_calls - 1;
  }
  if (c.id) {
    s.calls.push([
      c.id,
      {
        tool: c.tool,
        command,
        chain: c.chain,
        ...(todos ? { todos } : {}),
        ...(c.task && !sub ? { task: c.task } : {}),
        ...(todos || (c.task && !sub) ? { listCall: l.tool_calls - 1 } : {}),
        ...(changes.length ? { changes, call: l.tool_calls - 1, turn: s.turn ?? 0 } : {}),
      },
    ]);
    if (s.calls.length > OPEN_CALLS) s.calls.splice(0, s.calls.length - OPEN_CALLS);
  }
}

/**
 * A change the call's result says was not made: each file it edited or wrote counts as read
 * instead (the agent looked at it: its old text, or the change it proposed, was about the file),
 * and leaves its turn's `edited` unless another call of the turn changed it.
 */
function undoChanges(s: BuildState, call: OpenCall): void {
  const l = s.ledger;
  const current = call.turn === (s.turn ?? 0);
  for (const c of call.changes ?? []) {
    const f = l.files.find((x) => x.path === c.path);
    if (f) {
      if (c.op === 'edit') f.edits = Math.max(0, f.edits - 1);
      else f.writes = Math.max(0, f.writes - 1);
      f.reads++;
      f.refused = (f.refused ?? 0) + 1;
      if (f.last_call === call.call) f.last_op = 'read';
    }
    const counted = s.turnChanges?.[c.path];
    if (!current || counted === undefined) continue;
    const left = counted - 1;
    if (left > 0) s.turnChanges![c.path] = left;
    else delete s.turnChanges![c.path];
    const turn = l.turns.at(-1);
    if (left <= 0 && turn) turn.edited = turn.edited.filter((p) => p !== c.path);
  }
}

/**
 * The result of call `id`: a failure marks its command failed and becomes an error entry; a todo
 * list or task change is applied only on success. A change the result says was not made
 * (`applied` false; by default, when the call failed) is no change: see undoChanges. `detail`:
 * the structured result (Claude Code's toolUseResult), where the agent writes one.
 */
export function toolResult(s: BuildState, id: string, r: { failed: boolean; message: string; at: string; detail?: unknown; applied?: boolean }): void {
  const i = s.calls.findIndex(([cid]) => cid === id);
  if (i === -1) return;
  const [, call] = s.calls[i]!;
  s.calls.splice(i, 1);
  if (call.changes && !(r.applied ?? !r.failed)) undoChanges(s, call);
  if (!r.failed) {
    if (call.todos) {
      listWritten(s, call.todos);
      if (call.listCall !== undefined) s.ledger.todos_call = call.listCall;
    }
    if (call.task && !taskFailed(r.detail)) {
      s.tasks = applyTaskOp(s.tasks ?? [], call.task, r.message, r.detail);
      listWritten(
        s,
        s.tasks.map((t) => ({ content: cut(t.content, 500), status: t.status })),
      );
      if (call.listCall !== undefined) s.ledger.todos_call = call.listCall;
    }
    return;
  }
  const l = s.ledger;
  if (call.command !== null) {
    const cmd = l.commands[call.command - s.base.commands];
    if (cmd) cmd.failed = true;
  }
  const index = s.base.errors + l.errors.length;
  l.errors.push({ tool: call.tool, message: shorten(withoutTerminalCodes(r.message) || 'failed'), at: r.at, followed_by: '' });
  s.awaiting.push({ chain: call.chain, error: index });
  if (l.errors.length > CAPS.errors) {
    const drop = l.errors.length - CAPS.errors;
    l.errors.splice(0, drop);
    s.base.errors += drop;
    s.awaiting = s.awaiting.filter((a) => a.error >= s.base.errors);
  }
}

const sum = (u: TokenUsage) => u.input + u.output + u.cache_read + u.cache_write;

/** Response ids remembered as counted (KNOWN to twice that): a replay reaches back at most that far. */
const KNOWN = 2048;

/**
 * Whether response `id` was counted before and is no longer streaming: a resumed Claude Code
 * session writes earlier records again (new uuids, the same message id). Such a copy adds no
 * usage, sets no context size (its own is from the past: 21k where the session is at 86k) and no
 * tool call, prompt or reply.
 */
export function isReplayedResponse(s: BuildState, id: string): boolean {
  return wasAnswered(s, id) && !s.responses.some((r) => r.id === id);
}

/** Whether response `id` was read before: counted (streaming now or not), or a failed call's answer remembered. */
export function wasAnswered(s: BuildState, id: string): boolean {
  return !!id && (s.responses.some((r) => r.id === id) || (!!s.known && listHas(s.known, id)));
}

/**
 * A failed model call's answer (Claude Code's own "API Error: …"), which counts for nothing but
 * is written again by a continued session like any other: remembered, so that its copy tells the
 * prompt before it for a replayed one too.
 */
export function failedAnswer(s: BuildState, id: string): void {
  if (id && !wasAnswered(s, id)) rememberResponse(s, id);
}

function rememberResponse(s: BuildState, id: string): void {
  const list = (s.known ??= []);
  listAdd(list, id);
  if (listLength(list) > KNOWN * 2) s.known = listKeep(list, KNOWN);
}

/**
 * Usage of one API response. Streamed lines of a response repeat its id with growing usage: it
 * counts once, with its largest. `main` responses set the context size.
 */
export function responseUsage(s: BuildState, id: string, u: TokenUsage, main: boolean): void {
  const l = s.ledger;
  const seen = s.responses.find((r) => r.id === id);
  if (seen) {
    if (sum(u) <= sum(seen.usage)) return;
    for (const k of ['input', 'output', 'cache_read', 'cache_write'] as const) l.usage[k] += u[k] - seen.usage[k];
    seen.usage = u;
  } else {
    for (const k of ['input', 'output', 'cache_read', 'cache_write'] as const) l.usage[k] += u[k];
    s.responses.push({ id, usage: u });
    rememberResponse(s, id);
    if (s.responses.length > RECENT_RESPONSES) s.responses.splice(0, s.responses.length - RECENT_RESPONSES);
  }
  if (main) l.context_tokens = sum(u);
}

/** Usage the transcript states as running totals (Codex): replaces, never adds. */
export function totalUsage(s: BuildState, total: TokenUsage, context: number | null): void {
  s.ledger.usage = { ...total };
  if (context !== null) s.ledger.context_tokens = context;
}

/** A compaction: the context restarts; its summary may follow in a later record. */
export function compaction(s: BuildState, c: { at: string; trigger: string; pre_tokens: number | null; summary?: string }): void {
  const l = s.ledger;
  pushCapped(l.compactions, { at: c.at, trigger: c.trigger, pre_tokens: c.pre_tokens, summary: c.summary ? summaryOf(s, c.summary) : '' }, CAPS.compactions);
  s.summaryDue = !c.summary;
  l.context_tokens = 0;
}

/** A compaction's summary as the ledger keeps it: redacted, unless the ledger is only read to check it. */
function summaryOf(s: BuildState, text: string): string {
  if (!s.summaryToCheck) return cut(text, MAX_SUMMARY);
  const t = text.trim();
  return t.length <= MAX_SUMMARY ? t : t.slice(0, MAX_SUMMARY);
}

/** The summary text of the last compaction (Claude Code writes it as the next user record). */
export function compactSummary(s: BuildState, text: string, at: string): void {
  const last = s.ledger.compactions.at(-1);
  if (last && s.summaryDue) last.summary = summaryOf(s, text);
  else compaction(s, { at, trigger: '', pre_tokens: null, summary: text });
  s.summaryDue = false;
}
