import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeRepo } from '../helpers/repo.js';

describe('number options', () => {
  it('a token cap below what the primer header needs is refused with the minimum; nothing is written', async () => {
    const repo = makeRepo({ now: '2026-11-22T10:00:00' });
    await repo.run(['init', '--no-hooks']);
    const low = await repo.run(['primer', '--max-tokens', '10']);
    expect(low.code).toBe(2);
    const min = Number(/use at least (\d+)/.exec(low.stderr)?.[1]);
    expect(low.stderr).toContain(`error: the token cap 10 is below the ${min} tokens the primer's header needs here`);
    expect(min).toBeGreaterThan(10);
    expect(existsSync(join(repo.dir, '.openclaw_memory/PRIMER.md'))).toBe(false);
    // The built binary's fast start-up path says the same.
    const lean = repo.exec(['primer', '--max-tokens', String(min - 1)]);
    expect(lean.code).toBe(2);
    expect(lean.stderr).toContain(`use at least ${min}`);
    const exact = await repo.run(['primer', '--max-tokens', String(min), '--json']);
    expect(exact.code).toBe(0);
    expect(JSON.parse(exact.stdout).tokens).toBeLessThanOrEqual(min);
  });

  it('a configured cap below the header warns and still prints the primer (session starts must work)', async () => {
    const repo = makeRepo({ now: '2026-11-22T10:00:00' });
    await repo.run(['init', '--no-hooks']);
    repo.write('.openclaw_memory.toml', `[project]\nname = "${'记忆项目名称很长'.repeat(10)}"\n\n[primer]\nmax_tokens = 100\nmin_tokens = 100\n`);
    const r = await repo.run(['primer', '--json']);
    expect(r.code).toBe(0);
    const tokens = JSON.parse(r.stdout).tokens;
    expect(tokens).toBeGreaterThan(100);
    expect(r.stderr).toContain(`warning: primer.max_tokens (100) is below the ${tokens} tokens the primer's header needs here: the primer is ${tokens} tokens`);
  });

  it('a value that is not a whole number is shown as given', async () => {
    const repo = makeRepo();
    for (const [args, shown] of [
      [['primer', '--max-tokens', 'abc'], '--max-tokens must be a positive whole number, found "abc"'],
      [['primer', '--days', '3x'], '--days must be a positive whole number, found "3x"'],
      [['search', 'x', '--limit', 'ten'], '--limit must be a positive whole number, found "ten"'],
      [['search', 'x', '--limit', '0'], '--limit must be a positive whole number, found "0"'],
    ] as const) {
      const r = await repo.run([...args]);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr).toContain(shown);
      expect(r.stderr).not.toContain('NaN');
    }
    const lean = repo.exec(['search', 'x', '--limit', 'ten']);
    expect(lean.code).toBe(2);
    expect(lean.stderr).toContain('found "ten"');
  });
});
