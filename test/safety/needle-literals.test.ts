// The strings a secret rule's needle cannot match without (safety/needle-literals.ts): the primer's
// quick redaction skips a line holding none of them without compiling a pattern, so a string missed
// here would be a secret let through. Checked on every rule's samples, on the folding of every
// character, and on the readings of the shapes the needles are written in.
import { describe, expect, it } from 'vitest';
import { leastRun, needleLiterals } from '../../src/safety/needle-literals.js';
import { needleRuns, needleTable } from '../../src/safety/needle-table.js';
import { longestRun, mayHoldSecret, redactQuick, redactQuickLines } from '../../src/safety/quick-redact.js';
import { RULES, ruleMatches } from '../../src/safety/rules.js';
import { benignJournal, credentials, negatives } from './corpus.js';

/** As quick-redact.ts folds a line: both sides upper-cased, then lower-cased. */
const fold = (s: string) => s.toUpperCase().toLowerCase();

const samples = [
  ...credentials.flatMap((c) => [c.text, c.secret, c.text.toUpperCase(), c.text.toLowerCase()]),
  ...negatives,
  ...benignJournal(100_000).split('\n'),
];

describe('needle literals', () => {
  it('reads every rule of RULES (none is left to run its needle on every line)', () => {
    const table = needleTable();
    expect(table).toHaveLength(RULES.length);
    for (const [i, literals] of table.entries()) expect(literals, RULES[i]!.id).not.toBeNull();
  });

  it.each(RULES.map((r, i) => [r.id, i] as const))('%s: every sample its needle matches, case aside, holds one of its strings', (_, i) => {
    const rule = RULES[i]!;
    const literals = needleTable()[i]!.map(fold);
    const caseless = new RegExp(rule.needle.source, 'i');
    let matched = 0;
    for (const text of samples) {
      if (!caseless.test(text)) continue;
      matched++;
      expect(literals.some((l) => fold(text).includes(l)), `${rule.id}: ${text.slice(0, 120)}`).toBe(true);
    }
    expect(matched).toBeGreaterThan(0);
  });

  it('folds every character a case-insensitive pattern takes for a literal character to that character', () => {
    // Which characters of the Basic Multilingual Plane a caseless needle takes for each character of
    // the strings: after folding, each must be that character (Cyrillic, Turkish, Greek variants).
    const chars = new Set(needleTable().flatMap((l) => l ?? []).flatMap((s) => [...s]));
    const missed: string[] = [];
    for (const c of chars) {
      const re = new RegExp(c.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&'), 'i');
      for (let code = 0; code < 0x10000; code++) {
        if (code >= 0xd800 && code < 0xe000) continue;
        const x = String.fromCharCode(code);
        if (re.test(x) && !fold(x).includes(fold(c))) missed.push(`${c} ← U+${code.toString(16)}`);
      }
    }
    expect(missed).toEqual([]);
  });

  it.each([
    [/sk-ant-/, ['sk-ant-']],
    [/gh[pousr]_|github_pat_/, ['ghp_', 'gho_', 'ghu_', 'ghs_', 'ghr_', 'github_pat_']],
    // An optional character ends the run before it; the longer run wins.
    [/fo1_|fm[12][ar]?_/, ['fo1_', 'fm1', 'fm2']],
    // Look-arounds hold nothing; a repeated class ends the run.
    [/(?<![A-Za-z0-9_-])e[wy][A-Za-z0-9_-]{10,2048}\./, ['ew', 'ey']],
    // A group that only holds its strings (not exactly them) stands alone.
    [/(?:key|token)s?["'\]]{0,2}\s{0,4}[=:]/, ['key', 'token']],
    [/secret[_.-]?(?:access)?[_.-]?key/i, ['secret']],
    // A part repeated at least once is still there once.
    [/x(?:ab)+y/, ['xab']],
    // A class of many characters, an anchor, a class escape: nothing to read in one alternative.
    [/[A-Z]{20}|AKIA/, null],
    [/^\d+$/, null],
  ] as const)('%s reads as %j', (pattern, expected) => {
    expect(needleLiterals(pattern)).toEqual(expected);
  });
});

describe('the run of non-blank characters a rule needs (leastRun)', () => {
  it('reads the shapes the rules are written in', () => {
    const cases: [RegExp, number][] = [
      [/ab\s?cd/, 2],
      [/[MNO][A-Za-z0-9_-]{23,25}\./, 25],
      [/a(?:bc|d)e/, 3],
      [/(?<![A-Za-z0-9_-])e[wy][A-Za-z0-9_-]{10,2048}\./, 13],
      [/x[^\s"]{8,}/, 9],
      [/[^"]{8}/, 0],
      [/[^\S\r\n]{0,4}([^\s"]{12,256})/, 12],
      [/(?:key|token)s?["']?\s{0,4}(?:=>|:=|=|:)\s{0,4}["'`]?([^\s"'`<>]{12,256})/i, 12],
      [/a.b/, 1],
      [/[ -~]{5}/, 0],
      [/[!-~]{5}/, 5],
      [/\u00a0xy/, 2],
      [/\x20xy/, 2],
      [/(?:ab)+c/, 3],
      [/(?:ab)*c/, 1],
      [/(?:a b)+cd/, 3],
      [/\bword\b/, 4],
      [/^k=[\w-]{6}$/, 8],
      [/sk-(?:proj-[a-z]{20}|[A-Za-z0-9]{32})/, 28],
      [/\p{L}{9}/u, 0],
    ];
    for (const [pattern, run] of cases) expect(leastRun(pattern), pattern.source).toBe(run);
  });

  it.each(RULES.map((r, i) => [r.id, i] as const))('%s: every sample it finds a secret in has a run as long as it says', (_, i) => {
    const rule = RULES[i]!;
    const run = needleRuns()[i]!;
    let found = 0;
    for (const text of samples) {
      const hits = [...ruleMatches(rule, text)];
      if (!hits.length) continue;
      found++;
      expect(longestRun(text), `${rule.id} (${run}): ${text.slice(0, 120)}`).toBeGreaterThanOrEqual(run);
      // …and so does each finding's own line with the value's blanks as they are.
      for (const h of hits) expect(longestRun(text.slice(Math.max(0, h.start - 300), h.end + 300))).toBeGreaterThanOrEqual(run);
    }
    expect(found, `${rule.id}: no sample`).toBeGreaterThan(0);
  });

  it('says a rule needs at least what its needle needs', () => {
    for (const [i, rule] of RULES.entries()) expect(needleRuns()[i], rule.id).toBeGreaterThanOrEqual(leastRun(rule.needle));
    // Most rules' values are long runs: a plain line of prose has none.
    expect(needleRuns().filter((n) => n >= 13).length).toBeGreaterThan(RULES.length / 2);
  });

  it('counts runs as \\s splits them', () => {
    expect(longestRun('')).toBe(0);
    expect(longestRun('ab  cde\tf')).toBe(3);
    expect(longestRun('abc\u00a0de\u3000fgh')).toBe(3);
    expect(longestRun('x'.repeat(40))).toBe(40);
  });
});

declare const __GIT_MEMORY_NEEDLES__: (string[] | null)[] | undefined;
declare const __GIT_MEMORY_NEEDLE_RUNS__: number[] | undefined;

describe('the quick redaction', () => {
  it('reads the table the build bakes in (vitest.config.ts defines it as scripts/build.mjs does)', () => {
    expect(typeof __GIT_MEMORY_NEEDLES__ === 'object' ? __GIT_MEMORY_NEEDLES__ : null).toEqual(needleTable());
    expect(typeof __GIT_MEMORY_NEEDLE_RUNS__ === 'object' ? __GIT_MEMORY_NEEDLE_RUNS__ : null).toEqual(needleRuns());
  });

  it("tries no rule on a primer's plain lines whose secrets are longer than any run in them", () => {
    // ':' (a .pgpass line), '.' (a Discord token), 'ey' (a JWT), 'secret', 'api' and 'sk' are in these
    // lines, but no run of theirs is as long as a JWT (30), a Discord token (59) or an AWS secret
    // key (40): those rules' needles and patterns are never compiled for them.
    const lines = [
      '> Generated by git-memory from branch `main` at 690b2746a on 2026-11-30 19:00; sessions by Amara Okafor, Wei Chen.',
      '- [todo] Rotate webhook signing secrets (t-d329a)',
      '- The payments provider retries webhooks for 72 hours with exponential backoff.',
      '- Key the cache by the API version; the secret store is Vault. Ask Wei for access.',
      '- [in progress] Alert on webhook lag (t-3493a) — progress: step 2 — next: finish step 3',
    ];
    expect(lines.every((l) => mayHoldSecret(l, 'substrings'))).toBe(true);
    const runs = needleRuns();
    const ran: { id: string; what: string; run: number }[] = [];
    const restore = RULES.map((rule, i) => {
      const [needle, pattern] = [rule.needle.test, rule.pattern[Symbol.matchAll]];
      rule.needle.test = function (s: string) {
        ran.push({ id: rule.id, what: 'needle', run: runs[i]! });
        return RegExp.prototype.test.call(this, s);
      };
      rule.pattern[Symbol.matchAll] = function (s: string) {
        ran.push({ id: rule.id, what: 'pattern', run: runs[i]! });
        return RegExp.prototype[Symbol.matchAll].call(this, s);
      };
      return () => {
        rule.needle.test = needle;
        rule.pattern[Symbol.matchAll] = pattern;
      };
    });
    try {
      for (const l of lines) expect(redactQuick(l)).toBe(l);
      const longest = Math.max(...lines.map(longestRun));
      expect(longest).toBeLessThan(13);
      expect(ran.filter((r) => r.run > longest || r.what === 'pattern')).toEqual([]);
      expect(ran.length).toBeLessThan(6);
      // The same watch sees a line that does hold a secret.
      expect(redactQuick(`the token is ${credentials.find((c) => c.rule === 'jwt')!.secret}`)).toContain('[REDACTED:jwt]');
      expect(ran.map((r) => `${r.id} ${r.what}`)).toContain('jwt needle');
    } finally {
      for (const r of restore) r();
    }
  });

  it('redacts a long text line by line as each line alone', () => {
    const text = credentials.map((c) => c.text).join('\n');
    expect(text.length).toBeGreaterThan(4096);
    expect(redactQuickLines(text)).toBe(text.split('\n').map(redactQuick).join('\n'));
    expect(redactQuickLines(text)).not.toContain(credentials.find((c) => c.rule === 'anthropic-api-key')!.secret);
  });

  it('redacts a long text searched whole (a compaction summary) exactly as each of its lines alone', () => {
    // Secrets among prose, upper- and lower-cased, after characters whose case folding changes a
    // string's length (ß, ﬁ, İ) or depends on its neighbours (a final sigma), with CR line ends.
    const prose = ['## Files and Code Sections', 'Straße ﬁle İstanbul ΟΔΟΣ: the build at 18:00:00 ran', '- src/payments/cache.ts: key rotation; see sk- docs', 'Résumé of the work\r'];
    const lines = credentials.flatMap((c, i) => [prose[i % prose.length]!, `${prose[(i + 1) % prose.length]} ${c.text}`, c.text.toUpperCase(), `ΣΣ ${c.text.toLowerCase()}`]);
    for (const text of [[...benignJournal(6000).split('\n'), ...lines, ...negatives].join('\n'), lines.slice(0, 60).join('\n'), benignJournal(3000)]) {
      expect(text.length).toBeGreaterThan(2048);
      const whole = redactQuickLines(text);
      expect(whole).toBe(text.split('\n').map(redactQuick).join('\n'));
    }
    // Not a text the rules leave alone: most credentials' lines are redacted.
    expect(redactQuickLines(lines.join('\n')).split('\n').filter((l) => l.includes('[REDACTED:')).length).toBeGreaterThan(credentials.length);
  });

  it('still redacts a secret told in words after a word of the same kind earlier on the line', () => {
    expect(redactQuick('the secret store moved; the password is Xq7#vLp2Rt9!')).toContain('[REDACTED:secret-in-words]');
    // No run of eight characters after the word: the pattern is never needed.
    expect(redactQuick('Rotate webhook signing secrets (t-d329a)')).toBe('Rotate webhook signing secrets (t-d329a)');
  });
});
