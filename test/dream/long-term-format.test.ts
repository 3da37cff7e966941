import { describe, expect, it } from 'vitest';
import { CorruptFileError } from '../../src/errors.js';
import { entryText, factShape, parseLongTerm, serializeLongTerm, similarity, type LongTermDoc } from '../../src/memory/long-term.js';
import { mergeLongTerm } from '../../src/memory/long-term-merge.js';

const en: LongTermDoc = {
  lang: 'en',
  entries: [
    { section: 'conventions', text: 'Run the auth tests with --runInBand: they share one database', sessions: ['20261102-0930-aaaaaa', '20261105-1100-bbbbbb'], files: ['test/auth.test.ts'], at: '4f2a91c', date: '2026-11-05', seen: 2 },
    { section: 'decisions', text: 'Invoices are stored in cents as integers, never floats', sessions: ['20261103-1000-cccccc'], files: ['src/billing/invoice.ts', 'src/billing/a b,c;d.ts'], at: '1234567', date: '2026-11-03' },
    { section: 'gotchas', text: 'Comments like <!-- this --> are not provenance', sessions: [], files: [] },
    { section: 'leads', text: 'Ask the team about the search rollout', sessions: ['20261104-1500-dddddd'], files: [], date: '2026-11-04' },
    { section: 'superseded', text: 'Sessions expire after 30 minutes', sessions: ['20261101-0900-eeeeee'], files: ['src/auth/session.ts'], at: 'abcdef1', date: '2026-11-01', until: '2026-11-06' },
  ],
};
const zh: LongTermDoc = {
  lang: 'zh',
  entries: [
    { section: 'conventions', text: '数据库迁移必须先在预发环境执行', sessions: ['20261102-0930-aaaaaa'], files: ['db/migrations/'], at: '4f2a91c', date: '2026-11-02' },
    { section: 'preferences', text: '用户偏好小的合并请求', sessions: ['20261103-1000-cccccc'], files: [], date: '2026-11-03', seen: 3 },
  ],
};

describe('MEMORY.md format', () => {
  it('round-trips in English and Chinese, every field kept', () => {
    for (const doc of [en, zh]) {
      const text = serializeLongTerm(doc);
      const back = parseLongTerm(text);
      const expected = doc.entries.map((e) => ({ ...e, text: entryText(e.text) }));
      expect(back).toEqual({ lang: doc.lang, entries: expected });
      expect(serializeLongTerm(back)).toBe(text);
    }
  });

  it('reads as prose in a diff: one line per entry, provenance in a trailing comment', () => {
    const text = serializeLongTerm(en);
    expect(text).toContain('## Conventions\n\n- Run the auth tests with --runInBand: they share one database <!-- sessions: 20261102-0930-aaaaaa, 20261105-1100-bbbbbb; files: test/auth.test.ts; at: 4f2a91c; date: 2026-11-05; seen: 2 -->');
    expect(serializeLongTerm(zh)).toMatch(/^# 长期记忆\n[\s\S]*## 约定\n\n- 数据库迁移必须先在预发环境执行 <!-- /);
    for (const line of text.split('\n').filter((l) => l.startsWith('- '))) expect(line.replace(/ <!--.*-->$/, '').length).toBeLessThanOrEqual(152);
  });

  it('caps an entry at 150 characters, on a word', () => {
    const long = `${'word '.repeat(60)}end`;
    const t = entryText(long);
    expect(t.length).toBeLessThanOrEqual(150);
    expect(t.endsWith('…')).toBe(true);
  });

  it('keeps hand-written entries without a comment, and joins a wrapped line', () => {
    const doc = parseLongTerm('# Long-term memory\n\n## Gotchas\n\n- The CI cache breaks when\n  the lockfile changes\n- Plain entry\n');
    expect(doc.entries.map((e) => e.text)).toEqual(['The CI cache breaks when the lockfile changes', 'Plain entry']);
  });

  it('refuses a list item under an unknown heading, naming the line', () => {
    expect(() => parseLongTerm('# Long-term memory\n\n## Random\n\n- x\n', 'MEMORY.md')).toThrow(CorruptFileError);
    expect(() => parseLongTerm('# Long-term memory\n\n## Random\n\n- x\n', 'MEMORY.md')).toThrow(/MEMORY\.md:5/);
  });

  it('compares facts by their words, numbers and sense', () => {
    const a = factShape('Run the billing tests with --runInBand, they share a database');
    const b = factShape('billing tests need --runInBand because they share the database');
    expect(similarity(a, b)).toBeGreaterThanOrEqual(0.6);
    const c = factShape('Sessions expire after 30 minutes');
    const d = factShape('Sessions expire after 60 minutes');
    expect(similarity(c, d)).toBe(1);
    expect(c.numbers).not.toBe(d.numbers);
    expect(factShape('Do not use npm ci on CI').negated).toBe(true);
  });
});

describe('MEMORY.md merge', () => {
  const base: LongTermDoc = { lang: 'en', entries: en.entries.slice(0, 2) };
  it('keeps the entries both branches added, and both sides of a shared one', () => {
    const ours: LongTermDoc = { lang: 'en', entries: [...base.entries, { section: 'gotchas', text: 'Ours: the cache is per process', sessions: ['s-ours'], files: [] }] };
    const theirs: LongTermDoc = {
      lang: 'en',
      entries: [{ ...base.entries[0]!, sessions: [...base.entries[0]!.sessions, 's-theirs'], date: '2026-11-09', at: '9999999' }, base.entries[1]!, { section: 'decisions', text: 'Theirs: use Postgres 16', sessions: ['s-theirs2'], files: [] }],
    };
    const merged = mergeLongTerm(base, ours, theirs);
    expect(merged.entries.map((e) => e.text)).toEqual([base.entries[0]!.text, base.entries[1]!.text, 'Ours: the cache is per process', 'Theirs: use Postgres 16']);
    expect(merged.entries[0]!.sessions).toContain('s-theirs');
    expect(merged.entries[0]!.at).toBe('9999999');
  });
  it('drops what one side removed and the other left alone', () => {
    const ours: LongTermDoc = { lang: 'en', entries: [base.entries[1]!] };
    expect(mergeLongTerm(base, ours, base).entries.map((e) => e.text)).toEqual([base.entries[1]!.text]);
    expect(mergeLongTerm(null, ours, base).entries).toHaveLength(2);
  });
});
