// The part of a session past what a session file written from its transcript covered: what the
// automatic end records as a follow-up when a session it recorded goes on (a later turn's Stop for
// Codex, a resume for Claude Code). Pure.
import type { Covered } from '../git/session-ended.js';
import type { Ledger } from './ledger.js';

/** How far a session file written from `ledger` reaches: its user messages and the last one's time. */
export function coveredBy(ledger: Ledger): Covered {
  return { messages: ledger.user_messages.length, last: ledger.user_messages.at(-1)?.at ?? '' };
}

/**
 * The index in `ledger.user_messages` of the first message past `covered` (their length when none
 * is): the covered last message is found again by its time, as the ledger keeps only the last 200;
 * when it is gone, every later message is new.
 */
export function firstNewMessage(ledger: Ledger, covered: Covered): number {
  const messages = ledger.user_messages;
  if (!covered.last) return Math.min(covered.messages, messages.length);
  for (let i = messages.length - 1; i >= 0; i--) if (messages[i]!.at === covered.last) return i + 1;
  const later = messages.findIndex((m) => m.at > covered.last);
  return later < 0 ? messages.length : later;
}

/**
 * The ledger of the turns from user message `from` on: their messages and turns, and the commands,
 * errors, compactions and files of their time. A file only read in them (edited earlier) counts as
 * read, so "files changed" names what they changed. The todo list is the current one.
 */
export function ledgerFrom(ledger: Ledger, from: number): Ledger {
  const count = ledger.user_messages.length - from;
  const since = ledger.user_messages[from]?.at ?? '';
  // A turn starts with each user message: the last `count` turns are theirs.
  const turns = count > 0 ? ledger.turns.slice(Math.max(0, ledger.turns.length - count)) : [];
  const after = (at: string) => count > 0 && (!since || at >= since);
  const edited = new Set(turns.flatMap((t) => t.edited));
  return {
    ...ledger,
    user_messages: ledger.user_messages.slice(from),
    turns,
    commands: ledger.commands.filter((c) => after(c.at)),
    errors: ledger.errors.filter((e) => after(e.at)),
    compactions: ledger.compactions.filter((c) => after(c.at)),
    files: ledger.files.filter((f) => after(f.last)).map((f) => (edited.has(f.path) ? f : { ...f, edits: 0, writes: 0, last_op: 'read' as const })),
    started: since || ledger.started,
  };
}
