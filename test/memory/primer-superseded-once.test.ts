// Issue 28 item 3 (the L primer, warm and after a commit): the primer's check that a newer session
// item supersedes an older fact (supersedes in long-term.ts) ran for every pair of items, though a
// busy window says the same few lines again and again: at L, 106 session items were 16 texts, and
// the 6,681 judgements were the largest part of building the primer (40-60 ms of CPU). The
// judgement is of two texts alone, so each pair of texts is judged once; what is shown is the same.
// So are the lead check against what the window completed and the Learned dedupe: per text, not per saying.
import { describe, expect, it, vi } from 'vitest';

const counted = vi.hoisted(() => ({ supersedes: vi.fn(), similarity: vi.fn() }));
vi.mock('../../src/memory/long-term.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/memory/long-term.js')>();
  counted.supersedes.mockImplementation(real.supersedes);
  counted.similarity.mockImplementation(real.similarity);
  return { ...real, supersedes: counted.supersedes, similarity: counted.similarity };
});

const { buildPrimer } = await import('../../src/memory/primer.js');
type PrimerInput = import('../../src/memory/primer.js').PrimerInput;
type Session = import('../../src/memory/session.js').Session;

const REPEATED = ['Webhook retries back off exponentially up to 1 hour', 'Invoices are immutable once finalised', 'Keep amounts as integers in minor units'];

/** `n` sessions over two days, each saying the same three learned lines (as a busy team's sessions do), the newest one a change. */
function input(n: number): PrimerInput {
  const windowSessions: Session[] = [];
  for (let i = 0; i < n; i++) {
    const day = i < n / 2 ? '2026-11-29' : '2026-11-30';
    const time = `${String(8 + Math.floor((i % (n / 2)) / 6)).padStart(2, '0')}:${String((i * 7) % 60).padStart(2, '0')}`;
    windowSessions.push({ id: `s${i}`, date: day, time, agent: 'claude-code', request: `Work ${i}`, learned: [...REPEATED], decisions: [], completed: [], next_steps: [], notes: [], commits: [] });
  }
  windowSessions.push({ id: 'last', date: '2026-11-30', time: '18:00', agent: 'claude-code', request: 'Move deploys', learned: ['We deploy with Fly.io now; the Heroku pipelines are gone'], decisions: [], completed: [], next_steps: [], notes: [], commits: [] });
  return {
    project: { name: 'acme-billing', description: '' },
    user: { entities: [], preferences: [] },
    windowSessions,
    tasks: [],
    git: { branch: 'main', head: 'abc1234', commits: [], hotFiles: [] },
    generatedAt: '2026-11-30 19:00',
    learned: [
      { kind: 'decision', text: 'We deploy with Heroku pipelines', longTerm: true, date: '2026-10-03' },
      { kind: 'convention', text: 'Deploys run from the main branch only', longTerm: true, date: '2026-10-03' },
    ],
  };
}
const options = { maxTokens: 1000, minTokens: 0, commits: 10, hotFiles: 5, lang: 'en' as const };

describe('the primer judges each pair of texts once for what a newer session supersedes', () => {
  it('60 sessions saying the same three lines: at most one judgement per pair of texts, and the same Learned', () => {
    counted.supersedes.mockClear();
    const md = buildPrimer(input(60), options).markdown;
    // 4 texts the sessions say, 6 texts in all (MEMORY.md's 2): each pair at most once (on main: 10,000+).
    expect(counted.supersedes.mock.calls.length).toBeLessThanOrEqual(4 * 6);
    const learned = (md.split('## Learned\n')[1] ?? '').split('\n## ')[0]!;
    expect(learned).toContain('We deploy with Fly.io now; the Heroku pipelines are gone');
    expect(learned).not.toContain('We deploy with Heroku pipelines');
    expect(learned).toContain('Deploys run from the main branch only');
    for (const t of REPEATED) expect(learned.split(t).length - 1, t).toBe(1);
  });

  it('an older saying of a line is superseded by a newer line, whichever session said it first', () => {
    counted.supersedes.mockClear();
    const i = input(4);
    // The first session says the limit is 10 MB; a later one says 25 MB, and a still later one 10 MB again.
    i.windowSessions[0]!.learned.push('The upload limit is 10 MB per file');
    i.windowSessions[2]!.learned.push('The upload limit is 25 MB per file');
    i.windowSessions[3]!.learned.push('The upload limit is 10 MB per file');
    const learned = (buildPrimer(i, options).markdown.split('## Learned\n')[1] ?? '').split('\n## ')[0]!;
    // The 25 MB line is older than the last 10 MB saying: it goes; the 10 MB line, said last, stays once.
    expect(learned).not.toContain('25 MB');
    expect(learned.split('The upload limit is 10 MB per file').length - 1).toBe(1);
  });

  it('a lead is checked against each text the window completed once, however many sessions completed it', () => {
    const i = input(60);
    for (const s of i.windowSessions) s.completed.push('Reviewed the dunning emails', 'Ran the invoice export');
    i.learned!.push(
      { kind: 'lead', text: 'Paginate the invoice export', longTerm: true },
      { kind: 'lead', text: 'Alert on webhook lag', longTerm: true },
      { kind: 'lead', text: 'Move the cron jobs to the queue', longTerm: true },
    );
    counted.similarity.mockClear();
    const md = buildPrimer(i, options).markdown;
    // 3 leads, 2 texts completed: 6 comparisons, a few more for the other checks (on main: 360 and more).
    expect(counted.similarity.mock.calls.length).toBeLessThanOrEqual(40);
    expect(md).toContain('open lead: Alert on webhook lag');
  });
});
