import { uninstallHooks, type HookChange, type UninstallResult } from '../git/hooks.js';
import { attributesInstalled, uninstallDriverConfig, type ChangeResult } from '../git/merge-config.js';
import { findRepo } from '../git/repo.js';
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
  /** Agent wiring a plain uninstall leaves in place (`uninstall --agent` removes it). */
  kept: AgentWiring;
}

/**
 * Undoes what `init` added to this clone's git: our blocks in the hook files (every other byte
 * stays), chained hooks moved back, the merge driver's config. Memory files are data and stay where
 * they are, the shared `.gitattributes` among them; agent wiring stays too (it is reported, for
 * `uninstall --agent`).
 */
export async function uninstall(ctx: Ctx): Promise<Result<UninstallData>> {
  const repo = findRepo(ctx.cwd, ctx.env);
  const hooks = (await uninstallHooks(repo)).filter((h) => h.result !== 'absent');
  const mergeDriver = { attributes: attributesInstalled(repo) ? ('kept' as const) : ('absent' as const), config: await uninstallDriverConfig(repo) };
  return { data: { root: repo.root, hooks, mergeDriver, kept: agentWiring(repo) }, warnings: [] };
}
