// The session's request is what the user typed, also when the agent expanded it: a Claude Code slash
// command, a Codex custom prompt (`/prompts:NAME`), a Gemini CLI custom command.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { codexPromptCommand, compilePrompt, promptBody } from '../../src/agents/codex-prompts.js';
import { summaryFromNotes } from '../../src/commands/steps/session-from-notes.js';
import { notesFromLedger } from '../../src/notes/offline.js';
import { firstUserPrompt } from '../../src/transcripts/first-prompt.js';
import { readLedger, renderTranscript } from '../../src/transcripts/index.js';
import type { AgentName } from '../../src/transcripts/ledger.js';
import { ROOT, tempDir } from '../helpers/repo.js';
import { readInChunks } from './fixtures.js';

const AGENTS = join(ROOT, 'test/fixtures/agents');
/** Claude Code 2.1.332: `-p "/fix-issue 42 parser"` with .claude/commands/fix-issue.md, then `--continue -p "Now the lexer too"`. */
const CLAUDE_SLASH = join(AGENTS, 'claude-2.1.332/slash-command.jsonl');
/** Claude Code 2.1.332: `-p "/cost"` (run as /usage, a local command). */
const CLAUDE_LOCAL = join(AGENTS, 'claude-2.1.332/local-command.jsonl');
/** Gemini CLI 0.61.0: `-p "/fix 42 in the parser"` with .gemini/commands/fix.toml. */
const GEMINI_SLASH = join(AGENTS, 'gemini-0.61.0/slash-command.jsonl');
/** Codex CLI 0.171.0: `codex exec 'Use $fixer on issue 42'` with .agents/skills/fixer/SKILL.md (custom prompts are gone since 0.117: skills). */
const CODEX_SKILL = join(AGENTS, 'codex-0.171.0/skill.jsonl');
/** Claude Code 2.1.332 in a terminal: `!ls /nonexistent-dir-xyz`, `!false`, `!echo hello-ok`, then /exit. */
const CLAUDE_BANG = join(AGENTS, 'claude-2.1.332/bang-commands.jsonl');
const REPO = '/tmp/agent-capture/repo';

function write(name: string, text: string): string {
  const path = join(tempDir(), name);
  writeFileSync(path, text);
  return path;
}
const jsonl = (recs: object[]) => recs.map((r) => JSON.stringify(r)).join('\n') + '\n';
const lines = (path: string) => readFileSync(path, 'utf8').split('\n').filter(Boolean);

/** What the session's request would be: the offline notes' title line, and the summary's request. */
function requestOf(path: string, agent: AgentName): { title: string; request: string; first: string | null } {
  const ledger = readLedger(path, { agent, repoRoot: REPO });
  const notes = notesFromLedger(ledger);
  const title = /# Session Title\n_[^\n]*_\n([^\n]*)/.exec(notes)?.[1] ?? '';
  return { title, request: summaryFromNotes(notes, ledger).request, first: firstUserPrompt(path) };
}

