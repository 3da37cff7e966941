import { writeState } from '../fs/state.js';
import { startIndexOf } from '../order.js';
import { git } from '../git/git.js';
import { gitOutput, takeEarly } from '../git/early.js';
import { readKnownStep } from '../git/object-files.js';
import { unquotePath } from '../git/quoted-path.js';
import { atBoundary } from '../git/shallow.js';
import { lineTop } from '../git/reflog.js';
import { STALENESS_CACHE_FILE } from '../paths.js';
import { mark } from '../trace.js';
import { BUILD } from '../version.js';
import { stalenessQuery, takeKeptStaleness, stalenessStep, STALENESS_LOG_CAP, STALENESS_RS, STALENESS_STEP_CAP, STALENESS_US, type Anchored, type KeptStaleness } from './staleness-query.js';

export { STALENESS_LOG_CAP, type Anchored } from './staleness-query.js';

/**
 * One anchor that changed since the entry was recorded: a file, in `commits` commits; or a folder
 * (`lib/`), `removed` of whose files (listed by `commits` commits since) are gone now. A folder's
 * other changes do not count: any commit under an active folder would mark every fact about it
 * ("no arrow functions in lib/") at every start, a mark that says nothing; a file it held that is
 * gone is a change of what the folder is.
 */
export interface StaleChange {
  file: string;
  commits: number;
  /** A folder's files that are gone since (deleted or renamed), at least one. */
  removed?: number;
}

/** Why an entry may be stale: its files changed since it was recorded, or are all gone. */
export interface StaleMark {
  /** Its anchors that changed since, most changed first. */
  changed: StaleChange[];
  /** Every file it names is gone from the working tree: the next dream removes it. */
  deleted: boolean;
}

const isFolder = (anchor: string) => anchor.endsWith('/');

/** The change of one anchor from the commits that touch it (`paths`: what each listed under it); null when none counts. */
function changeOf(anchor: string, touching: readonly (readonly string[])[], exists: (path: string) => boolean): StaleChange | null {
  if (!isFolder(anchor)) return touching.length ? { file: anchor, commits: touching.length } : null;
  const gone = new Set<string>();
  let commits = 0;
  for (const paths of touching) {
    let any = false;
    for (const p of paths) {
      if (exists(p)) continue;
      gone.add(p);
      any = true;
    }
    if (any) commits++;
  }
  return commits ? { file: anchor, commits, removed: gone.size } : null;
}

const RS = STALENESS_RS;
const US = STALENESS_US;

interface LogCommit {
  sha: string;
  day: string;
  files: string[];
}

/** The staleness question's git output (STALENESS_RS/US format), commit by commit. Pure. */
export function parse(out: string): LogCommit[] {
  return out
    .split(RS)
    .filter((c) => c.trim())
    .map((c) => {
      const [head = '', ...rest] = c.split('\n');
      const [sha = '', day = ''] = head.split(US);
      return { sha, day, files: rest.map((f) => unquotePath(f.trim())).filter(Boolean) };
    });
}

/** The paths of commit `c` the anchor `file` selects: itself, or everything under a folder. */
function touched(c: LogCommit, file: string): string[] {
  if (!isFolder(file)) return c.files.includes(file) ? [file] : [];
  return c.files.filter((f) => f.startsWith(file));
}

/**
 * Whether `e` is anchored at `base`, the commit the log starts after (`<base>..HEAD`): every commit
 * of the log then came after the entry's own, the same day too.
 */
const atBase = (e: Anchored, base: string | null | undefined) => !!base && !!e.at && (base.startsWith(e.at) || e.at.startsWith(base));

/**
 * Per entry, from the commits since the oldest anchor commit (newest first). `base`: that commit,
 * where the log is the range after it (not the log since a day). Pure.
 */
