import { describe, expect, it } from 'vitest';
import { fillSummary, sectionItems, summaryFromNotes } from '../../../src/commands/steps/session-from-notes.js';
import { redactSummary } from '../../../src/commands/steps/redact-summary.js';
import { checkSummary } from '../../../src/memory/summary.js';
import { defaultTemplate } from '../../../src/notes/template.js';
import { notesFromLedger } from '../../../src/notes/offline.js';
import { emptyLedger, type Ledger } from '../../../src/transcripts/ledger.js';

/** The default template with these section bodies filled in under their description lines. */
function notes(bodies: Record<string, string>): string {
  let text = defaultTemplate();
  for (const [heading, body] of Object.entries(bodies)) {
    text = text.replace(new RegExp(`(# ${heading.replace(/[&]/g, '\\$&')}\\n_[^\\n]*_\\n)`), `$1${body}\n`);
  }
  return text;
}

function ledger(over: Partial<Ledger> = {}): Ledger {
  return { ...emptyLedger('claude', 's-1'), ...over };
}

const FULL = notes({
  'Session Title': 'Logout endpoint with refresh-token revocation',
  'Current State': '- Done: logout route returns 204\n- Wire the revocation list into the refresh handler\n- Next: add an integration test for expired tokens',
  'Task specification': 'Add a logout endpoint that revokes the refresh token.\nKeep the access token stateless.',
  'Files and Functions': '- src/auth/logout.ts: the new route',
  Workflow: '- npm test -- auth',
  'Errors & Corrections': '- `jwt.verify` threw TokenExpiredError in tests: fixed with a fake clock',
  'Codebase and System Documentation': '- Tokens are signed in src/auth/jwt.ts',
  Learnings: '- The refresh-token store is Redis; revocation is a SET with a TTL\n- No info yet',
  'Key results': '',
  Worklog: '1. Read src/auth/*.ts\n2. Added POST /logout\n   with a 204 reply\n3. Ran the auth tests: green',
});

describe('summaryFromNotes: the session file from the 10 sections', () => {
  it('request from the task specification, completed from the worklog, done state and completed todos, learned from Learnings only, next steps from state and todos', () => {
    const l = ledger({
      todos: [
        { content: 'Write the logout docs', status: 'pending' },
        { content: 'Add POST /logout', status: 'completed' },
      ],
      files: [{ path: 'src/auth/logout.ts', reads: 1, edits: 2, writes: 0, first: '', last: '', last_op: 'edit', by_subagent: false, last_call: 3 }],
    });
    const s = summaryFromNotes(FULL, l);
    expect(s.request).toBe('Add a logout endpoint that revokes the refresh token. Keep the access token stateless.');
    expect(s.completed).toEqual(['Read src/auth/*.ts', 'Added POST /logout with a 204 reply', 'Ran the auth tests: green', 'Done: logout route returns 204', 'Add POST /logout']);
    // Errors and their fixes stay in the notes (issue 25 §1).
    expect(s.learned).toEqual(['The refresh-token store is Redis; revocation is a SET with a TTL']);
    expect(s.next_steps).toEqual(['Wire the revocation list into the refresh handler', 'add an integration test for expired tokens', 'Write the logout docs']);
    expect(s.notes).toEqual(['Files changed: src/auth/logout.ts']);
    // What it makes is a valid summary as `end --summary` would take it.
    expect(checkSummary(s)).toEqual(s);
  });

  it('falls back to the title, then to the first user message; empty notes give empty lists', () => {
    const titled = summaryFromNotes(notes({ 'Session Title': 'Fix flaky refresh test' }), ledger());
    expect(titled.request).toBe('Fix flaky refresh test');
    const bare = summaryFromNotes(defaultTemplate(), ledger({ user_messages: [{ text: 'Why does CI\nfail on main?', at: '' }] }));
    expect(bare).toMatchObject({ request: 'Why does CI fail on main?', learned: [], completed: [], next_steps: [], notes: [] });
    expect(summaryFromNotes(defaultTemplate(), ledger()).request).toBe('');
  });

  it('keeps a session under its cap: long items are cut at a word, long lists keep a dozen (the last of the worklog)', () => {
    const long = 'word '.repeat(200);
    const worklog = Array.from({ length: 30 }, (_, i) => `- step ${i + 1}`).join('\n');
    const s = summaryFromNotes(notes({ 'Task specification': long, Learnings: `- ${long}`, Worklog: worklog }), ledger());
    expect(s.request.length).toBeLessThanOrEqual(600);
    expect(s.learned[0]!.length).toBeLessThanOrEqual(300);
    expect(s.learned[0]!.endsWith('…')).toBe(true);
    expect(s.completed).toHaveLength(12);
    expect(s.completed.at(-1)).toBe('step 30');
  });

  it('reads notes filled from the ledger: the first request, what changed (never the prompts), open todos as next steps', () => {
    const l = ledger({
      user_messages: [
        { text: 'Explain how token refresh works', at: '' },
        { text: 'Now add a test for it', at: '' },
      ],
      turns: [
        { at: '', request: 'Explain how token refresh works', tool_calls: 2, edited: [], reply: 'It rotates on every use.' },
        { at: '', request: 'Now add a test for it', tool_calls: 1, edited: ['test/refresh.test.ts'], reply: 'Added.' },
      ],
      todos: [
        { content: 'Run the whole suite', status: 'in_progress' },
        { content: 'Update the docs', status: 'pending' },
      ],
    });
    const s = summaryFromNotes(notesFromLedger(l), l);
    expect(s.request).toBe('Explain how token refresh works');
    expect(s.completed).toEqual(['Changed test/refresh.test.ts']);
    expect(s.next_steps).toEqual(['Run the whole suite', 'Update the docs']);
  });

  it('passes the tasks through', () => {
    const tasks = [{ task: 'Logout', status: 'done' as const }];
    expect(summaryFromNotes(FULL, ledger(), tasks).tasks).toEqual(tasks);
  });
});

