// Agent settings files come with a clone: a minified one of thousands of keys, or one nested
// thousands deep, must neither hang `init` nor end it in an internal error.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GitMemoryError } from '../../src/errors.js';
import { addGroupedHooks } from '../../src/agents/config/hook-entries.js';
import { parseJsonc } from '../../src/agents/config/json-text.js';
import { makeMemoryRepo } from '../helpers/repo.js';

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

describe('an agent settings file that starts with a byte order mark (as Windows editors write it)', () => {
  it('is edited as the agent reads it (Claude Code 2.1.332 runs its hooks), the mark kept: uninstall and init no longer stop at "cannot parse (InvalidSymbol)"', async () => {
    const repo = await makeMemoryRepo();
    const settings = join(repo.dir, '.claude/settings.json');
    expect((await repo.run(['init', '--agent', 'claude'])).code).toBe(0);
    writeFileSync(settings, `\uFEFF${readFileSync(settings, 'utf8')}`);
    const un = await repo.run(['uninstall', '--agent', 'claude']);
    expect(un.code, un.stderr).toBe(0);
    // Only our hooks were in it: the file goes, or stays with its mark and without them.
    const left = existsSync(settings) ? readFileSync(settings, 'utf8') : null;
    if (left !== null) expect(left.startsWith('\uFEFF')).toBe(true);
    expect(left ?? '').not.toContain('git-memory hook agent');
    mkdirSync(join(repo.dir, '.claude'), { recursive: true });
    writeFileSync(settings, '\uFEFF{\n  "permissions": {"allow": ["Bash(npm test)"]}\n}\n');
    const init = await repo.run(['init', '--agent', 'claude']);
    expect(init.code, init.stderr).toBe(0);
    const text = readFileSync(settings, 'utf8');
    expect(text.startsWith('\uFEFF{')).toBe(true);
    expect(JSON.parse(text.slice(1)).hooks.SessionStart).toBeDefined();
    expect(JSON.parse(text.slice(1)).permissions).toEqual({ allow: ['Bash(npm test)'] });
  }, 60_000);
});
