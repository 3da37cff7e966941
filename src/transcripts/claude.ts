import { isContinuedSummary, isLocalCaveat, isLocalOutputRecord, isSlashRecord, isUnderCaveat, promptOf } from './first-prompt.js';
import {
  assistantText,
  compaction,
  compactSummary,
  dropReplayedPrompt,
  failedAnswer,
  isReplayedResponse,
  reportPath,
  responseStart,
  responseUsage,
  saw,
  toolCall,
  toolResult,
  userCommand,
  userCommandOutput,
  takeBackPrompt,
  userMessage,
  wasAnswered,
  type BuildState,
  type CallFacts,
  type ClaudeOrder,
} from './build.js';
import { listAdd, listHas, listKeep, listLength } from './id-list.js';
import type { Todo } from './ledger.js';
import { callLabel, outputText, subjectOf } from './tool-input.js';
import { taskOp } from './tasks.js';
import { nameFiles, namingInput, NAMING_OUTPUT } from './named.js';
import { textOf, withoutIdeContext } from '../agents/transcript-text.js';
import { between } from '../linear.js';

/**
 * Claude Code JSONL (AGENT-INTERFACES §2). Records are taken in conversation order: a record whose
 * `parentUuid` has not been read yet waits for it (real files have lines written before their
 * parent), up to WAIT later records, after which it is taken anyway (its parent is in another
 * file, or lost). A line that does not parse (torn, or cut by a crash) may have been a parent: its
 * uuid is taken from its text when it can be, and otherwise every record read after it whose
 * parent has not come is taken in file order, so nothing read later waits for it and then lands
 * after later records. The order is a function of the lines alone, so reading a file in pieces
 * gives what reading it whole gives. A record written again with the same `uuid` (a resume or a
 * stream can repeat lines) is taken once, as first written, while its uuid is among the DONE
 * remembered or the records waiting: the memory lives in the kept state, so a copy found by a
 * later read is dropped too.
 */
const WAIT = 512;
/** Records remembered as taken (1024 to 2048 of them), by their whole uuid. */
const DONE = 1024;
/** An earlier version remembered the last 12 characters of a uuid: such a kept state is still honoured. */
const LEGACY_KEY = 12;

type Rec = Record<string, any>;
interface Ctx {
  repoRoot?: string;
}

function order(s: BuildState): ClaudeOrder {
  const o = (s.claude ??= { lastMain: '', done: [], pending: [], n: 0 });
  // A kept state of an earlier version holds 12-character keys (a uuid has 36).
  if (o.legacy === undefined) o.legacy = o.done.some((k) => k.length === LEGACY_KEY);
  return o;
}

/** Whether the record `uuid` was taken (whole ids; a 12-character key kept by an earlier version too). */
function isDone(o: ClaudeOrder, uuid: string): boolean {
  return listHas(o.done, uuid) || (o.legacy === true && uuid.length > LEGACY_KEY && listHas(o.done, uuid.slice(-LEGACY_KEY)));
}

function markDone(o: ClaudeOrder, uuid: string): void {
  listAdd(o.done, uuid);
  if (listLength(o.done) > DONE * 2) o.done = listKeep(o.done, DONE);
}

/** Takes one Claude Code record, in conversation order (see above). */
export function feedClaude(s: BuildState, rec: Rec, ctx: Ctx): void {
  const o = order(s);
  const uuid = typeof rec.uuid === 'string' ? rec.uuid : null;
  if (uuid && (isDone(o, uuid) || o.pending.some((p) => p.rec.uuid === uuid))) return;
  o.n++;
  const parent = typeof rec.parentUuid === 'string' ? rec.parentUuid : null;
  if (parent && uuid && !isDone(o, parent) && !o.lost) o.pending.push({ rec: slim(rec), since: o.n });
  else take(s, rec, ctx);
  while (o.pending.length && o.n - o.pending[0]!.since >= WAIT) take(s, o.pending.shift()!.rec, ctx);
}

/**
 * A line that did not parse. A whole record with its uuid (a line damaged elsewhere) counts as
 * taken, so its children are in order; a line whose uuid cannot be read (torn before it) may have
 * been any record's parent: what waits is taken now, and from here on a record whose parent has
 * not come is taken in file order.
 */
