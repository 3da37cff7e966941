import { readRange } from '../fs/read-file.js';
import { promptOf } from './first-prompt.js';

/** Only the end of a long transcript is read: the status line refreshes often, transcripts grow to many MB. */
const TAIL_BYTES = 4 * 1024 * 1024;

export interface ContextUsage {
  /** Tokens in the context now: the last response's input + cache creation + cache read + output. */
  tokens: number;
  /** Prompts since the last compaction (within what was read). */
  turns: number;
  /** Average tokens a turn added, or null before there are two turns to compare. */
  perTurn: number | null;
}

interface Usage {
  input_tokens?: number;
  output_tokens?: number;
  cache_creation_input_tokens?: number;
  cache_read_input_tokens?: number;
}

const total = (u: Usage) => (u.input_tokens ?? 0) + (u.cache_creation_input_tokens ?? 0) + (u.cache_read_input_tokens ?? 0) + (u.output_tokens ?? 0);

function tail(path: string): string | null {
  const got = readRange(path, -TAIL_BYTES, TAIL_BYTES);
  if (!got) return null;
  return got.from > 0 ? got.text.slice(got.text.indexOf('\n') + 1) : got.text; // the first line was cut
}

/**
 * How full the context is, from a Claude Code transcript. One API response is written as several
 * lines (one per content block) sharing `message.id` and `requestId`, with usage growing as the
 * response streams: each response counts once, with its largest usage. Subagent (sidechain) lines
 * are left out, and a compaction starts the count again.
 */
export function contextUsage(transcriptPath: string | undefined): ContextUsage {
  const text = transcriptPath ? tail(transcriptPath) : null;
  const none = { tokens: 0, turns: 0, perTurn: null };
  if (!text) return none;
  let responses = new Map<string, { tokens: number; turn: number }>();
  let turns = 0;
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    let r: Record<string, any>; // transcript records are untyped JSON; every access below is checked
    try {
      r = JSON.parse(line);
    } catch {
      continue; // a line still being written
    }
    if (!r || typeof r !== 'object' || r.isSidechain) continue;
    if (r.type === 'system' && r.subtype === 'compact_boundary') {
      responses = new Map();
      turns = 0;
    } else if (r.type === 'user' && promptOf(r)) {
      turns++;
    } else if (r.type === 'assistant' && r.message?.usage && typeof r.message.id === 'string') {
      const key = `${r.message.id}\0${r.requestId ?? ''}`;
      const tokens = total(r.message.usage as Usage);
      const seen = responses.get(key);
      if (!seen) responses.set(key, { tokens, turn: turns });
      else if (tokens > seen.tokens) seen.tokens = tokens;
    }
  }
  const list = [...responses.values()];
  const last = list.at(-1);
  if (!last) return { ...none, turns };
  // The context at the end of each turn; growth from the first turn's end to now, per turn.
  const endOf = new Map<number, number>();
  for (const x of list) endOf.set(x.turn, x.tokens);
  const ends = [...endOf.entries()].sort((a, b) => a[0] - b[0]);
  const first = ends[0]!;
  const lastEnd = ends.at(-1)!;
  const span = lastEnd[0] - first[0];
  return { tokens: last.tokens, turns, perTurn: span > 0 ? Math.max(0, (lastEnd[1] - first[1]) / span) : null };
}
