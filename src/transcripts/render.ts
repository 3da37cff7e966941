import { readFileOrNull } from '../fs/read-file.js';
import { tagBodies } from '../linear.js';
import { redactQuickLines } from '../safety/quick-redact.js';
import { isSlashRecord, promptOf } from './first-prompt.js';
import { isGeminiDocument, messageElements, parseElement } from './gemini.js';
import type { AgentName } from './ledger.js';
import { parseRecord, scanLines } from './lines.js';
import { shorten } from './build.js';
import { codexOutcome, userShellCommand } from './codex.js';
import { isWrapper } from './first-prompt.js';
import { outputText } from './tool-input.js';
import { codexTyped } from '../agents/codex-prompts.js';
import { CODEX_MODEL_WARNING, geminiShellCommand, textOf, withoutIdeContext } from '../agents/transcript-text.js';

type Rec = Record<string, any>;

const TEXT = 2000;
const OUTPUT = 300;
const INPUT_VALUE = 200;
const INPUT = 600;

// Text is redacted before it is cut, as shorten() (build.ts) does for a tool's output: a secret cut
// short is one no rule can tell apart from a word (stop 51: `sk-ant-admin01-hKUZTFom_1X-y47b6V…`, a
// tool call's value cut at 200, went to a model). Only what the cut keeps and a margin longer than a
// token are redacted; a key cut at the margin is found by its cut rules.
const MARGIN = 2048;
/** `text`'s first `max` characters and a margin, redacted. */
const redactedHead = (text: string, max: number) => redactQuickLines(text.slice(0, max + MARGIN));

function cut(text: string, max: number): string {
  const t = text.trim();
  if (t.length <= max) return t;
  const r = redactedHead(t, max);
  return r.length <= max ? r : `${r.slice(0, max - 1)}… [${t.length - max + 1} more chars]`;
}

/** A call's input as JSON with every long string value cut: enough to see what was done. */
function inputOf(input: unknown): string {
  const json = JSON.stringify(input ?? {}, (_k, v) => {
    if (typeof v !== 'string' || v.length <= INPUT_VALUE) return v;
    const r = redactedHead(v, INPUT_VALUE);
    return r.length > INPUT_VALUE ? `${r.slice(0, INPUT_VALUE - 1)}…` : r;
  });
  return cut(json ?? '{}', INPUT);
}

function claudeEntries(r: Rec, after: { skill: boolean }): string[] {
  const who = r.isSidechain ? 'sub-agent ' : '';
  // A `<command-name>` record right after a Skill call's result is the skill the model loaded (2.0), not the user's.
  const skillLoading = after.skill;
  if (!r.isSidechain && (r.type === 'user' || r.type === 'assistant')) after.skill = false;
  if (r.type === 'system' && r.subtype === 'compact_boundary') return ['[compacted]'];
  const m = r.message;
  if (!m || typeof m !== 'object') return [];
  if (r.type === 'user') {
    if (r.isCompactSummary) return [`[compaction summary] ${cut(outputText(m.content), TEXT)}`];
    const out: string[] = [];
    if (Array.isArray(m.content)) {
      for (const b of m.content) {
        if (b?.type !== 'tool_result') continue;
        if (!r.isSidechain && /^Launching skill: /.test(outputText(b.content))) after.skill = true;
        out.push(b.is_error === true ? `[${who}tool error] ${cut(outputText(b.content), TEXT / 2)}` : `[${who}tool result] ${shorten(outputText(b.content), OUTPUT)}`);
      }
    }
    const prompt = r.isSidechain || (skillLoading && isSlashRecord(r)) ? null : promptOf(r);
    if (prompt) out.push(`[user] ${cut(prompt, TEXT)}`);
    else if (!r.isSidechain && !r.isMeta) out.push(...claudeShell(textOf(m.content)));
    return out;
  }
  if (r.type !== 'assistant' || !Array.isArray(m.content)) return [];
  return m.content.flatMap((b: any) => {
    if (b?.type === 'text' && typeof b.text === 'string' && b.text.trim()) return [`[${who}assistant] ${cut(b.text, TEXT)}`];
    if (b?.type === 'tool_use') return [`[${who}tool call] ${b.name} ${inputOf(b.input)}`];
    return [];
  });
}

