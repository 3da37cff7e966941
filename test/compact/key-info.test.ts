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
