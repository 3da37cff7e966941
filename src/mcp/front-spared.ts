// How the sh front (front-sh.ts) hands the node front (front-entry.ts) what it read before it exec'd
// it: its own small file, so the node front loads none of what writes the sh front.
import type { Spared } from './front.js';

/** Set (to SPARED_FD) for the node front the sh front execs: what it read is on that fd. */
export const SPARED_ENV = 'GIT_MEMORY_MCP_SPARED';
export const SPARED_FD = 3;
/** The hand-off as the sh front writes it: the `initialize` line (empty: none), `1` or `0`, the pending line, each ending in a newline. */
export function parseSpared(bytes: Buffer): Spared {
  const a = bytes.indexOf(10);
  const b = a < 0 ? -1 : bytes.indexOf(10, a + 1);
  if (b < 0) throw new Error('the sh front handed over no state');
  const end = bytes[bytes.length - 1] === 10 ? bytes.length - 1 : bytes.length;
  const init = bytes.subarray(0, a);
  const pending = b + 1 <= end ? bytes.subarray(b + 1, end) : Buffer.alloc(0);
  return { init: init.length ? init : null, initialized: bytes.subarray(a + 1, b).toString() === '1', pending: pending.length ? pending : null };
}
