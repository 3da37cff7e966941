import type { LongTermDoc, LongTermEntry } from './long-term.js';

/** Two lines are one entry when section and text agree (case and spacing aside). */
const keyOf = (e: LongTermEntry) => `${e.section}\0${e.text.toLowerCase().replace(/\s+/g, ' ').trim()}`;
const union = (a: string[], b: string[]) => [...new Set([...a, ...b])];
const later = (a?: string, b?: string) => ((a ?? '') >= (b ?? '') ? a : b);
const sameEntry = (a: LongTermEntry, b: LongTermEntry) => JSON.stringify(a) === JSON.stringify(b);

/** One entry both sides have: provenance joined, the later date (and its commit) kept. */
function joinEntry(a: LongTermEntry, b: LongTermEntry): LongTermEntry {
  const newer = (b.date ?? '') > (a.date ?? '') ? b : a;
  const out: LongTermEntry = { ...a, sessions: union(a.sessions, b.sessions), files: union(a.files, b.files) };
  const date = later(a.date, b.date);
  if (date) out.date = date;
  if (newer.at) out.at = newer.at;
  const seen = Math.max(a.seen ?? 1, b.seen ?? 1, out.sessions.length);
  if (seen > 1) out.seen = seen;
  else delete out.seen;
  return out;
}

/**
 * Three-way merge of MEMORY.md by entry: every entry of either side is kept, except one a side
 * deleted while the other left it as the base had it (a dream that dropped or replaced it). An
 * entry both sides have is kept once with both sides' sessions and files. `base` null (unknown):
 * nothing counts as deleted. Ours come first in each section, then theirs that are new. Pure.
 */
export function mergeLongTerm(base: LongTermDoc | null, ours: LongTermDoc, theirs: LongTermDoc): LongTermDoc {
  const b = new Map((base?.entries ?? []).map((e) => [keyOf(e), e]));
  const t = new Map(theirs.entries.map((e) => [keyOf(e), e]));
  const o = new Set(ours.entries.map(keyOf));
  const out: LongTermEntry[] = [];
  for (const mine of ours.entries) {
    const k = keyOf(mine);
    const other = t.get(k);
    const old = b.get(k);
    if (other) out.push(joinEntry(mine, other));
    else if (!old || !sameEntry(old, mine)) out.push(mine); // added here, or changed here while dropped there
  }
  for (const other of theirs.entries) {
    const k = keyOf(other);
    if (o.has(k)) continue;
    const old = b.get(k);
    if (old && sameEntry(old, other)) continue; // dropped here, untouched there
    out.push(other);
  }
  // Both sides' dreams took their sessions in: the merge has taken in the union.
  const through = ours.through || theirs.through ? { commits: union(ours.through?.commits ?? [], theirs.through?.commits ?? []), sessions: union(ours.through?.sessions ?? [], theirs.through?.sessions ?? []) } : undefined;
  return through ? { lang: ours.lang, entries: out, through } : { lang: ours.lang, entries: out };
}

/** An entry named in what `resolve` says about the working tree. */
export interface NamedEntry {
  section: LongTermEntry['section'];
  text: string;
}

/** The merge with what the working tree's MEMORY.md held beyond git's versions, and what was kept of it. */
export interface WorktreeEntries {
  doc: LongTermDoc;
  /** Entries in the working tree that no version in the index has (a new or reworded line): added. */
  added: NamedEntry[];
  /** Entries whose working-tree line is none of the index's (its sessions or files edited): that line kept. */
  edited: NamedEntry[];
  /** Entries a side dropped that a hand resolution (no markers) kept: kept. */
  restored: NamedEntry[];
  /** Entries of the merge the working tree does not have (deleted or reworded by hand?): kept, to be safe. */
  missing: NamedEntry[];
}

/**
 * MEMORY.md's counterpart of withWorktreeTasks (tasks-worktree.ts), for `resolve` during a merge:
 * `merged` is the merge of git's versions `stages`, `worktree` the working-tree file (or each side
 * of its conflict markers, `markers`). An entry is matched by section and text: one in no stage is
 * added, one whose line differs from every stage's takes the merged one's place, one a side dropped
 * stays dropped where the markers are git's and is kept where the file was resolved by hand; a
 * merged entry the file lacks is kept and listed in `missing`. Pure.
 */
export function withWorktreeEntries(merged: LongTermDoc, stages: LongTermDoc[], worktree: LongTermDoc[], markers: boolean): WorktreeEntries {
  const result = merged.entries.map((e) => ({ ...e }));
  const staged = stages.flatMap((s) => s.entries);
  const stageKeys = new Set(staged.map(keyOf));
  const out: Omit<WorktreeEntries, 'doc' | 'missing'> = { added: [], edited: [], restored: [] };
  const seen = new Set<string>();
  const changed = new Set<string>();
  const named = (e: LongTermEntry): NamedEntry => ({ section: e.section, text: e.text });
  for (const side of worktree) {
    let after = -1;
    for (const w of side.entries) {
      const k = keyOf(w);
      const at = result.findIndex((e) => keyOf(e) === k);
      const fromGit = staged.some((e) => keyOf(e) === k && sameEntry(e, w));
      if (at >= 0) {
        seen.add(k);
        if (!fromGit && !sameEntry(result[at]!, w) && !changed.has(k)) {
          result[at] = { ...w };
          changed.add(k);
          out.edited.push(named(w));
        }
        after = at;
        continue;
      }
      if (fromGit && markers) continue; // a line git has that the merge dropped (a side dropped it)
      result.splice(after + 1, 0, { ...w });
      after += 1;
      seen.add(k);
      changed.add(k);
      (fromGit ? out.restored : stageKeys.has(k) ? out.edited : out.added).push(named(w));
    }
  }
  const missing = result.filter((e) => !seen.has(keyOf(e))).map(named);
  return { doc: { lang: merged.lang, entries: result }, ...out, missing };
}
