// SessionStart after a compaction: what the summary dropped, the hot files and the notes, after the
// primer. What PreCompact's worker prepared is read here, with no other module to load; only when it
// does not apply is the rest (the ledger, git's facts: compaction-hooks.ts) loaded and computed.
import type { Opened } from '../../commands/context.js';
import { fromPrepared, renderAfterCompact, type HookSession } from '../../commands/steps/compaction-prepared.js';
import type { AfterCompactInput } from '../../compact/after-compact.js';
import type { HookInput } from './input.js';
import { MAX_CONTEXT_CHARS } from './output.js';

/**
 * Loads compaction-hooks.ts's prepareAfterCompact: an import where all the hooks are one bundle, the
 * other bundle (agent-hooks.js) from session-start.js, which leaves that code out.
 */
export type LoadFullAfterCompact = () => Promise<(o: Opened, s: HookSession) => Promise<AfterCompactInput | null>>;

export interface AfterCompact {
  /** The additions within the room `primer` leaves under the agent's cap; '' when there is none. */
  render(primer: string): Promise<string>;
}

/**
 * Started before the primer is built: when nothing was prepared, the full computation's git call
 * overlaps the primer's work. Failures surface in render(), never before.
 */
export function startAfterCompact(agent: string, input: HookInput, o: Opened, loadFull: LoadFullAfterCompact): AfterCompact {
  const s = input.sessionId && input.transcriptPath ? { agent, sessionId: input.sessionId, transcriptPath: input.transcriptPath } : null;
  let prepared: Promise<AfterCompactInput | null>;
  try {
    const fast = s && fromPrepared(o, s);
    prepared = fast || !s ? Promise.resolve(fast) : loadFull().then((full) => full(o, s));
  } catch (e) {
    prepared = Promise.reject(e);
  }
  // Reported by render(); never an unhandled rejection meanwhile.
  prepared.catch(() => undefined);
  return {
    async render(primer) {
      const got = await prepared;
      // Room left under the agent's cap once the primer is in, less the cut note's.
      const room = MAX_CONTEXT_CHARS - primer.length - 200;
      return got && room > 200 ? renderAfterCompact(got, room) : '';
    },
  };
}
