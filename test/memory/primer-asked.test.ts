// What the primer's Recent context says of a session (issue 25 §1, §4; noise52's audit): only its
// Completed items, so the next agent read "Update lib/request.js" and never what was asked ("Allow
// conditional revalidation for QUERY requests"). The newest sessions' requests now head their items.
import { describe, expect, it } from 'vitest';
import { buildPrimer } from '../../src/memory/primer.js';
import { primerInput, primerOptions, session } from '../helpers/primer-input.js';

const input = primerInput;
const options = primerOptions;
const recent = (md: string) => (md.split('## Recent context\n')[1] ?? '').split('\n\n')[0]!.split('\n').filter(Boolean);

describe('Recent context says what was asked', () => {
  it('each of the newest sessions: its request (first line), then its completed items', () => {
    const md = buildPrimer(
      input([
        session('a', '09:00', { request: 'Allow conditional revalidation for QUERY requests\n\nSee RFC 9110 §13', completed: ['Update lib/request.js', 'Add a test for fresh QUERY requests'] }),
        session('b', '11:00', { request: 'continue', completed: ['Document the QUERY method in History.md'] }),
        session('c', '15:00', { request: 'Session 7d0c1a2b (ended without a summary)', completed: ['Bump qs to 6.14.1'] }),
      ]),
      options,
    ).markdown;
    expect(recent(md)).toEqual([
      '- 2026-12-01 15:00 — Bump qs to 6.14.1',
      '- 2026-12-01 11:00 — Document the QUERY method in History.md',
      '- 2026-12-01 09:00 — asked: Allow conditional revalidation for QUERY requests',
      '- 2026-12-01 09:00 — Update lib/request.js',
      '- 2026-12-01 09:00 — Add a test for fresh QUERY requests',
    ]);
  });

  it('not when a completed item says it already, nor twice, nor for more than the three newest sessions', () => {
    const sessions = [
      session('a', '08:00', { request: 'Rewrite the router in TypeScript', completed: ['Port lib/router/index.js'] }),
      session('b', '09:00', { request: 'Drop support for Node 16', completed: ['Drop support for Node 16 in package.json engines'] }),
      session('c', '10:00', { request: 'Fix res.redirect with an empty Location header', completed: ['Guard lib/response.js redirect'] }),
      session('d', '11:00', { request: 'Fix res.redirect with an empty Location header', completed: ['Add a redirect test'] }),
      session('e', '12:00', { request: 'Speed up res.json for large bodies', completed: ['Cache the JSON replacer'] }),
    ];
    const lines = recent(buildPrimer(input(sessions), options).markdown);
    const asked = lines.filter((l) => l.includes('— asked: '));
    // e, d, then b says it by its completed item and c by d's words: a is the third.
    expect(asked).toEqual([
      '- 2026-12-01 12:00 — asked: Speed up res.json for large bodies',
      '- 2026-12-01 11:00 — asked: Fix res.redirect with an empty Location header',
      '- 2026-12-01 08:00 — asked: Rewrite the router in TypeScript',
    ]);
    expect(lines).toContain('- 2026-12-01 09:00 — Drop support for Node 16 in package.json engines');
  });

  it('a request takes none of the places kept for what was done when Learned fills the budget', () => {
    const facts = Array.from({ length: 30 }, (_, i) => ({ kind: 'gotcha' as const, longTerm: true, text: `Fact ${i}: the exporter in src/billing/export-${i}.ts writes rows in batches of five hundred and must flush before upload` }));
    const sessions = [0, 1, 2].map((i) => session(`s${i}`, `1${i}:00`, { request: `Make the invoice export stream its rows, part ${i}`, completed: [`Finished the invoice export step ${i} with batched CSV writes`] }));
    const p = buildPrimer(input(sessions, facts), { ...options, maxTokens: 1000 });
    expect(p.included.filter((i) => i.section === 'recent').map((i) => i.text)).toEqual([
      '- 2026-12-01 12:00 — Finished the invoice export step 2 with batched CSV writes',
      '- 2026-12-01 11:00 — Finished the invoice export step 1 with batched CSV writes',
      '- 2026-12-01 10:00 — Finished the invoice export step 0 with batched CSV writes',
    ]);
  });
});