export function marksFrom(entries: readonly Anchored[], commits: LogCommit[], exists: (path: string) => boolean, base?: string | null): (StaleMark | null)[] {
  return entries.map((e) => {
    if (!e.files.length) return null;
    const deleted = e.files.every((f) => !exists(f.replace(/\/$/, '')));
    // Commits after the entry's own: all of them where it is the log's base, those above it in the
    // log where it is there (it touched the files), else those of later days. Counted in place:
    // this runs for every fact at every start.
    const at = e.at ? commits.findIndex((c) => c.sha.startsWith(e.at!)) : -1;
    const end = at >= 0 ? at : commits.length;
    const all = at >= 0 || atBase(e, base) || !e.date;
    const changed: StaleChange[] = [];
    for (const file of e.files) {
      const touching: string[][] = [];
      for (let i = 0; i < end; i++) {
        const c = commits[i]!;
        if (all || c.day > e.date!) {
          const paths = touched(c, file);
          if (paths.length) touching.push(paths);
        }
      }
      const change = changeOf(file, touching, exists);
      if (change) changed.push(change);
    }
    changed.sort((a, b) => b.commits - a.commits);
    return changed.length || deleted ? { changed, deleted } : null;
  });
}

/** Whitespace at either end of a line: parse() trims it, which the scan below does not. */
const UNTRIMMED = /(?:^|\n)[^\S\n]|[^\S\n](?:\n|$)/;
/** A path git quoted (`"docs/\346\233\264….md"`: a name outside ASCII): parse() takes the quoting off, the scan below does not. */
const QUOTED = '\n"';

/**
 * marksFrom(entries, parse(out), exists), from git's output itself: each anchored file looked up
 * with indexOf, and only the commits that touch it read. The kept answer holds up to 400 commits,
 * and splitting them all into arrays of lines at every session start cost ~3-5 ms of CPU in a
 * primer's fresh process (cold code); the entries anchor a few files. Output with whitespace at a
 * line's end (which parse() trims) or a path git quoted goes through marksFrom.
 */
export function marksFromOut(entries: readonly Anchored[], out: string, exists: (path: string) => boolean, base?: string | null): (StaleMark | null)[] {
  if (UNTRIMMED.test(out) || out.includes(QUOTED)) return marksFrom(entries, parse(out), exists, base);
  // Each commit's start (its id, after RS), as parse() keeps them: the chunks with something in them.
  const starts: number[] = [];
  for (let at = out.indexOf(RS); at >= 0; ) {
    const next = out.indexOf(RS, at + 1);
    const end = next < 0 ? out.length : next;
    if (end > at + 1 && out.slice(at + 1, end).trim()) starts.push(at + 1);
    at = next;
  }
  if (out.indexOf(RS) !== 0 && out.slice(0, out.indexOf(RS) < 0 ? out.length : out.indexOf(RS)).trim()) return marksFrom(entries, parse(out), exists, base);
  const endOf = (i: number) => (i + 1 < starts.length ? starts[i + 1]! - 1 : out.length);
  const headEnd = (i: number) => {
    const nl = out.indexOf('\n', starts[i]!);
    return nl < 0 || nl > endOf(i) ? endOf(i) : nl;
  };
  const idEnd = (i: number) => {
    const h = headEnd(i);
    const us = out.indexOf(US, starts[i]!);
    return us < 0 || us > h ? h : us;
  };
  const dayOf = (i: number) => {
    const h = headEnd(i);
    const us = out.indexOf(US, starts[i]!);
    if (us < 0 || us >= h) return '';
    const us2 = out.indexOf(US, us + 1);
    return out.slice(us + 1, us2 < 0 || us2 > h ? h : us2);
  };
  /** The commit whose chunk holds position `p`. */
  const commitAt = (p: number) => startIndexOf(starts, p);
  /** The commits (below `end`) that touch `file`, each once, oldest position first, with the paths each lists under it. */
  const touching = (file: string, end: number): { i: number; paths: string[] }[] => {
    const found: { i: number; paths: string[] }[] = [];
    const needle = `\n${file}`;
    for (let p = out.indexOf(needle); p >= 0; p = out.indexOf(needle, p + 1)) {
      const after = out[p + needle.length];
      if (!isFolder(file) && after !== undefined && after !== '\n' && after !== RS) continue;
      const i = commitAt(p);
      if (i >= end || p < headEnd(i)) continue;
      if (found[found.length - 1]?.i !== i) found.push({ i, paths: [] });
      if (!isFolder(file)) continue;
      const nl = out.indexOf('\n', p + 1);
      const rs = out.indexOf(RS, p + 1);
      found[found.length - 1]!.paths.push(out.slice(p + 1, Math.min(nl < 0 ? out.length : nl, rs < 0 ? out.length : rs)));
    }
    return found;
  };
  return entries.map((e) => {
    if (!e.files.length) return null;
    const deleted = e.files.every((f) => !exists(f.replace(/\/$/, '')));
    let at = -1;
    // The first commit whose id (its head line up to the first US) starts with the entry's.
    if (e.at) for (let i = 0; i < starts.length && at < 0; i++) if (e.at.length <= idEnd(i) - starts[i]! && out.startsWith(e.at, starts[i]!)) at = i;
    const end = at >= 0 ? at : starts.length;
    const all = at >= 0 || atBase(e, base) || !e.date;
    const changed: StaleChange[] = [];
    for (const file of e.files) {
      const since = touching(file, end).filter(({ i }) => all || dayOf(i) > e.date!);
      const change = changeOf(file, since.map(({ paths }) => (isFolder(file) ? paths : [file])), exists);
      if (change) changed.push(change);
    }
    changed.sort((a, b) => b.commits - a.commits);
    return changed.length || deleted ? { changed, deleted } : null;
  });
}

