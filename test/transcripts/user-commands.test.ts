import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { notesFromLedger } from '../../src/notes/offline.js';
import { firstUserPrompt } from '../../src/transcripts/first-prompt.js';
import { readLedger, renderTranscript } from '../../src/transcripts/index.js';
import type { Ledger } from '../../src/transcripts/ledger.js';
import { tempDir } from '../helpers/repo.js';
import { readInChunks } from './fixtures.js';

// Commands the user runs in the agent's shell mode (`!cmd`) are commands of the session, run by the
// user (`by_user`): not prompts, not tool calls, not errors the agent met. Whether one failed is
// told only where the record says so. Records in each agent's shape: Claude Code as the corpus's
// real transcript and today's binary write them, Codex as codex-rs writes <user_shell_command>
// (one real rollout of the corpus), Gemini CLI 0.61 as its shell mode records what it tells the model.

const REPO = '/work/repo';
const AT = (s: number) => `2026-12-05T10:00:${String(s).padStart(2, '0')}.000Z`;
const cmds = (l: Ledger) => l.commands.map((c) => [c.command, c.failed, c.by_user ?? false]);

function written(lines: string[], name = 'w.jsonl'): string {
  const path = join(tempDir(), name);
  writeFileSync(path, `${lines.join('\n')}\n`);
  return path;
}

describe('Claude Code: <bash-input> and its <bash-stdout>/<bash-stderr>', () => {
  let n = 0;
  let parent: string | null = null;
  const user = (content: unknown, version = '2.1.332') => {
    const uuid = `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`;
    const line = JSON.stringify({ parentUuid: parent, isSidechain: false, userType: 'external', cwd: REPO, sessionId: 'c1', version, gitBranch: 'main', type: 'user', message: { role: 'user', content }, uuid, timestamp: AT(n) });
    parent = uuid;
    return line;
  };
  const transcript = () => {
    n = 0;
    parent = null;
    return [
      // Before any prompt, as in the corpus (Claude Code 1.0.17): input, then its output.
      user('<bash-input>nix flake check</bash-input>', '1.0.17'),
      user("<bash-stdout></bash-stdout><bash-stderr>error: path '/work/repo' is not part of a flake\n</bash-stderr>", '1.0.17'),
      user('Make the flake check pass'),
      // Today's shapes: an exit code Claude Code writes, its own "Command failed" and "Not run".
      user('<bash-input>npm test</bash-input>'),
      user('<bash-stdout>1 failing</bash-stdout><bash-stderr></bash-stderr><bash-exit-code>1</bash-exit-code>'),
      user('<bash-input>make</bash-input>'),
      user('<bash-stderr>Command failed: spawn /bin/sh ENOENT</bash-stderr>'),
      // Input and output in one text block, after an IDE's context.
      user([{ type: 'text', text: '<ide_opened_file>The user opened src/a.ts</ide_opened_file>' }, { type: 'text', text: '<bash-input>git status</bash-input><bash-stdout>On branch main</bash-stdout><bash-stderr></bash-stderr>' }]),
    ];
  };
  const expected = [
    ['nix flake check', false, true],
    ['npm test', true, true],
    ['make', true, true],
    ['git status', false, true],
  ];

  it('are commands run by the user; only the prompt is a message', () => {
    const path = written(transcript());
    for (const l of [readLedger(path, { agent: 'claude', repoRoot: REPO }), readInChunks(transcript(), 'claude', REPO)]) {
      expect(cmds(l)).toEqual(expected);
      expect(l.user_messages.map((m) => m.text)).toEqual(['Make the flake check pass']);
      expect(l.turns.map((t) => [t.request, t.tool_calls])).toEqual([['Make the flake check pass', 0]]);
      expect(l.tool_calls).toBe(0);
      expect(l.errors).toEqual([]);
    }
    expect(firstUserPrompt(path)).toBe('Make the flake check pass');
    // The notes list them with the agent's commands, saying whose they are.
    const notes = notesFromLedger(readLedger(path, { agent: 'claude', repoRoot: REPO }));
    expect(notes).toContain('`npm test` — run by the user, failed 1×');
    // A model writing the notes reads them as the user's commands, not as prompts.
    const text = renderTranscript(path, { agent: 'claude', from: 0, maxChars: 20_000 });
    expect(text.split('\n').filter((l) => l.startsWith('[user'))).toEqual([
      '[user ran] nix flake check',
      "[user's command output] error: path '/work/repo' is not part of a flake",
      '[user] Make the flake check pass',
      '[user ran] npm test',
      "[user's command output] 1 failing",
      '[user ran] make',
      "[user's command output] Command failed: spawn /bin/sh ENOENT",
      '[user ran] git status',
      "[user's command output] On branch main",
    ]);
  });

  it('a stderr alone says nothing: git, npm and nix write progress there', () => {
    n = 0;
    parent = null;
    const l = readLedger(written([user('<bash-input>git push</bash-input>'), user('<bash-stdout></bash-stdout><bash-stderr>To origin\n   1a..2b  main -> main\n</bash-stderr>')]), { agent: 'claude' });
    expect(cmds(l)).toEqual([['git push', false, true]]);
  });
});

