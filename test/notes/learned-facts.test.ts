// Issue 25 §1 and §6.5: without a model, Learned holds no noise (compactions, raw tool errors,
// counts of failed runs), Completed holds what was done (never the user's prompts), nothing of one
// machine reaches a committed file, and no text put into the notes opens a heading.
import { describe, expect, it } from 'vitest';
import { summaryFromNotes } from '../../src/commands/steps/session-from-notes.js';
import { learnedNoise } from '../../src/memory/learned-noise.js';
import { notesFromLedger } from '../../src/notes/offline.js';
import { NOTE_SECTIONS, parseNotes } from '../../src/notes/template.js';
import { guardText } from '../../src/safety/guard.js';
import { withoutMachineText } from '../../src/safety/machine-text.js';
import { authSessionLedger } from './ledger-fixture.js';

const body = (notes: string, heading: string) => parseNotes(notes).sections.find((s) => s.heading === heading)!.body;

/** A session like the ones the issue measured: a compaction, a missing module, a failed `ls`, a tool error, an abandoned command. */
function noisyLedger() {
  return authSessionLedger({
    cwd: '/home/jane/acme-api',
    compactions: [{ at: '2026-11-22T14:18:00.000Z', trigger: 'auto', pre_tokens: 160_000, summary: 'summary' }],
    commands: [
      { command: 'npm test -- test/auth', at: '', failed: true, by_subagent: false },
      { command: 'npm test', at: '', failed: false, by_subagent: false },
      { command: 'ls src/legacy', at: '', failed: true, by_subagent: false },
      { command: 'npx eslint src', at: '', failed: true, by_subagent: false },
    ],
    errors: [
      {
        tool: 'Bash',
        message: "Error: Cannot find module '/home/jane/acme-api/test/missing-check.js' at Module._resolveFilename (node:internal/modules/cjs/loader:1145:15)",
        at: '',
        followed_by: 'Edit test/auth.test.ts',
      },
      { tool: 'Read', message: '<tool_use_error>File does not exist.</tool_use_error>', at: '', followed_by: 'Glob src/**/*.ts' },
      { tool: 'mcp__x', message: 'Tool not found', at: '', followed_by: '' },
    ],
  });
}

