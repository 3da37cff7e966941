// The MCP front answers memory_search itself where its hand check takes the arguments
// (src/mcp/search-args.ts): that check must take nothing the tool's zod shape refuses, and give the
// arguments as zod parses them; what it does not take goes to the real server.
import * as z from 'zod/v4';
import { describe, expect, it } from 'vitest';
import { SEARCH_TOOL, searchCall, searchToolArgs } from '../../src/mcp/search-args.js';
import { TOOLS } from '../../src/mcp/tools.js';

const shape = z.object(TOOLS.find((t) => t.name === SEARCH_TOOL)!.input);

const CASES: unknown[] = [
  { query: 'webhook' },
  { query: 'x', since: '2026-01-01', until: '2026-12-31', author: 'jane', branch: 'main', limit: 100, max_tokens: 0, scope: 'project', detail: 'full' },
  { query: 'x', detail: false, color: 'red' },
  { query: 'x', since: '2026-02-30' },
  { query: '' },
  { query: 5 },
  {},
  null,
  'webhook',
  ['webhook'],
  { query: 'x', since: '2026-1-01' },
  { query: 'x', since: '2026-01-01T00:00' },
  { query: 'x', until: 20260101 },
  { query: 'x', author: null },
  { query: 'x', branch: 3 },
  { query: 'x', limit: 0 },
  { query: 'x', limit: 101 },
  { query: 'x', limit: 1.5 },
  { query: 'x', limit: '5' },
  { query: 'x', limit: 2 ** 60 },
  { query: 'x', max_tokens: -1 },
  { query: 'x', max_tokens: 2.5 },
  { query: 'x', scope: [] },
  { query: 'x', detail: 1 },
  { query: 'x', detail: null },
];

describe('memory_search arguments checked by hand (the MCP front)', () => {
  it('takes only what the zod shape takes, as zod gives it, and takes the ordinary calls', () => {
    let taken = 0;
    for (const args of CASES) {
      const mine = searchToolArgs(args);
      const theirs = shape.safeParse(args);
      if (mine) {
        taken++;
        expect(theirs.success, JSON.stringify(args)).toBe(true);
        expect(mine).toEqual(theirs.data);
      }
    }
    expect(taken).toBe(4);
  });

  it('takes a tools/call for memory_search only, with nothing the SDK would read beside the arguments', () => {
    expect(searchCall({ name: 'memory_search', arguments: { query: 'x' } })).toEqual({ query: 'x' });
    expect(searchCall({ name: 'memory_search', arguments: { query: 'x' }, _meta: { progressToken: 'p', 'claudecode/toolUseId': 'toolu_1' } })).toEqual({ query: 'x' });
    expect(searchCall({ name: 'memory_tasks', arguments: {} })).toBeNull();
    expect(searchCall({ name: 'memory_search', arguments: { query: 'x' }, task: { ttl: 1000 } })).toBeNull();
    expect(searchCall({ name: 'memory_search', arguments: { query: 'x' }, _meta: { progressToken: 1.5 } })).toBeNull();
    expect(searchCall({ name: 'memory_search', arguments: { query: 'x' }, _meta: { 'io.modelcontextprotocol/related-task': { taskId: 't' } } })).toBeNull();
    expect(searchCall({ name: 'memory_search' })).toBeNull();
    expect(searchCall(undefined)).toBeNull();
  });
});