export function lostClaudeLine(s: BuildState, line: string, ctx: Ctx): void {
  if (!line.trim()) return;
  const o = order(s);
  // Claude Code writes a record's own uuid just before its timestamp.
  const uuid = /"uuid":"([^"\\]{8,})","timestamp"/.exec(line)?.[1] ?? (/"parentUuid"/.test(line) ? /"uuid"\s*:\s*"([^"\\]{8,})"/.exec(line)?.[1] : undefined);
  if (uuid) {
    if (isDone(o, uuid)) return;
    markDone(o, uuid);
    for (let i = 0; i < o.pending.length; ) {
      const p = o.pending[i]!;
      if (p.rec.parentUuid === uuid) {
        o.pending.splice(i, 1);
        take(s, p.rec, ctx);
        i = 0;
      } else i++;
    }
    return;
  }
  while (o.pending.length) take(s, o.pending.shift()!.rec, ctx);
  o.lost = true;
}

/** Takes every record still waiting for its parent, in file order: the end of what was read. */
export function settleClaude(s: BuildState, ctx: Ctx): void {
  const o = s.claude;
  while (o?.pending.length) take(s, o.pending.shift()!.rec, ctx);
}

function take(s: BuildState, rec: Rec, ctx: Ctx): void {
  apply(s, rec, ctx);
  const o = order(s);
  if (typeof rec.uuid !== 'string') return;
  markDone(o, rec.uuid);
  // Children that arrived first follow their parent, in the order they were read.
  for (let i = 0; i < o.pending.length; ) {
    const p = o.pending[i]!;
    if (p.rec.parentUuid === rec.uuid) {
      o.pending.splice(i, 1);
      take(s, p.rec, ctx);
      i = 0;
    } else i++;
  }
}

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

/**
 * Tools whose input's `command` runs in a shell: Bash, PowerShell (Claude Code 2.1 on Windows, the
 * same `{command, description}` input) and Monitor (a command watched in the background, 2.1).
 */
const SHELL_TOOLS = new Set(['Bash', 'PowerShell', 'Monitor']);

function files(name: string, input: Rec, cwd: string, ctx: Ctx): CallFacts['files'] {
  const op = name === 'Read' ? 'read' : name === 'Write' ? 'write' : ['Edit', 'MultiEdit', 'NotebookEdit'].includes(name) ? 'edit' : null;
  const path = input.file_path ?? input.notebook_path;
  return op && typeof path === 'string' && path ? [{ path: reportPath(path, cwd, ctx.repoRoot), op }] : [];
}

function todos(input: Rec): Todo[] | undefined {
  if (!Array.isArray(input.todos)) return undefined;
  return input.todos
    .filter((t: any) => t && typeof t.content === 'string' && ['pending', 'in_progress', 'completed'].includes(t.status))
    .map((t: any) => ({ content: t.content, status: t.status }));
}

