import { describe, expect, it } from 'vitest';
import { rulesThatMayMatch } from '../../src/safety/quick-redact.js';
import { redactQuickLines } from '../../src/safety/quick-redact.js';
import { RULES, ruleMatches } from '../../src/safety/rules.js';

// The rules whose value is told in words (SecretRule.valueAfter): the gate before their patterns
// looks for a telling on the line of their word (quick-redact.ts toldAfter).
const TOLD = RULES.map((r, i) => [r, i] as const).filter(([r]) => r.valueAfter);

let seed = 11;
const rand = () => ((seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32);
const pick = <T,>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
const WORDS = ['password', 'Passwort', 'secret', 'API key', 'access token', 'mot de passe', 'пароль', '密码', 'パスワード', 'токен', 'Secret', 'PASSWORD'];
const TELLING = [':', ' :', '=', ' = ', '：', '＝', ' is', ' is now', ' was', ' lautet', ' est', ' ist jetzt', ' — ', ' – ', ' equals', ' on', ' is now:', '是', 'は', ' 为', ' for staging is', ' of the db user:', ' for the admin panel on prod is'];
const BLANKS = ['', ' ', '  ', '\t', '    ', '        ', '\u00a0'];
const QUOTES = ['', '"', "'", '`', '«', '“', '「'];
const VALUES = ['Tr0ub4dor&3x', 'hunter22', 'Pa55w0rd!', 'x9Kq2LmZ7vB4', 's3cr3t', 'Pa55!', 'correct-horse', 'ab12', 'zQ8#kP2@mW', 'n0t-a-secret-at-all'];
const NOISE = ['', 'the ', 'Rotate the ', 'our ', 'see ', '- ', '`', 'DB_', 'x'];
const TAILS = ['', '.', ' ok', ' <!-- t-d329a 2026-10-25T09:29 -->', '\nnext line: abcdefgh12', ' (rotated)', ','];

/** A line (or two) built from the pieces a telling is made of, in any order some of the time. */
function sample(): string {
  const parts = [pick(NOISE), pick(WORDS), rand() < 0.2 ? 's' : '', pick(TELLING), pick(BLANKS), pick(QUOTES), pick(VALUES), pick(TAILS)];
  if (rand() < 0.25) parts.splice(Math.floor(rand() * parts.length), 0, pick([...TELLING, ...VALUES, ' ', '\n']));
  if (rand() < 0.15) parts.reverse();
  return parts.join('');
}

describe('the gate before a told secret’s pattern (toldAfter)', () => {
  it('lets through every text where the pattern finds a secret (20,000 generated lines)', () => {
    const stopped: string[] = [];
    let found = 0;
    for (let n = 0; n < 20_000; n++) {
      const text = sample();
      const may = rulesThatMayMatch(text);
      for (const [rule, i] of TOLD) {
        const hit = [...text.matchAll(rule.pattern)].length > 0;
        if (hit) found++;
        if (hit && !may[i]) stopped.push(`${rule.id}: ${JSON.stringify(text)}`);
      }
    }
    expect(stopped.slice(0, 5)).toEqual([]);
    expect(found).toBeGreaterThan(2_000);
  });

  it('keeps the told secrets of the quick redaction', () => {
    for (const line of ['the staging password is Tr0ub4dor&3x', 'Passwort lautet: "Pa55w0rd!x"', '密码是 x9Kq2LmZ7vB4', 'DB_PASSWORD = s3cr3tZ9', 'wifi password is hunter2']) {
      expect(redactQuickLines(line), line).toContain('[REDACTED:secret-in-words]');
    }
  });

  it('does not run the pattern for a line whose word has no telling after it', () => {
    const i = TOLD[0]![1];
    for (const line of ['- [ ] Rotate webhook signing secrets <!-- t-d329a 2026-10-25T09:29 -->', 'Moved the secret store to Vault (2026-11-02T10:00:00Z)', 'password reset flow: see docs/auth/reset-flow.md', 'the password hashing uses argon2id'])
      expect(rulesThatMayMatch(line)[i], line).toBe(false);
  });

  it('answers a long hostile line as the pattern does', () => {
    const i = TOLD[0]![1];
    for (const line of [`secret ${'is a '.repeat(50_000)}${'x'.repeat(200_000)}`, `secret: ${'x'.repeat(300)}`, `${'secret '.repeat(40_000)}is ${'y'.repeat(9)}`]) {
      const hit = [...ruleMatches(TOLD[0]![0], line)].length > 0 || [...line.matchAll(TOLD[0]![0].pattern)].length > 0;
      expect(rulesThatMayMatch(line)[i] || !hit).toBe(true);
      if (line.startsWith('secret is a')) expect(rulesThatMayMatch(line)[i]).toBe(false);
    }
  });
});
