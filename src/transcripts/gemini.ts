import { GEMINI_STEERING as STEERING, geminiShellCommand, geminiTyped as typed, textOf } from '../agents/transcript-text.js';
import { assistantText, compaction, reportPath, responseStart, responseUsage, saw, toolCall, toolResult, userCommand, userMessage, type BuildState, type CallFacts } from './build.js';
import type { Todo } from './ledger.js';
import { nameFiles } from './named.js';
import { callLabel, outputText, shellReads, shellWrites, subjectOf } from './tool-input.js';
import { readBytes } from '../fs/read-file.js';
import { parseTranscriptJson } from './lines.js';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';

/**
 * Gemini CLI chat recordings (AGENT-INTERFACES §3), in either of their two shapes:
 * - before 0.58, one JSON document `{sessionId, projectHash, startTime, lastUpdated, messages: [...]}`
 *   rewritten whole as the session goes on. It cannot be read from an offset, so it is scanned whole
 *   each time it changed, but only messages not taken before are parsed and taken: the cost of a
 *   read is a byte scan, and parsing grows with what is new;
 * - since, append-only JSON lines (`session-*.jsonl`): a header line, then one message per line,
 *   where a message is written again in full (same id) each time its tool calls, results or tokens
 *   change; `{"$set": …}` patches metadata or checkpoints the model's context (a resume, a
 *   compression), and `{"$rewindTo": id}` marks a rewind. The last message is held until another
 *   starts, so each counts once with its final content; checkpoints repeat messages already read, or
 *   replace them with a compressed history, and are not counted again.
 */
type Rec = Record<string, any>;
interface Ctx {
  repoRoot?: string;
}

export interface Element {
  start: number;
  end: number;
}

const Q = 0x22, BS = 0x5c, LB = 0x7b, RB = 0x7d, LS = 0x5b, RS = 0x5d;

/** Byte ranges of the elements of the top-level `messages` array (structural bytes are ASCII, so UTF-8 is safe). */
export function messageElements(buf: Buffer): Element[] {
  const out: Element[] = [];
  let depth = 0;
  let inString = false;
  let keyStart = -1;
  let lastKey = '';
  let inMessages = false;
  let elemStart = -1;
  for (let i = 0; i < buf.length; i++) {
    const c = buf[i]!;
    if (inString) {
      if (c === BS) i++;
      else if (c === Q) {
        inString = false;
        if (depth === 1 && keyStart >= 0) lastKey = buf.toString('utf8', keyStart, i);
        keyStart = -1;
      }
      continue;
    }
    if (c === Q) {
      inString = true;
      if (depth === 1 && !inMessages) keyStart = i + 1;
      if (inMessages && depth === 2 && elemStart < 0) elemStart = i;
      continue;
    }
    if (c === LB || c === LS) {
      if (inMessages && depth === 2 && elemStart < 0) elemStart = i;
      depth++;
      if (c === LS && depth === 2 && lastKey === 'messages') inMessages = true;
    } else if (c === RB || c === RS) {
      depth--;
      if (inMessages && depth === 2 && elemStart >= 0) {
        out.push({ start: elemStart, end: i + 1 });
        elemStart = -1;
      }
      if (depth < 2) inMessages = false;
    }
  }
  return out;
}

/** The project's hash from the document's opening (before the messages). */
export function geminiProjectHash(buf: Buffer): string {
  const m = /"projectHash"\s*:\s*"([0-9a-f]{64})"/.exec(buf.toString('utf8', 0, Math.min(buf.length, 4096)));
  return m ? m[1]! : '';
}

/**
 * The folder Gemini CLI was started in, which its recordings do not write down: they name the
 * project by `projectHash`, the sha256 of that folder's path, and its tools take paths relative to
 * it. Started above the repository (the home folder, as a real session of agunginsani/
 * expenses-tracker was, its repository two folders below), `api/main.py` read from the
 * repository's root is a file it does not have and `dashboard/src/App.tsx`, a sibling project's,
 * becomes its work (real sessions of chimdi-7bit/skycast-api named their files so, relative to the
 * home folder; noise55's audit). The folder is the
 * repository's root or the first folder above it whose hash is the project's; node:crypto is
 * loaded only then, once a read, and never where a cwd is known.
 */
