// Issue 25 §2.1, between two dreams: a session of the window that says a fact changed ("We deploy
// with Fly.io now; the Heroku pipelines are gone") stood in the primer's Learned beside the fact it
// replaces, from MEMORY.md or from an earlier session, until the next dream. The primer now judges
// each pair as the dream does: the newer statement is shown, the older is not.
import { describe, expect, it } from 'vitest';
import { makeMemoryRepo } from '../helpers/repo.js';

const learned = (md: string) => (md.split('## Learned\n')[1] ?? '').split('\n## ')[0]!;

describe('the primer between two dreams', () => {
  it('shows the newer statement of a subject that changed, not the one it replaces; other facts stay', async () => {
    const repo = await makeMemoryRepo({ now: '2026-11-30T19:00:00Z', until: 'file' });
    repo.write('.openclaw_memory/MEMORY.md', '# Long-term memory\n\n## Decisions\n\n- We deploy with Heroku pipelines <!-- sessions: s1; date: 2026-10-03 -->\n- Deploys run from the main branch only <!-- sessions: s1; date: 2026-10-03 -->\n');
    repo.git('add', '-A');
    repo.git('commit', '-q', '-m', 'memory: long-term');
    const end = async (now: string, summary: object) => {
      const r = await repo.run(['end', '--summary', JSON.stringify(summary)], { env: { GIT_MEMORY_NOW: now } });
      expect(r.code, r.stderr).toBe(0);
    };
    await end('2026-11-29T10:00:00Z', { request: 'Uploads', learned: ['The upload limit is 10 MB per file'] });
    await end('2026-11-30T10:00:00Z', { request: 'Move deploys', learned: ['We deploy with Fly.io now; the Heroku pipelines are gone', 'The upload limit is 25 MB per file'] });

    const r = (await repo.run(['primer', '--no-write']));
    expect(r.code, r.stderr).toBe(0);
    const facts = learned(r.stdout);
    expect(facts).toContain('We deploy with Fly.io now; the Heroku pipelines are gone');
    expect(facts).not.toContain('We deploy with Heroku pipelines');
    expect(facts).toContain('The upload limit is 25 MB per file');
    expect(facts).not.toContain('10 MB');
    expect(facts).toContain('Deploys run from the main branch only');
  });
});
