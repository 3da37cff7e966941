// The summary checks' fast paths give what the plain substring and bare-name rules give.
import { describe, expect, it } from 'vitest';
import { extractKeyInfo, kept, summaryText, uniqueBases, type KeyItem } from '../../src/compact/key-info.js';
import { droppedItems, missingOf, validateSummary } from '../../src/compact/validate.js';
import { sessionLedger } from './ledger-fixture.js';

describe('kept: file names', () => {
  // Files sharing a stem (looked for once, src/…/model.ts), a path inside a longer one, one after another.
  const summary = 'We changed src/auth/session.ts and /home/jane/acme/lib/db-pool.js — also café/menu.ts; see README.md. 登录/页面.ts too. Then x/src/jobs/model.tsx, ./src/pay/model.ts, src/pay/model.ts/src/jobs/model.ts, and conf/.env';
  const t = summaryText(summary);
  const file = (p: string): KeyItem => ({ text: p, probe: [p.toLowerCase()] });
  const files = ['src/auth/session.ts', 'lib/db-pool.js', 'acme/lib', 'café/menu.ts', 'src/other/menu.ts', 'README.md', 'docs/README.md', '登录/页面.ts', 'src/auth/missing.ts', 'session.ts', '/home/jane/acme/lib/db-pool.js', 'src/db-pool.js', 'src/jobs/model.ts', 'src/pay/model.ts', 'src/none/model.ts', 'jobs/model.ts', 'src/jobs/model.t', 'pay/model.tsx', 'model.ts/src/jobs/model.ts', 'conf/.env', 'x/.env'];
  const bases = uniqueBases(files.map(file));
  it.each(files)('%s: as the substring and bare-name rules say', (p) => {
    const lower = summary.toLowerCase();
    const q = p.toLowerCase();
    const base = q.slice(q.lastIndexOf('/') + 1);
    const escaped = base.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const expected = lower.includes(q) || (base.length >= 4 && q.includes('/') && bases.has(base) && new RegExp(`(^|[^\\w.-])${escaped}($|[^\\w-])`).test(lower));
    expect(kept('file_names', file(p), t, bases)).toBe(expected);
  });
});

describe('droppedItems', () => {
  it('is what missingOf(validateSummary) says, without the rest of the report', () => {
    const ledger = sessionLedger();
    const key = extractKeyInfo(ledger);
    const summaries = [
      '',
      '## Primary Request and Intent\nA logout endpoint.',
      '1. Primary Request and Intent: logout.\n3. Files and Code Sections: src/auth/logout.ts, session-store.ts, README.md\nErrors and fixes: the TypeError in logout.ts, fixed.\nCurrent Work: the tests.',
    ];
    for (const s of summaries) expect(droppedItems(s, key)).toEqual(missingOf(validateSummary(s, ledger, { key })));
    // The empty summary loses every section and every item: the comparison above covers them all.
    expect(Object.keys(droppedItems('', key))).toEqual(['sections', 'file_names', 'error_messages', 'user_commands', 'technical_terms']);
  });
});

/** A generator of the same texts at every run (a linear congruence), for the comparisons below. */
function random(seed: number) {
  let s = seed;
  const next = () => (s = (Math.imul(s, 1103515245) + 12345) >>> 0) / 2 ** 32;
  return { next, pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]! };
}

describe('kept: against the plain rules, on generated summaries', () => {
  // Paths whose stems hold dots, start with one, repeat in other folders, sit in longer paths or
  // URLs; summaries where slashes come without dots, dots without slashes, names without folders.
  const PARTS = ['src', 'api', 'a', 'lib', 'test', 'x.y', '.github', 'node_modules', '登录', 'café'];
  const NAMES = ['model.ts', 'model.test.ts', 'index.ts', '.eslintrc.json', 'README.md', 'a.b.c', 'Makefile', 'x.', 'routes.tsx', 'model.t', 'v1.2.3.tar.gz'];
  const FILLER = [' ', ', ', ' — ', '/', '.', ' / ', ' and ', '\n- ', '(', ') ', ' see https://example.com/', '`', ' x/', ':', '-', '_', 'ab', ' v2.', ' 42 '];
  const pathOf = (r: ReturnType<typeof random>) => [...Array(Math.floor(r.next() * 3))].map(() => r.pick(PARTS)).concat(r.pick(NAMES)).join('/');
  const plainKept = (lower: string, q: string, bases: Set<string>) => {
    const base = q.slice(q.lastIndexOf('/') + 1);
    const escaped = base.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    return lower.includes(q) || (base.length >= 4 && q.includes('/') && bases.has(base) && new RegExp(`(^|[^\\w.-])${escaped}($|[^\\w-])`).test(lower));
  };
  it('finds every file the substring and bare-name rules find, and no other (2,000 summaries)', () => {
    const wrong: string[] = [];
    for (let n = 0; n < 2000; n++) {
      const r = random(n + 1);
      let summary = '';
      while (summary.length < 300) summary += r.next() < 0.4 ? pathOf(r) : r.pick(FILLER);
      const files = [...new Set([...Array(12)].map(() => pathOf(r)))];
      const items = files.map((p): KeyItem => ({ text: p, probe: [p.toLowerCase()] }));
      const bases = uniqueBases(items);
      const t = summaryText(summary);
      const lower = summary.toLowerCase();
      for (const it of items) if (kept('file_names', it, t, bases) !== plainKept(lower, it.probe[0]!, bases)) wrong.push(`${JSON.stringify(summary)}: ${it.text}`);
    }
    expect(wrong).toEqual([]);
  });

  it('keeps an error or a message by its probe words as the plain word rules say', () => {
    const WORDS = ['token', 'tokens', 'revoke', 'revoked', 'revoking', 'cache', 'caches', 'class', 'clas', 'fix', 'fixes', 'fixed', 'ts2345', '修复', 'use', 'used'];
    const wrong: string[] = [];
    for (let n = 0; n < 500; n++) {
      const r = random(n + 7);
      const summary = [...Array(40)].map(() => r.pick([...WORDS, ' ', '. ', '-', '_x', '\n'])).join(' ');
      const t = summaryText(summary);
      const words = new Set(summary.toLowerCase().split(/[^\p{L}\p{N}_]+/u));
      const has = (w: string) => (/[\u3400-\u9fff]/.test(w) ? t.lower.includes(w) : ['', 's', 'es', 'd', 'ed', 'ing'].some((e) => words.has(w + e)) || (w.endsWith('s') && words.has(w.slice(0, -1))));
      const probe = [...new Set([...Array(5)].map(() => r.pick(WORDS)))];
      const must = r.next() < 0.5 ? [r.pick(WORDS)] : undefined;
      const item: KeyItem = { text: probe.join(' '), probe, ...(must ? { must } : {}) };
      const expected = !(must && must.some((w) => !t.lower.includes(w))) && probe.filter(has).length / probe.length >= 0.6;
      if (kept('error_messages', item, t) !== expected) wrong.push(`${summary}: ${item.text}`);
    }
    expect(wrong).toEqual([]);
  });
});
