import { isDir } from '../fs/stat.js';
import { findRepo } from '../git/repo.js';
import { peekSpool } from '../git/spool.js';
import { loadConfig, SCHEMA } from '../memory/config.js';
import { contextUsage } from '../transcripts/usage.js';
import { readTotalUsage } from '../llm/usage.js';
import type { Ctx, Result } from './context.js';

/** Where the status line looks, decoded by its front door from the agent's status JSON. */
export interface StatuslineInput {
  /** Candidates for the repository, best first; the first that is a directory wins (else the cwd). */
  dirs: string[];
  transcriptPath?: string;
  /** The agent's session id: at urgent and above the line names what its PreCompact hook will keep. */
  sessionId?: string;
}

/** The numbers behind the status line; cli/render/statusline.ts turns them into the line. */
export interface StatuslineData {
  tokens: number;
  window: number;
  turns: number;
  turnsLeft: number | null;
  pending: number;
  /** The model the user chose (`[llm] provider`) and what it has cost in this worktree; absent when none was chosen. */
  llm?: { provider: string; cost: number };
  /** At 80 % and above: what the PreCompact hook will ask the compaction to keep, counted from the kept ledger. */
  keep?: { files: number; errors: number; tasks: number; instructions: number; last_request: boolean };
}

/** Claude Code compacts at 92 % (seed 004); the turns left are counted to there. */
export const COMPACT_AT = 0.92;
/** Seed 004's average growth a turn, 1.75 % of the window, while there are not two turns to measure. */
export const SEED_TURN_SHARE = 0.0175;
const URGENT = 0.8;

/**
 * What the PreCompact hook would ask to keep, from the ledger the hooks keep (read, never advanced
 * here: the status line refreshes often). Loaded only at urgent and above.
 */
async function keepCounts(stateDir: string, sessionId: string): Promise<StatuslineData['keep']> {
  const [{ readKeptLedger }, { mustKeep }] = await Promise.all([import('../transcripts/advance.js'), import('../compact/must-keep.js')]);
  const kept = readKeptLedger(stateDir, sessionId);
  if (!kept) return undefined;
  const m = mustKeep(kept.ledger);
  return { files: m.files_edited.length, errors: m.unresolved_errors.length, tasks: m.open_tasks.length, instructions: m.instructions.length, last_request: !!m.last_request };
}


/**
 * Claude Code's status line: how full the context is (from the transcript), the window (from
 * `[statusline] context_window`), roughly how many turns of the recent size still fit before the
 * compaction at 92 %, how many items are logged but not yet in the journal, and at 80 % and above
 * what the PreCompact hook will ask the compaction to keep. Outside a repository the defaults apply;
 * nothing is written.
 */
export async function statusline(ctx: Ctx, input: StatuslineInput): Promise<Result<StatuslineData>> {
  const warnings: string[] = [];
  const dir = input.dirs.find(isDir) ?? ctx.cwd;
  let window = SCHEMA.statusline!.context_window!.default as number;
  let pending = 0;
  let stateDir: string | null = null;
  let llm: StatuslineData['llm'];
  try {
    const repo = findRepo(dir, ctx.env);
    stateDir = repo.stateDir;
    const loaded = loadConfig(repo.root);
    window = loaded.config.statusline.context_window;
    warnings.push(...loaded.warnings);
    pending = peekSpool(repo.stateDir).filter((e) => e.type === 'log').length;
    const p = loaded.config.llm.provider;
    // Only a chosen model is shown: the file read is one small JSON, no provider is loaded.
    if (p === 'anthropic' || p === 'claude-cli') llm = { provider: p, cost: readTotalUsage(repo.stateDir).cost };
  } catch (e) {
    warnings.push((e as Error).message);
  }
  const usage = contextUsage(input.transcriptPath);
  // Turns until the compaction: at the measured growth a turn, or the seed's 1.75 % before there is one.
  const room = COMPACT_AT * window - usage.tokens;
  const perTurn = usage.perTurn || SEED_TURN_SHARE * window;
  const turnsLeft = usage.tokens ? Math.max(0, Math.floor(room / perTurn)) : null;
  let keep: StatuslineData['keep'];
  if (stateDir && input.sessionId && usage.tokens >= URGENT * window) {
    keep = await keepCounts(stateDir, input.sessionId).catch(() => undefined);
  }
  return { data: { tokens: usage.tokens, window, turns: usage.turns, turnsLeft, pending, ...(llm ? { llm } : {}), ...(keep ? { keep } : {}) }, warnings };
}
