/**
 * The must-keep digest (DESIGN §14): what PreCompact's must-keep list (compact/must-keep.ts) reads of
 * the older entries of the ledger's long lists, kept beside ledger.json whenever a hot state is cut
 * from it (advance.ts), under the same `gen`. PreCompact then reads on from the hot state, as the
 * tool-use hook does, and puts this digest in front of the hot entries instead of reading and
 * writing ledger.json whole. Each entry keeps its index in the whole list, so that entries a cap
 * dropped since from the lists' front (the hot state's stand-in count says how many are left) are
 * left out. mustKeep over the digest's entries followed by the hot ones gives what it gives over
 * the whole lists:
 * - user_messages: the last non-empty one and the last 9 non-empty instruction-like ones (the last
 *   request and the 8 instructions before it, whichever part the last request is in);
 * - commands: for each time (`at`), the last failed command at it (failedAt keeps the last), and for
 *   each command line its successes that are later than all of its later successes (the latest
 *   success over any tail of the list is one of them);
 * - errors: all of them (which is open depends on commands not yet read), `followed_by` only as
 *   whether there was one.
 */
import type { CommandRun, Ledger, ToolError, UserMessage } from './ledger.js';

/** Words of an instruction or a correction: "don't", "always", "use X instead", "不要"… (must-keep.ts). */
export const INSTRUCTION = /\b(don'?t|do not|never|always|must|instead|make sure|should(?:n'?t)?|wrong|actually|stop|prefer|only use|keep)\b|^no[,.! ]|不要|必须|别|应该|总是|不是|而是/i;

/** The instructions mustKeep lists before the last request. */
export const INSTRUCTIONS_KEPT = 8;

export const DIGEST_LISTS = ['user_messages', 'commands', 'errors'] as const;
export type DigestList = (typeof DIGEST_LISTS)[number];

export interface KeepDigest {
  user_messages: [number, UserMessage][];
  commands: [number, CommandRun][];
  errors: [number, ToolError][];
}

/** The digest of the first `ends[name]` entries of each list (those the hot state leaves in ledger.json). */
export function keepDigest(l: Pick<Ledger, DigestList>, ends: Record<DigestList, number>): KeepDigest {
  const user_messages: [number, UserMessage][] = [];
  let last = false;
  let instructions = 0;
  for (let i = Math.min(ends.user_messages, l.user_messages.length) - 1; i >= 0 && instructions <= INSTRUCTIONS_KEPT; i--) {
    const m = l.user_messages[i]!;
    if (!m.text.trim()) continue;
    const instruction = INSTRUCTION.test(m.text);
    if (instruction) instructions++;
    if (instruction || !last) user_messages.push([i, m]);
    last = true;
  }
  const commands: [number, CommandRun][] = [];
  const failedAt = new Set<string>();
  const latest = new Map<string, string>();
  for (let i = Math.min(ends.commands, l.commands.length) - 1; i >= 0; i--) {
    const c = l.commands[i]!;
    if (c.failed) {
      if (failedAt.has(c.at)) continue;
      failedAt.add(c.at);
    } else {
      const later = latest.get(c.command);
      if (later !== undefined && later >= c.at) continue;
      latest.set(c.command, c.at);
    }
    commands.push([i, { command: c.command, at: c.at, failed: c.failed, by_subagent: c.by_subagent }]);
  }
  const errors: [number, ToolError][] = [];
  for (let i = 0; i < Math.min(ends.errors, l.errors.length); i++) {
    const e = l.errors[i]!;
    errors.push([i, { tool: e.tool, message: e.message, at: e.at, followed_by: e.followed_by ? '1' : '' }]);
  }
  return { user_messages: user_messages.reverse(), commands: commands.reverse(), errors };
}

export const isKeepDigest = (v: unknown): v is KeepDigest =>
  typeof v === 'object' && v !== null && DIGEST_LISTS.every((n) => Array.isArray((v as any)[n]) && (v as any)[n].every((x: unknown) => Array.isArray(x) && typeof x[0] === 'number' && typeof x[1] === 'object' && x[1] !== null));

/**
 * `ledger` (read on from a hot state: each list's older entries are `standIn`s in front) with each
 * digest list's stand-ins replaced by the digest's entries still in the whole list: those from
 * index `end - (stand-ins left)` on, `end` being where the hot state was cut from ledger.json.
 * Null when a stand-in is found anywhere else.
 */
export function digestView(ledger: Ledger, digest: KeepDigest, ends: Partial<Record<DigestList, number>>, standIn: object): Ledger | null {
  const out: Ledger = { ...ledger };
  for (const name of DIGEST_LISTS) {
    const list = ledger[name] as unknown[];
    let n = 0;
    while (n < list.length && list[n] === standIn) n++;
    const end = ends[name] ?? 0;
    if (n > end) return null;
    const hot = list.slice(n);
    if (hot.includes(standIn)) return null;
    const from = end - n;
    const older = (digest[name] as [number, unknown][]).filter(([i]) => i >= from && i < end).map(([, e]) => e);
    (out as any)[name] = older.concat(hot);
  }
  return out;
}
