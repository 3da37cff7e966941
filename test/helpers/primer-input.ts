// What buildPrimer is given for a few sessions of a window (project "express", branch main, no
// tasks, commits or hot files), for the tests of what the primer says of sessions.
import type { PrimerInput } from '../../src/memory/primer.js';
import type { Session } from '../../src/memory/session.js';

export const session = (id: string, time: string, over: Partial<Session>): Session => ({ id, date: '2026-12-01', time, agent: 'claude', request: '', learned: [], decisions: [], completed: [], next_steps: [], notes: [], commits: [], ...over });
export const primerInput = (windowSessions: Session[], learned: PrimerInput['learned'] = []): PrimerInput => ({
  project: { name: 'express', description: '' },
  user: { entities: [], preferences: [] },
  windowSessions,
  lastWithNextSteps: [...windowSessions].reverse().find((s) => s.next_steps.length),
  tasks: [],
  git: { branch: 'main', head: 'abc1234', commits: [], hotFiles: [] },
  generatedAt: '2026-12-02 09:00',
  learned,
});
export const primerOptions = { maxTokens: 1500, minTokens: 0, commits: 10, hotFiles: 5, lang: 'en' as const };
