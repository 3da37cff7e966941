import { AGENTS } from '../agents/registry.js';
import { claudeLocalOutput, claudeSlashCommand, textOf, type TranscriptRecord as Rec } from '../agents/transcript-text.js';
import { readRange } from '../fs/read-file.js';

/** The opening of a transcript is enough to find its first prompt; transcripts grow to many MB. */
const HEAD_BYTES = 4 * 1024 * 1024;
const MAX_REQUEST = 200;

function readHead(path: string): string | null {
  return readRange(path, 0, HEAD_BYTES)?.text ?? null;
}

/** Wrappers the agents put around commands, environment and instructions, which are not prompts. */
export const isWrapper = (t: string) => /^\s*(<|Caveat:|# AGENTS\.md instructions)/.test(t);

/**
 * The summary Claude Code 1.0 put first in a session it continued after the context ran out: a
 * record of the user's (no isCompactSummary, no parent) whose text is its own summary of the
 * conversation before, not a request (2 of the 480 public transcripts: their session's request
 * and commit message were "This session is being continued from a previous conversation…").
 */
export function isContinuedSummary(r: Rec): boolean {
  if (!r || typeof r !== 'object' || r.type !== 'user' || r.parentUuid != null || r.isSidechain) return false;
  const text = claudeUserText(r);
  return !!text && /^This session is being continued from a previous conversation that ran out of context\b/.test(text);
}

/** The prompt a record carries, in the shape of the first agent that knows it (agents/<name>.ts); null otherwise. */
export function promptOf(r: Rec): string | null {
  if (!r || typeof r !== 'object') return null;
  if (r.isSidechain || r.isMeta || r.isCompactSummary || r.isVisibleInTranscriptOnly || isContinuedSummary(r)) return null;
  let text: string | null = null;
  for (const a of AGENTS) {
    const t = a.transcriptText?.(r);
    if (t !== undefined) {
      text = t;
      break;
    }
  }
  return text && text.trim() && !isWrapper(text) ? text : null;
}

/** A Claude Code record's text when it is the user's (not a tool's result), else null. */
function claudeUserText(r: Rec): string | null {
  return r && typeof r === 'object' && r.type === 'user' && r.message && typeof r.message === 'object' ? textOf(r.message.content) : null;
}

/** A Claude Code record of a slash command the user typed: what it expands to, or prints, follows in records of its own. */
export function isSlashRecord(r: Rec): boolean {
  const text = claudeUserText(r);
  return text !== null && claudeSlashCommand(text) !== null;
}

/**
 * A Claude Code record of what a local command printed: the command before it asked the model
 * nothing. `<local-command-stdout>` in a user record (1.x, 2.0), a system record of subtype
 * `local_command` (2.1).
 */
export function isLocalOutputRecord(r: Rec): boolean {
  if (r && typeof r === 'object' && r.type === 'system' && r.subtype === 'local_command') return true;
  const text = claudeUserText(r);
  return text !== null && claudeLocalOutput(text);
}

/**
 * The first prompt of records read in order. A slash command waits for the record after it: a
 * local command's output (one the list in transcript-text.ts misses) takes it back; its expansion,
 * the model's answer or another prompt confirm it.
 */
class FirstPrompt {
  private pending: string | null = null;
  /** The prompt once one is known; undefined while more records are needed. */
  take(r: Rec): string | undefined {
    const p = promptOf(r);
    if (this.pending !== null) {
      if (isLocalOutputRecord(r)) this.pending = null;
      else if (p || r?.type === 'assistant' || r?.type === 'gemini') return this.pending;
      return undefined;
    }
    if (!p) return undefined;
    if (isSlashRecord(r)) {
      this.pending = p;
      return undefined;
    }
    return p;
  }
  /** What is known when the records end. */
  end(): string | null {
    return this.pending;
  }
}

function shorten(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= MAX_REQUEST) return flat;
  const cut = flat.slice(0, MAX_REQUEST - 1);
  const space = cut.lastIndexOf(' ');
  return `${space > MAX_REQUEST / 2 ? cut.slice(0, space) : cut}…`;
}

/**
 * The first thing the user asked in a session, from the agent's transcript: Claude Code and Codex
 * write JSON lines, Gemini CLI one JSON document with `messages`. Null when the file is missing or
 * holds no prompt; the transcript may lag the session, so callers must expect that.
 */
export function firstUserPrompt(path: string | undefined): string | null {
  if (!path) return null;
  const text = readHead(path);
  if (!text) return null;
  const trimmed = text.trimStart();
  if (trimmed.startsWith('{')) {
    try {
      const doc = JSON.parse(trimmed) as Rec;
      if (Array.isArray(doc.messages)) {
        const first = new FirstPrompt();
        for (const m of doc.messages) {
          const p = first.take(m as Rec);
          if (p) return shorten(p);
        }
        const p = first.end();
        return p ? shorten(p) : null;
      }
    } catch {
      /* JSON lines, not one document */
    }
  }
  const first = new FirstPrompt();
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    let rec: Rec;
    try {
      rec = JSON.parse(line) as Rec;
    } catch {
      continue; // a torn last line, or the cut at HEAD_BYTES
    }
    const p = first.take(rec);
    if (p) return shorten(p);
  }
  const p = first.end();
  return p ? shorten(p) : null;
}
