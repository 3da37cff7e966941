import { AGENTS } from '../agents/registry.js';
import type { TranscriptRecord as Rec } from '../agents/transcript-text.js';
import { readRange } from '../fs/read-file.js';

/** The opening of a transcript is enough to find its first prompt; transcripts grow to many MB. */
const HEAD_BYTES = 4 * 1024 * 1024;
const MAX_REQUEST = 200;

function readHead(path: string): string | null {
  return readRange(path, 0, HEAD_BYTES)?.text ?? null;
}

/** Wrappers the agents put around commands, environment and instructions, which are not prompts. */
export const isWrapper = (t: string) => /^\s*(<|Caveat:|# AGENTS\.md instructions)/.test(t);

/** The prompt a record carries, in the shape of the first agent that knows it (agents/<name>.ts); null otherwise. */
export function promptOf(r: Rec): string | null {
  if (!r || typeof r !== 'object') return null;
  if (r.isSidechain || r.isMeta || r.isCompactSummary || r.isVisibleInTranscriptOnly) return null;
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
        for (const m of doc.messages) {
          const p = promptOf(m as Rec);
          if (p) return shorten(p);
        }
        return null;
      }
    } catch {
      /* JSON lines, not one document */
    }
  }
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    let rec: Rec;
    try {
      rec = JSON.parse(line) as Rec;
    } catch {
      continue; // a torn last line, or the cut at HEAD_BYTES
    }
    const p = promptOf(rec);
    if (p) return shorten(p);
  }
  return null;
}
