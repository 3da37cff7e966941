import { git } from './git.js';
import { unquotePath } from './quoted-path.js';

const RS = '\x1e';
const US = '\x1f';
const FULL = /^[0-9a-f]{40}$|^[0-9a-f]{64}$/;
const HEX = /^[0-9a-f]{4,64}$/;

/** A commit a session names, with what the session knows to tell an abbreviated id apart. */
export interface WantedCommit {
  sha: string;
  /** When the session that names it was written (ms since the epoch; its local time read as UTC). */
  at?: number;
  /** The branch the session was on. */
  branch?: string;
}

/** An id no commit could be found for, and why. */
export interface UnresolvedCommit {
  sha: string;
  /** `ambiguous`: several commits start with it and the session's date and branch did not choose; `missing`: none does. */
  why: 'ambiguous' | 'missing';
}

export interface CommitFiles {
  /** Keys are the ids as given (short ones too). */
  found: Map<string, { sha: string; files: string[] }>;
  unresolved: UnresolvedCommit[];
}

/** Commits are looked for this long before the session that names them (and a day after: local times). */
const LOOK_BACK_MS = 30 * 86_400_000;
const LOOK_AHEAD_MS = 86_400_000;

/**
 * The files each wanted commit touched. Full ids are looked up as they are; an abbreviated id (old
 * sessions recorded 7 characters) is resolved by git when it names one object, and otherwise among
 * the commits made near the session's time, on its branch first. Every step is one git call for all
 * ids and a hash lookup per line git prints: linear in the ids (it compared each printed commit with
 * each id, which took 6 minutes at 75k ids). An id that stays unresolved is returned as such, never
 * dropped without a word.
 */
export async function commitFiles(cwd: string, wantedIn: readonly (string | WantedCommit)[]): Promise<CommitFiles> {
  const wanted = new Map<string, WantedCommit>();
  for (const w of wantedIn) {
    const c = typeof w === 'string' ? { sha: w } : w;
    const sha = c.sha.toLowerCase();
    if (HEX.test(sha) && !wanted.has(sha)) wanted.set(sha, { ...c, sha });
  }
  const found: CommitFiles['found'] = new Map();
  const unresolved: UnresolvedCommit[] = [];
  if (!wanted.size) return { found, unresolved };

  // Full ids as given; abbreviated ones through git's own lookup (one answer line per input line).
  const full = new Map<string, string>(); // given id → full id
  for (const s of wanted.keys()) if (FULL.test(s)) full.set(s, s);
  // An abbreviated id of a commit also named in full (a session's base is often another's commit):
  // found by binary search in the sorted full ids, without asking git.
  const sorted = [...full.keys()].sort();
  const short = [...wanted.keys()].filter((s) => {
    if (FULL.test(s)) return false;
    const i = lowerBound(sorted, s);
    const hit = sorted[i]?.startsWith(s) && !sorted[i + 1]?.startsWith(s) ? sorted[i] : undefined;
    if (hit) full.set(s, hit);
    return !hit;
  });
  if (short.length) {
    // Resolved among the commits made near their session's time (one walk for all), then by git's
    // own lookup for those none of them starts with. The same answers as asking git first (an id
    // git finds alone names the one commit of the walk it starts, or one outside it), without
    // git's lookup of every abbreviated id: 3.6 s of CPU for 75k of them.
    const chosen = await resolveNear(cwd, short.map((s) => wanted.get(s)!));
    const none = short.filter((s) => chosen.get(s) === 'missing');
    const out = none.length ? ((await git(['cat-file', '--batch-check=%(objectname) %(objecttype)'], { cwd, input: `${none.join('\n')}\n`, allowFail: true })) ?? '') : '';
    const lines = out.split('\n');
    none.forEach((s, i) => {
      const [id, type] = (lines[i] ?? '').split(' ');
      if (type === 'commit' && id && id.startsWith(s)) chosen.set(s, id);
    });
    for (const s of short) {
      const got = chosen.get(s);
      if (got === undefined || got === 'ambiguous' || got === 'missing') unresolved.push({ sha: s, why: got ?? 'missing' });
      else full.set(s, got);
    }
  }

  const files = await filesOf(cwd, [...new Set(full.values())]);
  for (const [given, sha] of full) {
    const f = files.get(sha);
    if (f) found.set(given, { sha, files: f });
    else unresolved.push({ sha: given, why: 'missing' });
  }
  return { found, unresolved };
}

