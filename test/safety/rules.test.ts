import { describe, expect, it } from 'vitest';
import { redactQuick } from '../../src/safety/quick-redact.js';
import { RULES } from '../../src/safety/rules.js';
import { benignJournal, credentials, negatives } from './corpus.js';

// Every text the scanner tests use, and each credential on its own and in upper and lower case.
const samples = [
  ...credentials.flatMap((c) => [c.text, c.secret, c.text.toUpperCase(), c.text.toLowerCase()]),
  ...negatives,
  ...benignJournal(200_000).split('\n'),
];

describe('project secret rules', () => {
  it.each(RULES.map((r) => [r.id, r] as const))('%s: the needle matches wherever the pattern does', (_, rule) => {
    let matched = 0;
    for (const text of samples) {
      if (![...text.matchAll(rule.pattern)].length) continue;
      matched++;
      expect(rule.needle.test(text), `${rule.id} pattern matches but needle does not: ${text.slice(0, 120)}`).toBe(true);
    }
    // Every rule has at least one sample in the corpus, so the check above is never empty.
    expect(matched).toBeGreaterThan(0);
  });

  it('the primer redaction removes every credential a project rule names', () => {
    const ids = new Set(RULES.map((r) => r.id));
    const ours = credentials.filter((c) => ids.has(c.rule));
    expect(ours.length).toBeGreaterThan(60);
    for (const c of ours) {
      const out = redactQuick(c.text);
      expect(out, c.provider).not.toContain(c.secret);
      expect(out).toContain('[REDACTED:');
    }
  });
});
