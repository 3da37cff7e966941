// Membership in the kept lists of ids (response ids counted, Claude Code records taken): up to a few
// thousand ids, kept in the ledger's state and asked a few times per tool call. The tool-use hook
// reads the state at every call and asks about the handful of records just appended: a Set of the
// whole list, built at every call, cost more than the lookups (its allocation alone, some 250 KB
// at 4,000 ids, was what made the hook's garbage collector run on a long session and not on a
// short one). So a list is searched as it is for its first lookups, and indexed by a Set only once
// a read asks more (a whole transcript read at once). Same answers either way.
const SCANS = 32;

/** Per list: a Set of its ids once built, else the lookups made so far. */
const index = new WeakMap<readonly string[], Set<string> | number>();

/**
 * The older ids of a list the tool-use hook did not parse (kept-window.ts): one placeholder in
 * front of the list, standing for the `count` ids before `to` in its text (a list is only ever cut
 * at its front, so the ids it stands for are always the last ones). The text holds an id a line,
 * split only when an id is found in it. One element, not one per id: a list of thousands made at
 * every tool call cost more than the lookups (its growth at the first append, its garbage).
 */
export class ColdIds {
  private lines: string[] | null = null;
  constructor(
    private readonly text: string,
    readonly to: number,
    readonly count: number,
  ) {}

  /** Whether `id` is one of the ids this placeholder stands for. */
  holds(id: string): boolean {
    if (this.count <= 0 || id.includes('\n')) return false;
    if (this.text.indexOf(`\n${id}\n`) === -1) return false;
    this.lines ??= this.text.slice(1, -1).split('\n');
    return this.lines.lastIndexOf(id, this.to - 1) >= this.to - this.count;
  }

  /** The same text standing for its last `count` ids only. */
  last(count: number): ColdIds {
    const out = new ColdIds(this.text, this.to, Math.min(count, this.count));
    out.lines = this.lines;
    return out;
  }
}

const coldOf = (list: readonly unknown[]): ColdIds | null => (list[0] instanceof ColdIds ? list[0] : null);

/** How many ids a placeholder in front of `list` stands for (0: the list holds only ids). */
export const coldCount = (list: readonly unknown[]): number => coldOf(list)?.count ?? 0;

/** How many ids `list` holds, those a placeholder stands for included. */
export function listLength(list: readonly string[]): number {
  const cold = coldOf(list);
  return cold ? list.length - 1 + cold.count : list.length;
}

/** The last `keep` ids of `list`, as a new list (the oldest dropped). */
export function listKeep(list: readonly string[], keep: number): string[] {
  const cold = coldOf(list);
  const ids = cold ? list.slice(1) : list.slice();
  if (!cold || ids.length >= keep) return ids.slice(-keep);
  return [cold.last(keep - ids.length) as unknown as string, ...ids];
}

/** Whether `list` holds `id`. */
export function listHas(list: readonly string[], id: string): boolean {
  return hasHot(list, id) || !!coldOf(list)?.holds(id);
}

function hasHot(list: readonly string[], id: string): boolean {
  const got = index.get(list);
  if (typeof got === 'object') return got.has(id);
  const n = (got ?? 0) + 1;
  if (n > SCANS) {
    const set = new Set(list);
    index.set(list, set);
    return set.has(id);
  }
  index.set(list, n);
  return list.includes(id);
}

/** Appends `id` to `list` (kept in its index, when it has one). */
export function listAdd(list: string[], id: string): void {
  list.push(id);
  const got = index.get(list);
  if (typeof got === 'object') got.add(id);
}

/** `list` was changed in place otherwise (ids dropped): its index is built again when needed. */
export function listChanged(list: readonly string[]): void {
  index.delete(list);
}
