// An error quotes what the user typed, but never all of it: a 100 KB unknown config key, journal
// date or session id came back whole on stderr and in `--json` (audit52). The message keeps a
// line's worth, masked first, and says how long the value was.
import { describe, expect, it } from 'vitest';
import { makeMemoryRepo } from '../helpers/repo.js';

const HUGE = 'k'.repeat(100_000);

describe('an error does not echo a huge value whole', () => {
  for (const args of [
    ['config', HUGE],
    ['config', `primer.${HUGE}`],
    ['journal', HUGE],
    ['sessions', '--since', HUGE],
    ['tasks', 'done', HUGE],
  ]) {
    it(`${args[0]} ${args.length === 2 && args[1]!.startsWith('primer.') ? 'primer.<100 KB>' : '<100 KB>'}: under 4 KB on each stream, exit 2, valid --json`, async () => {
      const repo = await makeMemoryRepo();
      const r = await repo.run([...args, '--json']);
      expect(r.code).toBe(2);
      expect(r.stderr.length, r.stderr.slice(0, 200)).toBeLessThan(4000);
      expect(r.stdout.length).toBeLessThan(4000);
      expect(JSON.parse(r.stdout).error.message).toMatch(/k…k+"? \(\d+ characters\)/);
    });
  }

  it('a message keeps 100 lines and a line 2000 characters; a secret in it is masked before it is shortened', async () => {
    const repo = await makeMemoryRepo();
    const tasks = JSON.stringify(Array.from({ length: 500 }, (_, i) => ({ task: `task ${i}`, status: 'bogus' })));
    const lines = await repo.run(['tasks', 'set', tasks, '--json']);
    expect(lines.code).toBe(2);
    expect(JSON.parse(lines.stdout).error.message).toMatch(/\n… \(401 more lines\)$/);
    const words = await repo.run(['config', 'a key '.repeat(20_000), '--json']);
    expect(words.code).toBe(2);
    const message = JSON.parse(words.stdout).error.message;
    expect(message.length).toBeLessThan(2100);
    expect(message).toMatch(/… \(\d+ characters\)$/);
    const token = `ghp_${'A1b2C3d4E5'.repeat(3)}123456`;
    const secret = await repo.run(['config', `${'x'.repeat(400)}:${token}`, '--json']);
    expect(secret.code).toBe(2);
    expect(secret.stdout + secret.stderr).not.toContain(token.slice(0, 20));
    expect(JSON.parse(secret.stdout).error.message).toContain('REDACTED');
  });

  it('a short value is quoted whole', async () => {
    const repo = await makeMemoryRepo();
    const r = await repo.run(['config', 'primer.nope', '--json']);
    expect(JSON.parse(r.stdout).error.message).toBe('unknown config key: "primer.nope"');
  });
});
