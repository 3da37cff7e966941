import { isCalendarDate } from '../clock.js';
import { UsageError } from '../errors.js';
import { assertMemoryCheckedOut, findRepo } from '../git/repo.js';
import { factShape } from '../memory/long-term.js';
import { factsOf, retiredFacts, retiredLine, type RetiredFacts } from '../memory/retired-facts.js';
import { longTermForReaders } from '../memory/long-term-read.js';
import { readIndexedSession, SEARCH_FIELDS, type SearchField, type SessionMeta } from '../search/documents.js';
import type { BuildProgress } from '../search/build.js';
import { openIndex, type OpenedIndex, type SpeculativeIndex } from '../search/index.js';
import { FIRST_ANSWER_MS } from '../search/newest.js';
import { bestLine } from '../search/snippet.js';
import { redactQuick } from '../safety/quick-redact.js';
import type { Repo } from '../git/repo.js';
import type { Ctx, Result } from './context.js';
import { handDeleted } from './steps/hand-deleted.js';
import { mark } from '../trace.js';

export interface SearchOptions {
  query: string;
  since?: string;
  until?: string;
  author?: string;
  branch?: string;
  limit?: number;
}

export interface SearchHit extends Omit<SessionMeta, 'session'> {
  session: string;
  score: number;
  /** The section the snippet comes from. */
  section: SearchField;
  snippet: string;
  /** The snippet says a fact MEMORY.md lists as superseded (on `until`): history, not what holds now. */
  superseded?: { until?: string };
}

export interface SearchData {
  query: string;
  results: SearchHit[];
  /** Matches before `--limit`. */
  total: number;
  /** Sessions in the index. */
  sessions: number;
  cache: 'fresh' | 'updated' | 'rebuilt';
  /**
   * Set while the whole index is being built (a long-lived server's first search after a clone,
   * search/live.ts): only the newest journal files, `files` of them back to the day `from`, were
   * searched (how many there are is not counted: at 50,000 sessions that alone would cost more than
   * the answer may).
   */
  partial?: { files: number; from: string };
  /**
   * Set where a long-lived server's first search answered from the index as stored, which it was
   * still checking against the journal (search/live.ts): sessions written since may be missing.
   */
  unchecked?: true;
}

/** How the index is reached; by default from its cache, checked by the cache key (a command runs once). */
export interface SearchUse {
  /** Opens the index another way: a long-lived server passes its live index (search/live.ts). */
  open?: (repo: Repo) => Promise<SpeculativeIndex>;
  /** Told how a build of the index goes, when there is one (see search/build.ts). */
  progress?: (p: BuildProgress) => void;
  /**
   * With no index stored (a fresh clone): whether the whole index is being built by another
   * process (one started by this, see search/background.ts); then the newest journal files answer
   * at once and the answer says so (`partial`). Absent or false: the index is built here first.
   */
  buildElsewhere?: (repo: Repo) => boolean;
}

function date(name: string, v: string | undefined): string | undefined {
  if (v === undefined) return undefined;
  if (!isCalendarDate(v)) throw new UsageError(`--${name} must be a date (YYYY-MM-DD), found ${JSON.stringify(v)}`);
  return v;
}

/** Scores this close are a tie, broken by date: float noise must not decide the order. */
const tieKey = (score: number) => Number(score.toPrecision(9));

interface Filters {
  since?: string;
  until?: string;
  /** Lower case. */
  author?: string;
  branch?: string;
}

/** The fact sections of a session: where a forgotten or superseded fact is said. */
const FACT_FIELDS: ReadonlySet<SearchField> = new Set(['learned', 'decisions']);

/**
 * MEMORY.md's forgotten and superseded facts, or null: a search leaves the first out and marks the
 * second. A fact deleted from the file by hand since the last dream counts as forgotten at once,
 * as the next dream will list it. A linked MEMORY.md is not read (it would bring text from outside
 * the repository), nor one over LONG_TERM_READ_MAX_BYTES.
 */
