// The arguments of `memory_search` checked by hand, so that the MCP front (front.ts) can tell a
// call it may answer itself, through the lean search bundle (search-entry.ts), without loading zod
// and the real server. The zod shape in tools.ts stays what the server lists and what the real
// server checks; this check takes no call that shape would refuse (test/mcp/search-args.test.ts),
// and a call it does not take goes to the real server, which answers it as it always did.

import type { SearchOptions } from '../commands/search.js';

/** The name the search tool is listed under. */
export const SEARCH_TOOL = 'memory_search';

/** `memory_search`'s arguments, as the zod shape in tools.ts types them: the search's own, and how the answer is cut and shown. */
export interface SearchToolArgs extends SearchOptions {
  max_tokens?: number;
  scope?: string;
  detail?: string | boolean;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown) => v === undefined || typeof v === 'string';
const day = (v: unknown) => v === undefined || (typeof v === 'string' && DAY.test(v));
const whole = (v: unknown, min: number, max = Number.MAX_SAFE_INTEGER) => v === undefined || (typeof v === 'number' && Number.isSafeInteger(v) && v >= min && v <= max);

/**
 * The arguments when every one is as the zod shape wants it; null otherwise (the real server then
 * checks them and says what is wrong). Names the shape does not have are left out, as zod does.
 */
export function searchToolArgs(args: unknown): SearchToolArgs | null {
  if (!isObject(args)) return null;
  const a = args;
  if (typeof a.query !== 'string' || !a.query.length) return null;
  if (!day(a.since) || !day(a.until) || !text(a.author) || !text(a.branch) || !text(a.scope)) return null;
  if (!whole(a.limit, 1, 100) || !whole(a.max_tokens, 0)) return null;
  if (!(a.detail === undefined || typeof a.detail === 'string' || typeof a.detail === 'boolean')) return null;
  const out: SearchToolArgs = { query: a.query };
  for (const k of ['since', 'until', 'author', 'branch', 'limit', 'max_tokens', 'scope', 'detail'] as const) if (a[k] !== undefined) (out as unknown as Record<string, unknown>)[k] = a[k];
  return out;
}

/** A request's `_meta` as the SDK reads it: a progress token (a string or a whole number) or none, and no task it relates to. */
function metaTaken(meta: unknown): boolean {
  if (!isObject(meta) || 'io.modelcontextprotocol/related-task' in meta) return false;
  const token = meta.progressToken;
  return token === undefined || typeof token === 'string' || (typeof token === 'number' && Number.isSafeInteger(token));
}

/**
 * A `tools/call` request's params when they ask `memory_search` with arguments it takes (see
 * searchToolArgs), and nothing else the SDK would read (a task, say); null otherwise.
 */
export function searchCall(params: unknown): SearchToolArgs | null {
  if (!isObject(params) || params.name !== SEARCH_TOOL) return null;
  if (!Object.keys(params).every((k) => k === 'name' || k === 'arguments' || k === '_meta')) return null;
  if (params._meta !== undefined && !metaTaken(params._meta)) return null;
  return searchToolArgs(params.arguments);
}