export function geminiFolder(s: BuildState, projectHash: unknown, ctx: Ctx): void {
  if (s.ledger.cwd || !ctx.repoRoot || typeof projectHash !== 'string' || !/^[0-9a-f]{64}$/.test(projectHash)) return;
  const g = (s.gemini ??= { count: 0, lastId: '' });
  if (g.folderSought) return;
  g.folderSought = true;
  const { createHash } = createRequire(import.meta.url)('node:crypto') as typeof import('node:crypto');
  for (let dir = resolve(ctx.repoRoot); ; dir = dirname(dir)) {
    if (createHash('sha256').update(dir).digest('hex') === projectHash) {
      s.ledger.cwd = dir;
      return;
    }
    if (dirname(dir) === dir) return;
  }
}

/** The session id from the document's opening (before the messages). */
export function geminiSessionId(buf: Buffer): string {
  const m = /"sessionId"\s*:\s*"([^"]+)"/.exec(buf.toString('utf8', 0, Math.min(buf.length, 4096)));
  return m ? m[1]! : '';
}

export function parseElement(buf: Buffer, e: Element, onReplaced?: (n: number) => void): Rec | null {
  try {
    const v = parseTranscriptJson(buf.toString('utf8', e.start, e.end), onReplaced) as Rec | null;
    return v && typeof v === 'object' && !Array.isArray(v) ? v : null;
  } catch {
    return null;
  }
}

/**
 * Whether a Gemini CLI recording is the single-document shape, which Gemini CLI writes indented
 * (`{` alone on the first line); JSON lines start with a one-line header, complete or being written.
 */
