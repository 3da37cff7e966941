/**
 * The kept ledger state as the tool-use hook reads and writes it (advance.ts): its long lists cut to
 * their newest entries, so that a call costs the same at the 1,000th tool call as at the 10th. The
 * whole state stays in ledger.json, written at the natural pauses; the hook keeps beside it a small
 * "hot" state holding everything else and, for each long list, its newest entries and the range of
 * the whole list's entries they follow. Whole = cold.slice(from, to) followed by the hot entries.
 *
 * In memory, an older entry the hook did not parse is a stand-in: an object whose every use (a
 * property read or write, a key listing, a copy) marks the read spoilt; the older ids (response
 * ids, Claude Code uuids) are one ColdIds placeholder answered from their text (id-list.ts). The
 * lists keep their true lengths (an id list's placeholder counts for the ids it stands for), so
 * capped lists drop, and absolute indices point, as they do in the whole state. A read
 * that touched a stand-in is thrown away and done again on the whole state: the answers are always
 * those of the whole state.
 */
import type { BuildState } from './build.js';
import { ColdIds, coldCount } from './id-list.js';

/** The lists cut: the ledger's capped lists, the response ids counted, the Claude Code records taken. */
const ENTRY_LISTS = ['commands', 'errors', 'user_messages', 'turns', 'compactions'] as const;
type ListName = (typeof ENTRY_LISTS)[number] | 'known' | 'done';
export type Windows = Partial<Record<ListName, [from: number, to: number]>>;

/** The older ids of the cut id lists, a line each (what ColdIds reads). */
export interface ColdIdText {
  known?: string;
  done?: string;
}

function lists(s: BuildState): Partial<Record<ListName, unknown[]>> {
  return {
    ...Object.fromEntries(ENTRY_LISTS.map((n) => [n, s.ledger[n]])),
    ...(s.known ? { known: s.known } : {}),
    ...(s.claude ? { done: s.claude.done } : {}),
  };
}

/** A copy of `s` (shallow where unchanged) with `cut` lists replaced. */
function withLists(s: BuildState, cut: Partial<Record<ListName, unknown[]>>): BuildState {
  const ledger = { ...s.ledger };
  for (const n of ENTRY_LISTS) if (cut[n]) (ledger as any)[n] = cut[n];
  const out: BuildState = { ...s, ledger };
  if (cut.known) out.known = cut.known as string[];
  if (cut.done && s.claude) out.claude = { ...s.claude, done: cut.done as string[] };
  return out;
}

/**
 * Splits a whole state for the hook: every list keeps its `keep` newest entries. Id lists holding
 * an id with a line break are left whole (their text could not be told apart).
 */
export function splitState(s: BuildState, keep: number): { state: BuildState; windows: Windows; ids: ColdIdText } {
  const windows: Windows = {};
  const ids: ColdIdText = {};
  const cut: Partial<Record<ListName, unknown[]>> = {};
  for (const [name, list] of Object.entries(lists(s)) as [ListName, unknown[]][]) {
    const to = Math.max(0, list.length - keep);
    if (name === 'known' || name === 'done') {
      const old = list.slice(0, to) as string[];
      if (old.some((id) => typeof id !== 'string' || id.includes('\n'))) continue;
      ids[name] = `\n${old.join('\n')}\n`;
    }
    windows[name] = [0, to];
    cut[name] = list.slice(to);
  }
  const state = withLists(s, cut);
  // Worked out on the whole list, as the first read of the whole state would (claude.ts order()).
  if (state.claude && state.claude.legacy === undefined) state.claude = { ...state.claude, legacy: s.claude!.done.some((k) => k.length === 12) };
  return { state, windows, ids };
}

/** The read of a cut state touched an older entry it does not hold: it must be done on the whole state. */
export class ColdEntryTouched extends Error {
  constructor() {
    super('an older ledger entry was needed');
  }
}

/**
 * The cut state the hook reads on: each cut list with its stand-ins in front. `touched()` says
 * whether anything used a stand-in (the read is then done again on the whole state).
 */
export function windowedState(s: BuildState, windows: Windows, ids: () => ColdIdText): { state: BuildState; touched: () => boolean; standIn: object } | null {
  let touched = false;
  const spoil = (): never => {
    touched = true;
    throw new ColdEntryTouched();
  };
  const stand = new Proxy(Object.create(null) as object, {
    get: spoil, set: spoil, has: spoil, ownKeys: spoil, getOwnPropertyDescriptor: spoil, defineProperty: spoil,
    deleteProperty: spoil, getPrototypeOf: spoil, setPrototypeOf: spoil, isExtensible: spoil, preventExtensions: spoil,
  });
  const now = lists(s);
  const cut: Partial<Record<ListName, unknown[]>> = {};
  for (const [name, range] of Object.entries(windows) as [ListName, [number, number]][]) {
    const hot = now[name];
    if (!hot) return null;
    const count = range[1] - range[0];
    if (!count) continue;
    if (name === 'known' || name === 'done') {
      const text = ids()[name];
      if (text === undefined) return null;
      cut[name] = [new ColdIds(text, range[1], count), ...hot];
    } else cut[name] = new Array<unknown>(count).fill(stand).concat(hot);
  }
  return { state: withLists(s, cut), touched: () => touched, standIn: stand };
}

/**
 * The hot form of a state read on from windowedState: its lists without their stand-ins, and the
 * ranges of the older entries still in front of them (a list is only ever cut at its front). Null
 * when a stand-in is found anywhere else.
 */
export function hotForm(s: BuildState, windows: Windows, standIn: object): { state: BuildState; windows: Windows; entries: number } | null {
  const out: Windows = {};
  const cut: Partial<Record<ListName, unknown[]>> = {};
  let entries = 0;
  const now = lists(s);
  for (const [name, range] of Object.entries(windows) as [ListName, [number, number]][]) {
    const list = now[name];
    if (!list) return null;
    const ids = name === 'known' || name === 'done';
    let count = ids ? coldCount(list) : 0;
    if (!ids) while (count < list.length && list[count] === standIn) count++;
    if (count > range[1] - range[0]) return null;
    const hot = list.slice(ids && count ? 1 : count);
    if (hot.some((e) => (ids ? typeof e !== 'string' : e === standIn))) return null;
    out[name] = [range[1] - count, range[1]];
    cut[name] = hot;
    entries += hot.length;
  }
  return { state: withLists(s, cut), windows: out, entries };
}

/**
 * A deep copy of a state read on from windowedState, its stand-ins and placeholders kept as they
 * are (structuredClone would refuse the one and lose the other's class).
 */
export function copyWindowed<T>(v: T, standIn: object): T {
  if (typeof v !== 'object' || v === null || v === standIn || v instanceof ColdIds) return v;
  if (Array.isArray(v)) return v.map((x) => copyWindowed(x, standIn)) as T;
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(v)) out[k] = copyWindowed(x, standIn);
  return out as T;
}

/** The whole state: the cold lists' ranges put back in front of the hot entries. Null when they do not fit. */
export function mergeState(hot: BuildState, windows: Windows, cold: BuildState): BuildState | null {
  const old = lists(cold);
  const now = lists(hot);
  const whole: Partial<Record<ListName, unknown[]>> = {};
  for (const [name, range] of Object.entries(windows) as [ListName, [number, number]][]) {
    const from = old[name];
    const hotList = now[name];
    const [a, b] = range;
    if (!from || !hotList || !Number.isInteger(a) || !Number.isInteger(b) || a < 0 || a > b || b > from.length) return null;
    whole[name] = from.slice(a, b).concat(hotList);
  }
  return withLists(hot, whole);
}
