import { DATE_RE } from '../clock.js';
import { UsageError } from '../errors.js';
import { findRepo } from '../git/repo.js';
import { readJournalFile, SEARCH_FIELDS, type SearchField, type SessionMeta } from '../agents/search/documents.js';
import { isPrefixTerm, openIndex, type OpenedIndex } from '../agents/search/index.js';
import { bestLine } from '../agents/search/snippet.js';
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
}

function date(name: string, v: string | undefined): string | undefined {
  if (v === undefined) return undefined;
  if (!DATE_RE.test(v)) throw new UsageError(`--${name} must be a date (YYYY-MM-DD), found ${JSON.stringify(v)}`);
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
  const options = { boost: { request: 2 }, prefix: isPrefixTerm, ...(filtered ? { filter: (r: { id: unknown }) => keep(idx.meta(r.id as number)) } : {}) };
  // Sessions holding every word; when none does, sessions holding any of them.
  let raw = idx.mini.search(query, { ...options, combineWith: 'AND' });
  if (!raw.length) raw = idx.mini.search(query, options);
  // Best score first; the date decides only among equal scores, so it is looked at only there.
  const byScore = raw.map((r) => ({ r, tie: tieKey(r.score) })).sort((a, b) => b.tie - a.tie);
  let cut = Math.min(limit, byScore.length);
  while (cut > 0 && cut < byScore.length && byScore[cut]!.tie === byScore[cut - 1]!.tie) cut++;
  const when = (id: unknown) => {
    const m = idx.meta(id as number)!;
    return `${m.date} ${m.time} ${m.path}`;
  };
  const top = byScore.slice(0, cut).map((x) => ({ ...x, when: when(x.r.id) }));
  top.sort((a, b) => b.tie - a.tie || (a.when < b.when ? 1 : a.when > b.when ? -1 : 0));
  const results = top.slice(0, limit).map(({ r }): SearchHit => {
    const m = idx.meta(r.id as number)!;
    const session = readJournalFile(repo.root, m.path).sessions.find((s) => s.id === m.session);
    const line = session ? bestLine(session, r.queryTerms) : { section: SEARCH_FIELDS[0], text: '' };
    return { ...m, score: Number(r.score.toFixed(3)), section: line.section, snippet: line.text };
  });
  return { results, total: raw.length };
}

/**
 * Searches past sessions: BM25 over their sections (the request counts double), filtered by
 * date, author and branch, best first and newest first on ties. Sessions holding every word of the
 * query come first; only when there are none do sessions holding some of them count. Each hit has the line that
 * matched best as its snippet.
 */
export async function search(ctx: Ctx, opts: SearchOptions): Promise<Result<SearchData>> {
  const query = opts.query.trim();
  if (!query) throw new UsageError('the search query is empty', 'usage: git memory search "refresh token" [--since 2026-01-01] [--author jane] [--branch main]');
  const since = date('since', opts.since);
  const until = date('until', opts.until);
  const limit = opts.limit ?? 10;
  if (!Number.isInteger(limit) || limit < 1) throw new UsageError(`--limit must be a positive whole number, found ${opts.limit}`);
  const author = opts.author?.toLowerCase();

  const repo = findRepo(ctx.cwd, ctx.env);
  const opened = await openIndex(repo, query);
  const run = (idx: OpenedIndex) => answer(repo, idx, query, limit, { since, until, author, branch: opts.branch });
  let idx = opened.index;
  // The query runs on the cache before its key is known; it is shown only if the key matched. A
  // stale cache can fail the query (a journal file gone): then only the current index answers.
  let found;
  try {
    found = run(idx);
  } catch (e) {
    if (await opened.valid) throw e;
  }
  if (!found || !(await opened.valid)) found = run((idx = await opened.refresh()));
  const warnings = idx.corrupt.map((c) => `skipped ${c.message}`);
  return { data: { query, ...found, sessions: idx.sessions, cache: idx.cache }, warnings };
}
