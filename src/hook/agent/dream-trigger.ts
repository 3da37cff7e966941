import { dreamDue } from '../../dream/due.js';
import { dreamRunning } from '../../dream/state.js';
import { operationInProgress } from '../../git/repo.js';
import type { Opened } from '../../commands/context.js';

/**
 * At session start: when a dream is due (seed 003's triggers, from the dream state and the
 * journal's day names: no git process), not running, and no merge or rebase is under way, returns
 * the worker's arguments; the hook starts it detached and returns at once. Never throws: a memory
 * problem must not delay or fail the session.
 */
export function dreamToStart(o: Opened): string[] | null {
  try {
    if (!o.config.dream.enabled || operationInProgress(o.repo) || dreamRunning(o.repo)) return null;
    return dreamDue(o.repo, o.config.dream, o.now).due ? ['dream', '--background'] : null;
  } catch {
    return null;
  }
}