async function readRetired(repo: Repo): Promise<RetiredFacts | null> {
  const { text } = longTermForReaders(repo.root);
  const retired = retiredFacts(text);
  const deleted = text ? await handDeleted(repo, text) : [];
  if (!deleted.length) return retired;
  const all = retired ?? factsOf(text!);
  return { ...all, forgotten: [...all.forgotten, ...deleted.map(factShape)] };
}

/**
 * What a hit says of its session's frontmatter, as the primer says it: a branch, author or agent a
 * teammate committed past the scan (`--no-verify`) with a secret in it, redacted (stop 54). Its path,
 * date, time and id are git-memory's own (a file named so, a checked format): passing each hit's
 * path and the author's address through the rules as well cost a warm search +12-25 M instructions
 * (compiling the patterns of the rules their `.` and `@` ask for), against +1-9 M for the rest.
 */
function shownMeta(m: SessionMeta): SessionMeta {
  const shown = (v: string | undefined) => (v === undefined ? v : redactQuick(v));
  const [agent, author, branch] = [shown(m.agent), shown(m.author), shown(m.branch)];
  return agent === m.agent && author === m.author && branch === m.branch ? m : { ...m, ...(agent !== undefined ? { agent } : {}), ...(author !== undefined ? { author } : {}), ...(branch !== undefined ? { branch } : {}) };
}

/**
 * The query's results on one index, snippets read from the journal files. A line saying a fact
 * memory forgot is neither shown nor counted: a session that matched by it alone is left out, the
 * next one taking its place. A snippet saying a superseded fact is marked.
 */
function answer(repo: Repo, idx: OpenedIndex, query: string, limit: number, f: Filters, retired: RetiredFacts | null): { results: SearchHit[]; total: number } {
  const keep = (m: SessionMeta | undefined) =>
    !!m &&
    (!f.since || m.date >= f.since) &&
    (!f.until || m.date <= f.until) &&
    (!f.author || (m.author ?? '').toLowerCase().includes(f.author)) &&
    (!f.branch || m.branch === f.branch);
  const filtered = f.since || f.until || f.author || f.branch;
  const ranked = idx.search(query, { boost: { request: 2 }, ...(filtered ? { filter: (id: number) => keep(idx.meta(id)) } : {}) });
  const { ids, scores } = ranked;
  const ranks = scores.slice().sort();
  const when = (id: number) => {
    const m = idx.meta(id)!;
    // The sessions' order (see byTime): a session's id says its place in its minute.
    return `${m.date} ${m.time} ${m.session}`;
  };
  // The best `n`, best score first; the date decides only among equal scores, so only the sessions
  // scoring at least the n-th best are looked at: every tie at the cut is among them.
  const best = (n: number) => {
    const cut = tieKey(ranks[Math.max(0, ranks.length - n)] ?? 0);
    const top: { id: number; score: number; tie: number; when: string }[] = [];
    ids.forEach((id, i) => {
      const score = scores[i]!;
      if (score >= cut * (1 - 1e-6) && tieKey(score) >= cut) top.push({ id, score, tie: tieKey(score), when: when(id) });
    });
    top.sort((a, b) => b.tie - a.tie || (a.when < b.when ? 1 : a.when > b.when ? -1 : 0));
    return top.slice(0, n);
  };
  const leave = retired?.forgotten.length ? (section: SearchField, line: string) => FACT_FIELDS.has(section) && 'forgotten' in (retiredLine(line, retired) ?? {}) : undefined;
  const hitOf = (id: number, score: number): SearchHit | null => {
    const m = idx.meta(id)!;
    // Only the hit's own session is read (a folded day holds dozens); a live server has the files parsed already.
    const session = idx.sessionsOf ? idx.sessionsOf(m.path).find((s) => s.id === m.session) : readIndexedSession(repo.root, m.path, m.session);
    const line = session ? bestLine(session, ranked.queryTerms(id), leave) : { section: SEARCH_FIELDS[0], text: '', hits: 1 };
    // Its words were found in the session, and none of them outside what was forgotten.
    if (leave && line.hits === 0 && session && bestLine(session, ranked.queryTerms(id)).hits > 0) return null;
    const status = retired && FACT_FIELDS.has(line.section) ? retiredLine(line.text, retired) : null;
    return { ...shownMeta(m), score: Number(score.toFixed(3)), section: line.section, snippet: line.text, ...(status && 'superseded' in status ? { superseded: status.superseded } : {}) };
  };
  if (!leave) return { results: best(limit).map(({ id, score }) => hitOf(id, score)!), total: ids.length };
  // Some sessions may match by a forgotten line alone: looked at in the order shown, further down as they are left out.
  const seen = new Map<number, SearchHit | null>();
  let n = limit;
  for (;;) {
    const top = best(n);
    for (const { id, score } of top) if (!seen.has(id)) seen.set(id, hitOf(id, score));
    const results = top.map(({ id }) => seen.get(id)).filter((h): h is SearchHit => !!h);
    if (results.length >= limit || top.length >= ids.length) {
      const dropped = [...seen.values()].filter((h) => h === null).length;
      return { results: results.slice(0, limit), total: ids.length - dropped };
    }
    n *= 2;
  }
}

