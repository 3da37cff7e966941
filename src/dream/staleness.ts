import { byCodeUnit } from '../order.js';
import { isRecord, readState, writeState } from '../fs/state.js';
import { git } from '../git/git.js';
import { STALENESS_CACHE_FILE } from '../paths.js';

/** What staleness needs of an entry: its files, the commit it was recorded at and its day. */
export interface Anchored {
  files: string[];
  at?: string;
  date?: string;
}

/** Why an entry may be stale: its files changed since it was recorded, or are all gone. */
export interface StaleMark {
  /** Its files that changed since, most changed first. */
  changed: { file: string; commits: number }[];
  /** Every file it names is gone from the working tree: the next dream removes it. */
  deleted: boolean;
}

/** At most this many commits are read: the call's cost does not grow with history. */
export const STALENESS_LOG_CAP = 400;
const RS = '\x1e';
const US = '\x1f';

interface LogCommit {
  sha: string;
  day: string;
  files: string[];
}

function parse(out: string): LogCommit[] {
  return out
    .split(RS)
    .filter((c) => c.trim())
    .map((c) => {
      const [head = '', ...rest] = c.split('\n');
      const [sha = '', day = ''] = head.split(US);
      return { sha, day, files: rest.map((f) => f.trim()).filter(Boolean) };
    });
}

const touches = (c: LogCommit, file: string) => (file.endsWith('/') ? c.files.some((f) => f.startsWith(file)) : c.files.includes(file));

/** Per entry, from the commits since the oldest anchor commit (newest first). Pure. */
export function marksFrom(entries: readonly Anchored[], commits: LogCommit[], exists: (path: string) => boolean): (StaleMark | null)[] {
  return entries.map((e) => {
    if (!e.files.length) return null;
    const deleted = e.files.every((f) => !exists(f.replace(/\/$/, '')));
    // Commits after the entry's own: those above it in the log where it is there (it touched the
    // files), else those of later days.
    const at = e.at ? commits.findIndex((c) => c.sha.startsWith(e.at!)) : -1;
    const after = at >= 0 ? commits.slice(0, at) : commits.filter((c) => !e.date || c.day > e.date);
    const changed = e.files
      .map((file) => ({ file, commits: after.filter((c) => touches(c, file)).length }))
      .filter((x) => x.commits > 0)
      .sort((a, b) => b.commits - a.commits);
    return changed.length || deleted ? { changed, deleted } : null;
  });
}

interface Kept {
  key: string;
  out: string;
}
const isKept = (v: unknown): v is Kept => isRecord(v) && typeof v.key === 'string' && typeof v.out === 'string';

/**
 * Which entries may be stale, with one bounded git call for all of them: `git log -n 400
 * <oldest anchor commit>..<rev> -- <every anchored file>`. Where the oldest anchor commit is not
 * known (history rewritten), the log since its day is read instead. The output is kept in
 * `stateDir` by revision and anchors, so sessions started at the same commit ask git nothing.
 */
export async function staleMarks(
  root: string,
  entries: readonly Anchored[],
  opts: { rev: string; head?: string | null; exists: (path: string) => boolean; stateDir?: string },
): Promise<(StaleMark | null)[]> {
  const anchored = entries.filter((e) => e.files.length);
  if (!anchored.length) return entries.map(() => null);
  const files = [...new Set(anchored.flatMap((e) => e.files))].sort();
  const oldest = [...anchored].filter((e) => e.at).sort((a, b) => byCodeUnit(a.date ?? '', b.date ?? ''))[0];
  const since = [...anchored].map((e) => e.date ?? '').sort()[0] ?? '';
  const base = ['log', `-n${STALENESS_LOG_CAP}`, '--no-renames', '--name-only', `--format=${RS}%h${US}%cs`];
  // The key is the question itself (no hash: loading crypto costs more than the comparison).
  const key = JSON.stringify([opts.head ?? opts.rev, oldest?.at, since, files]);
  const kept = opts.stateDir && opts.head ? readState(opts.stateDir, STALENESS_CACHE_FILE, isKept) : null;
  let out = kept?.key === key ? kept.out : null;
  if (out === null) {
    out = oldest?.at ? await git([...base, `${oldest.at}..${opts.rev}`, '--', ...files], { cwd: root, allowFail: true }) : null;
    out ??= await git([...base, ...(since ? [`--since=${since}`] : []), opts.rev, '--', ...files], { cwd: root, allowFail: true });
    if (out !== null && opts.stateDir && opts.head) {
      try {
        writeState(opts.stateDir, STALENESS_CACHE_FILE, { key, out } satisfies Kept);
      } catch {
        /* a read-only git directory: asked again next time */
      }
    }
  }
  return marksFrom(entries, parse(out ?? ''), opts.exists);
}