describe('Learned holds facts, nothing else (no model)', () => {
  it('notes from the ledger put errors, failed runs and compactions where they belong, not under Learnings', () => {
    const notes = notesFromLedger(noisyLedger());
    expect(body(notes, 'Learnings')).toBe('');
    const errors = body(notes, 'Errors & Corrections');
    expect(errors).toContain('`npm test -- test/auth` failed 1×, then `npm test` passed');
    // An abandoned command is not said to "still fail": it failed and was not run again.
    expect(errors).toContain('`npx eslint src` failed 1× and did not pass after');
    expect(notes).not.toMatch(/still fails|see Errors & Corrections/);
    expect(body(notes, 'Current State')).toContain('Context compacted: 1×');
  });

  it('the session file from those notes has no learned noise, and Completed is what was done, not the prompts', () => {
    const ledger = noisyLedger();
    const s = summaryFromNotes(notesFromLedger(ledger), ledger);
    expect(s.learned).toEqual([]);
    for (const m of ledger.user_messages) for (const c of s.completed) expect(c.toLowerCase()).not.toContain(m.text.slice(0, 30).toLowerCase());
    // The todo the session completed is what it did.
    expect(s.completed).toContain('Move session auth to JWT');
    expect(s.request).toBe('Refactor the auth module to use JWT with refresh tokens, keeping /api/auth/* compatible');
  });

  it('a short prompt ("y", "oui", "同意", "No.") and the chat reply after it are no Completed item either', () => {
    // As the real corpus has them: a persona session answered "C", "oui", "y" turn after turn.
    const ledger = authSessionLedger({ todos: [] });
    const short = [
      { request: 'y', reply: 'Étape 2 terminée. Dis-moi la suite.', edited: [] },
      { request: 'oui', reply: 'Parfait. Si tu veux, je peux générer des PNG.', edited: [] },
      { request: '同意', reply: '已添加完毕。', edited: ['CLAUDE.md'] },
      { request: 'No.', reply: 'Understood. I was wrong again.', edited: [] },
    ];
    for (const [i, x] of short.entries()) {
      ledger.user_messages.push({ text: x.request, at: `2026-11-22T15:0${i}:00.000Z` });
      ledger.turns.push({ at: `2026-11-22T15:0${i}:00.000Z`, request: x.request, tool_calls: x.edited.length, edited: x.edited, reply: x.reply });
    }
    const s = summaryFromNotes(notesFromLedger(ledger), ledger);
    for (const x of short) for (const c of s.completed) expect(c).not.toContain(x.reply.slice(0, 12));
    expect(s.completed).toEqual(['Changed src/auth/index.ts, src/auth/refresh.ts, src/auth/middleware.ts, CLAUDE.md']);
    // A step the notes' author wrote that merely starts with the same letter stays.
    const notes = notesFromLedger(ledger).replace(/(# Worklog\n_[^\n]*_\n)/, '$1- y-axis labels fixed in the chart\n');
    expect(summaryFromNotes(notes, ledger).completed).toContain('y-axis labels fixed in the chart');
  });

  it('files changed outside the repository (the user\'s ~/.claude/CLAUDE.md, another checkout) are not the session\'s work here', () => {
    const ledger = authSessionLedger({ todos: [] });
    const outside = ['/Users/jane/.claude/CLAUDE.md', 'C:\\Users\\jane\\other\\.gitignore', 'D:/work/site/index.html', '../acme-web/src/app.ts', '~/.gemini/settings.json'];
    for (const path of outside) ledger.files.push({ path, reads: 0, edits: 1, writes: 0, first: '', last: '', last_op: 'edit', by_subagent: false, last_call: 20 });
    ledger.turns[0]!.edited.push(outside[0]!);
    const s = summaryFromNotes(notesFromLedger(ledger), ledger);
    expect(s.completed).toEqual(['Changed src/auth/index.ts, src/auth/refresh.ts, src/auth/middleware.ts']);
    expect(s.notes).toEqual(['Files changed: src/auth/index.ts, src/auth/refresh.ts, src/auth/middleware.ts']);
  });

  it('with no completed todo, Completed says which files changed', () => {
    const ledger = authSessionLedger({ todos: [] });
    const s = summaryFromNotes(notesFromLedger(ledger), ledger);
    expect(s.completed).toEqual(['Changed src/auth/index.ts, src/auth/refresh.ts, src/auth/middleware.ts']);
  });

  it("a model's Learnings keep their facts and lose the noise it copied from the errors", () => {
    const notes = notesFromLedger(authSessionLedger()).replace(
      /(# Learnings\n_[^\n]*_\n)/,
      '$1- Refresh tokens live in Redis with a 7-day TTL\n- Read: <tool_use_error>File does not exist.</tool_use_error> → then: Glob\n- The context was compacted 1× in this session\n- Error: Cannot find module \'x\' at Module._resolveFilename (node:internal)\n',
    );
    expect(summaryFromNotes(notes, authSessionLedger()).learned).toEqual(['Refresh tokens live in Redis with a 7-day TTL']);
  });

  it.each([
    'The context was compacted 1× in this session',
    '`npm test -- test/auth` failed 1×, then `npm test` passed: see Errors & Corrections for the fix',
    'Read: <tool_use_error>File does not exist.</tool_use_error> → then: Glob src',
    '`ls src/legacy` still fails (1×)',
    'Tool not found',
    "Error: Cannot find module '/x/test/missing-check.js' at Module._resolveFilename",
    'Bash: ls: cannot access \'src/legacy\': No such file or directory',
    // The tools whose calls the ledger now logs too: Claude Code's PowerShell, Codex's code mode, Gemini CLI 0.6x.
    'PowerShell: Access is denied.',
    'exec: apply_patch verification failed: Failed to read file to update src/x.ts',
    'grep_search: No matches found',
  ])('%s is noise', (line) => expect(learnedNoise(line)).not.toBeNull());

  it.each(['Refresh tokens live in Redis with a 7-day TTL', 'Run `npm test -- --grep auth` before pushing: CI only runs the full suite', 'jwt.verify throws TokenExpiredError when the clock is faked'])(
    '%s may be a fact',
    (line) => expect(learnedNoise(line)).toBeNull(),
  );
});

describe('nothing of one machine reaches a committed file', () => {
  it('paths in the repository become relative, others lose their machine part, stack frames go, routes stay', () => {
    const text =
      "Error: Cannot find module '/home/jane/acme-api/test/missing-check.js' at Module._resolveFilename (node:internal/modules/cjs/loader:1145:15); the plan is in /Users/jane/.claude/plans/auth.md; see C:\\Users\\jane\\acme\\README.md; POST /api/auth/refresh";
    const out = withoutMachineText(text, '/home/jane/acme-api');
    expect(out).toBe("Error: Cannot find module 'test/missing-check.js'; the plan is in …/plans/auth.md; see …/acme/README.md; POST /api/auth/refresh");
  });

  it('a Windows path with either separator, any drive letter case, file:///, Git Bash or a share: relative in the repository, shortened outside it', () => {
    // As Claude Code and Gemini CLI on Windows write them (the real corpus: `C:/Users/<name>/…` in
    // tool inputs and in Gemini's file paths); git gives the root as `C:/Users/jane/acme`.
    const text =
      'Changed C:/Users/jane/acme/src/a.ts, c:\\Users\\jane\\acme\\src\\b.ts and C:/Users/jane/.gemini/tmp/acme/memory/SKILL.md; ' +
      'opened file:///D:/work/site/index.html, /c/Users/jane/notes/todo.md and \\\\fileserver\\team\\specs\\api.md; ' +
      'failed at load (C:/Users/jane/acme/src/load.js:3:9); GET /api/v1/users, see https://example.com/a/b';
    expect(withoutMachineText(text, 'C:/Users/jane/acme')).toBe(
      'Changed src/a.ts, src/b.ts and …/memory/SKILL.md; opened …/site/index.html, …/notes/todo.md and …/specs/api.md; ' +
        'failed; GET /api/v1/users, see https://example.com/a/b',
    );
  });

  it('the gate every memory write passes applies it; the personal notes keep their paths', async () => {
    const text = '- Fixed the loader at /home/jane/acme-api/src/load.ts\n    at load (/home/jane/acme-api/src/load.ts:3:9)\n';
    expect((await guardText(text, 'x.md', { mode: 'block', allowlist: [], root: '/home/jane/acme-api' })).text).toBe('- Fixed the loader at src/load.ts\n');
    expect((await guardText(text, 'notes.md', { mode: 'redact', allowlist: [], keepMachineText: true })).text).toBe(text);
  });
});

describe('no text put into the notes opens a heading (issue 25 §6.5)', () => {
  it("an agent's last reply in markdown stays inside Key results", () => {
    const ledger = authSessionLedger();
    ledger.turns[2]!.reply = '# Summary\n\nThe race is fixed.\n## Details\n  # indented\n```sh\n# a comment\n```';
    ledger.user_messages.push({ text: '# Heading in a prompt', at: '' });
    const notes = notesFromLedger(ledger);
    expect(parseNotes(notes).sections.map((s) => s.heading)).toEqual(NOTE_SECTIONS.map((s) => s.heading));
    expect(body(notes, 'Key results')).toContain('\\# Summary');
  });
});

describe("a model's notes as the session file (issue 25 §1)", () => {
  const withBodies = (bodies: Record<string, string>) => {
    let text = notesFromLedger(authSessionLedger({ todos: [] }));
    for (const [h, b] of Object.entries(bodies)) text = text.replace(new RegExp(`(# ${h}\\n_[^\\n]*_\\n)[\\s\\S]*?(?=\\n# |$)`), `$1${b}\n`);
    return text;
  };

  it('a Current State saying the work is done is not copied as a next step', () => {
    const notes = withBodies({ 'Current State': 'The refresh race is fixed and all tests pass.\n- Nothing left to do for this task\n- Document the refresh endpoint' });
    const s = summaryFromNotes(notes, authSessionLedger({ todos: [] }));
    expect(s.next_steps).toEqual(['Document the refresh endpoint']);
    expect(s.completed).toContain('The refresh race is fixed and all tests pass.');
  });

  it("an empty Task specification gives the user's exact prompt as the request, not the notes' title", () => {
    const notes = withBodies({ 'Session Title': 'Auth refactor notes', 'Task specification': '' });
    expect(summaryFromNotes(notes, authSessionLedger()).request).toBe('Refactor the auth module to use JWT with refresh tokens, keeping /api/auth/* compatible');
  });
});
