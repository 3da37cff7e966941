// Issue 28 item 4 (and issue 25): after a dream at size, MEMORY.md's facts filled the budget and the
// primer lost its Recent context: under the strict priority (learned > recent context) a full
// Learned left nothing for what was done in the last days. The newest few items of Recent context
// now rank before Learned; the rest keep their place.
import { describe, expect, it } from 'vitest';
import { buildPrimer, type PrimerInput } from '../../src/memory/primer.js';
import type { Session } from '../../src/memory/session.js';

const session = (i: number): Session => ({
  id: `20261130-${1000 + i}-abc${i}`,
  date: '2026-11-30',
  time: `${10 + i}:00`,
  agent: 'claude',
  request: `Work item ${i}`,
  completed: [`Finished the invoice export step ${i} with batched CSV writes`],
  learned: [],
  decisions: [],
  next_steps: [],
  notes: [],
  commits: [],
  tasks: [],
} as unknown as Session);

const facts = Array.from({ length: 24 }, (_, i) => ({
  kind: 'gotcha' as const,
  longTerm: true,
  text: `Fact ${i}: the billing exporter in src/billing/export-${i}.ts writes rows in batches of five hundred and must flush its buffer before the upload step starts`,
}));

const input: PrimerInput = {
  project: { name: 'acme-api', description: 'Invoices and payouts' },
  user: { entities: [], preferences: [] },
  windowSessions: [0, 1, 2, 3, 4].map(session),
  learned: facts,
  tasks: [],
  git: { branch: 'main', head: 'abc1234', commits: [], hotFiles: [] },
  generatedAt: '2026-11-30 19:00',
};

describe('the primer at size', () => {
  it('keeps its Recent context (the newest items) when MEMORY.md alone would fill the budget', () => {
    const p = buildPrimer(input, { maxTokens: 1000, minTokens: 0, commits: 10, hotFiles: 5, lang: 'en' });
    expect(p.tokens).toBeLessThanOrEqual(1000);
    const recent = p.included.filter((i) => i.section === 'recent').map((i) => i.text);
    expect(recent).toEqual([
      '- 2026-11-30 14:00 — Finished the invoice export step 4 with batched CSV writes',
      '- 2026-11-30 13:00 — Finished the invoice export step 3 with batched CSV writes',
      '- 2026-11-30 12:00 — Finished the invoice export step 2 with batched CSV writes',
    ]);
    expect(p.markdown).toContain('## Recent context');
    // Learned still has most of the budget.
    expect(p.included.filter((i) => i.section === 'learned').length).toBeGreaterThan(15);
  });
});
