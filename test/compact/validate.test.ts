import { describe, expect, it } from 'vitest';
import { extractKeyInfo } from '../../src/compact/key-info.js';
import { ledgerSummary } from '../../src/compact/ledger-summary.js';
import { keepSegments, truncateToBudget } from '../../src/compact/degrade.js';
import { parseSummary, sectionsFound, SUMMARY_SECTIONS } from '../../src/compact/sections.js';
import { validateSummary } from '../../src/compact/validate.js';
import { estimateTokens } from '../../src/memory/tokens.js';
import { GOOD_SUMMARY, HALF_FILES_SUMMARY, ORIGINAL_CHARS, sessionLedger } from './ledger-fixture.js';

const opts = { originalChars: ORIGINAL_CHARS };

describe('the key from the ledger', () => {
  it('holds every changed file, recent reads, distinct errors, real user messages and technical terms', () => {
    const key = extractKeyInfo(sessionLedger());
    expect(key.file_names.map((f) => f.text)).toEqual([
      'src/auth/logout.ts', 'src/auth/session-store.ts', 'src/routes/index.ts', 'test/auth/logout.test.ts',
      'src/auth/login.ts', 'docs/api.md', 'package.json', 'README.md',
    ]);
    expect(key.error_messages).toHaveLength(2);
    // "yes" has nothing to check for.
    expect(key.user_commands.map((m) => m.text)).not.toContain('yes');
    expect(key.user_commands).toHaveLength(4);
    const terms = key.technical_terms.map((t) => t.text);
    expect(terms).toEqual(expect.arrayContaining(['npm test', 'npx tsc', 'git status', 'sessionStore', 'TS2345']));
  });
});

describe('validateSummary (seed 004)', () => {
  it('scores a complete summary valid, at or above 80', () => {
    const r = validateSummary(GOOD_SUMMARY, sessionLedger(), opts);
    expect(r.checks.sections.score).toBe(100);
    expect(r.checks.key_info.details.file_names.missing).toEqual([]);
    expect(r.checks.key_info.details.error_messages.missing).toEqual([]);
    expect(r.checks.key_info.details.user_commands.missing).toEqual([]);
    expect(r.checks.key_info.valid).toBe(true);
    expect(r.checks.continuity.score).toBeGreaterThanOrEqual(60);
    expect(r.checks.ratio.valid).toBe(true);
    expect(r.fidelity).toBeGreaterThanOrEqual(80);
    expect(r.valid).toBe(true);
  });

  it('catches a summary missing half the files, the errors and user messages, naming each', () => {
    const r = validateSummary(HALF_FILES_SUMMARY, sessionLedger(), opts);
    const d = r.checks.key_info.details;
    expect(d.file_names.missing.sort()).toEqual(['docs/api.md', 'src/auth/login.ts', 'src/auth/session-store.ts', 'test/auth/logout.test.ts']);
    expect(d.error_messages.missing).toHaveLength(2);
    expect(d.error_messages.missing[0]).toContain('TS2345');
    expect(d.user_commands.missing).toEqual(['Use the existing sessionStore, do not add a new Redis client', 'The cookie must keep SameSite=Lax, the frontend depends on it']);
    expect(r.fidelity).toBeLessThan(80);
    expect(r.valid).toBe(false);
    expect(r.recommendations.join('\n')).toContain('src/auth/session-store.ts');
  });

  it('applies the weights exactly: 30% sections + 40% key + 20% continuity + 10% ratio (100 or 50)', () => {
    const r = validateSummary(HALF_FILES_SUMMARY, sessionLedger(), opts);
    const c = r.checks;
    expect(r.fidelity).toBe(Math.round(c.sections.score * 0.3 + c.key_info.score * 0.4 + c.continuity.score * 0.2 + (c.ratio.valid ? 100 : 50) * 0.1));
  });

  it('finds sections by name anywhere or by their other spellings on a heading; 7 of 8 is valid, 6 is not', () => {
    expect(sectionsFound('## Current State\n## Errors & Corrections\n')).toEqual(['Errors and fixes', 'Current Work']);
    const seven = SUMMARY_SECTIONS.slice(0, 7).map((s) => `## ${s}\nx`).join('\n');
    const six = SUMMARY_SECTIONS.slice(0, 6).map((s) => `## ${s}\nx`).join('\n');
    expect(validateSummary(seven, sessionLedger(), opts).checks.sections).toMatchObject({ score: 87.5, valid: true, missing: ['Current Work'] });
    expect(validateSummary(six, sessionLedger(), opts).checks.sections.valid).toBe(false);
  });

  it('counts continuity indicators in Chinese and English, 5 for full marks', () => {
    const zh = validateSummary('用户首先要求…然后…接下来…最后…结果…', sessionLedger(), opts).checks.continuity;
    expect(zh.score).toBe(100);
    const en = validateSummary('First we looked. Then it broke.', sessionLedger(), opts).checks.continuity;
    expect(en).toMatchObject({ score: 40, valid: false });
  });

  it('fails the ratio above 15% of the original and above 20,000 tokens', () => {
    const small = validateSummary(GOOD_SUMMARY, sessionLedger(), { originalChars: 1000 });
    expect(small.checks.ratio.valid).toBe(false);
    const huge = 'word '.repeat(30_000);
    const r = validateSummary(huge, sessionLedger(), { originalChars: 100_000_000 });
    expect(r.checks.ratio.ratio).toBeLessThan(0.15);
    expect(r.checks.ratio.valid).toBe(false);
    expect(r.recommendations.join(' ')).toContain('20000 tokens');
  });
});

