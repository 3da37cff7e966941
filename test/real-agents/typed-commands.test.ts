// A session opened with a command the user typed, through the pinned CLIs: the request the session
// file and the memory commit get is the command as typed, not the text the agent expanded it into.
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { BINS, scratch, type Scratch } from './drive.js';
import { memoryCommits, recorded, section } from './assertions.js';

let s: Scratch | null = null;
afterEach(async () => {
  await s?.close();
  s = null;
});

const FILES = {
  'README.md': '# Scratch\n',
  'src/app.js': 'export const greet = (name) => `Hello, ${name}`;\n',
  '.claude/commands/fix-issue.md': '---\ndescription: Fix a numbered issue\nargument-hint: [number]\n---\n\nFix issue #$ARGUMENTS. Follow the team rules: a failing test first, then the fix.\n',
  '.agents/skills/fixer/SKILL.md': '---\nname: fixer\ndescription: Fix a numbered issue in this project with a failing test first.\n---\n\nFix the issue the user names. Write a failing test first, then the fix.\n',
};

(BINS.claude ? describe : describe.skip)('Claude Code, really: a .claude/commands command', () => {
  test('`/fix-issue 42` is the session\'s request and the memory commit\'s subject; the command\'s text is not', async () => {
    s = await scratch('claude', { files: FILES });
    const r = await s.run('/fix-issue 42', [
      { tools: [{ name: 'Write', input: { file_path: join(s.repo, 'src/fix.js'), content: 'export const fixed = true;\n' } }] },
      { tools: [{ name: 'Bash', input: { command: 'git add src/fix.js && git commit -q -m "Fix issue 42"', description: 'Commit' } }] },
      { text: 'Fixed issue 42.' },
    ]);
    expect(r.code, r.stderr).toBe(0);
    // The model got the command's text: Claude Code expanded it.
    expect(JSON.stringify(s.api.turns()[0]!.body.messages)).toContain('Fix issue #42. Follow the team rules');
    const [session] = await recorded(s);
    expect(section(session!, 'Request')).toContain('/fix-issue 42');
    expect(session).not.toContain('Follow the team rules');
    expect(memoryCommits(s).map((c) => c.subject)).toEqual([expect.stringContaining('/fix-issue 42')]);
  }, 120_000);
});

(BINS.codex ? describe : describe.skip)('Codex CLI, really: a skill named in the prompt', () => {
  test('`Use $fixer on issue 42` is the request; the skill\'s text is not', async () => {
    s = await scratch('codex', { files: FILES });
    const r = await s.run('Use $fixer on issue 42', [
      { tools: [{ name: 'exec_command', input: { cmd: 'printf "export const fixed = true;\\n" > src/fix.js && git add src/fix.js && git commit -q -m "Fix issue 42"' } }] },
      { text: 'Fixed issue 42.' },
    ]);
    expect(r.code, r.stderr).toBe(0);
    const [session] = await recorded(s);
    expect(section(session!, 'Request')).toContain('Use $fixer on issue 42');
    expect(session).not.toContain('Write a failing test first');
    expect(memoryCommits(s).map((c) => c.subject)).toEqual([expect.stringContaining('Use $fixer on issue 42')]);
  }, 120_000);
});

(BINS.gemini ? describe : describe.skip)('Gemini CLI, really: a .gemini/commands command in a headless run', () => {
  test('`gemini -p "/fix 42"` runs the command (the model gets its text), the primer reaches the model after it, and `/fix 42` is the request', async () => {
    s = await scratch('gemini', { files: { ...FILES, '.gemini/commands/fix.toml': 'description = "Fix a numbered issue"\nprompt = "Fix issue #{{args}}. Follow the team rules: a failing test first, then the fix."\n' } });
    const r = await s.run('/fix 42', [
      { tools: [{ name: 'run_shell_command', input: { command: 'printf "export const fixed = true;\\n" > src/fix.js && git add src/fix.js && git commit -q -m "Fix issue 42"' } }] },
      { text: 'Fixed issue 42.' },
    ]);
    expect(r.code, r.stderr).toBe(0);
    // Gemini CLI 0.61 puts a SessionStart hook's context before the prompt in a headless run and only then
    // looks for a slash command: with the primer there, the command went to the model unexpanded.
    const first = JSON.stringify(s.api.turns()[0]!.body);
    expect(first).toContain('Fix issue #42. Follow the team rules');
    expect(first).toContain('hook_context');
    expect(first).toContain('# Project memory');
    const [session] = await recorded(s);
    expect(section(session!, 'Request')).toContain('/fix 42');
    expect(session).not.toContain('# Project memory');
  }, 120_000);
});
