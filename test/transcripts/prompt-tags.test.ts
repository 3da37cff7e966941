// A prompt the user wrote with XML-style tags, as the prompting guides teach (`<role>…</role>
// <task>…</task>`), was read as an agent's wrapper (every text starting with `<` was): the ledger
// dropped it, and the session's request became whatever the user typed next. A real Claude Code 2.1.9
// session (ycheng4-design/memorybridge at f89c4dab, .claude/projects/c--Users-ASUS-Desktop-Gemini-3-hack/
// dace8f7d-ebdd-4def-8be4-58c604c9eca5.jsonl) opened with a 22,000-character `<role>\nYou are an expert
// frontend engineer…</role>\n<design-system>…` and its committed request was "keep doing", typed
// nine hours later (issue 25 §1, noise54's audit). The records below are of that shape, the text
// made up; the agents' own wrappers stay out.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { agentWrapper } from '../../src/agents/transcript-text.js';
import { firstUserPrompt } from '../../src/transcripts/first-prompt.js';
import { readLedger } from '../../src/transcripts/read.js';
import { journalTexts } from '../helpers/journal-session.js';
import { fixture, makeMemoryRepo, tempDir } from '../helpers/repo.js';

const SESSION = 'dace8f7d-0000-4def-8be4-000000000054';
const ASK = '<role>\nYou are an expert frontend engineer. Integrate the design system below into the React app.\n</role>\n<design-system>\n# Clay design system\nRounded cards, soft shadows.\n</design-system>';
const LATER = 'keep doing';

const memoryRepo = fixture(async () => makeMemoryRepo({ until: 'file', now: '2026-11-22T14:30:00Z' }));

/** A Claude Code session: `first` (as a text block, as the VS Code extension sends it), an edit, then `then`. */
function claude(cwd: string, first: string, then = LATER): string {
  const base = { isSidechain: false, userType: 'external', cwd, sessionId: SESSION, version: '2.1.9', gitBranch: 'main' };
  const usage = { input_tokens: 10, output_tokens: 5 };
  const records = [
    { ...base, parentUuid: null, type: 'user', message: { role: 'user', content: [{ type: 'text', text: first }] }, uuid: 'u1', timestamp: '2026-01-17T22:31:46.000Z' },
    { ...base, parentUuid: 'u1', type: 'assistant', message: { id: 'msg_1', type: 'message', role: 'assistant', model: 'claude-opus-4-5', content: [{ type: 'tool_use', id: 'toolu_1', name: 'Write', input: { file_path: join(cwd, 'src/tokens.css'), content: ':root{}' } }], usage }, requestId: 'req_1', uuid: 'a1', timestamp: '2026-01-17T22:32:00.000Z' },
    { ...base, parentUuid: 'a1', type: 'user', message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: 'File created successfully' }] }, uuid: 'r1', timestamp: '2026-01-17T22:32:01.000Z' },
    { ...base, parentUuid: 'r1', type: 'assistant', message: { id: 'msg_2', type: 'message', role: 'assistant', model: 'claude-opus-4-5', content: [{ type: 'text', text: 'Tokens are in place.' }], usage }, requestId: 'req_2', uuid: 'a2', timestamp: '2026-01-17T22:32:10.000Z' },
    { ...base, parentUuid: 'a2', type: 'user', message: { role: 'user', content: then }, uuid: 'u2', timestamp: '2026-01-18T07:03:07.000Z' },
    { ...base, parentUuid: 'u2', type: 'assistant', message: { id: 'msg_3', type: 'message', role: 'assistant', model: 'claude-opus-4-5', content: [{ type: 'text', text: 'Going on.' }], usage }, requestId: 'req_3', uuid: 'a3', timestamp: '2026-01-18T07:03:20.000Z' },
  ];
  const path = join(tempDir('gm-prompt-tags-'), `${SESSION}.jsonl`);
  writeFileSync(path, records.map((r) => JSON.stringify(r)).join('\n') + '\n');
  return path;
}

