// A flag takes no value: `--json=maybe` (or `--json=1`, `--all=yes`) ran the command as if the flag
// were not given and said nothing (yargs reads any value but `true` as false). Only `=true` and
// `=false` are a flag's values; the rest is bad usage, and nothing runs.
import { describe, expect, it } from 'vitest';
import { makeMemoryRepo } from '../helpers/repo.js';

describe('a flag given a value', () => {
  it('is refused with exit 2, and nothing is written', async () => {
    const repo = await makeMemoryRepo();
    for (const args of [['sessions', '--json=maybe'], ['sessions', '--json=1'], ['tasks', 'list', '--all=yes'], ['sessions', '--no-json=x'], ['tasks', 'add', 'write the docs', '--json=yes']]) {
      const r = await repo.run(args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr, args.join(' ')).toMatch(/^error: --(no-)?\w+ takes no value, found "/);
      expect(r.stdout, args.join(' ')).toBe('');
    }
    expect(repo.git('status', '--porcelain')).toBe('');
  });

  it('=true and =false still mean the flag and its absence; after -- it is text', async () => {
    const repo = await makeMemoryRepo();
    const yes = await repo.run(['sessions', '--json=true']);
    expect(yes.code).toBe(0);
    expect(JSON.parse(yes.stdout).ok).toBe(true);
    const no = await repo.run(['sessions', '--json=false']);
    expect(no.code).toBe(0);
    expect(no.stdout).toBe('no sessions in the journal yet\n');
    const text = await repo.run(['log', '--', '--json=maybe']);
    expect(text.code, text.stderr).toBe(0);
  });

  it('a string option keeps any value', async () => {
    const repo = await makeMemoryRepo();
    const r = await repo.run(['sessions', '--branch=maybe', '--json']);
    expect(r.code, r.stderr).toBe(0);
  });
});
