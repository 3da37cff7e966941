// An open lead (MEMORY.md) that the Next steps section already shows is said once, under Next
// steps: the dream makes leads of a session's next steps once a later session did not take them
// up, while that session may still be the latest with next steps, whose steps the primer shows.
// And a lead a session completed after the dream is no lead in the primer before the next dream.
import { describe, expect, it } from 'vitest';
import { buildPrimer, type PrimerInput } from '../../src/memory/primer.js';
import type { Session } from '../../src/memory/session.js';

const session = (id: string, time: string, over: Partial<Session>): Session => ({ id, date: '2026-11-13', time, agent: 'codex', request: `r ${id}`, learned: [], decisions: [], completed: [], next_steps: [], notes: [], commits: [], ...over });
const steps = ['Add the post-verification summary to docs/WORKFLOW.md', 'Rerun the POSIX wrapper commands in a clean shell'];
const withNext = session('a', '09:00', { completed: ['Changed scripts/aider_call.ps1'], next_steps: steps });
const input = (learned: PrimerInput['learned']): PrimerInput => ({
  project: { name: 'acme-api', description: '' },
  user: { entities: [], preferences: [] },
  windowSessions: [withNext, session('b', '15:00', { completed: ['Changed README.md'] })],
  lastWithNextSteps: withNext,
  tasks: [],
  git: { branch: 'main', head: 'abc1234', commits: [], hotFiles: [] },
  generatedAt: '2026-11-14 12:00',
  learned,
});
const options = { maxTokens: 1000, minTokens: 0, commits: 10, hotFiles: 5, lang: 'en' as const };

describe('open leads and next steps in the primer', () => {
  it('a lead the Next steps show is not repeated under Learned; other leads and facts stay', () => {
    const p = buildPrimer(
      input([
        { kind: 'gotcha', text: 'The aider wrapper needs a POSIX shell', longTerm: true },
        { kind: 'lead', text: steps[0]!, longTerm: true },
        { kind: 'lead', text: 'Rerun the POSIX wrapper commands in a clean shell.', longTerm: true },
        { kind: 'lead', text: 'Craft Windows-compatible commands for spec-kit', longTerm: true },
      ]),
      options,
    );
    const text = p.markdown;
    for (const s of steps) expect(text.split(s).length - 1, s).toBe(1);
    expect(text).toMatch(/## Next steps\n- Add the post-verification summary to docs\/WORKFLOW\.md\n- Rerun the POSIX wrapper commands in a clean shell\n/);
    expect(text).toContain('- open lead: Craft Windows-compatible commands for spec-kit');
    expect(text).toContain('- gotcha: The aider wrapper needs a POSIX shell');
  });

  it('a lead a session of the window completed since is no lead now (the next dream removes it)', () => {
    const i = input([
      { kind: 'lead', text: 'Paginate the invoice export', longTerm: true },
      { kind: 'lead', text: 'Craft Windows-compatible commands for spec-kit', longTerm: true },
    ]);
    i.windowSessions.push(session('c', '16:00', { completed: ['Paginate the invoice export with a cursor, 500 rows a page'] }));
    const text = buildPrimer(i, options).markdown;
    expect(text).not.toContain('open lead: Paginate');
    expect(text).toContain('- open lead: Craft Windows-compatible commands for spec-kit');
  });
});