function apply(s: BuildState, rec: Rec, ctx: Ctx): void {
  if (!rec || typeof rec !== 'object') return;
  const at = typeof rec.timestamp === 'string' ? rec.timestamp : '';
  if (rec.type !== 'user' && rec.type !== 'assistant' && rec.type !== 'system') return;
  saw(s, at, { session_id: typeof rec.sessionId === 'string' ? rec.sessionId : undefined, cwd: typeof rec.cwd === 'string' ? rec.cwd : undefined });
  const chain = rec.isSidechain ? `sub:${rec.agentId ?? ''}` : 'main';
  const cwd = typeof rec.cwd === 'string' ? rec.cwd : s.ledger.cwd;
  if (rec.type === 'system') {
    // A local command's output (2.1): the slash command before it asked the model nothing.
    if (chain === 'main' && s.claudeSlash && isLocalOutputRecord(rec)) {
      takeBackPrompt(s);
      delete s.claudeSlash;
    }
    if (rec.subtype === 'compact_boundary') {
      const m = rec.compactMetadata ?? {};
      compaction(s, { at, trigger: typeof m.trigger === 'string' ? m.trigger : '', pre_tokens: typeof m.preTokens === 'number' ? m.preTokens : null });
    }
    return;
  }
  const msg = rec.message;
  if (!msg || typeof msg !== 'object') return;
  if (rec.type === 'user') {
    if (rec.isCompactSummary || (chain === 'main' && isContinuedSummary(rec))) {
      compactSummary(s, outputText(msg.content), at);
      return;
    }
    if (Array.isArray(msg.content)) {
      // The structured result (toolUseResult) belongs to the record's one result.
      const results = msg.content.filter((b: any) => b?.type === 'tool_result').length;
      if (chain === 'main' && results) s.claudeSkill = msg.content.some((b: any) => b?.type === 'tool_result' && s.calls.some(([id, c]) => id === b.tool_use_id && c.tool === 'Skill'));
      for (const b of msg.content) {
        if (b?.type === 'tool_result' && typeof b.tool_use_id === 'string') {
          const tool = s.calls.find(([id]) => id === b.tool_use_id)?.[1].tool;
          const message = outputText(b.content);
          toolResult(s, b.tool_use_id, { failed: b.is_error === true, message, at, ...(results === 1 && rec.toolUseResult !== undefined ? { detail: rec.toolUseResult } : {}) });
          if (tool && NAMING_OUTPUT.has(tool)) nameFiles(s, message, cwd, ctx.repoRoot);
        }
      }
    }
    if (chain === 'main' && !rec.isMeta && shellMode(s, msg.content, at)) return;
    if (chain === 'main' && isLocalCaveat(rec)) s.claudeCaveat = typeof rec.uuid === 'string' ? rec.uuid : undefined;
    // What Claude Code printed under that caveat ("Unknown skill: X"): no prompt.
    if (chain === 'main' && isUnderCaveat(rec, s.claudeCaveat)) return;
    // The skill the model loaded (a Skill call's result, then its `<command-name>`, 2.0): not the user's.
    if (chain === 'main' && s.claudeSkill && isSlashRecord(rec)) return;
    const prompt = chain === 'main' ? promptOf(rec) : null;
    if (chain === 'main' && s.claudeSlash && !rec.isMeta) {
      // After a slash command: a local command's output takes it back (it asked nothing); the text
      // it expands to, written as a record of the user's (1.x), is the template, not the user's words.
      if (isLocalOutputRecord(rec)) {
        takeBackPrompt(s);
        delete s.claudeSlash;
        return;
      }
      if (prompt && !isSlashRecord(rec)) {
        delete s.claudeSlash;
        return;
      }
    }
    if (prompt && !/^\[Request interrupted by user/.test(prompt.trim())) {
      userMessage(s, prompt, at);
      nameFiles(s, prompt, cwd, ctx.repoRoot);
      if (isSlashRecord(rec)) s.claudeSlash = true;
      else delete s.claudeSlash;
      // What answers it is a response begun after it: the one before, written again, is a replay.
      order(s).lastMain = '';
    }
    return;
  }
  if (chain === 'main') {
    delete s.claudeSlash;
    delete s.claudeSkill;
  }
  // assistant. The response's own id: a continued session (Claude Code 2.0) writes earlier responses again
  // with the same message id but without their requestId, so the pair would make a replay new.
  const id = typeof msg.id === 'string' ? msg.id : '';
  const o = order(s);
  // An answer read before, other than the one streaming now, after a prompt: a continued session
  // wrote both again (new uuids, the answer's id the same), and the prompt is no new request.
  if (chain === 'main' && id && id !== o.lastMain && wasAnswered(s, id)) dropReplayedPrompt(s);
  // A model call that failed is written as an answer of Claude Code's own ("API Error: 400 …",
  // isApiErrorMessage): the model answered nothing.
  if (rec.isApiErrorMessage === true) {
    failedAnswer(s, id);
    return;
  }
  if (isReplayedResponse(s, id)) return;
  if (chain === 'main' && id && id !== o.lastMain) {
    o.lastMain = id;
    responseStart(s);
  }
  const u = msg.usage;
  if (id && u && typeof u === 'object') {
    responseUsage(
      s,
      id,
      { input: num(u.input_tokens), output: num(u.output_tokens), cache_read: num(u.cache_read_input_tokens), cache_write: num(u.cache_creation_input_tokens) },
      chain === 'main' && id === o.lastMain,
    );
  }
  const blocks = Array.isArray(msg.content) ? msg.content : typeof msg.content === 'string' ? [{ type: 'text', text: msg.content }] : [];
  for (const b of blocks) {
    if (b?.type === 'text' && typeof b.text === 'string') assistantText(s, b.text, chain);
    else if (b?.type === 'tool_use' && typeof b.name === 'string') {
      const input: Rec = b.input && typeof b.input === 'object' ? b.input : {};
      toolCall(s, {
        id: typeof b.id === 'string' ? b.id : '',
        tool: b.name,
        label: callLabel(b.name, input),
        at,
        chain,
        files: files(b.name, input, cwd, ctx),
        command: SHELL_TOOLS.has(b.name) && typeof input.command === 'string' ? input.command : undefined,
        todos: b.name === 'TodoWrite' ? todos(input) : undefined,
        task: taskOp(b.name, input),
      });
      nameFiles(s, namingInput(b.name, input), cwd, ctx.repoRoot);
    }
  }
}

/**
 * Claude Code's shell mode: the user types `!cmd`, and Claude Code writes a user record
 * `<bash-input>cmd</bash-input>`, then one `<bash-stdout>…</bash-stdout><bash-stderr>…</bash-stderr>`
 * (or both in one text). The command is the user's (userCommand). Whether it failed is told only
 * where the record says so: a `<bash-exit-code>` other than 0, or Claude Code's own "Command
 * failed: …" / "Not run: …" as the stderr. A plain failing command's output is written as a
 * passing one's (no exit status), and stderr alone says nothing (git, npm and nix write progress
 * there). Whether the text was shell mode's.
 */
function shellMode(s: BuildState, content: unknown, at: string): boolean {
  const raw = textOf(content);
  if (raw === null) return false;
  const text = withoutIdeContext(raw).trim();
  const input = /^<bash-input>([\s\S]*?)<\/bash-input>/.exec(text);
  if (input) userCommand(s, input[1]!, at);
  const output = (input ? text.slice(input[0].length).trim() : text).match(/^<bash-(?:stdout|stderr|exit-code)>[\s\S]*$/)?.[0];
  if (output !== undefined) {
    const code = /<bash-exit-code>\s*(-?\d+)\s*<\/bash-exit-code>/.exec(output);
    const stderr = (between(output, '<bash-stderr>', '</bash-stderr>') ?? '').trimStart();
    userCommandOutput(s, (!!code && code[1] !== '0') || /^(Command failed|Not run):/.test(stderr));
  }
  return !!input || output !== undefined;
}

const clip = (v: unknown, max: number) => (typeof v === 'string' && v.length > max ? v.slice(0, max) : v);
/** A text cut to `max`; shell mode's output keeps its end too, where its exit code is (shellMode). */
const clipText = (v: unknown, max: number) =>
  typeof v === 'string' && v.length > max && /^\s*<bash-/.test(v) ? `${v.slice(0, max / 2)}${v.slice(-max / 2)}` : clip(v, max);

/**
 * A waiting record with only what apply() reads, each text cut past what apply() keeps of it, so
 * the kept state stays small and taking the slim record gives what taking the whole one gives.
 */
function slim(rec: Rec): Rec {
  const keep = ['type', 'subtype', 'uuid', 'parentUuid', 'isSidechain', 'agentId', 'isMeta', 'isApiErrorMessage', 'isCompactSummary', 'isVisibleInTranscriptOnly', 'sessionId', 'cwd', 'timestamp', 'requestId', 'compactMetadata'];
  const out: Rec = {};
  for (const k of keep) if (k in rec) out[k] = rec[k];
  const m = rec.message;
  if (m && typeof m === 'object') {
    const textMax = rec.isCompactSummary ? 45_000 : 4000;
    const content = Array.isArray(m.content)
      ? m.content.map((b: any) => {
          if (!b || typeof b !== 'object') return b;
          if (b.type === 'text') return { type: 'text', text: clipText(b.text, textMax) };
          if (b.type === 'tool_use') {
            const input: Rec = {};
            const subject = subjectOf(b.input);
            if (b.input && typeof b.input === 'object') {
              for (const k of ['file_path', 'notebook_path', 'command', 'todos', 'taskId', 'status']) if (k in b.input) input[k] = b.input[k];
              if (typeof b.input.subject === 'string') input.subject = clip(b.input.subject, 1000);
            }
            if (subject) input.description = clip(subject, 1000);
            return { type: 'tool_use', id: b.id, name: b.name, input };
          }
          if (b.type === 'tool_result') return { type: 'tool_result', tool_use_id: b.tool_use_id, is_error: b.is_error, content: clip(outputText(b.content), 4000) };
          return { type: b.type };
        })
      : clipText(m.content, textMax);
    out.message = { id: m.id, role: m.role, usage: m.usage, content };
  }
  const r = rec.toolUseResult;
  // What tasks.ts reads of a task tool's structured result.
  if (r && typeof r === 'object' && ('success' in r || 'task' in r || 'tasks' in r)) {
    out.toolUseResult = {
      ...('success' in r ? { success: r.success } : {}),
      ...(r.task && typeof r.task === 'object' ? { task: { id: r.task.id, subject: clip(r.task.subject, 1000) } } : {}),
      ...(Array.isArray(r.tasks) ? { tasks: r.tasks.slice(0, 200).map((t: any) => ({ id: t?.id, subject: clip(t?.subject, 1000), status: t?.status })) } : {}),
    };
  }
  return out;
}
