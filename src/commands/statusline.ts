import { isDir } from '../fs/stat.js';
import { findRepo } from '../git/repo.js';
import { peekSpool } from '../git/spool.js';
import { loadConfig, SCHEMA } from '../memory/config.js';
import { contextUsage } from '../transcripts/usage.js';
import type { Ctx, Result } from './context.js';

/** Where the status line looks, decoded by its front door from the agent's status JSON. */
export interface StatuslineInput {
  /** Candidates for the repository, best first; the first that is a directory wins (else the cwd). */
  dirs: string[];
  transcriptPath?: string;
}

/** The numbers behind the status line; cli/render/statusline.ts turns them into the line. */
export interface StatuslineData {
  tokens: number;
  window: number;
  turns: number;
  turnsLeft: number | null;
  pending: number;
}


/**
 * Claude Code's status line: how full the context is (from the transcript), the window (from
 * `[statusline] context_window`), roughly how many turns of the recent size still fit, and how
 * many items are logged but not yet in the journal. Outside a repository the defaults apply;
 * nothing is written.
 */
export async function statusline(ctx: Ctx, input: StatuslineInput): Promise<Result<StatuslineData>> {
  const warnings: string[] = [];
  const dir = input.dirs.find(isDir) ?? ctx.cwd;
  let window = SCHEMA.statusline!.context_window!.default as number;
  let pending = 0;
  try {
    const repo = findRepo(dir, ctx.env);
    const loaded = loadConfig(repo.root);
    window = loaded.config.statusline.context_window;
    warnings.push(...loaded.warnings);
    pending = peekSpool(repo.stateDir).filter((e) => e.type === 'log').length;
  } catch (e) {
    warnings.push((e as Error).message);
  }
  const usage = contextUsage(input.transcriptPath);
  const turnsLeft = usage.perTurn ? Math.max(0, Math.floor((window - usage.tokens) / usage.perTurn)) : null;
  return { data: { tokens: usage.tokens, window, turns: usage.turns, turnsLeft, pending }, warnings };
}
