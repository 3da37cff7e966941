// The strings a secret rule's needle cannot match without (safety/needle-literals.ts): the primer's
// quick redaction skips a line holding none of them without compiling a pattern, so a string missed
// here would be a secret let through. Checked on every rule's samples, on the folding of every
// character, and on the readings of the shapes the needles are written in.
import { describe, expect, it, vi } from 'vitest';
import { needleLiterals } from '../../src/safety/needle-literals.js';
import { needleTable } from '../../src/safety/needle-table.js';
import { mayHoldSecret, redactAcrossLines, redactHeldLines, redactLineBySubstrings, redactQuick, redactQuickLines, redactQuickOnce, rulesHeld } from '../../src/safety/quick-redact.js';
import { RULES } from '../../src/safety/rules.js';
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

declare const __GIT_MEMORY_NEEDLES__: (string[] | null)[] | undefined;

describe('the quick redaction', () => {
  it('reads the table the build bakes in (vitest.config.ts defines it as scripts/build.mjs does)', () => {
    expect(typeof __GIT_MEMORY_NEEDLES__ === 'object' ? __GIT_MEMORY_NEEDLES__ : null).toEqual(needleTable());
  });

  it("finds in one pattern's run exactly the rules whose strings a line holds", () => {
    const table = needleTable();
    // Strings that are prefixes of others ('sk-' and 'sk-ant-'), at a line's ends, side by side, overlapping.
    const strings = [...new Set(table.flatMap((l) => l ?? []))];
    const made = [strings.join(''), strings.join(' '), [...strings].reverse().join(''), strings.map((l) => l.slice(1)).join('|')];
    let some = 0;
    for (const line of [...samples, ...made, ...strings]) {
      const folded = fold(line);
      // A rule with a run (bare-random-key) is held only where the line holds such a run too.
      const run = (i: number) => !RULES[i]!.run || new RegExp(`[A-Za-z0-9+/_-]{${RULES[i]!.run}}`).test(folded);
      const expected = table.flatMap((literals, i) => ((!literals || literals.map(fold).some((l) => folded.includes(l))) && run(i) ? [i] : []));
      if (expected.length) some++;
      expect(rulesHeld(folded), line.slice(0, 120)).toEqual(expected);
    }
    expect(some).toBeGreaterThan(1000);
  });

  it('lets through the substring checks (a primer) every line the joined pattern (a long text) lets through', () => {
    const lines = [...samples, ...credentials.map((c) => `note: ${c.text.toUpperCase()}`)];
    let through = 0;
    for (const line of lines) {
      if (!mayHoldSecret(line, 'pattern')) continue;
      through++;
      expect(mayHoldSecret(line, 'substrings'), line.slice(0, 120)).toBe(true);
    }
    expect(through).toBeGreaterThan(200);
    // And a plain memory line holds none: skipped without a pattern.
    for (const line of ['Measure the cache under load', 'Shared the cache between workers', '[todo] Document the rounding rule (t-e23d7)']) expect(mayHoldSecret(line, 'substrings'), line).toBe(false);
  });

  it('redacts a long text line by line as each line alone', () => {
    const text = credentials.map((c) => c.text).join('\n');
    expect(text.length).toBeGreaterThan(4096);
    // Line by line, then what no line alone shows (a private key's lines): redactAcrossLines.
    expect(redactQuickLines(text)).toBe(redactAcrossLines(text.split('\n').map(redactQuick).join('\n')));
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
      expect(whole).toBe(redactAcrossLines(text.split('\n').map(redactQuick).join('\n')));
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

describe("a short text's lines, its rules' strings searched in the text whole", () => {
  // redactQuickOnce takes this way for PreCompact's text (a process's one short text, within its
  // first 4,096 characters): each line must come out as the line-by-line way (rulesHeld) makes it.
  it('redacts each line exactly as the line alone', () => {
    const prose = ['## Files and Code Sections', 'Straße ﬁle İstanbul ΟΔΟΣ: the build at 18:00:00 ran', '- src/payments/cache.ts: key rotation; see sk- docs', 'Résumé of the work\r', '', 'ΣΣ.'];
    const lines = credentials.flatMap((c, i) => [prose[i % prose.length]!, `${prose[(i + 1) % prose.length]} ${c.text}`, c.text.toUpperCase(), `ΣΣ ${c.text.toLowerCase()}`, `${c.text} ${c.text}`]);
    const strings = [...new Set(needleTable().flatMap((l) => l ?? []))];
    const texts = [
      lines.join('\n'),
      [...benignJournal(3000).split('\n'), ...negatives].join('\n'),
      strings.join('\n'),
      `${strings.join(' ')}\n\n${strings.join('')}\n`,
      '\n\n\n',
      credentials.map((c) => c.text).join('\r\n'),
    ];
    // And windows of 8 to 48 lines, as the hooks' texts are.
    for (let i = 0; i + 48 <= lines.length; i += 37) texts.push(lines.slice(i, i + 8 + (i % 41)).join('\n'));
    let redacted = 0;
    for (const text of texts) {
      const expected = text.split('\n').map(redactLineBySubstrings).join('\n');
      expect(redactHeldLines(text)).toBe(expected);
      expect(redactQuickOnce(text)).toBe(redactQuickLines(text));
      redacted += expected.split('[REDACTED:').length - 1;
    }
    expect(redacted).toBeGreaterThan(credentials.length * 3);
  });
});

describe("PreCompact's one short text (redactQuickOnce) in a fresh process", () => {
  // Each import below is a fresh module, as in PreCompact's process: nothing redacted yet, so the
  // text takes the whole-text search. lead51's merge left that way without the line-by-line pass's
  // last step (secrets51's): a private key's lines after its first, and a token in a terminal's
  // colours, came out as they went in.
  const fresh = async () => {
    vi.resetModules();
    return import('../../src/safety/quick-redact.js');
  };
  it('redacts a private key over many lines and a coloured token, as redactQuickLines does', async () => {
    const body = Array.from({ length: 8 }, (_, i) => `MIIEvQIBADANBgkqhkiG9w0BAQEFAASC${String(i).repeat(4)}BKcwggSjAgEAAoIBAQC7x9k2LmPqRsTuVw`);
    const text = ['## Current Work', 'The deploy key:', '-----BEGIN PRIVATE KEY-----', ...body, '-----END PRIVATE KEY-----', 'and \x1b[32mnpm_4fK2mQ9zXv4LpR7tY1wB3nC6dE0gH5jS2aUq\x1b[0m for the registry'].join('\n');
    expect(text.length).toBeLessThan(2048);
    const once = (await fresh()).redactQuickOnce(text);
    const lines = (await fresh()).redactQuickLines(text);
    expect(once).toBe(lines);
    for (const b of body) expect(once).not.toContain(b.slice(0, 40));
    expect(once).not.toContain('4fK2mQ9zXv4LpR7tY1wB3nC6dE0gH5jS2aUq');
  });
});
