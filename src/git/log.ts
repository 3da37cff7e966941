import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { isRecord, readState, writeState } from '../fs/state.js';
import { byCodeUnit } from '../order.js';
import { isMemoryPath, isOwnPath, LOG_CACHE_FILE } from '../paths.js';
import { takeEarly } from './early.js';
import { readKnownStep } from './object-files.js';
import { git } from './git.js';
import { headCommit } from './head.js';
import { unquotePath } from './quoted-path.js';
import { atBoundary, shallowBoundary } from './shallow.js';
import { asciiLower, isUpkeepPath } from './upkeep-files.js';
import { keptLog, keptLogArgs, LOG_FORMAT, LOG_STEP_CAP, logStepArgs, PRIMER_LOG_DEPTH, recentLogArgs, RS, US, type KeptLog } from './log-cache.js';
import { byPlainCommits, lineTop } from './reflog.js';
import type { Repo } from './repo.js';

export { LOG_FORMAT } from './log-cache.js';

export interface LogEntry {
  sha: string;
  date: string;
  subject: string;
  files: string[];
  /** The author's name ('' where the log did not say). */
  author?: string;
}

/** Names bots commit under: dependency updaters, CI, formatters (at the start of the name, any ASCII case, then no letter, digit or `_`), or `[bot]` anywhere. */
const BOTS = ['dependabot', 'renovate', 'github-actions', 'greenkeeper', 'snyk-bot', 'pre-commit-ci', 'mergify', 'imgbot', 'allcontributors', 'depfu', 'pyup-bot', 'web-flow'];
const BOT_NAME_MAX = Math.max(...BOTS.map((b) => b.length));
/** Whether `c` is a character code a pattern's `\b` counts as a word's (ASCII letters, digits, `_`). */
const wordCode = (c: number) => (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;

/** Whether `author` is a bot's name (BOTS): string tests, not a pattern, as upkeep-files.ts says why. */
function isBotName(author: string): boolean {
  if (author.includes('[') && asciiLower(author).includes('[bot]')) return true;
  const name = asciiLower(author.slice(0, BOT_NAME_MAX + 1));
  return BOTS.some((b) => name.startsWith(b) && !wordCode(name.charCodeAt(b.length)));
}

/** A commit a bot made: it says little of where the project's people work. */
export const isBotCommit = (e: LogEntry) => !!e.author && isBotName(e.author);

/**
 * A subject that is only a release's version: "4.19.2", "v2.34.2", "Bumped v6.0.0-alpha.2",
 * "chore(release): v1.7.9 (#6705)", "Version Packages (#2242)" (changesets), "Release: 5.2.0 (#6920)"
 * (expressjs/express), "release: create-vite@9.1.2" (vitejs/vite's packages), "Redis 7.2.5" and
 * "Release Redis 7.2.6" (redis/redis's release branches: the project's name, then the version). A
 * subject that says more ("Release 5.1.0: streaming API", "Bump qs to 6.15.2") is not one. What the
 * pattern
 * `^(?:chore(?:\(release\))?:\s*)?(?:(?:release|bump(?:ed)?(?: version)?(?: to)?):?\s+)?(?:[a-z][\w.-]*\s+|(?:@[\w.-]+\/)?[\w.-]+@)?v?\d+\.\d+\.\d+(?!\d)\S*(?:\s+\(#\d+\))?$|^version packages(?:\s+\(#\d+\))?$`
 * (any ASCII case) takes, read left to right without a pattern, as upkeep-files.ts says why: each
 * way the optional parts can be read is tried (a handful), as the pattern would.
 * test/git/upkeep-files.test.ts checks it against that pattern.
 */
function releaseSubject(s: string): boolean {
  const low = asciiLower(s);
  if (low.startsWith('version packages')) return issueAtEnd(s, 16);
  if (afterChore(s, low, 0)) return true;
  if (!low.startsWith('chore')) return false;
  const i = low.startsWith('(release)', 5) ? 14 : 5;
  return s.charCodeAt(i) === 58 && afterChore(s, low, spacesFrom(s, i + 1)); // ':'
}

/** From `i`: a release word or none, then a name or none, then the version. */
function afterChore(s: string, low: string, i: number): boolean {
  if (named(s, low, i)) return true;
  for (let end of releaseWordEnds(low, i)) {
    if (s.charCodeAt(end) === 58) end++; // ':'
    const from = spacesFrom(s, end);
    if (from > end && named(s, low, from)) return true;
  }
  return false;
}

/** Where `release`, or `bump` with each of its optional words, ends when it starts at `i`. */
function releaseWordEnds(low: string, i: number): number[] {
  if (low.startsWith('release', i)) return [i + 7];
  if (!low.startsWith('bump', i)) return [];
  const ends: number[] = [];
  for (const b of low.startsWith('ed', i + 4) ? [i + 4, i + 6] : [i + 4])
    for (const v of low.startsWith(' version', b) ? [b, b + 8] : [b]) for (const t of low.startsWith(' to', v) ? [v, v + 3] : [v]) ends.push(t);
  return ends;
}

/** `[\w.-]` (ASCII) */
const nameCode = (c: number) => wordCode(c) || c === 46 || c === 45;

/** From `i`: the version, or a name before it (`Redis `, `create-vite@`, `@scope/pkg@`). */
function named(s: string, low: string, i: number): boolean {
  if (versionAt(s, low, i)) return true;
  const c = low.charCodeAt(i);
  if (c >= 97 && c <= 122) {
    let j = i + 1;
    while (nameCode(s.charCodeAt(j))) j++;
    const from = spacesFrom(s, j);
    if (from > j && versionAt(s, low, from)) return true;
  }
  let j = i;
  if (c === 64) {
    // '@scope/'
    j++;
    const scope = j;
    while (nameCode(s.charCodeAt(j))) j++;
    if (j === scope || s.charCodeAt(j) !== 47) return false;
    j++;
  }
  const from = j;
  while (nameCode(s.charCodeAt(j))) j++;
  return j > from && s.charCodeAt(j) === 64 && versionAt(s, low, j + 1);
}

/** From `i`: `v?\d+\.\d+\.\d+(?!\d)\S*`, then the end or a pull request's number. */
function versionAt(s: string, low: string, i: number): boolean {
  if (low.charCodeAt(i) === 118) i++; // 'v'
  for (let part = 0; part < 3; part++) {
    if (part && s.charCodeAt(i++) !== 46) return false; // '.'
    const from = i;
    while (digit(s.charCodeAt(i))) i++;
    if (i === from) return false;
  }
  while (i < s.length && !space(s.charCodeAt(i))) i++;
  return issueAtEnd(s, i);
}

/** Whether `s` ends at `i`, or with a pull request's number (` (#6705)`) from there. */
function issueAtEnd(s: string, i: number): boolean {
  if (i === s.length) return true;
  let j = spacesFrom(s, i);
  if (j === i || !s.startsWith('(#', j)) return false;
  const from = (j += 2);
  while (digit(s.charCodeAt(j))) j++;
  return j > from && s.charCodeAt(j) === 41 && j + 1 === s.length; // ')'
}

const digit = (c: number) => c >= 48 && c <= 57;
/** What a pattern's `\s` takes: white space and line ends, as String.prototype.trim takes them. */
const space = (c: number) => (c >= 9 && c <= 13) || c === 32 || c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;
const spacesFrom = (s: string, i: number) => {
  while (i < s.length && space(s.charCodeAt(i))) i++;
  return i;
};

/** A release commit: its files change the version, whatever the work was. */
export const isReleaseCommit = (e: LogEntry) => releaseSubject(e.subject.trim());

/** Parses `git log --name-only` output made with LOG_FORMAT. Pure. */
export function parseLog(out: string): LogEntry[] {
  const entries: LogEntry[] = [];
  for (const chunk of out.split(RS)) {
    if (!chunk.trim()) continue;
    const [head, ...rest] = chunk.split('\n');
    const [sha, date, author = '', ...subject] = head!.split(US);
    entries.push({ sha: sha!, date: date!, subject: subject.join(US), files: rest.map((f) => unquotePath(f.trim())).filter(Boolean), author });
  }
  return entries;
}

/** A commit that only changed memory files (made by `end`/`commit`, or a memory-only change). */
export const isMemoryCommit = (e: LogEntry) => e.files.length > 0 && e.files.every(isMemoryPath);

/** A commit of git-memory's own set-up: it changed nothing but memory files and agents' wiring (the set-up commit). */
export const isOwnCommit = (e: LogEntry) => e.files.length > 0 && e.files.every(isOwnPath);

/**
 * The files of a commit that say where the project's work is: none of a bot's (dependency bumps,
 * CI churn) or a release commit's (the version bumped in package.json and the main file), and not
 * memory files or agents' wiring. The one filter of hot files, the primer's and the compaction's.
 */
export const workFiles = (e: LogEntry): string[] => (isBotCommit(e) || isReleaseCommit(e) ? [] : e.files.filter((f) => !isOwnPath(f)));

/**
 * Files changed most often in the entries, ties broken by recency: memory files, agents' wiring
 * and what bots and release commits changed left out (workFiles), and the files a project keeps up
 * rather than works in (lock files, changelogs, CI, build output: see upkeep-files.ts) after every
 * other file, however often they changed.
 */
export function hotFiles(entries: LogEntry[], limit: number): { path: string; commits: number }[] {
  const score = new Map<string, { commits: number; newest: number; upkeep: boolean }>();
  entries.forEach((e, i) => {
    for (const f of workFiles(e)) {
      const s = score.get(f) ?? { commits: 0, newest: i, upkeep: isUpkeepPath(f) };
      s.commits += 1;
      score.set(f, s);
    }
  });
  return [...score.entries()]
    .sort((a, b) => Number(a[1].upkeep) - Number(b[1].upkeep) || b[1].commits - a[1].commits || a[1].newest - b[1].newest || byCodeUnit(a[0], b[0]))
    .slice(0, limit)
    .map(([path, s]) => ({ path, commits: s.commits }));
}

/**
 * The entries with a subject said again by older entries shown once, at its newest, with how many
 * older ones said it too (`more`): "Update README.md" is GitHub's subject for every edit made on its
 * site, and four of jackfrued/Python-100-Days' ten newest commits were «更新了README文件». Pure.
 */
export function onePerSubject(entries: readonly LogEntry[]): { entry: LogEntry; more: number }[] {
  const out: { entry: LogEntry; more: number }[] = [];
  const at = new Map<string, number>();
  for (const e of entries) {
    const key = e.subject.trim();
    const i = at.get(key);
    if (i === undefined) {
      at.set(key, out.length);
      out.push({ entry: e, more: 0 });
    } else out[i]!.more++;
  }
  return out;
}

/** The primer's log: HEAD's commit abbreviated (null on an unborn branch), and the entries. */
export interface RecentLog {
  head: string | null;
  entries: LogEntry[];
}

/**
 * `full` abbreviated as git abbreviates the log's commits: the entry itself where HEAD is one,
 * else to their length (the log leaves memory commits out, so HEAD is often not among them).
 */
export function abbreviate(full: string | null, entries: LogEntry[]): string | null {
  if (!full) return entries[0]?.sha ?? null;
  return entries.find((e) => full.startsWith(e.sha))?.sha ?? full.slice(0, Math.max(7, entries[0]?.sha.length ?? 7));
}

/** Keeps `out` as the log of `head` (a read-only git directory keeps nothing: same answer). */
function keep(repo: Repo, head: string, out: string): void {
  try {
    writeState(repo.stateDir, LOG_CACHE_FILE, { head, args: keptLogArgs(PRIMER_LOG_DEPTH), out } satisfies KeptLog);
  } catch {
    /* nothing kept */
  }
}

/**
 * The primer's log at `head` from the log kept for `from` and `step`, the output of
 * logStepArgs(from, head) (every commit of `from..head`, with its parents and all its files).
 * Where those commits are a line of single-parent commits from `from` up to `head`, git's log at
 * `head` walks them first, one at a time, then walks on exactly as it did from `from`; with the
 * memory folder left out by the pathspec, it shows those that changed something else (with only
 * those files), then the kept entries, `n` in all. Null wherever that is not certain: no commit
 * (HEAD went back), a merge, a commit not on the line, more commits than the step reads, a quoted
 * path, or a path that differs from the memory folder only in case.
 */
export function stepLog(step: string, kept: string, from: string, head: string, n: number): string | null {
  const commits = step.split(RS).filter((c) => c.trim());
  if (commits.length > LOG_STEP_CAP) return null;
  const ids = commits.map((c) => {
    const [sha = '', parents = ''] = (c.split('\n', 1)[0] ?? '').split(US);
    return { sha, parents };
  });
  if (lineTop(ids, from) !== head) return null;
  let out = '';
  let shown = 0;
  for (const c of commits) {
    const [line = '', ...names] = c.split('\n');
    const [, , , short = '', date = '', author = '', ...subject] = line.split(US);
    const paths = names.map((f) => f.trim()).filter(Boolean);
    // What LOG_PATHSPEC leaves out is isMemoryPath; a path it would take only with case folded: git's answer.
    if (paths.some((p) => p.startsWith('"') || (!isMemoryPath(p) && isMemoryPath(p.toLowerCase())))) return null;
    const selected = paths.filter((p) => !isMemoryPath(p));
    // git shows a commit that changed nothing the pathspec selects (memory only, or empty) not at all.
    if (!selected.length) continue;
    if (shown < n) out += `${RS}${short}${US}${date}${US}${author}${US}${subject.join(US)}\n\n${selected.map((p) => `${p}\n`).join('')}`;
    shown++;
  }
  const rest = kept.split(RS).filter((c) => c.trim());
  return out + rest.slice(0, Math.max(0, n - shown)).map((c) => `${RS}${c}`).join('');
}

/**
 * The entries with no files at the commits a shallow clone ends at (see shallow.ts): git lists
 * their whole tree, not what they changed. Their subjects stay.
 */
export function withinClone(repo: Repo, entries: LogEntry[]): LogEntry[] {
  const boundary = shallowBoundary(repo.commonDir);
  return boundary.size ? entries.map((e) => (atBoundary(boundary, e.sha) ? { ...e, files: [] } : e)) : entries;
}

/**
 * The last `n` commits reachable from HEAD that changed something besides memory (see
 * LOG_PATHSPEC), with their files, in one bounded git call (cost grows neither with history nor
 * with the journal); an unborn branch gives none. Kept in the state directory, keyed by the HEAD
 * commit (see log-cache.ts): a commit's history never changes, so while HEAD stays put (sessions
 * started, resumed and compacted between two commits) no git process starts. Where HEAD moved on
 * from the kept log by plain commits (HEAD's reflog says so), git reads only the commits since
 * (see stepLog). Where HEAD is not known from git's files, or moved while git ran, nothing is
 * kept. `startedFrom`: the directory the entry point started the same git call from, if it did
 * (see bin.ts).
 */
export async function recentLog(repo: Repo, n: number, startedFrom?: string): Promise<RecentLog> {
  const { head, out: kept, before } = keptLog(repo, n);
  if (kept !== null) {
    const entries = withinClone(repo, parseLog(kept));
    return { head: abbreviate(head, entries), entries };
  }
  const args = recentLogArgs(n);
  const stepArgs = before && head ? logStepArgs(before.from, head) : null;
  const earlyStep = stepArgs && startedFrom !== undefined ? takeEarly(stepArgs, startedFrom, readKnownStep) : undefined;
  const earlyWhole = startedFrom === undefined ? undefined : takeEarly(args, startedFrom);
  let out: string | null = null;
  if (before && head && stepArgs && (earlyStep || (!earlyWhole && byPlainCommits(repo.gitDir, before.from, head, LOG_STEP_CAP)))) {
    const step = earlyStep ? ((await earlyStep)?.toString('utf8') ?? null) : await git(stepArgs, { cwd: repo.root, allowFail: true });
    out = step === null ? null : stepLog(step, before.out, before.from, head, n);
  }
  out ??= (await earlyWhole)?.toString('utf8') ?? (await git(args, { cwd: repo.root, allowFail: true }));
  if (out === null && partialClone(repo)) {
    const entries = withinClone(repo, await withoutTrees(repo, n));
    return { head: abbreviate(head, entries), entries };
  }
  const now = headCommit(repo);
  if (out !== null && head && now === head && n === PRIMER_LOG_DEPTH) keep(repo, head, out);
  const entries = withinClone(repo, out ? parseLog(out) : []);
  // Where the files do not say (a reftable repository), git does: only when the log has no entry.
  const full = head ?? (entries.length ? null : (await git(['rev-parse', '-q', '--verify', 'HEAD^{commit}'], { cwd: repo.root, allowFail: true }))?.trim() || null);
  return { head: abbreviate(full, entries), entries };
}

/** Whether the repository is a partial clone: its promisor remote's packs are marked so. */
function partialClone(repo: Repo): boolean {
  try {
    return readdirSync(join(repo.commonDir, 'objects', 'pack')).some((f) => f.endsWith('.promisor'));
  } catch {
    return false;
  }
}

/**
 * recentLog in a partial clone whose history lacks trees (`--filter=tree:0`): the files of a commit
 * and the memory paths left out need its tree and its parent's, and git may not fetch them (every
 * transport is refused: own-config.ts; a hook never waits on a network). The log with files holds
 * the commits git could read before the first missing tree (those made here since the clone); the
 * subjects need no tree, so the older commits are listed without files. Not kept: it is not the log
 * recentLogArgs asks for. Their memory commits are told by subject (gather-primer.ts).
 */
async function withoutTrees(repo: Repo, n: number): Promise<LogEntry[]> {
  const [named, plain] = await Promise.all([
    git(recentLogArgs(n), { cwd: repo.root, allowFail: true, keepOut: true }),
    git(['log', `-n${n}`, '--no-merges', LOG_FORMAT, 'HEAD'], { cwd: repo.root, allowFail: true }),
  ]);
  const read = parseLog(named ?? '');
  const older = parseLog(plain ?? '');
  if (!read.length) return older;
  const last = older.findIndex((e) => e.sha === read[read.length - 1]!.sha);
  return last < 0 ? read : [...read, ...older.slice(last + 1)].slice(0, n);
}

/**
 * After a memory commit `to` on top of `from`: the primer's log is the same as `from`'s, since the
 * log leaves memory out, so a log kept for `from` is kept for `to` without asking git. Otherwise
 * git is asked now, where a few ms do not matter, so that the next session start (which usually
 * follows an `end`) asks git nothing.
 */
export async function rekeyLog(repo: Repo, from: string | null, to: string): Promise<void> {
  const kept = readState(repo.stateDir, LOG_CACHE_FILE, (v): v is KeptLog => isRecord(v) && typeof v.head === 'string' && typeof v.out === 'string' && typeof v.args === 'string');
  if (from && kept?.head === from && kept.args === keptLogArgs(PRIMER_LOG_DEPTH) && headCommit(repo) === to) return keep(repo, to, kept.out);
  await recentLog(repo, PRIMER_LOG_DEPTH).catch(() => undefined);
}

/** HEAD abbreviated as the kept log abbreviates, without git; null when no log is kept for HEAD. */
export function keptHead(repo: Repo): string | null {
  const { head, out } = keptLog(repo, PRIMER_LOG_DEPTH);
  return head && out !== null ? abbreviate(head, parseLog(out)) : null;
}
