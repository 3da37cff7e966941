// A realistic Ledger, made by hand (the shape src/transcripts/ledger.ts defines): a session that
// refactors an auth module, with reads, edits, a failing then passing test run, a user correction
// and a todo list.
import { emptyLedger, type Ledger } from '../../src/transcripts/ledger.js';

export function authSessionLedger(over: Partial<Ledger> = {}): Ledger {
  const l = emptyLedger('claude', 'sess-auth-1');
  const t = (m: number) => `2026-11-22T14:${String(m).padStart(2, '0')}:00.000Z`;
  return {
    ...l,
    cwd: '/home/jane/acme-api',
    tool_calls: 14,
    context_tokens: 12_400,
    usage: { input: 40_000, output: 3_000, cache_read: 120_000, cache_write: 9_000 },
    files: [
      { path: 'src/auth/index.ts', reads: 2, edits: 3, writes: 0, first: t(2), last: t(20), last_op: 'edit', by_subagent: false, last_call: 12 },
      { path: 'src/auth/refresh.ts', reads: 0, edits: 1, writes: 1, first: t(10), last: t(22), last_op: 'edit', by_subagent: false, last_call: 13 },
      { path: 'src/auth/middleware.ts', reads: 1, edits: 1, writes: 0, first: t(4), last: t(12), last_op: 'edit', by_subagent: false, last_call: 7 },
      { path: 'test/auth.test.ts', reads: 2, edits: 0, writes: 0, first: t(3), last: t(15), last_op: 'read', by_subagent: true, last_call: 9 },
      { path: 'package.json', reads: 1, edits: 0, writes: 0, first: t(1), last: t(1), last_op: 'read', by_subagent: false, last_call: 0 },
    ],
    commands: [
      { command: 'npm test -- --grep auth', at: t(8), failed: true, by_subagent: false },
      { command: 'npx tsc --noEmit', at: t(11), failed: false, by_subagent: false },
      { command: 'npm test -- --grep auth', at: t(14), failed: false, by_subagent: false },
      { command: 'git diff --stat', at: t(21), failed: false, by_subagent: false },
    ],
    errors: [
      {
        tool: 'Bash',
        message: "FAIL test/auth.test.ts > refresh > rotates the token: TypeError: Cannot read properties of undefined (reading 'exp')",
        at: t(8),
        followed_by: 'Edit src/auth/middleware.ts (export verifyToken)',
      },
    ],
    user_messages: [
      { text: 'Refactor the auth module to use JWT with refresh tokens, keeping /api/auth/* compatible', at: t(0) },
      { text: "No, don't poll with setTimeout for the refresh; use a mutex so only one refresh runs", at: t(9) },
      { text: 'Now handle the token refresh race when two requests expire at once', at: t(16) },
    ],
    todos: [
      { content: 'Move session auth to JWT', status: 'completed' },
      { content: 'Add refresh token rotation with a mutex', status: 'in_progress' },
      { content: 'Document the new /api/auth/refresh endpoint', status: 'pending' },
    ],
    turns: [
      { at: t(0), request: 'Refactor the auth module to use JWT with refresh tokens, keeping /api/auth/* compatible', tool_calls: 8, edited: ['src/auth/index.ts', 'src/auth/middleware.ts'], reply: 'Moved verification to JWT; 3 tests failed on a missing export, fixed.' },
      { at: t(9), request: "No, don't poll with setTimeout for the refresh; use a mutex so only one refresh runs", tool_calls: 4, edited: ['src/auth/refresh.ts'], reply: 'Replaced the polling with a mutex in refresh.ts.' },
      { at: t(16), request: 'Now handle the token refresh race when two requests expire at once', tool_calls: 2, edited: ['src/auth/refresh.ts'], reply: 'The race is in handleTokenRefresh: two callers both see an expired token. Adding a shared in-flight promise next.' },
    ],
    compactions: [],
    last_turn_had_tool_calls: false,
    started: t(0),
    updated: t(22),
    ...over,
  };
}
