import type { Primer } from '../memory/primer.js';
import { open, type Ctx, type Result } from './context.js';
import { rebuildPrimer, type PrimerUnwritten, type RebuildOptions } from './steps/rebuild-primer.js';

export type PrimerOptions = RebuildOptions;

export interface PrimerData extends Primer {
  path: string | null;
  unwritten?: PrimerUnwritten;
  window: { from: string; to: string; sessions: number };
}

/**
 * Builds the briefing for the next session; writes PRIMER.md and records the session start. The
 * front door of `git memory primer` and of the MCP tool: it opens the repository, the step does the rest.
 */
export async function primer(ctx: Ctx, opts: PrimerOptions): Promise<Result<PrimerData>> {
  const o = open(ctx);
  const built = await rebuildPrimer(o, opts);
  return { data: built.data, warnings: [...o.warnings, ...built.warnings] };
}
