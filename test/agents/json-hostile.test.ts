// Agent settings files come with a clone: a minified one of thousands of keys, or one nested
// thousands deep, must neither hang `init` nor end it in an internal error.
import { describe, expect, it } from 'vitest';
import { GitMemoryError } from '../../src/errors.js';
import { addGroupedHooks } from '../../src/agents/config/hook-entries.js';
import { parseJsonc } from '../../src/agents/config/json-text.js';

const HOOK = { event: 'Stop', handler: { type: 'command', command: 'git-memory hook agent stop --agent claude' } };

describe('agent JSON settings from a clone', () => {
  it('minified, of thousands of keys: a hook is added on the same line, nothing else reformatted (jsonc-parser formatted the whole line, quadratic: 5,000 keys 3 s, 20,000 keys 48 s)', () => {
    const o: Record<string, unknown> = { hooks: {} };
    for (let i = 0; i < 300; i++) o[`k${i}`] = 'v'.repeat(40);
    const text = JSON.stringify(o);
    const out = addGroupedHooks(text, '.claude/settings.json', [HOOK]);
    expect(out.includes('\n')).toBe(false);
    expect(out.startsWith(text.slice(0, text.indexOf('"hooks"')))).toBe(true);
    expect(JSON.parse(out).hooks).toEqual({ Stop: [{ hooks: [HOOK.handler] }] });
  });

  it('nested too deep: refused in words, the file left as it is', () => {
    const text = `{"hooks":${'['.repeat(100_000)}${']'.repeat(100_000)}}`;
    expect(() => parseJsonc(text, '.claude/settings.json')).toThrow(GitMemoryError);
    expect(() => parseJsonc(text, '.claude/settings.json')).toThrow(/nested too deep/);
  });
});

describe('agent JSON settings with a key written twice', () => {
  it('are refused: the agent reads the last "hooks", an edit found the first (init reported success, and no hook of ours ran)', () => {
    const text = '{"hooks":{},"hooks":{"Stop":[{"hooks":[{"type":"command","command":"echo mine"}]}]}}';
    expect(() => addGroupedHooks(text, '.claude/settings.json', [HOOK])).toThrow(/"hooks" is written twice/);
    // Twice in a nested object too; the same key in two objects is fine.
    expect(() => parseJsonc('{"a":{"x":1,"x":2}}', 'f.json')).toThrow(/"x" is written twice/);
    expect(parseJsonc('{"a":{"x":1},"b":{"x":2}}', 'f.json')).toEqual({ a: { x: 1 }, b: { x: 2 } });
  });
});
