import type { Primer } from '../memory/primer.js';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { headCommit } from '../git/head.js';
import { PRIMER_REFRESH_FILE } from '../paths.js';
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
 * front door of `git memory primer` and of the MCP tool: it opens the repository, the step does the rest.
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

/** How long HEAD must rest before the refresh builds, and the longest it waits for that. */
const REFRESH_SETTLE_MS = 500;
const REFRESH_SETTLE_MAX_MS = 10_000;

/**
 * PRIMER.md rebuilt for a reader that runs no hooks (Aider, which reads it as a file when it starts):
 * the post-commit hook starts this in the background after a commit, so the next session sees it.
 * Only the gitignored PRIMER.md: a shared one (`[primer] commit = true`) is a tracked file, which a
 * refresh after every commit would leave modified; and never the session's start. The hook leaves
 * PRIMER_REFRESH_FILE while this runs, and commits meanwhile start no other refresh: this one builds
 * again while HEAD moved on, looking once more after taking the file away, so the last commit of a
 * burst is in PRIMER.md whichever process wrote it.
 */
export async function refreshPrimerFile(ctx: Ctx): Promise<{ written: boolean }> {
  const o = open(ctx);
  const marker = join(o.repo.stateDir, PRIMER_REFRESH_FILE);
  try {
    if (o.config.primer.commit) return { written: false };
    // A burst of commits (a script, a patch series) is built for once, when HEAD has rested a moment.
    for (let head = headCommit(o.repo), waited = 0; waited < REFRESH_SETTLE_MAX_MS; waited += REFRESH_SETTLE_MS) {
      await new Promise((resolve) => setTimeout(resolve, REFRESH_SETTLE_MS));
      const now = headCommit(o.repo);
      if (now === head) break;
      head = now;
    }
    let written = false;
    for (let round = 0; round < 20; round++) {
      const head = headCommit(o.repo);
      written = (await rebuildPrimer(o, { write: true, recordStart: false })).data.path !== null;
      rmSync(marker, { force: true });
      if (!written || headCommit(o.repo) === head) break;
    }
    return { written };
  } finally {
    rmSync(marker, { force: true });
  }
}
