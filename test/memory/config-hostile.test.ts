// A committed .openclaw_memory.toml is read at every session start; its error messages name the line
// of the wrong key (lineOf) and show a big integer as written (shown). Both read each line with a
// pattern that tried every split of a run of blanks: a multi-line string holding `[` and a long run
// of blanks, or an array with a big integer and one, held the message (and the start) for seconds.
import { describe, expect, it } from 'vitest';
import { GitMemoryError } from '../../src/errors.js';
import { lineOf, parseConfig } from '../../src/memory/config.js';
import { withProvider } from '../../src/memory/config-edit.js';
import { cpuNow } from '../helpers/cpu-time.js';

const RUN = ' '.repeat(60_000);

function timed<T>(f: () => T): { value: T; ms: number } {
  const t0 = cpuNow();
  const value = f();
  return { value, ms: cpuNow() - t0 };
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

// A committed config's numbers are a clone's input too: `days = 100000` with `max_tokens = 100000000`
// made every session start read a year of sessions and build them into a primer the 8 KB cap then
// cut (36 s at the bench's 10,000 sessions). Each key a start pays for has a most it may ask.
describe('config numbers a session start pays for', () => {
  const HOSTILE = '[primer]\ndays = 100000\nmax_tokens = 100000000\nmin_tokens = 100000000\ncommits = 100000\nhot_files = 100000\n';

  it('at session start (lenient): each is the default, with a warning naming the most', () => {
    const { config, warnings } = parseConfig(HOSTILE, '.openclaw_memory.toml', 'repo', { lenient: true });
    expect(config.primer).toMatchObject({ days: 3, max_tokens: 1000, min_tokens: 500, commits: 10, hot_files: 5 });
    expect(warnings).toContain('.openclaw_memory.toml:2: primer.days must be at most 31, found 100000: the default (3) is used');
    expect(warnings).toContain('.openclaw_memory.toml:3: primer.max_tokens must be at most 8192, found 100000000: the default (1000) is used');
  });

  it('for init, doctor and lint (strict): an error naming key, line and the most', () => {
    expect(() => parseConfig(HOSTILE, '.openclaw_memory.toml', 'repo')).toThrow(/primer\.commits must be at most 100, found 100000/);
    // The most itself is taken.
    expect(parseConfig('[primer]\ndays = 31\nmax_tokens = 8192\ncommits = 100\nhot_files = 50\n', 'c.toml', 'repo').config.primer).toMatchObject({ days: 31, max_tokens: 8192, commits: 100, hot_files: 50 });
  });
});
