// The staleness check's git question, in its own light module: the entry point asks it before
// loading the primer (see bin.ts and git/early.ts), so git answers while node loads the rest.
import { isRecord } from '../fs/state.js';
import { byCodeUnit } from '../order.js';

/** What staleness needs of an entry: its files, the commit it was recorded at and its day. */
export interface Anchored {
  files: string[];
  at?: string;
  date?: string;
}

/** At most this many commits are read: the call's cost does not grow with history. */
export const STALENESS_LOG_CAP = 400;
export const STALENESS_RS = '\x1e';
export const STALENESS_US = '\x1f';

export interface StalenessQuery {
  /** What the kept answer is kept under: the question itself. */
  key: string;
  /** `log <oldest anchor commit>..<rev> -- <files>`, or null where no entry names its commit. */
  args: string[] | null;
  /** The log since the oldest entry's day: asked where `args` is null or fails (history rewritten). */
  fallback: string[];
}

/** The one bounded git call for the anchored entries among `entries`; null when none is anchored. */
export function stalenessQuery(entries: readonly Anchored[], rev: string, head?: string | null): StalenessQuery | null {
  const anchored = entries.filter((e) => e.files.length);
  if (!anchored.length) return null;
  const files = [...new Set(anchored.flatMap((e) => e.files))].sort();
  const oldest = [...anchored].filter((e) => e.at).sort((a, b) => byCodeUnit(a.date ?? '', b.date ?? ''))[0];
  const since = [...anchored].map((e) => e.date ?? '').sort()[0] ?? '';
  // Full ids: git need not work out the shortest unique prefix of each (an entry's short `at` is a prefix of its own).
  const base = ['log', `-n${STALENESS_LOG_CAP}`, '--no-renames', '--name-only', `--format=${STALENESS_RS}%H${STALENESS_US}%cs`];
  // The key is the question itself (no hash: loading crypto costs more than the comparison).
  const key = JSON.stringify([head ?? rev, oldest?.at, since, files]);
  return {
    key,
    args: oldest?.at ? [...base, `${oldest.at}..${rev}`, '--', ...files] : null,
    fallback: [...base, ...(since ? [`--since=${since}`] : []), rev, '--', ...files],
  };
}

/** What is kept in the state directory: git's answer to the question `key`. */
export interface KeptStaleness {
  key: string;
  out: string;
}
export const isKeptStaleness = (v: unknown): v is KeptStaleness => isRecord(v) && typeof v.key === 'string' && typeof v.out === 'string';
