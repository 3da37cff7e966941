import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { headCommit } from '../../git/head.js';
import { fsErrorWords, UsageError } from '../../errors.js';
import { recordSessionStart } from '../../git/session-state.js';
import { reflogSize } from '../../git/session-commits.js';
import { operationInProgress } from '../../git/repo.js';
import { writeAtomic } from '../../fs/atomic.js';
import { MEMORY_DIR, MEMORY_GITIGNORE, PRIMER_FILE } from '../../paths.js';
import { mark } from '../../trace.js';
import { symlinkMessage, symlinkOnPath } from '../../worktree-path.js';
import type { Opened, Result } from '../context.js';
import type { PrimerData } from '../primer.js';
import { gatherPrimer, type ReadingKeeper } from './gather-primer.js';
import { builtPrimer, keptAnswerMayServe } from './kept-primer.js';
import { readingKeeper } from './kept-reading.js';
import { primerOptions } from './primer-options.js';
import { worktreeSource } from './worktree-source.js';

/** Why PRIMER.md was not written when asked to be: a linked memory folder, no `init`, a shared one during a git operation, or a file system that refused the write (read-only, full). */
export type PrimerUnwritten = 'link' | 'uninitialised' | 'operation' | 'unwritable';

export interface RebuildOptions {
  maxTokens?: number;
  days?: number;
  /** Write PRIMER.md (default true). */
  write?: boolean;
  /** Remember HEAD as the next session's base (default true; not when rebuilt after `end`). */
  recordStart?: boolean;
  /** The agent session whose start this is: recorded with it, so that another session's end leaves it (git/session-state.ts). */
  session?: string;
  /**
   * Lets waiting I/O callbacks run between reading and building (`end`: its commit's git processes
   * move a step while the primer is built).
   */
  yieldMidway?: boolean;
  /** A write that fails is an error (`end`: its commit must not go on without the primer), not a warning. */
  mustWrite?: boolean;
  /** Every item left out is wanted (`--explain`): built, never the kept answer, which lists none (kept-primer.ts). */
  explain?: boolean;
}

function positive(name: string, v: number | undefined): number | undefined {
  if (v === undefined) return undefined;
  if (!Number.isInteger(v) || v < 1) throw new UsageError(`--${name} must be a positive whole number, found ${v}`);
  return v;
}

/**
 * Builds the briefing for the next session from the repository the caller opened; writes PRIMER.md
 * and records the session start. `end`, `tasks`, `resolve`, agent setup and the agent hook call it
 * after their own change, so none of them finds the repository or loads the config a second time.
 * The warnings are the primer's own: the caller already has the opened repository's.
 */
export async function rebuildPrimer(o: Opened, opts: RebuildOptions): Promise<Result<PrimerData>> {
  const maxTokens = positive('max-tokens', opts.maxTokens) ?? o.config.primer.max_tokens;
  const days = positive('days', opts.days) ?? o.config.primer.days;
  const options = primerOptions(o.config, maxTokens);
  // The kept reading, and what the kept answer was made from: while git answers, the items are made ahead only where it does not answer.
  const keeper: ReadingKeeper = { ...readingKeeper(o), answerKept: (input, upTo) => !opts.explain && keptAnswerMayServe(o.repo.stateDir, input, options, upTo) };
  const got = await gatherPrimer(worktreeSource(o, o.cwd), o.now, days, maxTokens, keeper);
  mark('primer: files and git read');
  // Two turns of the event loop: a git process that exited gets its output read and closed.
  if (opts.yieldMidway) for (let turn = 0; turn < 2; turn++) await new Promise((resolve) => setImmediate(resolve));
  const built = await builtPrimer(o.repo.stateDir, got.input, options, opts.explain);
  mark('primer: built');
  // Items are trimmed to fit; only the header (project, provenance) can be left over the cap.
  const warnings = [...got.warnings];
  if (built.tokens > maxTokens) {
    const need = `the ${built.tokens} tokens the primer's header needs here`;
    if (opts.maxTokens !== undefined) throw new UsageError(`the token cap ${maxTokens} is below ${need}; use at least ${built.tokens}`);
    warnings.push(`primer.max_tokens (${maxTokens}) is below ${need}: the primer is ${built.tokens} tokens`);
  }
  let path: string | null = null;
  // A linked memory directory would take PRIMER.md out of the repository: the primer is still
  // shown, only not written (this runs at session start, which must not fail).
  const link = opts.write !== false && symlinkOnPath(o.repo.root, PRIMER_FILE, false);
  if (link) warnings.push(`${PRIMER_FILE} not written: ${symlinkMessage(link)}`);
  // Only an initialised repository gets PRIMER.md: the memory .gitignore `init` writes keeps it out
  // of commits (an `end` without `init` makes the memory folder, not the .gitignore, and an
  // untracked PRIMER.md there went into the next `git add -A`). A shared PRIMER.md ([primer]
  // commit = true) needs no .gitignore, only the folder; it is a tracked file: not rewritten while a
  // git operation is in progress (a rebase's --continue refuses a modified tracked file); the next
  // `end` after it writes it.
  let unwritten: PrimerUnwritten | undefined;
  if (opts.write === false) unwritten = undefined;
  else if (link) unwritten = 'link';
  else if (!existsSync(join(o.repo.root, o.config.primer.commit ? MEMORY_DIR : MEMORY_GITIGNORE))) unwritten = 'uninitialised';
  else if (o.config.primer.commit && operationInProgress(o.repo)) unwritten = 'operation';
  else {
    // A git directory (or disk) that cannot be written (an agent sandbox mounting .git read-only, a
    // full disk): the primer is still shown, from what could be read; only PRIMER.md and the
    // session's start are not kept, and that is said.
    try {
      writeAtomic(o.repo.stateDir, join(o.repo.root, PRIMER_FILE), built.markdown, { durable: false });
      path = PRIMER_FILE;
      if (opts.recordStart !== false) {
        // The full id where git's files say it (the session's base is recorded whole: see write-session).
        const abbreviated = got.input.git.head;
        const full = abbreviated ? headCommit(o.repo) : null;
        const head = full && abbreviated && full.startsWith(abbreviated) ? full : abbreviated;
        const reflogAt = reflogSize(o.repo);
        recordSessionStart(o.repo.stateDir, { head, at: got.input.generatedAt, ...(reflogAt !== null ? { reflogAt } : {}), ...(opts.session ? { session: opts.session } : {}) });
      }
    } catch (e) {
      const words = fsErrorWords(e);
      if (!words || opts.mustWrite) throw e;
      unwritten = 'unwritable';
      const err = e as NodeJS.ErrnoException & { dest?: string };
      warnings.push(`${path ? 'the session start was not recorded' : `${PRIMER_FILE} not written`} (${words}: ${err.dest ?? err.path ?? err.message}); the primer is shown from what could be read`);
    }
  }
  mark('primer: written');
  return { data: { ...built, path, ...(unwritten ? { unwritten } : {}), window: got.window }, warnings };
}