/** The log's commits, newest first: id and day only (its files are not split out). */
function heads(out: string): { sha: string; day: string }[] {
  const found: { sha: string; day: string }[] = [];
  for (let at = out.indexOf(RS); at >= 0; at = out.indexOf(RS, at + 1)) {
    const us = out.indexOf(US, at);
    const nl = out.indexOf('\n', at);
    if (us < 0 || (nl >= 0 && us > nl)) continue;
    found.push({ sha: out.slice(at + 1, us), day: out.slice(us + 1, nl < 0 ? out.length : nl) });
  }
  return found;
}

/**
 * The anchors of `entries` the log does not list (their commit touched none of the anchored files)
 * and is not the log's base, each with the days of its entries that have commits in the log: on
 * those days only, the log's day cannot say which side of the anchor a commit is on. Cheap: one
 * scan of the log's commit heads.
 */
export function unlisted(entries: readonly Anchored[], out: string, base: string | null | undefined): Map<string, Set<string>> {
  // The log's commit ids by their first 7 characters (an anchor's short id has 7 at least).
  const ids = new Map<string, string[]>();
  const days = new Set<string>();
  for (const { sha, day } of heads(out)) {
    const short = sha.slice(0, 7);
    ids.get(short)?.push(sha) ?? ids.set(short, [sha]);
    days.add(day);
  }
  const found = new Map<string, Set<string>>();
  for (const e of entries) {
    if (!e.files.length || !e.at || !e.date || !days.has(e.date) || atBase(e, base)) continue;
    if (e.at.length < 7 ? [...ids.values()].flat().some((id) => id.startsWith(e.at!)) : ids.get(e.at.slice(0, 7))?.some((id) => id.startsWith(e.at!))) continue;
    let dates = found.get(e.at);
    if (!dates) found.set(e.at, (dates = new Set()));
    dates.add(e.date);
  }
  return found;
}

