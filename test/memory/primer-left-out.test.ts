import { describe, expect, it } from 'vitest';
import { buildPrimer, type PrimerInput } from '../../src/memory/primer.js';
import { estimateTokens } from '../../src/memory/tokens.js';
import { makeMemoryRepo } from '../helpers/repo.js';

const input = (over: Partial<PrimerInput>): PrimerInput => ({
  project: { name: 'acme-api', description: '' },
  user: { entities: [], preferences: [] },
  windowSessions: [],
  tasks: [],
  git: { branch: 'main', head: 'abc1234', commits: [], hotFiles: [] },
  generatedAt: '2026-11-30 19:00',
  ...over,
});
const options = { maxTokens: 1000, minTokens: 0, commits: 10, hotFiles: 5, lang: 'en' as const };

describe('long-term facts past those the primer tries', () => {
  it('are each listed as left out, with the token count of the line --explain shows', () => {
    const leftOut = Array.from({ length: 30 }, (_, i) => ({ kind: 'gotcha' as const, text: `Fact ${i} about src/api/routes-${i}.ts: return errors as values` }));
    const p = buildPrimer(input({ learned: [{ kind: 'decision', text: 'Keep the API versioned', longTerm: true }], learnedLeftOut: leftOut }), options);
    const out = p.dropped.filter((d) => d.reason.startsWith('past the 1 long-term facts tried'));
    expect(out.map((d) => d.text)).toEqual(leftOut.map((l) => `- gotcha: ${l.text}`));
    for (const d of out) expect(d.tokens).toBe(estimateTokens(d.text) + 1);
    // As data (the JSON of --explain) too.
    const json = JSON.parse(JSON.stringify(p.dropped)) as { text: string; tokens: number }[];
    expect(json.filter((d) => d.text.includes('Fact 7 about')).map((d) => d.tokens)).toEqual([estimateTokens(`- gotcha: ${leftOut[7]!.text}`) + 1]);
  });

  it('past a full budget are left out with the same text and tokens they have when they fit', () => {
    const tasks = Array.from({ length: 40 }, (_, i) => ({ id: `t-${(0x1000 + i).toString(16)}`, task: `Ship export step ${i} for invoices and payouts`, status: 'todo' as const, related_files: [] }));
    const commits = Array.from({ length: 10 }, (_, i) => ({ sha: `abc${i}def`, subject: `Fix rounding step ${i} with key sk-ant-api03-AbC9dEf8GhI7jKl6MnO5pQr4StU3vWx2Yz1aB0cD9eF8gH7iJ6kL5mN4oP3qR2sT1uV0wX9yZ8aB7cD6eF5gH4iJ3kL2mN1oP0qR-AA`, date: '2026-11-30' }));
    const full = input({ tasks, git: { branch: 'main', head: 'abc1234', commits, hotFiles: [] } });
    const wide = buildPrimer(full, { ...options, maxTokens: 100_000 });
    const narrow = buildPrimer(full, { ...options, maxTokens: 400 });
    const overBudget = narrow.dropped.filter((d) => d.reason === 'over max_tokens (400)');
    expect(overBudget.length).toBeGreaterThan(20);
    expect(overBudget.some((d) => d.section === 'commits')).toBe(true);
    const byText = new Map(wide.included.map((i) => [i.text, i.tokens]));
    for (const d of overBudget) expect([d.text, byText.get(d.text)]).toEqual([d.text, d.tokens]);
    // Redacted as when shown: a secret in a left-out line never reaches --explain either.
    expect(overBudget.filter((d) => d.section === 'commits').every((d) => d.text.includes('[REDACTED:') && !d.text.includes('sk-ant-'))).toBe(true);
    expect(JSON.parse(JSON.stringify(overBudget))).toEqual(overBudget.map((d) => ({ section: d.section, text: d.text, tokens: d.tokens, filler: d.filler, reason: d.reason })));
  });

  it('show in `primer --explain`, each with its tokens', async () => {
    const repo = await makeMemoryRepo({ now: '2026-11-30T19:00:00Z' });
    const lines = Array.from({ length: 30 }, (_, i) => `- Fact ${i}: the invoice exporter writes CSV rows in batches of ${100 + i}`);
    repo.write('.openclaw_memory/MEMORY.md', `# Long-term memory\n\n## Gotchas\n\n${lines.join('\n')}\n`);
    const r = await repo.run(['primer', '--explain', '--no-write']);
    expect(r.code).toBe(0);
    const listed = r.stderr.split('\n').filter((l) => l.includes('long-term facts tried'));
    expect(listed).toHaveLength(6);
    const text = `- gotcha: ${lines[29]!.slice(2)}`;
    expect(listed.at(-1)).toBe(`  [learned] ${text.slice(2)} (${estimateTokens(text) + 1} tokens; past the 24 long-term facts tried (most said, newest first))`);
  });
});