describe('Codex: <user_shell_command> (a `!` command in the TUI)', () => {
  const line = (s: number, type: string, payload: object) => JSON.stringify({ timestamp: AT(s), type, payload });
  const userItem = (s: number, text: string) => line(s, 'response_item', { type: 'message', role: 'user', content: [{ type: 'input_text', text }] });
  const transcript = () => [
    line(0, 'session_meta', { id: 'x1', timestamp: AT(0), cwd: REPO, originator: 'codex-tui', cli_version: '0.171.0', source: 'cli' }),
    // As the corpus's rollout (0.121) has it, and the event beside it.
    userItem(1, '<user_shell_command>\n<command>\ncodex mcp login cloudflare-api\n</command>\n<result>\nExit code: -1\nDuration: 0.0000 seconds\nOutput:\ncommand aborted by user\n</result>\n</user_shell_command>'),
    line(1, 'event_msg', { type: 'exec_command_end', call_id: 'b89e3d0a', command: ['bash', '-lc', 'codex mcp login cloudflare-api'], source: 'user_shell', aggregated_output: 'command aborted by user', exit_code: -1, status: 'failed' }),
    userItem(2, 'Why did the login fail?'),
    userItem(3, '<user_shell_command>\n<command>\nls src\n</command>\n<result>\nExit code: 0\nDuration: 0.0100 seconds\nOutput:\na.ts\n</result>\n</user_shell_command>'),
    // Earlier versions: the command, then its output in a block of its own.
    userItem(4, '<user_shell_command>\nnpm test\n</user_shell_command>\n<user_shell_command_output>\nExit code: 1\nWall time: 2 seconds\nOutput:\n1 failing\n</user_shell_command_output>'),
  ];

  it('are commands run by the user, failed by their exit code; only the typed prompt is a message', () => {
    for (const l of [readLedger(written(transcript()), { agent: 'codex', repoRoot: REPO }), readInChunks(transcript(), 'codex', REPO)]) {
      expect(cmds(l)).toEqual([
        ['codex mcp login cloudflare-api', true, true],
        ['ls src', false, true],
        ['npm test', true, true],
      ]);
      expect(l.user_messages.map((m) => m.text)).toEqual(['Why did the login fail?']);
      expect(l.tool_calls).toBe(0);
      expect(l.errors).toEqual([]);
    }
    const text = renderTranscript(written(transcript()), { agent: 'codex', from: 0, maxChars: 20_000 });
    expect(text.split('\n')).toEqual(['[user ran] codex mcp login cloudflare-api (failed)', '[user] Why did the login fail?', '[user ran] ls src', '[user ran] npm test (failed)']);
  });
});

describe("Gemini CLI 0.61: shell mode's 'I ran the following shell command' message", () => {
  const head = JSON.stringify({ sessionId: 'g1', projectHash: 'h', startTime: AT(0), lastUpdated: AT(0), kind: 'main' });
  const shell = (id: string, s: number, command: string, result: string) =>
    JSON.stringify({ id, timestamp: AT(s), type: 'user', content: [{ text: `I ran the following shell command:\n\`\`\`sh\n${command}\n\`\`\`\n\nThis produced the following result:\n\`\`\`\n${result}\n\`\`\`` }] });
  const transcript = () => [
    head,
    shell('u1', 1, 'npm test', 'Command exited with code 1.\n1 failing'),
    JSON.stringify({ id: 'u2', timestamp: AT(2), type: 'user', content: [{ text: 'Fix the failing test' }] }),
    JSON.stringify({ id: 'm1', timestamp: AT(3), type: 'gemini', content: 'Looking.', tokens: { input: 10, output: 2, cached: 0, thoughts: 0, tool: 0, total: 12 }, model: 'gemini-3.8-flash' }),
    // Backticks and backslashes escaped as Gemini CLI escapes them; a cd that does not persist noted first.
    shell('u3', 4, 'echo \\`date\\` && cd sub', "WARNING: shell mode is stateless; the directory change to '/work/repo/sub' will not persist.\n\n(Command produced no output)"),
    shell('u4', 5, 'sleep 100', 'Command was cancelled.\n(Command produced no output)'),
  ];

  it('are commands run by the user, not prompts', () => {
    const path = written(transcript(), 'session-1.jsonl');
    for (const l of [readLedger(path, { agent: 'gemini', repoRoot: REPO }), readInChunks(transcript(), 'gemini', REPO, 'session-2.jsonl')]) {
      expect(cmds(l)).toEqual([
        ['npm test', true, true],
        ['echo `date` && cd sub', false, true],
        ['sleep 100', true, true],
      ]);
      expect(l.user_messages.map((m) => m.text)).toEqual(['Fix the failing test']);
      expect(l.turns.map((t) => t.request)).toEqual(['Fix the failing test']);
    }
    expect(firstUserPrompt(path)).toBe('Fix the failing test');
    const text = renderTranscript(path, { agent: 'gemini', from: 0, maxChars: 20_000 });
    expect(text.split('\n').filter((l) => l.startsWith('[user'))).toEqual(['[user ran] npm test (failed)', '[user] Fix the failing test', '[user ran] echo `date` && cd sub', '[user ran] sleep 100 (failed)']);
  });
});