export function isGeminiDocument(path: string): boolean {
  const opening = readBytes(path, 0, 64);
  return opening === null || /^\s*\{\s*\n/.test(opening.bytes.toString('utf8'));
}

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
const ITEM_STATUS: Record<string, Todo['status']> = { pending: 'pending', in_progress: 'in_progress', completed: 'completed' };

function facts(name: string, args: Rec, id: string, at: string, cwd: string, ctx: Ctx): CallFacts {
  const f: CallFacts = { id, tool: name, label: callLabel(name, args), at, chain: 'main' };
  const path = (p: unknown) => (typeof p === 'string' && p ? [reportPath(p, cwd, ctx.repoRoot)] : []);
  const one = args.absolute_path ?? args.file_path ?? args.path;
  if (name === 'read_file') f.files = path(one).map((p) => ({ path: p, op: 'read' }));
  else if (name === 'read_many_files' && (Array.isArray(args.include) || Array.isArray(args.paths))) {
    // `include` (0.6x: paths or globs; a glob names no one file), `paths` before it.
    f.files = (Array.isArray(args.include) ? args.include : args.paths).filter((p: unknown) => typeof p === 'string' && !/[*?]/.test(p)).flatMap(path).map((p: string) => ({ path: p, op: 'read' as const }));
  } else if (name === 'write_file') f.files = path(one).map((p) => ({ path: p, op: 'write' }));
  else if (name === 'replace' || name === 'edit') f.files = path(one).map((p) => ({ path: p, op: 'edit' }));
  else if (name === 'run_shell_command' && typeof args.command === 'string') {
    f.command = args.command;
    // The folder it ran in: `dir_path` (0.6x), `directory` before it.
    const where = [args.dir_path, args.directory].find((d) => typeof d === 'string' && d) as string | undefined;
    // Relative to the project's root (Gemini CLI's chat names no working folder).
    const dir = where ? reportPath(where, cwd || ctx.repoRoot || '', undefined) : cwd;
    f.files = [
      ...shellReads(args.command).map((p) => ({ path: reportPath(p, dir, ctx.repoRoot), op: 'read' as const })),
      ...shellWrites(args.command, '').map((p) => ({ path: reportPath(p, dir, ctx.repoRoot), op: 'write' as const })),
    ];
  } else if (name === 'write_todos' && Array.isArray(args.todos)) {
    f.todos = args.todos
      .filter((t: any) => t && typeof t.description === 'string' && ITEM_STATUS[t.status])
      .map((t: any) => ({ content: t.description, status: ITEM_STATUS[t.status]! }));
  }
  return f;
}

/**
 * The task tracker's list as a tracker call's result shows it (Gemini CLI 0.6x with its experimental
 * task tracker on: `tracker_create_task`, `tracker_update_task`, … each return the whole list as
 * `resultDisplay: { todos: [{ description: '  task: Title (1a2b3c)', status }] }`, which the chat
 * recording keeps). Its entries are the agent's tasks: the type before and the id after the title
 * are the tracker's, a blocked task is still open, a cancelled one (a cycle's marker) is none.
 */
const TRACKER_STATUS: Record<string, Todo['status']> = { ...ITEM_STATUS, blocked: 'pending' };
const TRACKER_MAX = 200;
export function trackerTodos(name: string, display: unknown): Todo[] | undefined {
  if (!name.startsWith('tracker_') || !display || typeof display !== 'object') return undefined;
  const list = (display as Rec).todos;
  if (!Array.isArray(list)) return undefined;
  const out: Todo[] = [];
  for (const t of list.slice(0, TRACKER_MAX)) {
    const status = t && typeof t.description === 'string' ? TRACKER_STATUS[t.status] : undefined;
    if (!status) continue;
    const content = t.description.slice(0, 1000).trim().replace(/^(?:epic|task|bug): /, '').replace(/ \([0-9a-f]{6}\)$/, '');
    if (content) out.push({ content, status });
  }
  return out;
}

/** What a recorded call's result says: failed when its status is error or its shell exit code is not 0. */
function result(tc: Rec): { failed: boolean; message: string } {
  if (tc._outcome && typeof tc._outcome === 'object') return tc._outcome; // a held message, already read (slimMessage)
  const parts = Array.isArray(tc.result) ? tc.result : tc.result ? [tc.result] : [];
  // The function response is the tool's output; a text part beside it is something else (a
  // steering update the user sent while the tool ran).
  let text = '';
  for (const p of parts) {
    const r = p?.functionResponse?.response;
    if (r) text ||= outputText(r);
  }
  for (const p of parts) text ||= outputText(p);
  if (!text && typeof tc.resultDisplay === 'string') text = tc.resultDisplay;
  const code = /Exit Code: (-?\d+)/i.exec(text);
  // run_shell_command reports `Command: … Output: … Error: … Exit Code: …`; the output says what went wrong.
  const output = code ? shellOutput(text) : undefined;
  return { failed: tc.status === 'error' || (!!code && code[1] !== '0'), message: output ?? text };
}

/**
 * The `Output: ` part of a run_shell_command report, up to its `Error:` or `Exit Code:` line:
 * `/^Output: ([\s\S]*?)\n(?:Error|Exit Code): /m`, whose search went on from every later `Output: `
 * line to the end (quadratic in a tool output of many). Undefined when there is none.
 */
function shellOutput(text: string): string | undefined {
  const start = /^Output: /m.exec(text);
  if (!start) return undefined;
  const end = /\n(?:Error|Exit Code): /g;
  end.lastIndex = start.index + start[0].length;
  const stop = end.exec(text);
  return stop ? text.slice(start.index + start[0].length, stop.index) : undefined;
}

/** Steering updates the user sent while a tool ran: text parts of its result beside the function response. */
function steeringOf(tc: Rec): string[] {
  if (Array.isArray(tc._steering)) return tc._steering;
  const parts = Array.isArray(tc.result) ? tc.result : [];
  return parts.flatMap((p: any) => (p && typeof p.text === 'string' && STEERING.test(p.text) ? [STEERING.exec(p.text)![1]!.trim()] : [])).filter((t: string) => t.trim());
}

/** Gemini CLI's tools whose output names files a session may go on to open: searches, listings and commands (transcripts/named.ts). */
const NAMING_OUTPUT = new Set(['run_shell_command', 'grep_search', 'search_file_content', 'glob', 'list_directory']);

/** The folder a search, a listing or a command ran in (`dir_path` 0.6x, `directory` or `path` before it), absolute from `base`. */
function namingDir(args: unknown, base: string): string {
  const a = args && typeof args === 'object' ? (args as Rec) : {};
  const where = [a.dir_path, a.directory, a.path].find((d) => typeof d === 'string' && d) as string | undefined;
  return where && base ? reportPath(where, base, undefined) : base;
}

/** Takes one message of the document. */
export function feedGemini(s: BuildState, m: Rec, sessionId: string, ctx: Ctx): void {
  const at = typeof m.timestamp === 'string' ? m.timestamp : '';
  saw(s, at, { session_id: sessionId || undefined });
  if (m.type === 'user') {
    const shell = geminiShellCommand(m);
    if (shell) {
      userCommand(s, shell.command, at, shell.failed);
      return;
    }
    const text = typed(m);
    if (text) {
      userMessage(s, text, at);
      nameFiles(s, text, s.ledger.cwd || ctx.repoRoot || '', ctx.repoRoot);
    }
    return;
  }
  // Gemini CLI notes a compression of the context as an info message.
  if (m.type === 'info' && typeof m.content === 'string' && /^Context compressed from \d+% to \d+%/.test(m.content)) {
    compaction(s, { at, trigger: '', pre_tokens: null, summary: '' });
    return;
  }
  if (m.type !== 'gemini') return;
  responseStart(s);
  const text = textOf(m.content);
  if (text) assistantText(s, text, 'main');
  const t = m.tokens;
  if (t && typeof t === 'object') {
    const cached = num(t.cached);
    responseUsage(s, String(m.id ?? at), { input: Math.max(0, num(t.input) - cached), output: num(t.output) + num(t.thoughts), cache_read: cached, cache_write: 0 }, true);
  }
  for (const tc of Array.isArray(m.toolCalls) ? m.toolCalls : []) {
    if (!tc || typeof tc.name !== 'string') continue;
    const id = String(tc.id ?? `${m.id}:${tc.name}`);
    const f = facts(tc.name, tc.args && typeof tc.args === 'object' ? tc.args : {}, id, typeof tc.timestamp === 'string' ? tc.timestamp : at, s.ledger.cwd, ctx);
    // A held message carries the list already read (slimMessage).
    const tracked = Array.isArray(tc._todos) ? (tc._todos as Todo[]) : trackerTodos(tc.name, tc.resultDisplay);
    if (tracked) f.todos = tracked;
    toolCall(s, f);
    // What the call names without touching (transcripts/named.ts): its command line, its todo list.
    const base = s.ledger.cwd || ctx.repoRoot || '';
    if (f.command !== undefined) nameFiles(s, f.command, base, ctx.repoRoot);
    else if (f.todos?.length) nameFiles(s, f.todos.map((t) => t.content).join('\n'), base, ctx.repoRoot);
    const ended = tc._outcome || (tc.result !== undefined && tc.result !== null) || ['success', 'error', 'cancelled'].includes(tc.status);
    // A call the user cancelled (refused the change, or stopped it) did nothing, and is no error.
    const r = ended ? result(tc) : null;
    if (r) toolResult(s, id, { ...r, at: typeof tc.timestamp === 'string' ? tc.timestamp : at, applied: !r.failed && tc.status !== 'cancelled' });
    // A search's or a command's output, its paths relative to the folder it searched or ran in.
    if (r && NAMING_OUTPUT.has(tc.name)) nameFiles(s, r.message, namingDir(tc.args, base), ctx.repoRoot);
    for (const t of steeringOf(tc)) {
      userMessage(s, t, typeof tc.timestamp === 'string' ? tc.timestamp : at);
      nameFiles(s, t, base, ctx.repoRoot);
    }
  }
}

const RECENT = 64;
const clip = (v: unknown, max: number) => (typeof v === 'string' && v.length > max ? v.slice(0, max) : v);
const ARG_KEYS = ['absolute_path', 'file_path', 'path', 'paths', 'include', 'command', 'directory', 'dir_path', 'todos'];

/**
 * A held message with only what feedGemini() reads, long texts cut past what it keeps: the kept
 * state stays small, and taking the slim message gives what taking the whole one gives.
 */
function slimMessage(m: Rec): Rec {
  const out: Rec = { id: m.id, timestamp: m.timestamp, type: m.type, tokens: m.tokens };
  const text = m.type === 'user' ? (geminiShellCommand(m) ? textOf(m.content) : typed(m)) : m.type === 'info' ? (typeof m.content === 'string' ? m.content : null) : textOf(m.content);
  if (text !== null) out.content = clip(text, 8000);
  if (Array.isArray(m.toolCalls)) {
    out.toolCalls = m.toolCalls.map((tc: any) => {
      if (!tc || typeof tc !== 'object') return tc;
      const args: Rec = {};
      const a = tc.args && typeof tc.args === 'object' ? tc.args : {};
      for (const k of ARG_KEYS) if (k in a) args[k] = a[k];
      const subject = subjectOf(a);
      if (subject) args.description = clip(subject, 1000);
      const r = result(tc);
      const tracked = typeof tc.name === 'string' ? trackerTodos(tc.name, tc.resultDisplay) : undefined;
      return {
        id: tc.id,
        name: tc.name,
        args,
        status: tc.status,
        timestamp: tc.timestamp,
        ...((tc.result !== undefined && tc.result !== null) || ['success', 'error', 'cancelled'].includes(tc.status) ? { _outcome: { failed: r.failed, message: clip(r.message, 4000) } } : {}),
        _steering: steeringOf(tc).map((t) => clip(t, 8000)),
        ...(tracked ? { _todos: tracked } : {}),
      };
    });
  }
  return out;
}

function take(s: BuildState, m: Rec, ctx: Ctx): void {
  const g = s.gemini!;
  feedGemini(s, m, g.sessionId ?? '', ctx);
  g.count++;
  g.lastId = String(m.id);
  const recent = (g.recent ??= []);
  recent.push(String(m.id));
  if (recent.length > RECENT) recent.splice(0, recent.length - RECENT);
}

/** Takes one line of a JSON-lines recording (see above). */
export function feedGeminiLine(s: BuildState, rec: Rec, ctx: Ctx): void {
  const g = (s.gemini ??= { count: 0, lastId: '', held: null, recent: [], sessionId: '' });
  if ('$rewindTo' in rec || '$set' in rec) return;
  if (typeof rec.id === 'string' && typeof rec.type === 'string') {
    if (g.held && g.held.id === rec.id) g.held = slimMessage(rec);
    else if (!g.recent?.includes(rec.id)) {
      if (g.held) take(s, g.held, ctx);
      g.held = slimMessage(rec);
    }
    return;
  }
  // The header: the session, and the messages of a recording that kept them there.
  if (typeof rec.sessionId === 'string' && !g.sessionId) g.sessionId = rec.sessionId;
  if ('projectHash' in rec) geminiFolder(s, rec.projectHash, ctx);
  if (Array.isArray(rec.messages)) for (const m of rec.messages) if (m && typeof m === 'object') feedGeminiLine(s, m, ctx);
}

/** Takes the held last message: the end of what was read (on a copy, when the state is kept). */
export function settleGemini(s: BuildState, ctx: Ctx): void {
  const g = s.gemini;
  if (g?.held) {
    take(s, g.held, ctx);
    g.held = null;
  }
}