describe('Claude Code: a slash command is the request as typed', () => {
  it('2.1.332: `/fix-issue 42 parser` (a .claude/commands file) is the request, not nothing; the expansion (isMeta) is not', () => {
    expect(requestOf(CLAUDE_SLASH, 'claude')).toEqual({ title: '/fix-issue 42 parser', request: '/fix-issue 42 parser', first: '/fix-issue 42 parser' });
    const l = readLedger(CLAUDE_SLASH, { agent: 'claude', repoRoot: REPO });
    expect(l.user_messages.map((m) => m.text)).toEqual(['/fix-issue 42 parser', 'Now the lexer too']);
    expect(l.turns.map((t) => [t.request, t.reply])).toEqual([['/fix-issue 42 parser', 'Fixed.'], ['Now the lexer too', 'Fixed.']]);
  });

  it('2.1.332: read a line at a time, the same', () => {
    expect(readInChunks(lines(CLAUDE_SLASH), 'claude', REPO).user_messages.map((m) => m.text)).toEqual(['/fix-issue 42 parser', 'Now the lexer too']);
  });

  it('2.1.332: the command reaches the transcript rendered for a model, its template does not', () => {
    const text = renderTranscript(CLAUDE_SLASH, { agent: 'claude', from: 0, maxChars: 20_000, repoRoot: REPO });
    expect(text).toContain('[user] /fix-issue 42 parser');
    expect(text).not.toContain('Follow the team rules');
  });

  it('2.1.332: a local command (`/cost`, run as /usage) asks nothing: no request', () => {
    expect(readLedger(CLAUDE_LOCAL, { agent: 'claude' }).user_messages).toEqual([]);
    expect(firstUserPrompt(CLAUDE_LOCAL)).toBeNull();
  });

  // 1.x and 2.0 wrote "NAME is running…" first, and the expansion as the user's own record (no isMeta),
  // e.g. a public session export of 2025-11: `<command-message>framework-session is running…</command-message>
  // <command-name>/framework-session</command-name>`, then "# Start Framework Project Session\n\nYou are…".
  const u = (uuid: string, parent: string | null, content: unknown, extra: object = {}) => ({ type: 'user', uuid, parentUuid: parent, sessionId: 's', timestamp: `2025-11-29T22:25:5${uuid.length}Z`, message: { role: 'user', content }, ...extra });
  const a = (uuid: string, parent: string, id: string, text: string) => ({ type: 'assistant', uuid, parentUuid: parent, sessionId: 's', timestamp: '2025-11-29T22:26:00Z', message: { role: 'assistant', id, content: [{ type: 'text', text }] } });
  const older = [
    u('c', null, [{ type: 'text', text: '<command-message>framework-session is running…</command-message>\n<command-name>/framework-session</command-name>\n<command-args>track 2</command-args>' }]),
    u('cx', 'c', [{ type: 'text', text: '# Start Framework Project Session\n\nYou are starting a **Framework Project** session.\n\nBegin by reading the progress file.' }]),
    a('a1', 'cx', 'm1', 'Reading the progress file.'),
    u('p2', 'a1', 'Create both notebooks'),
    a('a2', 'p2', 'm2', 'Done.'),
  ];

  it('1.x/2.0: the command with its arguments is the request; the template written after it as a user record is not a prompt', () => {
    const path = write('older.jsonl', jsonl(older));
    expect(requestOf(path, 'claude')).toEqual({ title: '/framework-session track 2', request: '/framework-session track 2', first: '/framework-session track 2' });
    expect(readLedger(path, { agent: 'claude' }).user_messages.map((m) => m.text)).toEqual(['/framework-session track 2', 'Create both notebooks']);
    expect(readInChunks(older.map((r) => JSON.stringify(r)), 'claude', REPO).user_messages.map((m) => m.text)).toEqual(['/framework-session track 2', 'Create both notebooks']);
  });

  it('1.0: a built-in that sends a prompt (`/init`, its text in <command-contents>) is the request; /help and /model are not', () => {
    const path = write('init.jsonl', jsonl([
      u('h', null, '<command-name>help</command-name>\n            <command-message>help</command-message>\n            <command-args></command-args>'),
      u('ho', 'h', '<local-command-stdout>(no content)</local-command-stdout>'),
      u('m', 'ho', '<command-name>model</command-name>\n            <command-message>model</command-message>\n            <command-args></command-args>'),
      u('mo', 'm', '<local-command-stdout>Set model to Sonnet</local-command-stdout>'),
      u('i', 'mo', [{ type: 'text', text: '<command-message>init is analyzing your codebase…</command-message>\n<command-name>init</command-name>\n<command-args></command-args>\n<command-contents>{"type":"text","text":"Please analyze this codebase and create a CLAUDE.md file"}</command-contents>' }]),
      a('a1', 'i', 'm1', "I'll analyze your codebase."),
    ]));
    expect(requestOf(path, 'claude')).toEqual({ title: '/init', request: '/init', first: '/init' });
  });

  it('2.0: the skill the model loaded (a Skill call, its result, then a `<command-name>` record "is loading") is no prompt of the user\'s', () => {
    // A public session export of 2025-12: "I'll use the brainstorming skill…", Skill → "Launching
    // skill: superpowers:brainstorming", then `<command-message>The "brainstorming" skill is loading…`.
    const recs = [
      u('p', null, 'Clean up our project documentation before proceeding'),
      { type: 'assistant', uuid: 'a1', parentUuid: 'p', sessionId: 's', timestamp: '2025-12-01T15:36:34Z', message: { role: 'assistant', id: 'm1', content: [{ type: 'tool_use', id: 'sk', name: 'Skill', input: { skill: 'superpowers:brainstorming' } }] } },
      u('r', 'a1', [{ type: 'tool_result', tool_use_id: 'sk', content: 'Launching skill: superpowers:brainstorming' }]),
      u('c', 'r', '<command-message>The "brainstorming" skill is loading</command-message>\n<command-name>brainstorming</command-name>'),
      u('b', 'c', [{ type: 'text', text: 'Base directory for this skill: /home/chris/.claude/plugins/cache/superpowers/skills/brainstorming\n\n# Brainstorming Ideas Into Designs' }], { isMeta: true }),
      a('a2', 'b', 'm2', 'Let me look at the docs first.'),
    ];
    const path = write('skill.jsonl', jsonl(recs));
    expect(readLedger(path, { agent: 'claude' }).user_messages.map((m) => m.text)).toEqual(['Clean up our project documentation before proceeding']);
    expect(readInChunks(recs.map((r) => JSON.stringify(r)), 'claude', REPO).user_messages.map((m) => m.text)).toEqual(['Clean up our project documentation before proceeding']);
    const text = renderTranscript(path, { agent: 'claude', from: 0, maxChars: 20_000 });
    expect(text).toContain('[user] Clean up our project documentation');
    expect(text).not.toContain('[user] /brainstorming');
  });

  it('a local command the list does not know is taken back when its output follows (1.x user record, 2.1 system record), also read a line at a time', () => {
    const outputs = [
      u('o', 'c', '<local-command-stdout>Switched to the new thing</local-command-stdout>'),
      { type: 'system', subtype: 'local_command', uuid: 'o', parentUuid: 'c', sessionId: 's', timestamp: '2026-12-06T10:57:02Z', content: '<local-command-stdout>Switched to the new thing</local-command-stdout>', level: 'info', isMeta: false },
    ];
    for (const output of outputs) {
      const recs = [
        u('c', null, '<command-name>/brand-new-toggle</command-name>\n<command-message>brand-new-toggle</command-message>\n<command-args>on</command-args>'),
        output,
        u('p', 'o', 'Fix the flaky login test'),
        a('a1', 'p', 'm1', 'Fixed.'),
      ];
      const path = write('local.jsonl', jsonl(recs));
      expect(requestOf(path, 'claude')).toEqual({ title: 'Fix the flaky login test', request: 'Fix the flaky login test', first: 'Fix the flaky login test' });
      expect(readInChunks(recs.map((r) => JSON.stringify(r)), 'claude', REPO).user_messages.map((m) => m.text)).toEqual(['Fix the flaky login test']);
    }
  });
});

