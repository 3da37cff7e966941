// An open lead (MEMORY.md) a later session was asked to do, and did, is no lead: the dream already
// reads a later request as taking a next step up when it makes leads (consolidate.ts), but the
// primer read only Completed once a lead was made. The session's todos name its files ("Update
// docs/Reference/Server.md"), not the lead's words, so the primer still sent the next agent to do it.
import { describe, expect, it } from 'vitest';
import { buildPrimer, type PrimerInput } from '../../src/memory/primer.js';
import type { Session } from '../../src/memory/session.js';

const session = (id: string, time: string, over: Partial<Session>): Session => ({ id, date: '2026-08-20', time, agent: 'claude', request: '', learned: [], decisions: [], completed: [], next_steps: [], notes: [], commits: [], ...over });
const lead = 'Document fix: disable numeric trustProxy hop-count trust in the docs';
const input = (windowSessions: Session[]): PrimerInput => ({
  project: { name: 'fastify', description: '' },
  user: { entities: [], preferences: [] },
  windowSessions,
  tasks: [],
  git: { branch: 'main', head: 'abc1234', commits: [], hotFiles: [] },
  generatedAt: '2026-08-21 09:00',
  learned: [
    { kind: 'lead', text: lead, longTerm: true, date: '2026-08-14' },
    { kind: 'lead', text: 'Add a benchmark for the router', longTerm: true, date: '2026-08-14' },
  ],
});
const options = { maxTokens: 1500, minTokens: 0, commits: 10, hotFiles: 5, lang: 'en' as const };

describe('an open lead a later session was asked to do and did', () => {
  it('is no lead; one asked for with nothing completed, or never asked for, stays', () => {
    const did = buildPrimer(input([session('a', '10:00', { request: 'Please document the trustProxy hop-count fix in the docs', completed: ['Update docs/Reference/Server.md'] })]), options).markdown;
    expect(did).not.toContain(`open lead: ${lead}`);
    expect(did).toContain('open lead: Add a benchmark for the router');
    const asked = buildPrimer(input([session('a', '10:00', { request: 'Please document the trustProxy hop-count fix in the docs' })]), options).markdown;
    expect(asked).toContain(`open lead: ${lead}`);
    // The session the lead came from (its day) asked for the work the lead follows: no later session took it up.
    const source = buildPrimer(input([{ ...session('a', '10:00', { request: 'fix: disable numeric trustProxy hop-count trust', completed: ['Update lib/request.js'] }), date: '2026-08-14' }]), options).markdown;
    expect(source).toContain(`open lead: ${lead}`);
  });
});
