// Issue 25 §2.1, between two dreams: a session of the window that says a fact changed ("We deploy
// with Fly.io now; the Heroku pipelines are gone") stood in the primer's Learned beside the fact it
// replaces, from MEMORY.md or from an earlier session, until the next dream. The primer now judges
// each pair as the dream does: the newer statement is shown, the older is not.
import { describe, expect, it } from 'vitest';
import { learnedInPrimer } from '../helpers/learned-primer.js';

describe('the primer between two dreams', () => {
  it('shows the newer statement of a subject that changed, not the one it replaces; other facts stay', async () => {
    const facts = await learnedInPrimer(
      ['We deploy with Heroku pipelines', 'Deploys run from the main branch only'],
      [
        { now: '2026-11-29T10:00:00Z', summary: { request: 'Uploads', learned: ['The upload limit is 10 MB per file'] } },
        { now: '2026-11-30T10:00:00Z', summary: { request: 'Move deploys', learned: ['We deploy with Fly.io now; the Heroku pipelines are gone', 'The upload limit is 25 MB per file'] } },
      ],
    );
    expect(facts).toContain('We deploy with Fly.io now; the Heroku pipelines are gone');
    expect(facts).not.toContain('We deploy with Heroku pipelines');
    expect(facts).toContain('The upload limit is 25 MB per file');
    expect(facts).not.toContain('10 MB');
    expect(facts).toContain('Deploys run from the main branch only');
  });
});
