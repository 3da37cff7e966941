// When to extract (seed 000, exactly): the first time when the context reaches
// `minimum_message_tokens_to_init` tokens; every time, when it has grown by
// `minimum_tokens_between_update` since the last extraction AND (`tool_calls_between_updates` tool
// calls were made since OR the last assistant turn made none: a natural pause). The token condition
// is always required. Cheap: hooks call it on every tool use.
import type { Config } from '../memory/config.js';
import type { Ledger } from '../transcripts/ledger.js';
import type { NotesState } from './store.js';

export interface ThresholdCheck {
  extract: boolean;
  /** What was met and what was not, for `notes` and the worker's log. */
  reason: string;
}

/** The compactions a ledger has seen, as NotesState keeps them. */
export function compactionMark(ledger: Ledger): { compactions: number; last_compaction: string } {
  return { compactions: ledger.compactions.length, last_compaction: ledger.compactions.at(-1)?.at ?? '' };
}

/**
 * Whether the session was compacted since the last extraction. A state kept by an earlier version
 * has no mark: a compaction in the ledger then counts, as it did.
 */
function compactedSince(ledger: Ledger, state: NotesState): boolean {
  const now = compactionMark(ledger);
  if (state.compactions === undefined) return now.compactions > 0;
  return now.compactions !== state.compactions || now.last_compaction !== (state.last_compaction ?? '');
}

/** shouldExtract with its reason. */
export function checkThresholds(ledger: Ledger, state: NotesState | null, cfg: Config['session_memory']): ThresholdCheck {
  if (!cfg.enabled) return { extract: false, reason: '[session_memory] enabled = false' };
  const tokens = ledger.context_tokens;
  const initialised = !!state && state.extractions > 0;
  if (!initialised && tokens < cfg.minimum_message_tokens_to_init) {
    return { extract: false, reason: `context ${tokens} tokens, below ${cfg.minimum_message_tokens_to_init} for the first notes` };
  }
  // Only a compaction restarts the count: a context that looks smaller without one (a resumed
  // session replaying its earlier records) has not shrunk, and counting from zero would extract
  // again and again at the model's expense.
  const base = initialised && (tokens >= state.last_tokens || !compactedSince(ledger, state)) ? state.last_tokens : 0;
  const grown = tokens - base;
  if (grown < cfg.minimum_tokens_between_update) {
    return { extract: false, reason: `context grew ${grown} tokens since the last notes, below ${cfg.minimum_tokens_between_update}` };
  }
  const calls = ledger.tool_calls - (initialised ? Math.min(state.last_tool_calls, ledger.tool_calls) : 0);
  if (calls >= cfg.tool_calls_between_updates) return { extract: true, reason: `context grew ${grown} tokens and ${calls} tool calls were made` };
  if (!ledger.last_turn_had_tool_calls) return { extract: true, reason: `context grew ${grown} tokens and the agent paused (no tool call in its last turn)` };
  return { extract: false, reason: `${calls} tool calls since the last notes, below ${cfg.tool_calls_between_updates}, and the agent is mid-turn` };
}

/** Whether the notes are due for an extraction (see checkThresholds). */
export function shouldExtract(ledger: Ledger, state: NotesState | null, cfg: Config['session_memory']): boolean {
  return checkThresholds(ledger, state, cfg).extract;
}
