// The rule of a key pasted alone (bare-random-key, SecretRule.run) has a needle that a path of 32
// characters with a digit matches (`/home/jane/acme/src/module7/file7.ts`). Joined with the other
// rules' needles, it sent every such line of a long text through every rule: the ledger of the
// bench's 50 MB transcript, whose tool inputs are paths, spent ~0.75 s more in redaction after it
// came (speed56e, issue 28). A line only the run rules' needle matches is tried with those rules
// alone, and a line met again (a path at each call on its file) is answered from what it gave
// before; what is redacted is unchanged.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { redactQuick, redactQuickLines } from '../../src/safety/quick-redact.js';
import { RULES } from '../../src/safety/rules.js';
import { benignJournal, credentials } from './corpus.js';

const PATHS = Array.from({ length: 80 }, (_, i) => `/home/jane/acme/src/module${i}/file${i}.test.ts`);

/** How many times a rule other than the run rules had its needle or pattern tried, while `f` ran. */
function fixedRuleTries(f: () => void): number {
  const spies = RULES.filter((r) => !r.run).flatMap((r) => [vi.spyOn(r.needle, 'test'), vi.spyOn(r.needle, 'exec'), vi.spyOn(r.pattern, 'exec')]);
  f();
  return spies.reduce((n, s) => n + s.mock.calls.length, 0);
}

afterEach(() => vi.restoreAllMocks());

describe('a line only a run rule may take', () => {
  it('is tried with the run rules alone, a line at a time and in a long text', () => {
    // Past the substring checks' first characters: the joined pattern's path.
    redactQuickLines(benignJournal(6000));
    expect(redactQuick(PATHS[0]!)).toBe(PATHS[0]);
    expect(fixedRuleTries(() => PATHS.forEach((p) => expect(redactQuick(p)).toBe(p)))).toBe(0);
    const long = PATHS.join('\n');
    expect(long.length).toBeGreaterThan(2048);
    expect(fixedRuleTries(() => expect(redactQuickLines(long)).toBe(long))).toBe(0);
  });

  it('a line met again is answered from what it gave before, with its key redacted every time', () => {
    redactQuickLines(benignJournal(6000));
    const key = 'Xq3_vN8-kR2tY7wL5pB9mC4fH1jS6dG0aZ-eU2iO8rT';
    const bare = RULES.find((r) => r.run)!;
    const line = `Working on ${PATHS[5]} with ${key}.`;
    const want = `Working on ${PATHS[5]} with [REDACTED:bare-random-key].`;
    expect(redactQuick(line)).toBe(want);
    const tries = vi.spyOn(bare.needle, 'test');
    for (let i = 0; i < 50; i++) {
      expect(redactQuick(line)).toBe(want);
      expect(redactQuick(PATHS[5]!)).toBe(PATHS[5]);
    }
    expect(tries).not.toHaveBeenCalled();
    // Past what is kept (a bounded memo, emptied when full): the same answers.
    for (let i = 0; i < 5000; i++) expect(redactQuick(`${PATHS[i % PATHS.length]} step ${i}`)).toBe(`${PATHS[i % PATHS.length]} step ${i}`);
    expect(redactQuick(line)).toBe(want);
    expect(redactQuickLines([...PATHS, line, line].join('\n'))).toBe([...PATHS, want, want].join('\n'));
  });

  it('redacts what it redacted: a key pasted alone among paths, and every credential of the corpus', () => {
    redactQuickLines(benignJournal(6000));
    const key = 'kJI2taWSgEVzlr2NElViQx9aPq7LmZ3bRt8YwCv1';
    const lines = [...PATHS.slice(0, 10), `use ${key} for staging`, `${PATHS[3]} ${key}`];
    for (const text of [lines.join('\n'), [...lines, ...PATHS].join('\n')]) {
      const out = redactQuickLines(text);
      expect(out).not.toContain(key);
      expect(out).toContain('[REDACTED:bare-random-key]');
      expect(out).toContain(PATHS[3]);
    }
    expect(redactQuick(`${PATHS[1]} ${key}`)).toBe(`${PATHS[1]} [REDACTED:bare-random-key]`);
    for (const c of credentials) {
      expect(redactQuick(`${PATHS[2]} ${c.text}`), c.rule).not.toContain(c.secret);
      expect(redactQuickLines([...PATHS.slice(0, 60), c.text].join('\n')), c.rule).not.toContain(c.secret);
    }
  });
});
