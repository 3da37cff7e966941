import { uninstallHooks, type HookChange, type UninstallResult } from '../git/hooks.js';
import { attributesInstalled, uninstallDriverConfig, type ChangeResult } from '../git/merge-config.js';
import { findRepo } from '../git/repo.js';
import { purgeSessionState, sessionStateSummary } from '../fs/session-state.js';
import { agentWiring, type AgentWiring } from './agent-wiring.js';
import type { Ctx, Result } from './context.js';

export interface UninstallData {
  root: string;
  hooks: HookChange<UninstallResult>[];
  /**
   * The driver's local git config is removed; the committed `.gitattributes` that names it is kept
   * ('kept' when it holds our line): it is the team's, see attributesInstalled.
   */
  mergeDriver: { attributes: 'kept' | 'absent'; config: ChangeResult };
  /**
   * What was read from agent transcripts (ledgers with the user's messages, notes, compaction
   * summaries), kept per session in the state dir: `purged` by `--purge`, else left and said.
   */
  sessionState: { dir: string; sessions: number; bytes: number; purged: boolean };
  /** Agent wiring a plain uninstall leaves in place (`uninstall --agent` removes it). */
  kept: AgentWiring;
}

/**
 * Undoes what `init` added to this clone's git: our blocks in the hook files (every other byte
 * stays), chained hooks moved back, the merge driver's config. Memory files are data and stay where
 * they are, the shared `.gitattributes` among them; agent wiring stays too (it is reported, for
 * `uninstall --agent`).
 */
export async function uninstall(ctx: Ctx, opts: { purge?: boolean } = {}): Promise<Result<UninstallData>> {
  const repo = findRepo(ctx.cwd, ctx.env);
  const state = sessionStateSummary(repo.stateDir);
  if (opts.purge) purgeSessionState(repo.stateDir);
  const sessionState = { ...state, purged: !!opts.purge };
  const hooks = (await uninstallHooks(repo)).filter((h) => h.result !== 'absent');
  const mergeDriver = { attributes: attributesInstalled(repo) ? ('kept' as const) : ('absent' as const), config: await uninstallDriverConfig(repo) };
  return { data: { root: repo.root, hooks, mergeDriver, sessionState, kept: agentWiring(repo) }, warnings: [] };
}