/** The first index of `sorted` whose value is not below `key`. */
function lowerBound(sorted: readonly string[], key: string): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The files each commit touched (keyed by full id); commits git does not have are left out. */
async function filesOf(cwd: string, shas: string[]): Promise<Map<string, string[]>> {
  const files = new Map<string, string[]>();
  if (!shas.length) return files;
  const out = await git(['log', '--no-walk=unsorted', '--ignore-missing', '--no-renames', '--name-only', `--format=${RS}%H${US}`, '--stdin', '--'], { cwd, input: `${shas.join('\n')}\n`, allowFail: true });
  for (const chunk of (out ?? '').split(RS)) {
    if (!chunk.trim()) continue;
    const [sha, rest = ''] = chunk.split(US) as [string, string?];
    files.set(sha.trim(), rest.split('\n').map((f) => unquotePath(f.trim())).filter(Boolean));
  }
  return files;
}

/** The earliest and latest of some times, null for none (a loop: spreading 368k of them into Math.min overflows the stack). */
export function span(times: readonly number[]): { min: number; max: number } | null {
  if (!times.length) return null;
  let min = times[0]!;
  let max = min;
  for (const t of times) {
    if (t < min) min = t;
    if (t > max) max = t;
  }
  return { min, max };
}

/**
 * Abbreviated ids git could not resolve alone (several objects start with them, or none does),
 * resolved among the commits made near their session's time: a full id, or why not. One walk over
 * that time span of all refs; a prefix several commits share is settled by the session's branch,
 * then by the commit nearest before the session.
 */
async function resolveNear(cwd: string, open: WantedCommit[]): Promise<Map<string, string | UnresolvedCommit['why']>> {
  const result = new Map<string, string | UnresolvedCommit['why']>();
  const times = open.map((w) => w.at).filter((t): t is number => typeof t === 'number' && Number.isFinite(t));
  const all = span(times);
  const range = all && times.length === open.length ? ['--since', String(Math.floor((all.min - LOOK_BACK_MS) / 1000)), '--until', String(Math.ceil((all.max + LOOK_AHEAD_MS) / 1000))] : [];
  const out = (await git(['log', '--all', '--format=%H %ct', ...range], { cwd, allowFail: true })) ?? '';
  // Prefix → the open ids of that length; each printed commit is looked up once per length in use.
  const byPrefix = new Map<string, WantedCommit>();
  for (const w of open) byPrefix.set(w.sha, w);
  const lengths = [...new Set(open.map((w) => w.sha.length))];
  const candidates = new Map<string, { sha: string; at: number }[]>();
  for (const line of out.split('\n')) {
    const [sha, ct] = line.split(' ');
    if (!sha || !ct) continue;
    for (const n of lengths) {
      const w = byPrefix.get(sha.slice(0, n));
      if (!w) continue;
      const at = Number(ct) * 1000;
      if (w.at !== undefined && (at < w.at - LOOK_BACK_MS || at > w.at + LOOK_AHEAD_MS)) continue;
      const list = candidates.get(w.sha) ?? [];
      list.push({ sha, at });
      candidates.set(w.sha, list);
    }
  }
  // Prefixes several commits share: which of them each session's branch holds, one walk per branch.
  const ties = open.filter((w) => w.branch && (candidates.get(w.sha)?.length ?? 0) > 1);
  const held = new Map<string, Set<string>>();
  for (const branch of new Set(ties.map((w) => w.branch!))) {
    const near = span(ties.filter((w) => w.branch === branch).flatMap((w) => candidates.get(w.sha)!.map((c) => c.at)))!;
    held.set(branch, await onBranch(cwd, branch, near.min, near.max));
  }
  for (const w of open) {
    let list = candidates.get(w.sha) ?? [];
    if (list.length > 1 && w.branch) {
      const on = list.filter((c) => held.get(w.branch!)?.has(c.sha));
      if (on.length) list = on;
    }
    if (list.length > 1 && w.at !== undefined) {
      // The commit nearest before the session (a session lists the commits it made).
      const before = list.filter((c) => c.at <= w.at! + LOOK_AHEAD_MS).sort((a, b) => b.at - a.at);
      if (before.length > 1 && before[0]!.at !== before[1]!.at) list = [before[0]!];
    }
    result.set(w.sha, list.length === 1 ? list[0]!.sha : list.length ? 'ambiguous' : 'missing');
  }
  return result;
}

/** The commits of `branch` made between `from` and `to` (ms), as a set of full ids (none when the branch is gone). */
async function onBranch(cwd: string, branch: string, from: number, to: number): Promise<Set<string>> {
  const out = await git(['log', '--format=%H', `--since=${Math.floor(from / 1000) - 1}`, `--until=${Math.ceil(to / 1000) + 1}`, `refs/heads/${branch}`, '--'], { cwd, allowFail: true });
  return new Set((out ?? '').split('\n').filter(Boolean));
}
