import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { headCommit } from '../git/head.js';
import { PRIMER_REFRESH_FILE } from '../paths.js';
import { open, type Ctx, type Result } from './context.js';
import type { PrimerData } from './primer.js';
import { rebuildPrimer, type RebuildOptions } from './steps/rebuild-primer.js';

// The primer at a session's start and PRIMER.md's refresh after a commit: what the lean primer
// bundle (cli/lean/primer.ts, loaded at every session start) runs. Apart from commands/primer.ts,
// whose `--for resume|compact` brings in the compaction steps and the transcript readers (a third
// of that bundle, read and deserialised at every start for a briefing that never uses them).

/**
 * Builds the briefing for a new session; writes PRIMER.md and records the session start (unless
 * `opts` say not to): the primer handler's answer without `for`, byte for byte.
 */
export async function primerStart(ctx: Ctx, opts: RebuildOptions): Promise<Result<PrimerData>> {
  const o = open(ctx);
  const built = await rebuildPrimer(o, opts);
  return { data: built.data, warnings: [...o.warnings, ...built.warnings] };
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
