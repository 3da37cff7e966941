import { describe, expect, it } from 'vitest';
import { GitMemoryError } from '../../src/errors.js';
import { parseConfig } from '../../src/memory/config.js';
import { makeRepo } from '../helpers/repo.js';

/** The error parseConfig throws for `text`, or a failure when it accepts it. */
function configError(text: string): string {
  try {
    parseConfig(text, '.openclaw_memory.toml', 'repo');
  } catch (e) {
    expect(e).toBeInstanceOf(GitMemoryError);
    return (e as Error).message;
  }
  throw new Error(`accepted: ${text}`);
}

describe('config integers beyond 2^53', () => {
  // TOML reads these as BigInt, which JSON.stringify cannot show: the message itself used to throw.
  it('refuses one in an integer key, naming key, line and value', () => {
    const msg = configError('[project]\nname = "x"\n\n[primer]\nmax_tokens = 9007199254740993\n');
    expect(msg).toBe('.openclaw_memory.toml:5: primer.max_tokens must be an integer from 100 to 8192, found 9007199254740993');
  });

  it('refuses one where a string or a list of strings belongs', () => {
    expect(configError('[commit]\nmessage = 9007199254740993\n')).toBe('.openclaw_memory.toml:2: commit.message must be a string, found 9007199254740993');
    expect(configError('[secrets]\nallowlist = ["a", 12345678901234567890]\n')).toBe(
      '.openclaw_memory.toml:2: secrets.allowlist must be an array of strings, found ["a", 12345678901234567890]',
    );
  });

  it('shows a value the parser wrapped past 2^64 as written, so 2^64 + 1 is not taken for 1', () => {
    expect(configError('[primer]\ncommits = 18446744073709551617 # far too many\n')).toBe(
      '.openclaw_memory.toml:2: primer.commits must be an integer from 0 to 100, found 18446744073709551617',
    );
  });

  it('still warns about, and ignores, an unknown key holding one', () => {
    const { warnings } = parseConfig('[primer]\nlevel = 9007199254740993\n', 'c.toml', 'repo');
    expect(warnings).toEqual(['c.toml:2: unknown key primer.level ignored']);
  });

  it('the primer says that config error and goes on with the default, not a serialisation crash', async () => {
    const repo = makeRepo();
    repo.write('.openclaw_memory.toml', '[primer]\ndays = 123456789012345678901\n');
    const r = await repo.run(['primer']);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('.openclaw_memory.toml:2: primer.days must be an integer from 1 to 31, found 123456789012345678901: the default (3) is used');
    expect(r.stderr).not.toMatch(/BigInt/);
  });
});
