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

/**
 * For a served start's script (kept-start.ts), which runs no node: the second (Unix time) from which
 * a dream may be due, so that node, beside the agent, looks then (dreamToStart decides, as at every
 * start); '0' when it may be due now, '' when it cannot become due while what the primer is made of
 * (the journal, the dream's commit) stays as it is: no session since the last dream, or dreams off.
 * Only the time since the newest session moves without a file changing (seed 003's idle trigger).
 */
export function dreamCheckAt(o: Opened): string {
  try {
    if (!o.config.dream.enabled) return '';
    const d = dreamDue(o.repo, o.config.dream, o.now);
    if (d.due) return '0';
    if (!d.sessions || d.idleHours === null) return '';
    // A second early at most (floor): node decides exactly.
    return String(Math.max(0, Math.floor((o.now.getTime() + (o.config.dream.idle_hours - d.idleHours) * 3_600_000) / 1000)));
  } catch {
    return '0';
  }
}