/**
 * Searches past sessions: BM25 over their sections (the request counts double), filtered by
 * date, author and branch, best first and newest first on ties. Sessions holding every word of the
 * query come first; only when there are none do sessions holding some of them count. Each hit has the line that
 * matched best as its snippet. What MEMORY.md lists as forgotten is not found; a snippet saying a
 * fact it lists as superseded is marked so.
 */
export async function search(ctx: Ctx, opts: SearchOptions, use: SearchUse = {}): Promise<Result<SearchData>> {
  const query = opts.query.trim();
  if (!query) throw new UsageError('the search query is empty', 'usage: git memory search "refresh token" [--since 2026-01-01] [--author jane] [--branch main]');
  const since = date('since', opts.since);
  const until = date('until', opts.until);
  const limit = opts.limit ?? 10;
  if (!Number.isInteger(limit) || limit < 1) throw new UsageError(`--limit must be a positive whole number, found ${opts.limit}`);
  const author = opts.author?.toLowerCase();

  const repo = findRepo(ctx.cwd, ctx.env);
  assertMemoryCheckedOut(repo); // else no session is found, and it would not say why
  const buildElsewhere = use.buildElsewhere;
  // Started first: where MEMORY.md changed since this clone last read it (a fresh clone), git is
  // asked about its last dream (two processes, 100-200 ms at 10,000 sessions), which then runs while
  // the index is opened or the newest files are read instead of after them.
  const retiring = readRetired(repo);
  retiring.catch(() => {}); // reported where awaited
  const opened = await (use.open ? use.open(repo) : openIndex(repo, use.progress, undefined, true, buildElsewhere && { build: () => buildElsewhere(repo), firstMs: FIRST_ANSWER_MS }));
  mark('search: index opened');
  const retired = await retiring;
  mark('search: retired facts read');
  const run = (idx: OpenedIndex) => answer(repo, idx, query, limit, { since, until, author, branch: opts.branch }, retired);
  let idx = opened.index;
  // The query runs on the cache before its key is known; it is shown only if the key matched. A
  // stale cache can fail the query (a journal file gone): then only the current index answers.
  let found;
  try {
    try {
      found = run(idx);
      mark('search: answered on the stored index');
    } catch (e) {
      if (await opened.valid) throw e;
    }
    const checked = await opened.valid;
    mark('search: key checked');
    if (!found || !checked || !(await opened.valid)) found = run((idx = await opened.refresh()));
  } finally {
    opened.close();
  }
  mark('search: answer ready');
  const warnings = idx.corrupt.map((c) => `skipped ${c.message}`);
  return { data: { query, ...found, sessions: idx.sessions, cache: idx.cache, ...(idx.partial ? { partial: idx.partial } : {}), ...(idx.unchecked ? { unchecked: true as const } : {}) }, warnings };
}