describe('Codex CLI (before 0.117): a custom prompt is the request as `/prompts:NAME args`', () => {
  const saved = process.env.CODEX_HOME;
  afterEach(() => {
    if (saved === undefined) delete process.env.CODEX_HOME;
    else process.env.CODEX_HOME = saved;
  });

  // The shape of BMAD's prompt files as EdouardZemb/test-framework committed its CODEX_HOME
  // (.codex/prompts/bmad-agent-bmm-pm.md at e8d73519, 2026-02-02), and of its 0.92 rollouts.
  const persona = "You must fully embody this agent's persona and follow all activation instructions exactly as specified. NEVER break character until given an exit command.\n\n<agent-activation CRITICAL=\"TRUE\">\n1. LOAD the FULL agent file from @bmad/bmm/agents/pm.md\n2. READ its entire contents\n</agent-activation>\n";
  function codexHome(files: Record<string, string>): string {
    const home = tempDir();
    mkdirSync(join(home, 'prompts'));
    for (const [name, text] of Object.entries(files)) writeFileSync(join(home, 'prompts', name), text);
    return home;
  }
  let tick = 0;
  const rec = (type: string, payload: object) => ({ timestamp: new Date(Date.UTC(2026, 0, 30, 10) + tick++ * 1000).toISOString(), type, payload });
  /** A 0.92 rollout: each prompt as a response item and as an event. */
  function rollout(...prompts: string[]): string {
    return rolloutOf('0.92.0', ...prompts);
  }
  function rolloutOf(version: string, ...prompts: string[]): string {
    return write('rollout.jsonl', jsonl([
      rec('session_meta', { id: 'c1', cwd: '/home/jane/shop', cli_version: version, originator: 'codex_cli_rs' }),
      rec('response_item', { type: 'message', role: 'user', content: [{ type: 'input_text', text: '<environment_context>\n  <cwd>/home/jane/shop</cwd>\n</environment_context>' }] }),
      ...prompts.flatMap((p, i) => [
        rec('response_item', { type: 'message', role: 'user', content: [{ type: 'input_text', text: p }] }),
        rec('event_msg', { type: 'user_message', message: p, images: [], local_images: [], text_elements: [] }),
        rec('response_item', { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: `Answer ${i}` }] }),
      ]),
    ]));
  }

  it('a persona prompt (BMAD) is `/prompts:bmad-agent-bmm-pm`, the later menu choice a request of its own', () => {
    process.env.CODEX_HOME = codexHome({ 'bmad-agent-bmm-pm.md': `---\nname: 'pm'\ndescription: 'pm agent'\n---\n\n${persona}`, 'notes.txt': persona });
    const path = rollout(`\n${persona}`, 'CA');
    expect(requestOf(path, 'codex')).toEqual({ title: '/prompts:bmad-agent-bmm-pm', request: '/prompts:bmad-agent-bmm-pm', first: '/prompts:bmad-agent-bmm-pm' });
    expect(readLedger(path, { agent: 'codex' }).user_messages.map((m) => m.text)).toEqual(['/prompts:bmad-agent-bmm-pm', 'CA']);
    expect(readInChunks(lines(path), 'codex', REPO).user_messages.map((m) => m.text)).toEqual(['/prompts:bmad-agent-bmm-pm', 'CA']);
    expect(renderTranscript(path, { agent: 'codex', from: 0, maxChars: 20_000 })).toContain('[user] /prompts:bmad-agent-bmm-pm\n');
  });

  it('0.117 and later have no custom prompts: a message the same as a prompt file is what the user typed', () => {
    process.env.CODEX_HOME = codexHome({ 'bmad-agent-bmm-pm.md': persona });
    expect(readLedger(rolloutOf('0.171.0', persona), { agent: 'codex' }).user_messages.map((m) => m.text.trim())).toEqual([persona.trim()]);
    expect(readLedger(rolloutOf('0.116.0', persona), { agent: 'codex' }).user_messages.map((m) => m.text)).toEqual(['/prompts:bmad-agent-bmm-pm']);
  });

  it('the project\'s .codex/prompts counts too (spec-kit and useReq write a project\'s prompts there)', () => {
    process.env.CODEX_HOME = codexHome({});
    const project = tempDir();
    mkdirSync(join(project, '.codex', 'prompts'), { recursive: true });
    writeFileSync(join(project, '.codex', 'prompts', 'req.check.md'), '---\ndescription: Run the requirements check.\n---\n\n# Run the requirements check\n\nRead docs/requirements.md and report OK or FAIL for each requirement.\n');
    const path = write('rollout.jsonl', readFileSync(rollout('\n# Run the requirements check\n\nRead docs/requirements.md and report OK or FAIL for each requirement.\n'), 'utf8').replaceAll('/home/jane/shop', project));
    expect(readLedger(path, { agent: 'codex' }).user_messages.map((m) => m.text)).toEqual(['/prompts:req.check']);
  });

  it('spec-kit without its prompt files: the request is what its fence holds, the user\'s arguments (an empty fence: the message as sent)', () => {
    process.env.CODEX_HOME = codexHome({});
    // As LeroySalih/planner-004's 0.53 rollout has it (/prompts:speckit.specify, its file not in the repository).
    const specify = (args: string) => `\n## User Input\n\n\`\`\`text\n${args}\n\`\`\`\n\nYou **MUST** consider the user input before proceeding (if not empty).\n\n## Outline\n\nThe text the user typed after \`/speckit.specify\` in the triggering message **is** the feature description.\n`;
    const path = rollout(specify('Allow the pupil to remove themselves from a group.'));
    expect(requestOf(path, 'codex')).toEqual({ title: 'Allow the pupil to remove themselves from a group.', request: 'Allow the pupil to remove themselves from a group.', first: 'Allow the pupil to remove themselves from a group.' });
    expect(firstUserPrompt(rollout(specify('')))).toMatch(/^## User Input/);
  });

  it('without the prompt files (another machine) the message stays what was sent', () => {
    process.env.CODEX_HOME = codexHome({});
    expect(firstUserPrompt(rollout(`\n${persona}`))).toMatch(/^You must fully embody/);
  });

  it('placeholders give the arguments back: $ARGUMENTS (spec-kit), $1 $2, NAME=value', () => {
    process.env.CODEX_HOME = codexHome({
      'speckit.specify.md': '---\ndescription: Create a feature specification.\n---\n\n## User Input\n\n```text\n$ARGUMENTS\n```\n\nYou **MUST** consider the user input before proceeding (if not empty).\n',
      'fix.md': 'Fix issue #$1 in the $2 module, with a test that fails before the fix. Costs $$5.\n',
      'pr.md': 'Open a pull request against $BASE with the title "$TITLE" and a summary of the changes.\n',
    });
    expect(firstUserPrompt(rollout('\n## User Input\n\n```text\nAdd a dark mode toggle\n```\n\nYou **MUST** consider the user input before proceeding (if not empty).\n'))).toBe('/prompts:speckit.specify Add a dark mode toggle');
    expect(firstUserPrompt(rollout('Fix issue #42 in the parser module, with a test that fails before the fix. Costs $5.'))).toBe('/prompts:fix 42 parser');
    expect(firstUserPrompt(rollout('Open a pull request against main with the title "Faster start" and a summary of the changes.'))).toBe('/prompts:pr BASE=main TITLE="Faster start"');
    // A typed message that only shares words with a prompt is typed.
    expect(firstUserPrompt(rollout('Fix issue #42 in the parser module please'))).toBe('Fix issue #42 in the parser module please');
  });

  it('0.171: a skill named in the prompt (`$fixer`) leaves the typed words the request; the skill comes in a <skill> message of its own', () => {
    process.env.CODEX_HOME = codexHome({});
    expect(requestOf(CODEX_SKILL, 'codex')).toEqual({ title: 'Use $fixer on issue 42', request: 'Use $fixer on issue 42', first: 'Use $fixer on issue 42' });
    expect(readLedger(CODEX_SKILL, { agent: 'codex' }).user_messages.map((m) => m.text)).toEqual(['Use $fixer on issue 42']);
  });

  it('a placeholder used twice must hold the same text both times; a long message near a prompt with open gaps is answered at once', () => {
    const twice = compilePrompt('twice', 'Rename $1 to $2 everywhere, then grep for $1 to check nothing is left.')!;
    expect(codexPromptCommand('Rename foo to bar everywhere, then grep for foo to check nothing is left.', [twice])).toBe('/prompts:twice foo bar');
    expect(codexPromptCommand('Rename foo to bar everywhere, then grep for baz to check nothing is left.', [twice])).toBeNull();
    // Three gaps split by single spaces: a pattern with open groups would try every split of the message.
    const open = compilePrompt('open', '$1 $2 $3 and then report back what changed in the module')!;
    const words = Array.from({ length: 8000 }, (_, i) => `w${i}`).join(' ');
    expect(codexPromptCommand(`${words} and then report back what changed in the modules`, [open])).toBeNull();
    expect(codexPromptCommand(`${words} and then report back what changed in the module`, [open])?.slice(0, 30)).toBe('/prompts:open w0 w1 "w2 w3 w4 ');
  });

  it('a body with little text of its own, or a name that is not plain, is no prompt to recognise', () => {
    expect(compilePrompt('any', '$ARGUMENTS please')).toBeNull();
    expect(promptBody('---\ndescription: x\n---\n\nBody text\n')).toBe('\nBody text\n');
    const home = codexHome({ 'bad\nname.md': `${persona}`, 'ok.md': persona });
    process.env.CODEX_HOME = home;
    expect(codexPromptCommand(persona)).toBe('/prompts:ok');
  });
});

