// `git memory config KEY` names a key of the configuration: a name every JavaScript object has
// (`__proto__`, `constructor`, `toString`) is no key of it, and is refused like any unknown key.
import { describe, expect, it } from 'vitest';
import { makeMemoryRepo } from '../helpers/repo.js';

describe('config KEY', () => {
  it('an object built-in name is an unknown key: exit 2, valid --json, the keys listed', async () => {
    const repo = await makeMemoryRepo();
    for (const key of ['__proto__', 'constructor', 'toString', 'primer.constructor', 'primer.__proto__', 'hasOwnProperty']) {
      const r = await repo.run(['config', key, '--json']);
      expect(r.code, `${key}: ${r.stdout}`).toBe(2);
      const error = JSON.parse(r.stdout).error;
      expect(error.message).toBe(`unknown config key: ${JSON.stringify(key)}`);
      expect(error.hint).toContain('primer.max_tokens');
    }
  });

  it('a real section and key still answer', async () => {
    const repo = await makeMemoryRepo();
    const one = await repo.run(['config', 'primer.max_tokens', '--json']);
    expect(one.code, one.stderr).toBe(0);
    expect(typeof JSON.parse(one.stdout).value).toBe('number');
    const section = await repo.run(['config', 'primer', '--json']);
    expect(JSON.parse(section.stdout).value).toHaveProperty('max_tokens');
  });
});
