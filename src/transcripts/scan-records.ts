import type { BuildState } from './build.js';
import { feedClaude, lostClaudeLine } from './claude.js';
import { feedCodex } from './codex.js';
import { feedGeminiLine } from './gemini.js';
import { parseRecord, scanLines, type LineScan } from './lines.js';

/**
 * Feeds the JSON lines of `path` from `from` to `to` into `state`. A Claude Code line that does not
 * parse, or is over the cap (passed over, its ends only), may have been a parent (claude.ts). A
 * read that stops inside a line over the cap leaves `state.skipping`: the next read passes over the
 * rest of it instead of reading it again from its start.
 */
export function scanRecords(state: BuildState, path: string, from: number, to: number | undefined, ctx: { repoRoot?: string }): LineScan | null {
  const agent = state.ledger.agent;
  const feed = agent === 'claude' ? feedClaude : agent === 'codex' ? feedCodex : feedGeminiLine;
  const scan = scanLines(
    path,
    from,
    to,
    (line) => {
      const r = parseRecord(line, (n) => (state.ledger.replaced_surrogates = (state.ledger.replaced_surrogates ?? 0) + n));
      if (r) feed(state, r, ctx);
      else if (agent === 'claude') lostClaudeLine(state, line, ctx);
    },
    (line) => parseRecord(line) !== null,
    { skipping: state.skipping === true, long: agent === 'claude' ? (ends) => lostClaudeLine(state, ends, ctx) : undefined },
  );
  if (scan) {
    if (scan.skipping) state.skipping = true;
    else delete state.skipping;
  }
  return scan;
}

