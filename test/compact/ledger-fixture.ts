// A hand-made Ledger for the pure compaction tests: a session that adds a logout endpoint, hits a
// type error and a failing test, fixes both, and leaves one task open.
import { emptyLedger, type FileTouch, type Ledger } from '../../src/transcripts/ledger.js';

const T = (min: number) => new Date(Date.UTC(2026, 10, 22, 14, min)).toISOString();

const file = (path: string, reads: number, edits: number, writes: number, lastMin: number, last_op: FileTouch['last_op'], last_call: number, firstMin = 0): FileTouch => ({
  path,
  reads,
  edits,
  writes,
  first: T(firstMin),
  last: T(lastMin),
  last_op,
  by_subagent: false,
  last_call,
});

export function sessionLedger(): Ledger {
  const l = emptyLedger('claude', 'sess-1');
  l.cwd = '/work/acme';
  l.tool_calls = 24;
  l.context_tokens = 48_000;
  l.files = [
    file('src/auth/logout.ts', 1, 3, 1, 40, 'edit', 20, 5),
    file('src/auth/session-store.ts', 2, 2, 0, 35, 'edit', 17, 6),
    file('src/routes/index.ts', 1, 1, 0, 22, 'edit', 11, 7),
    file('test/auth/logout.test.ts', 0, 1, 1, 44, 'edit', 22, 20),
    file('package.json', 1, 0, 0, 3, 'read', 2, 3),
    file('README.md', 1, 0, 0, 2, 'read', 1, 2),
    file('src/auth/login.ts', 3, 0, 0, 30, 'read', 14, 4),
    file('docs/api.md', 1, 0, 0, 10, 'read', 6, 10),
  ];
  l.commands = [
    { command: 'npm test -- test/auth', at: T(25), failed: true, by_subagent: false },
    { command: 'npx tsc --noEmit', at: T(28), failed: true, by_subagent: false },
    { command: 'npm test -- test/auth', at: T(45), failed: false, by_subagent: false },
    { command: 'git status', at: T(46), failed: false, by_subagent: false },
  ];
  l.errors = [
    { tool: 'Bash', message: "src/auth/logout.ts(12,5): error TS2345: Argument of type 'string | undefined' is not assignable to parameter of type 'string'.", at: T(28), followed_by: 'Edit src/auth/logout.ts' },
    { tool: 'Bash', message: 'FAIL test/auth/logout.test.ts > clears the refresh cookie: expected SameSite=Lax in Set-Cookie header', at: T(25), followed_by: 'Edit src/auth/session-store.ts' },
  ];
  l.user_messages = [
    { text: 'Add a logout endpoint that revokes the refresh token and clears the cookie', at: T(0) },
    { text: 'Use the existing sessionStore, do not add a new Redis client', at: T(15) },
    { text: 'The cookie must keep SameSite=Lax, the frontend depends on it', at: T(26) },
    { text: 'yes', at: T(41) },
    { text: 'Now write the test for the revoked token case as well', at: T(42) },
  ];
  l.todos = [
    { content: 'Add POST /auth/logout', status: 'completed' },
    { content: 'Revoke refresh token in sessionStore', status: 'completed' },
    { content: 'Document logout in docs/api.md', status: 'pending' },
  ];
  l.turns = [
    { at: T(0), request: l.user_messages[0]!.text, tool_calls: 9, edited: ['src/auth/logout.ts', 'src/routes/index.ts'], reply: 'Added the endpoint.' },
    { at: T(15), request: l.user_messages[1]!.text, tool_calls: 6, edited: ['src/auth/session-store.ts'], reply: 'Switched to sessionStore.revoke.' },
    { at: T(26), request: l.user_messages[2]!.text, tool_calls: 5, edited: ['src/auth/logout.ts'], reply: 'Cookie options fixed; tests pass.' },
    { at: T(42), request: l.user_messages[4]!.text, tool_calls: 4, edited: ['test/auth/logout.test.ts'], reply: 'Added the revoked-token test.' },
  ];
  l.last_turn_had_tool_calls = true;
  l.started = T(0);
  l.updated = T(46);
  return l;
}

/** What the transcript of that session weighs (the compression ratio's denominator). */
export const ORIGINAL_CHARS = 400_000;

/** A good summary in Claude Code's numbered shape. */
export const GOOD_SUMMARY = `<summary>
1. Primary Request and Intent:
   The user first asked to add a logout endpoint that revokes the refresh token and clears the cookie, then to use the existing sessionStore instead of a new Redis client, and finally to write the test for the revoked token case.

2. Key Technical Concepts:
   - TS2345 strict null checks, npm test, npx tsc, git status
   - sessionStore.revoke, SameSite=Lax cookies

3. Files and Code Sections:
   - src/auth/logout.ts: the new endpoint
   - src/auth/session-store.ts: revoke()
   - src/routes/index.ts: route registered
   - test/auth/logout.test.ts: tests
   - src/auth/login.ts, package.json, README.md, docs/api.md were read

4. Errors and fixes:
   - error TS2345: Argument of type 'string | undefined' is not assignable to parameter of type 'string' in logout.ts: fixed with a guard.
   - FAIL test/auth/logout.test.ts: expected SameSite=Lax in Set-Cookie header: the solution was to keep the cookie options.

5. Problem Solving:
   The problem was the cookie options; the solution kept SameSite=Lax. The result: tests pass.

6. All user messages:
   - Add a logout endpoint that revokes the refresh token and clears the cookie
   - Use the existing sessionStore, do not add a new Redis client
   - The cookie must keep SameSite=Lax, the frontend depends on it
   - yes
   - Now write the test for the revoked token case as well

7. Pending Tasks:
   - Document logout in docs/api.md

8. Current Work:
   Current state: the revoked-token test was just added. Next step: document logout.
</summary>`;

/** The same summary with half the files, both errors and two user messages dropped. */
export const HALF_FILES_SUMMARY = `<summary>
1. Primary Request and Intent:
   The user asked for a logout endpoint.

2. Key Technical Concepts:
   - cookies

3. Files and Code Sections:
   - src/auth/logout.ts: the new endpoint
   - src/routes/index.ts: route registered
   - package.json, README.md were read

4. Errors and fixes:
   - A type error was fixed.

5. Problem Solving:
   The work went smoothly.

6. All user messages:
   - Add a logout endpoint that revokes the refresh token and clears the cookie
   - Now write the test for the revoked token case as well

7. Pending Tasks:
   - Documentation

8. Current Work:
   Writing tests.
</summary>`;