/**
 * The log `out` with a head of its own (no files) for each anchor that unlisted() finds, where it
 * stands among the commits of its entries' days: below every one of them that is not in its
 * history (made after it), above the others. Its entries then count the commits above it, as an
 * anchor the log lists. One git call for all of them: the history of the anchors and those commits
 * back to the day before the earliest of those days (`rev-list --parents --since`), walked here. A
 * path back that leaves that window (a clock set wrong) makes a commit count as after: a mark too
 * many, never one missed. Null when nothing was placed (none to place, or git could not say: an
 * anchor that is no commit here counts later days only).
 */
export async function placeAnchors(root: string, entries: readonly Anchored[], out: string, base: string | null | undefined): Promise<string | null> {
  const toPlace = [...unlisted(entries, out, base)];
  if (!toPlace.length) return null;
  const commits = heads(out);
  const days = new Set(toPlace.flatMap(([, dates]) => [...dates]));
  const sameDay = commits.filter((c) => days.has(c.day));
  const earliest = [...days].sort()[0]!;
  const since = new Date(Date.parse(`${earliest}T00:00:00Z`) - 2 * 86_400_000).toISOString().slice(0, 10);
  // Without node:child_process where node allows it (gitOutput): in a start whose other git calls the
  // entry point ran, loading it and its streams was most of this call's cost (~25 of ~40 ms of CPU).
  const answer = await gitOutput(['rev-list', '--parents', `--since=${since}`, ...toPlace.map(([at]) => at), ...sameDay.map((c) => c.sha), '--'], root);
  if (answer === null) return null;
  const parents = new Map<string, string[]>();
  for (const line of answer.split('\n')) {
    const [id, ...ps] = line.split(' ');
    if (id) parents.set(id, ps);
  }
  let placed = out;
  let any = false;
  for (const [at, dates] of toPlace) {
    const full = [...parents.keys()].find((id) => id.startsWith(at));
    if (!full) continue;
    // The anchor's history within the window.
    const before = new Set<string>();
    for (const stack = [full]; stack.length; ) {
      const id = stack.pop()!;
      if (before.has(id)) continue;
      before.add(id);
      for (const p of parents.get(id) ?? []) stack.push(p);
    }
    const day = sameDay.filter((c) => dates.has(c.day));
    // Below the lowest of that day's commits made after it; else just above the first of that day.
    let below = day[0]!.sha;
    let under = false;
    for (const c of day) if (!before.has(c.sha)) [below, under] = [c.sha, true];
    const head = `${RS}${at}${US}${[...dates].sort().at(-1)!}\n\n`;
    const i = placed.indexOf(`${RS}${below}`);
    if (i < 0) continue;
    const j = under ? placed.indexOf(RS, i + 1) : i;
    placed = j < 0 ? placed + head : placed.slice(0, j) + head + placed.slice(j);
    any = true;
  }
  return any ? placed : null;
}

/** A path git's pathspec `spec` (a plain path: the file, or everything under it) selects; case as given. */
const selects = (spec: string, path: string) => path === spec || path.startsWith(spec.endsWith('/') ? spec : `${spec}/`);
const lower = (s: string) => s.toLowerCase();

/**
 * The answer to `log -n<cap> <oldest>..<head> -- <files>` from the answer kept for `<oldest>..<from>`
 * and `step`, the output of stalenessStep's question (every commit of `<from>..<head>`, with its
 * parents, day and all its files, in logStepArgs' format): where those commits are a line of single-parent commits from `from`
 * to HEAD, not reaching the oldest anchor, git walks them first and one at a time, then walks on
 * as it did for `from`; so its answer is theirs that touch the files (with the files it would
 * list) followed by the kept one. Null wherever that is not certain: a merge, more commits than
 * the step reads, the anchor among them, a pathspec with glob characters, a quoted path, or a path
 * that differs from a file only in case (core.ignorecase) — the whole question is asked then.
 * Where the kept answer is the log since a day (`since`: no anchor commit, see stalenessStep), every
 * commit since must be of a later day (a clock set back: the whole question).
 */
