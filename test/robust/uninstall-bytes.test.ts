// `init --agent` then `uninstall --agent` gives every JSON agent file back byte for byte, whatever
// layout the user wrote it in (the README promises formatting is kept).
import { describe, expect, it } from 'vitest';
import { ADAPTERS } from '../../src/agents/registry.js';
import { makeRepo } from '../helpers/repo.js';

/** A user's own handler, in the grouped shape (Claude Code, Codex, Gemini CLI) or Cursor's flat one. */
const styles = (flat: boolean): Record<string, string> => {
  const mine = flat ? '{ "command": "echo mine" }' : '{ "hooks": [{ "type": "command", "command": "echo mine" }] }';
  const event = flat ? 'sessionStart' : 'SessionStart';
  const version = flat ? '"version": 1, ' : '';
  return {
    'one-line hook array': `{\n  ${version}"hooks": {\n    "${event}": [${mine}]\n  }\n}\n`,
    'whole file on one line, no final newline': `{${version}"model":"x","hooks":{"${event}":[${mine.replace(/ /g, '')}]}}`,
    'tabs and CRLF': `{\r\n\t${version}"hooks": {\r\n\t\t"${event}": [\r\n\t\t\t${mine}\r\n\t\t]\r\n\t}\r\n}\r\n`,
    'four spaces, a comment, a trailing comma': `{\n    // mine\n    ${version}"hooks": {\n        "${event}": [\n            ${mine},\n        ],\n    },\n}\n`,
    'no hooks, other keys': `{\n  ${version}"model": "opus",\n  "permissions": { "allow": ["Bash(ls)"] }\n}\n`,
    // Not kept: an event whose list the user left empty ("Stop": []) goes with our handler, as
    // uninstall cannot tell it from an event init added.
    'empty hook lists of other events': `{\n  ${version}"hooks": { "Notification": [], "UserPromptSubmit": [] }\n}\n`,
    'other events on one line each': `{\n  ${version}"hooks": {\n    "PreToolUse": [${mine}], "${event}": [${mine}]\n  }\n}\n`,
    'mcp servers on one line': `{ ${version}"mcpServers": { "other": { "command": "x", "args": [] } } }\n`,
  };
};

describe('uninstall --agent gives each JSON agent file back byte for byte', () => {
  for (const agent of ['claude', 'codex', 'gemini', 'cursor'] as const) {
    const a = ADAPTERS[agent];
    const files = [...a.config, ...(a.mcp ? [a.mcp] : [])].filter((f) => f.path.endsWith('.json'));
    for (const file of files) {
      for (const [style, text] of Object.entries(styles(agent === 'cursor' && !file.path.endsWith('mcp.json')))) {
        it(`${agent} ${file.path}: ${style}`, () => {
          const installed = file.install(text);
          expect(installed).not.toBe(text);
          expect(file.installed(installed)).toBe(true);
          expect(file.uninstall(installed)).toBe(text);
        });
      }
    }
  }

  it('through the commands: init --agent claude then uninstall --agent claude', async () => {
    const repo = makeRepo();
    const settings = '{\n  "hooks": {\n    "SessionStart": [{ "hooks": [{ "type": "command", "command": "echo mine" }] }]\n  }\n}\n';
    repo.write('.claude/settings.json', settings);
    expect((await repo.run(['init', '--no-hooks', '--agent', 'claude'])).code).toBe(0);
    expect(repo.read('.claude/settings.json')).not.toBe(settings);
    expect((await repo.run(['uninstall', '--agent', 'claude'])).code).toBe(0);
    expect(repo.read('.claude/settings.json')).toBe(settings);
  });
});
