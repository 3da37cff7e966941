// A Claude Code session that grows to a given context size, written as its real JSONL transcript
// step by step, and a stand-in note-taking model for it: the notes-cost test and bench part
// (bench/parts/notes-cost.mjs) replay it through the notes update and count what is sent.
// Plain JS so the bench can run it without a TypeScript step (growing-session.d.mts types it).

const FILES = [
  'src/auth/session.ts', 'src/auth/refresh.ts', 'src/auth/middleware.ts', 'src/auth/index.ts', 'src/routes/logout.ts',
  'src/routes/login.ts', 'src/db/tokens.ts', 'src/db/users.ts', 'src/config.ts', 'src/server.ts',
  'test/auth/logout.test.ts', 'test/auth/refresh.test.ts', 'test/db/tokens.test.ts', 'src/lib/mutex.ts', 'docs/auth.md',
];
const REQUESTS = [
  'Add a logout endpoint that revokes the refresh token. Keep the session cookie handling as it is.',
  'The refresh tests fail intermittently; find out why and fix it without polling.',
  'Now make token revocation go through the db layer and add tests for it.',
  'Handle the race when two requests refresh the same token at once; use a mutex.',
  'Document the auth flow in docs/auth.md and clean up the middleware.',
  'Run the whole suite and fix whatever is still red.',
  'Add rate limiting to /api/auth/login, 5 attempts a minute per IP.',
  'Rename revokeRefreshToken to revokeToken everywhere and update the docs.',
];

