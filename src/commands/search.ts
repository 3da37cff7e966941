import { isCalendarDate } from '../clock.js';
import { UsageError } from '../errors.js';
import { findRepo } from '../git/repo.js';
import { readJournalFile, SEARCH_FIELDS, type SearchField, type SessionMeta } from '../search/documents.js';
import type { BuildProgress } from '../search/build.js';
import { openIndex, type OpenedIndex, type SpeculativeIndex } from '../search/index.js';
import { bestLine } from '../search/snippet.js';
import type { Repo } from '../git/repo.js';
import type { Ctx, Result } from './context.js';

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
   * search/live.ts): only the newest journal files, `files` of `of`, were searched.
   */
  partial?: { files: number; of: number };
}

/** How the index is reached; by default from its cache, checked by the cache key (a command runs once). */
export interface SearchUse {
  /** Opens the index another way: a long-lived server passes its live index (search/live.ts). */
  open?: (repo: Repo) => Promise<SpeculativeIndex>;
  /** Told how a build of the index goes, when there is one (see search/build.ts). */
  progress?: (p: BuildProgress) => void;
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

/** The query's results on one index, snippets read from the journal files. */
function answer(repo: Repo, idx: OpenedIndex, query: string, limit: number, f: Filters): { results: SearchHit[]; total: number } {
  const keep = (m: SessionMeta | undefined) =>
    !!m &&
    (!f.since || m.date >= f.since) &&
    (!f.until || m.date <= f.until) &&
    (!f.author || (m.author ?? '').toLowerCase().includes(f.author)) &&
    (!f.branch || m.branch === f.branch);
  const filtered = f.since || f.until || f.author || f.branch;
  const ranked = idx.search(query, { boost: { request: 2 }, ...(filtered ? { filter: (id: number) => keep(idx.meta(id)) } : {}) });
  // Best score first; the date decides only among equal scores, so only the sessions scoring at
  // least the limit-th best are looked at: every tie at the cut is among them.
  const { ids, scores } = ranked;
  const ranks = scores.slice().sort();
  const cut = tieKey(ranks[Math.max(0, ranks.length - limit)] ?? 0);
  const when = (id: number) => {
    const m = idx.meta(id)!;
    // The sessions' order (see byTime): a session's id says its place in its minute.
    return `${m.date} ${m.time} ${m.session}`;
  };
  const top: { id: number; score: number; tie: number; when: string }[] = [];
  ids.forEach((id, i) => {
    const score = scores[i]!;
    if (score >= cut * (1 - 1e-6) && tieKey(score) >= cut) top.push({ id, score, tie: tieKey(score), when: when(id) });
  });
  top.sort((a, b) => b.tie - a.tie || (a.when < b.when ? 1 : a.when > b.when ? -1 : 0));
  const results = top.slice(0, limit).map(({ id, score }): SearchHit => {
    const m = idx.meta(id)!;
    const session = (idx.sessionsOf?.(m.path) ?? readJournalFile(repo.root, m.path).sessions).find((s) => s.id === m.session);
    const line = session ? bestLine(session, ranked.queryTerms(id)) : { section: SEARCH_FIELDS[0], text: '' };
    return { ...m, score: Number(score.toFixed(3)), section: line.section, snippet: line.text };
  });
  return { results, total: ids.length };
}

/**
 * Searches past sessions: BM25 over their sections (the request counts double), filtered by
 * date, author and branch, best first and newest first on ties. Sessions holding every word of the
 * query come first; only when there are none do sessions holding some of them count. Each hit has the line that
 * matched best as its snippet.
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
  const opened = await (use.open ? use.open(repo) : openIndex(repo, use.progress));
  const run = (idx: OpenedIndex) => answer(repo, idx, query, limit, { since, until, author, branch: opts.branch });
  let idx = opened.index;
  // The query runs on the cache before its key is known; it is shown only if the key matched. A
  // stale cache can fail the query (a journal file gone): then only the current index answers.
  let found;
  try {
    try {
      found = run(idx);
    } catch (e) {
      if (await opened.valid) throw e;
    }
    if (!found || !(await opened.valid)) found = run((idx = await opened.refresh()));
  } finally {
    opened.close();
  }
  const warnings = idx.corrupt.map((c) => `skipped ${c.message}`);
  return { data: { query, ...found, sessions: idx.sessions, cache: idx.cache, ...(idx.partial ? { partial: idx.partial } : {}) }, warnings };
}