/** A command the user ran in the agent's shell mode, and (for Claude Code, in its own record) its output. */
const userRan = (command: string, failed: boolean) => `[user ran] ${cut(command, INPUT)}${failed ? ' (failed)' : ''}`;

/** Claude Code's shell mode: `<bash-input>` and the `<bash-stdout>`/`<bash-stderr>` record after it (claude.ts shellMode). */
function claudeShell(raw: string | null): string[] {
  if (raw === null) return [];
  const text = withoutIdeContext(raw).trim();
  const input = /^<bash-input>([\s\S]*?)<\/bash-input>/.exec(text);
  const rest = input ? text.slice(input[0].length).trim() : text;
  const out = input ? [userRan(input[1]!, false)] : [];
  if (/^<bash-(stdout|stderr|exit-code)>/.test(rest)) {
    const body = tagBodies(rest, ['bash-stdout', 'bash-stderr']).map(([, b]) => b.trim()).filter(Boolean).join('\n');
    out.push(`[user's command output] ${shorten(body || '(none)', OUTPUT)}`);
  }
  return out;
}

/** A Codex user message: a prompt (once, though older rollouts write it twice), or a command the user ran. */
function codexUser(text: string, seen: { last: string }): string[] {
  const shell = userShellCommand(text);
  if (shell) return [userRan(shell.command, shell.failed)];
  const typed = codexTyped(text);
  const same = typed.replace(/\s+/g, ' ').trim();
  if (!same || isWrapper(typed) || CODEX_MODEL_WARNING.test(typed) || same === seen.last) return [];
  seen.last = same;
  return [`[user] ${cut(typed, TEXT)}`];
}