/** Deterministic pseudo-random numbers, so every run replays the same session. */
function rng(seed) {
  let s = seed >>> 0;
  return () => ((s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32);
}

/** A plausible TypeScript file body of about `lines` lines, as Read shows it (numbered). */
function codeOf(path, lines, r) {
  const out = [];
  const name = path.split('/').pop().replace(/\..*$/, '').replace(/[^a-z]/gi, '');
  for (let i = 1; i <= lines; i++) {
    const k = Math.floor(r() * 6);
    const text = [
      `export async function ${name}Step${i}(req: Request, res: Response): Promise<void> {`,
      `  const token = await tokens.find(req.cookies.refresh ?? '', { userId: req.user?.id });`,
      `  if (!token || token.revokedAt) throw new HttpError(401, 'refresh token revoked or unknown');`,
      `  logger.debug({ userId: token.userId, expires: token.expiresAt }, 'token checked');`,
      `  return;`,
      `}`,
    ][k];
    out.push(`${String(i).padStart(6)}\t${text}`);
  }
  return out.join('\n');
}

function testOutput(failed, r) {
  const lines = [`> acme@1.0.0 test`, `> vitest run test/auth`, ''];
  const n = 12 + Math.floor(r() * 20);
  for (let i = 0; i < n; i++) lines.push(` ✓ test/auth/${FILES[10 + (i % 3)].split('/').pop()} > case ${i} ${Math.floor(r() * 40)}ms`);
  if (failed) lines.push(' FAIL test/auth/refresh.test.ts > refresh > rotates the token once', "TypeError: Cannot read properties of undefined (reading 'expiresAt')", '    at refresh (src/auth/refresh.ts:42:18)');
  lines.push('', ` Test Files  ${failed ? '1 failed | ' : ''}3 passed (3)`, `      Tests  ${failed ? '1 failed | ' : ''}${n} passed (${n + (failed ? 1 : 0)})`);
  return lines.join('\n');
}

/**
 * The session as transcript chunks: each step is the JSONL text one agent round appends (a user
 * request, or an assistant tool call with its result, or the closing reply of a turn), with the
 * context size after it and whether the agent paused there. It ends once the context reaches
 * `targetTokens`.
 * @param {{ targetTokens?: number, startTokens?: number, sessionId?: string, cwd?: string, seed?: number }} [opts]
 */
export function growingSession(opts = {}) {
  const target = opts.targetTokens ?? 87_000;
  const sessionId = opts.sessionId ?? '7c1e2b9a-5d44-4c0b-9a51-3f0e6d2a8b17';
  const cwd = opts.cwd ?? '/home/jane/acme';
  const r = rng(opts.seed ?? 13);
  let ctx = opts.startTokens ?? 12_000;
  let uuid = 0;
  let parent = null;
  let t = Date.parse('2026-11-22T14:00:00.000Z');
  const steps = [];
  const base = () => ({ parentUuid: parent, isSidechain: false, userType: 'external', cwd, sessionId, version: '2.1.39', gitBranch: 'feature/logout' });
  const rec = (o) => {
    const id = `r${++uuid}`;
    t += 3000 + Math.floor(r() * 9000);
    const line = JSON.stringify({ ...base(), ...o, uuid: id, timestamp: new Date(t).toISOString() });
    parent = id;
    return line;
  };
  const usage = (delta, out) => ({ input_tokens: 2, cache_creation_input_tokens: delta, cache_read_input_tokens: ctx - delta, output_tokens: out });
  let msg = 0;
  let turn = 0;
  let todos = false;
  while (ctx < target) {
    const request = REQUESTS[turn % REQUESTS.length];
    turn++;
    ctx += Math.ceil(request.length / 4) + 10;
    steps.push({ text: `${rec({ type: 'user', message: { role: 'user', content: request } })}\n`, tokens: ctx, paused: false });
    const rounds = 5 + Math.floor(r() * 6);
    for (let i = 0; i < rounds && ctx < target; i++) {
      const file = FILES[Math.floor(r() * FILES.length)];
      const kind = !todos ? 'todo' : ['read', 'read', 'edit', 'edit', 'grep', 'test'][Math.floor(r() * 6)];
      let input;
      let result;
      let isError = false;
      let name;
      if (kind === 'todo') {
        todos = true;
        name = 'TodoWrite';
        input = { todos: [{ content: 'Add the logout endpoint', status: 'in_progress', activeForm: 'Adding it' }, { content: 'Revoke through the db layer', status: 'pending', activeForm: 'Revoking' }, { content: 'Fix the refresh race', status: 'pending', activeForm: 'Fixing' }] };
        result = 'Todos have been modified successfully.';
      } else if (kind === 'read') {
        name = 'Read';
        input = { file_path: `${cwd}/${file}` };
        result = codeOf(file, 60 + Math.floor(r() * 120), r);
      } else if (kind === 'edit') {
        name = 'Edit';
        input = { file_path: `${cwd}/${file}`, old_string: codeOf(file, 4, r), new_string: codeOf(file, 6, r) };
        result = `The file ${cwd}/${file} has been updated.`;
      } else if (kind === 'grep') {
        name = 'Grep';
        input = { pattern: 'revokeRefreshToken', path: cwd };
        result = FILES.slice(0, 6).map((f) => `${f}:${Math.floor(r() * 200)}: await revokeRefreshToken(token.id)`).join('\n');
      } else {
        name = 'Bash';
        isError = r() < 0.3;
        input = { command: 'npm test -- test/auth', description: 'Run the auth tests' };
        result = `${isError ? 'Exit code 1\n' : ''}${testOutput(isError, r)}`;
      }
      const toolId = `toolu_${String(++msg).padStart(4, '0')}`;
      const delta = Math.ceil((JSON.stringify(input).length + result.length) / 4) + 120;
      ctx += delta;
      const a = rec({ type: 'assistant', requestId: `req_${msg}`, message: { model: 'claude-opus-4-6', id: `msg_${msg}`, type: 'message', role: 'assistant', content: [{ type: 'text', text: `Next I'll ${kind === 'read' ? `read ${file}` : kind === 'edit' ? `update ${file}` : kind === 'test' ? 'run the auth tests' : kind === 'grep' ? 'find the callers' : 'plan the work'}.` }, { type: 'tool_use', id: toolId, name, input }], stop_reason: 'tool_use', stop_sequence: null, usage: usage(delta, 120) } });
      const u = rec({ type: 'user', message: { role: 'user', content: [{ tool_use_id: toolId, type: 'tool_result', content: result, is_error: isError }] }, toolUseResult: isError ? 'Error: Exit code 1' : { type: 'text' } });
      steps.push({ text: `${a}\n${u}\n`, tokens: ctx, paused: false });
    }
    const reply = `Done with "${request.slice(0, 40)}…": updated ${FILES[turn % FILES.length]} and the tests pass. Next: ${REQUESTS[turn % REQUESTS.length].slice(0, 60)}`;
    const delta = Math.ceil(reply.length / 4) + 60;
    ctx += delta;
    const done = rec({ type: 'assistant', requestId: `req_${++msg}`, message: { model: 'claude-opus-4-6', id: `msg_${msg}`, type: 'message', role: 'assistant', content: [{ type: 'text', text: reply }], stop_reason: 'end_turn', stop_sequence: null, usage: usage(delta, 80) } });
    steps.push({ text: `${done}\n`, tokens: ctx, paused: true });
  }
  return { sessionId, steps };
}

/**
 * What a note-taking model would answer to one extraction request: it rewrites Current State, adds
 * a worklog line, and every other time extends Files and Functions and Errors & Corrections, as
 * Haiku does on such a session (its notes grow to a few thousand tokens). The body is a Messages
 * API response.
 * @param {any} body the request body
 * @param {number} n the request's number
 */
export function noteTakerReply(body, n) {
  const texts = (body.messages ?? []).flatMap((m) => (typeof m.content === 'string' ? [m.content] : m.content.map((b) => b.text ?? '')));
  const notesText = texts.map((x) => /<current_notes_content>\n([\s\S]*?)\n<\/current_notes_content>/.exec(x)?.[1]).find(Boolean) ?? '';
  const section = (h) => new RegExp(`# ${h}\\n_[^\\n]*_\\n([\\s\\S]*?)(?=\\n# |$)`).exec(notesText)?.[1]?.trim() ?? '';
  const calls = [
    { name: 'update_section', input: { section: 'Current State', content: `Working on step ${n + 1}: the refresh race in src/auth/refresh.ts (two callers both see an expired token). Next: share one in-flight refresh promise behind src/lib/mutex.ts, then rerun \`npm test -- test/auth\`.` } },
    { name: 'update_section', input: { section: 'Worklog', content: `${section('Worklog')}\n${n + 1}. Read src/auth/*.ts, edited refresh.ts and middleware.ts, ran the auth tests (1 failure in refresh.test.ts, fixed).`.trim() } },
  ];
  if (n === 0) calls.push({ name: 'update_section', input: { section: 'Session Title', content: 'Logout endpoint, token revocation and the refresh race' } });
  if (n % 2 === 0) {
    calls.push({ name: 'update_section', input: { section: 'Files and Functions', content: `${section('Files and Functions')}\n- src/auth/refresh.ts — handleTokenRefresh(); step ${n + 1} moved revocation to db/tokens.ts revokeToken()`.trim() } });
    calls.push({ name: 'update_section', input: { section: 'Errors & Corrections', content: `${section('Errors & Corrections')}\n- refresh.test.ts "rotates the token once": TypeError reading 'expiresAt' → token was undefined after a concurrent revoke; fixed by awaiting the shared refresh.`.trim() } });
  }
  const output = Math.ceil(JSON.stringify(calls).length / 4);
  return {
    id: `msg_notes_${n}`,
    type: 'message',
    role: 'assistant',
    model: 'claude-haiku-4-5',
    content: calls.map((c, i) => ({ type: 'tool_use', id: `toolu_notes_${n}_${i}`, ...c })),
    stop_reason: 'tool_use',
    stop_sequence: null,
    usage: { input_tokens: Math.ceil(JSON.stringify(body).length / 4), output_tokens: output, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 },
  };
}
