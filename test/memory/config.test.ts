import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseConfig, SCHEMA } from '../../src/memory/config.js';
import { ROOT } from '../helpers/repo.js';

describe('config', () => {
  it('fills every key with its default when the file is empty', () => {
    const { config, warnings } = parseConfig('', '.openclaw_memory.toml', 'acme');
    expect(warnings).toEqual([]);
    expect(config.project.name).toBe('acme');
    expect(config.primer).toEqual({ max_tokens: 1000, min_tokens: 500, days: 3, commits: 10, hot_files: 5, commit: false });
    expect(config.journal.language).toBe('en');
    expect(config.commit).toEqual({ auto: true, message: 'memory: {summary}' });
    expect(config.secrets).toEqual({ mode: 'block', allowlist: [] });
  });

  it('folds past months once 1,000 session files predate last month: the journal of a 50k-session year stays at 1-2 months of files', () => {
    // Each session file is an index entry every `git status` reads. A dream folds the months before
    // last once fold_at of their files wait; at 4,200 sessions a month (50k a year) 5,000 let three
    // months of files build up (12.6k entries before a fold) where 1,000 leave two (8.4k), and at
    // 830 a month (10k a year) seven months (6.6k, 13% of a 52k-entry index) where 1,000 leave 2.7k.
    expect(parseConfig('', '.openclaw_memory.toml', 'acme').config.journal.fold_at).toBe(1000);
  });

  it('[journal] fold_after_days: 0 by default (the month cutoff), a whole number of days >= 0 when set', () => {
    // Opt-in: folding recent days makes two branches that fold the same day more likely, and their
    // day files then merge only through git-memory's merge driver.
    expect(parseConfig('', '.openclaw_memory.toml', 'acme').config.journal.fold_after_days).toBe(0);
    expect(parseConfig('[journal]\nfold_after_days = 21\n', 'c.toml', 'x').config.journal.fold_after_days).toBe(21);
    expect(() => parseConfig('[journal]\nfold_after_days = -1\n', 'c.toml', 'x')).toThrow(/c\.toml:2: journal\.fold_after_days/);
    expect(() => parseConfig('[journal]\nfold_after_days = 2.5\n', 'c.toml', 'x')).toThrow(/c\.toml:2: journal\.fold_after_days must be an integer/);
  });

  it('reads values over the defaults', () => {
    const { config } = parseConfig('[project]\nname = "acme-api"\ndescription = "Billing"\n[primer]\ndays = 7\n[journal]\nlanguage = "zh"\n', 'c.toml', 'x');
    expect(config.project).toEqual({ name: 'acme-api', description: 'Billing' });
    expect(config.primer.days).toBe(7);
    expect(config.journal.language).toBe('zh');
  });

  it('names key and line for a wrong type', () => {
    expect(() => parseConfig('[project]\nname = "x"\n\n[primer]\nmax_tokens = "lots"\n', '.openclaw_memory.toml', 'x')).toThrow(
      /\.openclaw_memory\.toml:5: primer\.max_tokens must be an integer, found "lots"/,
    );
    expect(() => parseConfig('[journal]\nlanguage = "fr"\n', 'c.toml', 'x')).toThrow(/c\.toml:2: journal\.language must be one of "en", "zh"/);
  });

  it('warns about unknown keys and sections but accepts later sections', () => {
    const { warnings } = parseConfig('[primer]\ndayz = 3\n[bogus]\na = 1\n[llm]\nmodel = "claude-haiku-4-5"\n', 'c.toml', 'x');
    expect(warnings).toEqual(['c.toml:2: unknown key primer.dayz ignored', 'c.toml:3: unknown section [bogus] ignored']);
  });

  it('refuses a [secrets] allowlist pattern that does not compile, naming key and line; exact strings and valid patterns pass', () => {
    const text = '[project]\nname = "x"\n\n[secrets]\nmode = "block"\nallowlist = [\n  "AKIAEXAMPLE",\n  "/^sk_test_[a-z/",\n]\n';
    expect(() => parseConfig(text, '.openclaw_memory.toml', 'x')).toThrow(
      /^\.openclaw_memory\.toml:6: secrets\.allowlist: entry "\/\^sk_test_\[a-z\/" is not a valid regular expression \(\/\^sk_test_\[a-z\/: Unterminated character class\)$/,
    );
    expect(() => parseConfig('[secrets]\nallowlist = ["/x/q"]\n', 'c.toml', 'x')).toThrow(/c\.toml:2: secrets\.allowlist: entry "\/x\/q" is not a valid regular expression/);
    const { config } = parseConfig('[secrets]\nallowlist = ["a/b(c", "/^AKIA[0-9A-Z]{16}$/i", "/(unclosed"]\n', 'c.toml', 'x');
    expect(config.secrets.allowlist).toEqual(['a/b(c', '/^AKIA[0-9A-Z]{16}$/i', '/(unclosed']);
  });

  it('reports invalid TOML with a position', () => {
    expect(() => parseConfig('[primer\n', 'c.toml', 'x')).toThrow(/c\.toml:1:\d+: invalid TOML/);
    // The parser's reason whole, without its own position and the colon that led into its code frame.
    expect(() => parseConfig('x = 5 5\n', 'c.toml', 'x')).toThrow(/^c\.toml:1:\d+: invalid TOML: Unexpected character, expected only whitespace or comments till end of line$/);
  });

  it('documents every key in .openclaw_memory.toml.example, and the example parses cleanly', () => {
    const example = readFileSync(join(ROOT, '.openclaw_memory.toml.example'), 'utf8');
    for (const [section, keys] of Object.entries(SCHEMA)) {
      expect(example).toContain(`[${section}]`);
      for (const key of Object.keys(keys)) expect(example).toMatch(new RegExp(`^${key} =`, 'm'));
    }
    const { warnings } = parseConfig(example, 'example', 'x');
    expect(warnings).toEqual([]);
  });
});
