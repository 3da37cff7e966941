import { uninstallHooks, type HookChange, type UninstallResult } from '../git/hooks.js';
import { uninstallAttributes, uninstallDriverConfig, type ChangeResult } from '../git/merge-config.js';
import { findRepo } from '../git/repo.js';
import type { Ctx, Result } from './context.js';

export interface UninstallData {
  root: string;
  hooks: HookChange<UninstallResult>[];
  mergeDriver: { attributes: ChangeResult; config: ChangeResult };
}

/**
 * Undoes what `init` added to git: our blocks in the hook files (every other byte stays), chained
 * hooks moved back, the merge driver's config and `.gitattributes` line. Memory files are data and
 * stay where they are.
 */
export async function uninstall(ctx: Ctx): Promise<Result<UninstallData>> {
  const repo = findRepo(ctx.cwd, ctx.env);
  const hooks = (await uninstallHooks(repo)).filter((h) => h.result !== 'absent');
  const mergeDriver = { attributes: uninstallAttributes(repo), config: await uninstallDriverConfig(repo) };
  return { data: { root: repo.root, hooks, mergeDriver }, warnings: [] };
}