export function stepAnswer(step: string, kept: string, from: string, oldest: string | null, files: readonly string[], since?: string): string | null {
  if (files.some((f) => /[*?[\\]/.test(f) || f.startsWith(':'))) return null;
  const commits = step.split(RS).filter((c) => c.trim());
  if (!commits.length || commits.length > STALENESS_STEP_CAP) return null;
  const folded = files.map(lower);
  let out = '';
  let n = 0;
  const ids = commits.map((c) => {
    const [sha = '', parents = ''] = (c.split('\n', 1)[0] ?? '').split(US);
    return { sha, parents };
  });
  if (!lineTop(ids, from) || (oldest !== null && ids.some((c) => c.sha.startsWith(oldest)))) return null;
  for (const c of commits) {
    const [head = '', ...names] = c.split('\n');
    const [sha = '', , day = ''] = head.split(US);
    if (since !== undefined && !(day > since)) return null;
    const paths = names.map((f) => f.trim()).filter(Boolean);
    if (paths.some((p) => p.startsWith('"'))) return null;
    const touched = paths.filter((p) => files.some((f) => selects(f, p)));
    if (paths.some((p) => !touched.includes(p) && folded.some((f) => selects(f, lower(p))))) return null;
    if (!touched.length) continue;
    out += `${RS}${sha}${US}${day}\n\n${touched.map((p) => `${p}\n`).join('')}`;
    n++;
  }
  const rest = kept.split(RS).filter((c) => c.trim());
  return out + rest.slice(0, Math.max(0, STALENESS_LOG_CAP - n)).map((c) => `${RS}${c}`).join('');
}

type Kept = KeptStaleness;

/**
 * Which entries may be stale, with one bounded git call for all of them: `git log -n 400
 * <oldest anchor commit>..<rev> -- <every anchored file>`. Where the oldest anchor commit is not
 * known (history rewritten), the log since its day is read instead. The output is kept in
 * `stateDir` by revision and anchors, so sessions started at the same commit ask git nothing.
 */
export async function staleMarks(
  root: string,
  entries: readonly Anchored[],
  opts: { rev: string; head?: string | null; exists: (path: string) => boolean; stateDir?: string; mark?: string | null; shallow?: ReadonlySet<string> },
): Promise<(StaleMark | null)[]> {
  const q = stalenessQuery(entries, opts.rev, opts.head);
  if (!q) return entries.map(() => null);
  const kept = opts.stateDir && opts.head ? takeKeptStaleness(opts.stateDir) : null;
  let out = kept?.key === q.key ? kept.out : null;
  // Kept again when asked anew, or when the answer kept lacks this MEMORY.md's mark (see memoryMark).
  let keep = out !== null && !!opts.mark && kept?.mark !== opts.mark;
  let fallback = kept?.key === q.key && !!kept.fallback;
  // Started by the entry point from the top of the worktree while node loaded the primer (bin.ts):
  // the commits since the kept answer (HEAD moved on by plain commits), or the whole question.
  const step = out === null && kept ? stalenessStep(q, kept, opts.head) : null;
  const earlyStep = step ? takeEarly(step.args, root, readKnownStep) : undefined;
  const earlyWhole = out === null && q.args ? takeEarly(q.args, root) : undefined;
  if (step && kept && (earlyStep || !earlyWhole)) {
    // HEAD moved on from the kept answer's commit: only the commits since are read.
    const got = earlyStep ? ((await earlyStep)?.toString('utf8') ?? null) : await git(step.args, { cwd: root, allowFail: true });
    const [, oldest, , files] = JSON.parse(q.key) as [string, string | null, string, string[]];
    out = got === null ? null : stepAnswer(got, kept.out, step.from, step.since === undefined ? oldest : null, files, step.since);
    keep = out !== null;
    // A step from the log since a day is that log still: a later HEAD steps from it the same way.
    fallback = out !== null && step.since !== undefined;
  }
  if (out === null) {
    if (earlyWhole) out = (await earlyWhole)?.toString('utf8') ?? null;
    else if (q.args) out = await git(q.args, { cwd: root, allowFail: true });
    fallback = out === null;
    if (out === null) out = await git(q.fallback, { cwd: root, allowFail: true });
    keep = out !== null;
  }
  // The log after the oldest anchor commit (not the log since a day): every commit in it came after that anchor.
  const base = fallback ? null : q.base;
  // Anchors the log does not list, on the days of their entries: placed once, and kept so (a
  // start that takes the kept answer as it is looks for none, nor one whose step after a commit
  // left it as it was, for the same entries and base).
  const entriesKey = JSON.stringify(entries);
  const placedFor = kept?.placed && out === kept.out && (kept.key === q.key || (kept.marks?.build === BUILD && kept.marks.entries === entriesKey && kept.marks.base === (base ?? null)));
  if (out !== null && !placedFor) {
    out = (await placeAnchors(root, entries, out, base)) ?? out;
    keep = true;
  }
  const write = (marks?: Kept['marks']) => {
    if (out === null || !opts.stateDir || !opts.head) return;
    try {
      writeState(opts.stateDir, STALENESS_CACHE_FILE, { key: q.key, out, ...(opts.mark ? { mark: opts.mark } : {}), ...(fallback ? { fallback } : {}), placed: true, ...(marks ? { marks } : {}) } satisfies Kept);
    } catch {
      /* a read-only git directory: asked again next time */
    }
  };
  // A folder's files are looked up once each, however many commits list them.
  const seen = new Map<string, boolean>();
  const exists = (path: string) => seen.get(path) ?? (seen.set(path, opts.exists(path)), seen.get(path)!);
  // A shallow clone's cut-off commits list every file, not what they changed (see git/shallow.ts).
  if (opts.shallow?.size && out) {
    if (keep) write();
    return marksFrom(entries, parse(out).map((c) => (atBoundary(opts.shallow!, c.sha) ? { ...c, files: [] } : c)), exists, base);
  }
  // The marks this very answer gave, for the same entries and base, where every path asked then is
  // there or not as it was: reading the answer for them again cost ~5 ms of a primer's CPU at L
  // (a folder's ~400 commits), at every start after a commit that left the anchored files alone.
  const memo = kept?.marks;
  if (out !== null && memo && memo.build === BUILD && kept.out === out && memo.entries === entriesKey && memo.base === (base ?? null) && keptMarks(memo, entries.length) && memo.asked.every(([path, is]) => exists(path) === is)) {
    mark('staleness: kept marks used');
    if (keep) write(memo);
    return memo.marks as (StaleMark | null)[];
  }
  const asked: [string, boolean][] = [];
  const recorded = new Set<string>();
  const asking = (path: string) => {
    const is = exists(path);
    if (!recorded.has(path)) {
      recorded.add(path);
      asked.push([path, is]);
    }
    return is;
  };
  const marks = marksFromOut(entries, out ?? '', asking, base);
  if (keep || (out !== null && out === kept?.out && kept.key === q.key)) write({ build: BUILD, entries: entriesKey, base: base ?? null, asked, marks });
  return marks;
}

/** Whether `memo` has the shape it was kept in, with a mark (or none) for each of `count` entries. */
function keptMarks(memo: NonNullable<Kept['marks']>, count: number): boolean {
  return (
    typeof memo.entries === 'string' &&
    Array.isArray(memo.asked) &&
    memo.asked.every((a) => Array.isArray(a) && typeof a[0] === 'string' && typeof a[1] === 'boolean') &&
    Array.isArray(memo.marks) &&
    memo.marks.length === count &&
    memo.marks.every((m) => m === null || (typeof m === 'object' && Array.isArray((m as StaleMark).changed) && typeof (m as StaleMark).deleted === 'boolean'))
  );
}