describe('a prompt written with XML-style tags is the user\'s', () => {
  it('Claude Code: the ledger keeps it, and end --from-notes commits it as the request, not the "keep doing" after it', async () => {
    const repo = await memoryRepo();
    const path = claude(repo.dir, ASK);
    const ledger = readLedger(path, { repoRoot: repo.dir });
    expect(ledger.user_messages.map((m) => m.text)).toEqual([ASK, LATER]);
    expect(firstUserPrompt(path)).toBe(ASK.replace(/\s+/g, ' '));

    const r = await repo.run(['notes', 'update', '--offline', '--transcript', path, '--session', SESSION]);
    expect(r.code).toBe(0);
    const end = await repo.run(['end', '--from-notes', '--session', SESSION]);
    expect(end.stderr).toBe('');
    expect(end.code).toBe(0);
    const [file] = journalTexts(repo);
    expect(file).toMatch(/### Request\n<role> You are an expert frontend engineer\. Integrate the design system below into the React app\./);
    const primer = await repo.run(['primer', '--no-write']);
    expect(primer.stdout).toContain('asked: <role> You are an expert frontend engineer.');
  });

  it('Codex and Gemini CLI: a prompt opening with <task> or <context> is a user message', () => {
    const dir = tempDir('gm-prompt-tags-');
    const codex = join(dir, 'rollout-2026-02-19T14-51-13-019c773d-0000-7151-ac76-000000000054.jsonl');
    const typed = '<task>\nWrite README.md with the test, lint and typecheck commands.\n</task>';
    writeFileSync(codex, [
      { timestamp: '2026-02-19T18:54:00.000Z', type: 'session_meta', payload: { id: '019c773d-0000-7151-ac76-000000000054', timestamp: '2026-02-19T18:54:00.000Z', cwd: '/Users/jane/app', originator: 'codex_cli_rs', cli_version: '0.104.0' } },
      { timestamp: '2026-02-19T18:54:00.100Z', type: 'response_item', payload: { type: 'message', role: 'user', content: [{ type: 'input_text', text: '<environment_context>\n  <cwd>/Users/jane/app</cwd>\n</environment_context>' }] } },
      { timestamp: '2026-02-19T18:54:02.000Z', type: 'response_item', payload: { type: 'message', role: 'user', content: [{ type: 'input_text', text: typed }] } },
      { timestamp: '2026-02-19T18:54:02.000Z', type: 'event_msg', payload: { type: 'user_message', message: typed, images: [] } },
    ].map((r) => JSON.stringify(r)).join('\n') + '\n');
    expect(readLedger(codex, { agent: 'codex', repoRoot: '/Users/jane/app' }).user_messages.map((m) => m.text)).toEqual([typed]);

    const gemini = join(dir, 'session-2026-04-25T08-46-c737eb36.jsonl');
    const ask = '<context>\nSpring Boot 3, PostgreSQL, Flyway.\n</context>\nScaffold the Customer and Event entities.';
    writeFileSync(gemini, [
      { sessionId: 'c737eb36-0000-466b-8044-000000000054', projectHash: 'd5ee', startTime: '2026-04-25T08:46:12.046Z', lastUpdated: '2026-04-25T08:46:12.046Z', kind: 'main' },
      { id: 'i1', timestamp: '2026-04-25T08:46:45.826Z', type: 'info', content: 'Current workspace directories:\n- /home/jane/ticketing' },
      { id: 'u1', timestamp: '2026-04-25T08:47:43.258Z', type: 'user', content: [{ text: ask }] },
      { id: 'u2', timestamp: '2026-04-25T08:48:00.000Z', type: 'user', content: [{ text: '<session_context>\nThis is the Gemini CLI.\n</session_context>' }] },
    ].map((r) => JSON.stringify(r)).join('\n') + '\n');
    expect(readLedger(gemini, { agent: 'gemini', repoRoot: '/home/jane/ticketing' }).user_messages.map((m) => m.text)).toEqual([ask]);
  });

  it('the agents\' own wrappers are still no prompt: kebab-case, snake_case, upper case, Codex\'s <skill>, <tools>, <permissions instructions> and an attached <image>', () => {
    for (const t of ['<command-name>/model</command-name>', '<local-command-stdout>Set model</local-command-stdout>', '<system-reminder>x</system-reminder>', '<task-notification>\n<task-id>1</task-id>', '<environment_context>', '<user_instructions>x', '<turn_aborted>', '<skill>\n<name>pdf</name>', '<skill name="pdf">', '<tools>', '<permissions instructions>', '<INSTRUCTIONS>', '  <bash-input>ls</bash-input>', '<image name=[Image #1] path="/Users/jane/Desktop/shot.png">\n</image>'])
      expect({ t, wrapper: agentWrapper(t) }).toEqual({ t, wrapper: true });
    for (const t of ['<role>\nYou are…', '<task>Fix it</task>', '<context>', '<instructions>Be brief</instructions>', '<div class="card">why is this grey?</div>', '< 5 items', 'Fix <Button> props'])
      expect({ t, wrapper: agentWrapper(t) }).toEqual({ t, wrapper: false });
  });
});