function codexEntries(r: Rec, seen: { last: string }): string[] {
  const p = r.payload;
  if (!p || typeof p !== 'object') return [];
  if (r.type === 'compacted') return [`[compaction summary] ${cut(String(p.message ?? ''), TEXT)}`];
  if (r.type === 'event_msg' && p.type === 'user_message' && typeof p.message === 'string') return codexUser(p.message, seen);
  // The agent answers, or a new turn starts: the same text typed again is a new prompt (as codex.ts reads it).
  if ((r.type === 'event_msg' && (p.type === 'turn_aborted' || p.type === 'task_started')) || (r.type === 'response_item' && (p.role === 'assistant' || /call$/.test(String(p.type))))) seen.last = '';
  if (r.type !== 'response_item') return [];
  // Codex 0.171 writes the prompt only as a response item of role user.
  if (p.type === 'message' && p.role === 'user') return codexUser(Array.isArray(p.content) ? p.content.map((b: any) => (typeof b?.text === 'string' ? b.text : '')).join('') : String(p.content ?? ''), seen);
  if (p.type === 'message' && p.role === 'assistant') {
    const t = textOf(p.content);
    return t?.trim() ? [`[assistant] ${cut(t, TEXT)}`] : [];
  }
  if (p.type === 'function_call') return [`[tool call] ${p.name} ${inputOf(typeof p.arguments === 'string' ? safeJson(p.arguments) : p.arguments)}`];
  if (p.type === 'custom_tool_call') return [`[tool call] ${p.name} ${cut(String(p.input ?? ''), INPUT)}`];
  if (p.type === 'function_call_output' || p.type === 'custom_tool_call_output') {
    const { failed, message } = codexOutcome(p.output);
    return [failed ? `[tool error] ${cut(message, TEXT / 2)}` : `[tool result] ${shorten(message, OUTPUT)}`];
  }
  return [];
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function geminiEntries(m: Rec): string[] {
  if (m.type === 'user') {
    const shell = geminiShellCommand(m);
    if (shell) return [userRan(shell.command, shell.failed)];
    const t = textOf(m.content);
    return t?.trim() && !isWrapper(t) ? [`[user] ${cut(t, TEXT)}`] : [];
  }
  if (m.type !== 'gemini') return [];
  const out: string[] = [];
  const t = textOf(m.content);
  if (t?.trim()) out.push(`[assistant] ${cut(t, TEXT)}`);
  for (const tc of Array.isArray(m.toolCalls) ? m.toolCalls : []) {
    out.push(`[tool call] ${tc?.name} ${inputOf(tc?.args)}`);
    const parts = Array.isArray(tc?.result) ? tc.result : [];
    const text = parts.map((p: any) => outputText(p?.functionResponse?.response ?? p)).join('\n') || String(tc?.resultDisplay ?? '');
    if (tc?.status === 'error') out.push(`[tool error] ${cut(text, TEXT / 2)}`);
    else if (text) out.push(`[tool result] ${shorten(text, OUTPUT)}`);
  }
  return out;
}

/** Keeps the opening and the most recent entries within `max` characters, never more in memory. */
class Window {
  private head: string[] = [];
  private headChars = 0;
  private tail: string[] = [];
  private tailChars = 0;
  private dropped = 0;
  constructor(private readonly max: number) {}
  add(entry: string): void {
    const headMax = Math.floor(this.max / 4);
    if (!this.tail.length && !this.dropped && this.headChars + entry.length + 1 <= headMax) {
      this.head.push(entry);
      this.headChars += entry.length + 1;
      return;
    }
    this.tail.push(entry);
    this.tailChars += entry.length + 1;
    while (this.tail.length > 1 && this.headChars + this.tailChars > this.max - 80) {
      this.tailChars -= this.tail.shift()!.length + 1;
      this.dropped++;
    }
  }
  text(): string {
    const gap = this.dropped ? [`[… ${this.dropped} earlier entries left out …]`] : [];
    const all = [...this.head, ...gap, ...this.tail].join('\n');
    return all.length > this.max ? all.slice(all.length - this.max) : all;
  }
}

/** Claude Code records already rendered, by uuid: two generations of at most GENERATION each, so it stays bounded. */
const GENERATION = 4096;
class SeenIds {
  private cur = new Set<string>();
  private prev = new Set<string>();
  /** Whether `id` comes for the first time (remembering it). */
  first(id: string): boolean {
    if (this.cur.has(id) || this.prev.has(id)) return false;
    this.cur.add(id);
    if (this.cur.size >= GENERATION) [this.prev, this.cur] = [this.cur, new Set()];
    return true;
  }
}

/**
 * A byte range of a transcript rendered compactly for a model: the human's messages, the
 * assistant's text, tool calls with their inputs cut short, errors, and tool output shortened.
 * Thinking, meta records and encrypted reasoning are left out; secrets the project rules know are
 * redacted. Over `maxChars`, the opening and the latest entries are kept with a marker between.
 * A Claude Code record written again with the same uuid is rendered once, as the ledger takes it.
 */
export function renderTranscript(path: string, opts: { agent: AgentName; from: number; to?: number; maxChars: number; repoRoot?: string }): string {
  const w = new Window(Math.max(200, opts.maxChars));
  const add = (entries: string[]) => {
    for (const e of entries) w.add(redactQuickLines(e));
  };
  if (opts.agent === 'gemini' && !isGeminiDocument(path)) {
    // JSON lines: a message is written again as it progresses; each is rendered once, as last written.
    let held: Rec | null = null;
    scanLines(path, opts.from, opts.to, (line) => {
      const r = parseRecord(line);
      if (!r || typeof r.id !== 'string' || typeof r.type !== 'string') return;
      if (held && held.id !== r.id) add(geminiEntries(held));
      held = r;
    });
    if (held) add(geminiEntries(held));
    return w.text();
  }
  if (opts.agent === 'gemini') {
    const buf = readFileOrNull(path);
    if (!buf) return '';
    const to = opts.to ?? buf.length;
    for (const e of messageElements(buf)) {
      if (e.start < opts.from || e.start >= to) continue;
      const m = parseElement(buf, e);
      if (m) add(geminiEntries(m));
    }
    return w.text();
  }
  const prompts = { last: '' };
  const after = { skill: false };
  const entries = opts.agent === 'claude' ? (r: Rec) => claudeEntries(r, after) : (r: Rec) => codexEntries(r, prompts);
  const seen = opts.agent === 'claude' ? new SeenIds() : null;
  scanLines(path, opts.from, opts.to, (line) => {
    const r = parseRecord(line);
    if (r && (!seen || typeof r.uuid !== 'string' || seen.first(r.uuid))) add(entries(r));
  });
  return w.text();
}
