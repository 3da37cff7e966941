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
 * The older ids of a list the tool-use hook did not parse (kept-window.ts): the list starts with
 * this one placeholder, repeated for each, in place of `ids.slice(to - count, to)` (a list is only
 * ever cut at its front, so the placeholders left are always the last ones). The ids come as one
 * text, a line each, split only when an id is found in it.
 */
export class ColdIds {
  private lines: string[] | null = null;
  constructor(
    private readonly text: string,
    readonly to: number,
  ) {}

  /** Whether `id` is one of the `count` last ids before `to`. */
  holds(id: string, count: number): boolean {
    if (count <= 0 || id.includes('\n')) return false;
    const at = this.text.indexOf(`\n${id}\n`);
    if (at === -1) return false;
    this.lines ??= this.text.slice(1, -1).split('\n');
    return this.lines.lastIndexOf(id, this.to - 1) >= this.to - count;
  }
}

/** How many placeholders `list` starts with (0 when it holds only ids): halved, not walked (thousands, asked at each lookup). */
export function coldCount(list: readonly unknown[]): number {
  const first = list[0];
  if (!(first instanceof ColdIds)) return 0;
  let lo = 1;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (list[mid] === first) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Whether `list` holds `id`. */
export function listHas(list: readonly string[], id: string): boolean {
  if (hasHot(list, id)) return true;
  const cold = (list as readonly unknown[])[0];
  return cold instanceof ColdIds && cold.holds(id, coldCount(list));
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