describe('the ledger summary', () => {
  it('has all 8 sections, every edited file and every user message, and is valid on its own', () => {
    const ledger = sessionLedger();
    const text = ledgerSummary(ledger);
    expect(sectionsFound(text)).toEqual([...SUMMARY_SECTIONS]);
    for (const f of ledger.files.filter((x) => x.edits + x.writes)) expect(text).toContain(f.path);
    for (const m of ledger.user_messages) expect(text).toContain(m.text);
    const r = validateSummary(text, ledger, opts);
    expect(r.checks.key_info.score).toBe(100);
    expect(r.fidelity).toBeGreaterThanOrEqual(80);
    expect(parseSummary(text).sections.get('Pending Tasks')).toContain('Document logout in docs/api.md');
  });
});

describe('degradation strategies 2 and 3', () => {
  it('segment keeping appends each missing item under its section and repairs the summary', () => {
    const ledger = sessionLedger();
    const before = validateSummary(HALF_FILES_SUMMARY, ledger, opts);
    const repaired = keepSegments(HALF_FILES_SUMMARY, before, ledger, extractKeyInfo(ledger));
    const after = validateSummary(repaired, ledger, opts);
    expect(after.checks.key_info.details.file_names.missing).toEqual([]);
    expect(after.checks.key_info.details.error_messages.missing).toEqual([]);
    expect(after.valid).toBe(true);
    const files = parseSummary(repaired).sections.get('Files and Code Sections')!;
    expect(files).toContain('src/auth/session-store.ts — read 2×, edited 2×'.replace('read 2×, edited 2×', 'edited 2×, read 2×'));
    expect(parseSummary(repaired).sections.get('Errors and fixes')).toContain('TS2345');
    // What the summary had stays.
    expect(repaired).toContain('A type error was fixed.');
  });

  it('truncation keeps every heading and fits the budget', () => {
    const long = ledgerSummary(sessionLedger()) + `\n${'- filler line with words\n'.repeat(4000)}`;
    const cut = truncateToBudget(long, 2000);
    expect(estimateTokens(cut)).toBeLessThanOrEqual(2000);
    expect(sectionsFound(cut)).toEqual([...SUMMARY_SECTIONS]);
    expect(cut).toContain('cut to fit the summary budget');
    expect(truncateToBudget('short', 2000)).toBe('short');
  });
});

describe('sectionsFound: the lines that cannot be headings are skipped as headingSection would', () => {
  it('finds the sections the line-by-line reading finds, on generated summaries', async () => {
    const { headingSection, sectionsFound, SUMMARY_SECTIONS } = await import('../../src/compact/sections.js');
    const plain = (summary: string) => {
      const byHeading = new Set(summary.split('\n').map(headingSection).filter(Boolean));
      return SUMMARY_SECTIONS.filter((s) => summary.toLowerCase().includes(s.toLowerCase()) || byHeading.has(s));
    };
    const PIECES = ['## ', '### ', '1. ', '2) ', '**', ' ', '   ', '    ', '\t', '\u00a0', '\u2003', '\r', ':', ' :', ': ', 'x', 'Key concepts', 'pending tasks', 'Files modified', 'Current state', 'user messages', '问题解决', 'Errors & fixes', 'problem-solving', '#', '9', '*', 'a'.repeat(90)];
    let s = 7;
    const next = () => (s = (Math.imul(s, 1103515245) + 12345) >>> 0) / 2 ** 32;
    const wrong: string[] = [];
    for (let n = 0; n < 3000; n++) {
      const lines = [...Array(1 + Math.floor(next() * 4))].map(() => [...Array(Math.floor(next() * 5))].map(() => PIECES[Math.floor(next() * PIECES.length)]).join(''));
      const summary = lines.join('\n');
      if (JSON.stringify(sectionsFound(summary)) !== JSON.stringify(plain(summary))) wrong.push(JSON.stringify(summary));
    }
    expect(wrong).toEqual([]);
  });
});