describe('Gemini CLI: a custom command is the request as typed', () => {
  it('0.61 interactive: what was typed is `displayContent` beside the expansion sent', () => {
    const path = write('session-x.json', JSON.stringify({
      sessionId: 'g1',
      messages: [
        { id: '1', timestamp: '2026-12-06T10:00:00Z', type: 'user', content: [{ text: 'Fix issue 42 with care.\nFollow the team rules.' }], displayContent: [{ text: '/fix 42' }] },
        { id: '2', timestamp: '2026-12-06T10:00:05Z', type: 'gemini', content: 'Fixed.' },
      ],
    }));
    expect(requestOf(path, 'gemini')).toEqual({ title: '/fix 42', request: '/fix 42', first: '/fix 42' });
  });

  it('0.61 `-p "/fix 42 in the parser"` in a project with a SessionStart hook: the typed command after the hook context (Gemini CLI puts the context first, and then does not run the command)', () => {
    expect(requestOf(GEMINI_SLASH, 'gemini')).toEqual({ title: '/fix 42 in the parser', request: '/fix 42 in the parser', first: '/fix 42 in the parser' });
  });
});

describe('Claude Code 2.1.332: shell mode (`!cmd`) records no exit code', () => {
  // `<bash-input>cmd</bash-input>`, then `<bash-stdout>…</bash-stdout><bash-stderr>…</bash-stderr>`
  // and nothing else: `!false` leaves both empty, as a command that worked. A failure cannot be told.
  it('each command is the user\'s, none a prompt or the request, none failed (nothing says so)', () => {
    const l = readLedger(CLAUDE_BANG, { agent: 'claude' });
    expect(l.commands.map((c) => [c.command, c.by_user, c.failed])).toEqual([
      ['ls /nonexistent-dir-xyz', true, false],
      ['false', true, false],
      ['echo hello-ok', true, false],
    ]);
    expect(l.user_messages).toEqual([]);
    expect(firstUserPrompt(CLAUDE_BANG)).toBeNull();
    expect(readFileSync(CLAUDE_BANG, 'utf8')).not.toMatch(/bash-exit-code|"exitCode":[1-9]/);
  });
});
