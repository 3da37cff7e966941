// A committed .openclaw_memory.toml is read at every session start; its error messages name the line
// of the wrong key (lineOf) and show a big integer as written (shown). Both read each line with a
// pattern that tried every split of a run of blanks: a multi-line string holding `[` and a long run
// of blanks, or an array with a big integer and one, held the message (and the start) for seconds.
import { describe, expect, it } from 'vitest';
import { GitMemoryError } from '../../src/errors.js';
import { lineOf, parseConfig } from '../../src/memory/config.js';
import { withProvider } from '../../src/memory/config-edit.js';

const RUN = ' '.repeat(60_000);

function timed<T>(f: () => T): { value: T; ms: number } {
  const t0 = performance.now();
  const value = f();
  return { value, ms: performance.now() - t0 };
}

describe('config messages on hostile lines', () => {
  it('finds the line of a key past a multi-line string line of `[` and a run of blanks, in linear time', () => {
    const text = `[project]\nname = "x"\nabout = """\n[${RUN}y\n"""\n\n[primer]\nmax_tokens = "many"\n`;
    const { value, ms } = timed(() => lineOf(text, 'primer', 'max_tokens'));
    expect(value).toBe(8);
    expect(ms).toBeLessThan(1000);
    // Headers as before: blanks inside the brackets, an array of tables.
    expect(lineOf('[ primer ]\ndays = 3\n', 'primer', 'days')).toBe(2);
    expect(lineOf('[[hooks]]\nx = 1\n[primer]\n', 'primer')).toBe(3);
  });

  it('shows a big integer as written after a run of blanks in the same array, in linear time', () => {
    const text = `[secrets]\nallowlist = ["a", 12345678901234567890,${RUN}1]\n`;
    const { value, ms } = timed(() => {
      try {
        parseConfig(text, '.openclaw_memory.toml', 'repo');
      } catch (e) {
        expect(e).toBeInstanceOf(GitMemoryError);
        return (e as Error).message;
      }
      return 'accepted';
    });
    expect(ms).toBeLessThan(1000);
    expect(value).toMatch(/^\.openclaw_memory\.toml:2: secrets\.allowlist must be an array of strings, found \["a", 12345678901234567890, +1\]$/);
  });

  it('sets the provider (init --provider) past the same line, in linear time', () => {
    const text = `[project]\nabout = """\n[${RUN}y\n"""\n\n[llm]\nprovider = "anthropic"\n`;
    const { value, ms } = timed(() => withProvider(text, 'none'));
    expect(ms).toBeLessThan(1000);
    expect(value).toBe(text.replace('provider = "anthropic"', 'provider = "none"'));
  });
});