describe('sectionItems', () => {
  it('reads bullets, numbers, continuation lines and plain lines; skips code, tables, italics and filler', () => {
    const body = '- one\n  continued\n* two\n3) three\nplain line\n```\ncode\n```\n| a | b |\n|---|---|\n_italic description_\nN/A\n- [ ] open box';
    expect(sectionItems(body)).toEqual(['one continued', 'two', 'three', 'plain line', '| a | b |', 'open box']);
  });
});

describe('fillSummary: an explicit summary wins, the notes fill only what it left empty', () => {
  it('keeps the request and every list the agent gave', () => {
    const explicit = checkSummary({ request: 'Add logout', completed: ['Logout route'] });
    const filled = fillSummary(explicit, summaryFromNotes(FULL, ledger()));
    expect(filled.request).toBe('Add logout');
    expect(filled.completed).toEqual(['Logout route']);
    expect(filled.learned[0]).toContain('Redis');
    expect(filled.next_steps[0]).toContain('revocation list');
  });
});

describe('redactSummary: text from a transcript is redacted, never refused', () => {
  it('replaces secrets in every field and removes control and invisible characters', async () => {
    const key = 'AKIAIOSFODNN7EXAMPLF';
    const s = await redactSummary(
      { request: `Deploy with key ${key}`, learned: ['ok\u0007 bell', `token ghp_${'a1B2c3D4e5'.repeat(4)}`], completed: ['zero\u200bwidth'], next_steps: [], decisions: [], notes: [] },
      [],
    );
    expect(s.request).not.toContain(key);
    expect(s.request).toMatch(/\[REDACTED:[^\]]+\]/);
    expect(s.learned[0]).toBe('ok bell');
    expect(s.learned[1]).toMatch(/^token \[REDACTED:/);
    expect(s.completed).toEqual(['zerowidth']);
    expect(checkSummary(s)).toEqual(s);
  });

  it('leaves clean text as it is and honours the allowlist', async () => {
    const clean = { request: 'Add logout', learned: ['Tokens live 15 min'], completed: [], next_steps: ['Docs'], decisions: [], notes: [] };
    expect(await redactSummary(clean, [])).toEqual(clean);
    const key = 'AKIAIOSFODNN7EXAMPLF';
    expect((await redactSummary({ ...clean, request: key }, [key])).request).toBe(key);
  });
});
