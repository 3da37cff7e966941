import type { Primer } from '../memory/primer.js';
import { open, type Ctx, type Result } from './context.js';
import { rebuildPrimer, type PrimerUnwritten, type RebuildOptions } from './steps/rebuild-primer.js';

/** Which start the briefing is for: a new session, a resumed one, or one going on after a compaction. */
export type PrimerFor = 'start' | 'resume' | 'compact';

export interface PrimerOptions extends RebuildOptions {
  /** Beyond `start`, what the SessionStart hook adds for that source (and PRIMER.md is not written). */
  for?: PrimerFor;
}

export interface PrimerData extends Primer {
  path: string | null;
  unwritten?: PrimerUnwritten;
  /** The window's days, its sessions, and how many session files were read for it (the newest: see primer-window.ts). */
  window: { from: string; to: string; sessions: number; read?: number };
  /** With `for` resume or compact: what the agent gets after the primer (in `markdown` too); '' when nothing. */
  added?: string;
  for?: PrimerFor;
}

/**
 * Builds the briefing for the next session; writes PRIMER.md and records the session start. The
 * front door of `git memory primer` and of the MCP tool: it opens the repository, the step does the
 * rest. With `for` resume or compact, PRIMER.md is not written and what the SessionStart hook adds
 * for that source follows the briefing; without, it is what primer-start.ts does for the lean path.
 */
export async function primer(ctx: Ctx, opts: PrimerOptions): Promise<Result<PrimerData>> {
  const o = open(ctx);
  const goesOn = opts.for === 'resume' || opts.for === 'compact';
  const built = await rebuildPrimer(o, goesOn ? { ...opts, write: false, recordStart: false } : opts);
  const warnings = [...o.warnings, ...built.warnings];
  if (!goesOn) return { data: built.data, warnings };
  // What the SessionStart hook adds for this source, from the same steps (hook/agent/session-start.ts).
  const { sessionAdditions } = await import('./steps/session-additions.js');
  const added = await sessionAdditions(o, opts.for as 'resume' | 'compact', built.data.markdown, warnings);
  return { data: { ...built.data, markdown: built.data.markdown + added, added, for: opts.for }, warnings };
}
