// Issue 25 §2.1, a fact whose state flipped (scope flip47): MEMORY.md says "Telemetry is enabled by
// default", a later session learns "Telemetry is now disabled by default". Both stood current in
// the primer's Learned. The primer shows the newer only; a fact of another subject in the opposite
// state ("Crash reports are enabled by default") and one under another condition stay.
import { describe, expect, it } from 'vitest';
import { makeMemoryRepo } from '../helpers/repo.js';

const learned = (md: string) => (md.split('## Learned\n')[1] ?? '').split('\n## ')[0]!;

describe('the primer when a state flipped', () => {
  it('shows the newer state of a subject, not the older; other subjects and conditions stay', async () => {
    const repo = await makeMemoryRepo({ now: '2026-11-30T19:00:00Z', until: 'file' });
    repo.write(
      '.openclaw_memory/MEMORY.md',
      '# Long-term memory\n\n## Decisions\n\n- Telemetry is enabled by default <!-- sessions: s1; date: 2026-10-03 -->\n- Crash reports are enabled by default <!-- sessions: s1; date: 2026-10-03 -->\n- The client_id parameter is required <!-- sessions: s1; date: 2026-10-03 -->\n',
    );
    repo.git('add', '-A');
    repo.git('commit', '-q', '-m', 'memory: long-term');
    const r0 = await repo.run(['end', '--summary', JSON.stringify({ request: 'Privacy', learned: ['Telemetry is now disabled by default', 'The client_id parameter is now optional in tests'] })], { env: { GIT_MEMORY_NOW: '2026-11-30T10:00:00Z' } });
    expect(r0.code, r0.stderr).toBe(0);

    const r = await repo.run(['primer', '--no-write']);
    expect(r.code, r.stderr).toBe(0);
    const facts = learned(r.stdout);
    expect(facts).toContain('Telemetry is now disabled by default');
    expect(facts).not.toContain('Telemetry is enabled by default');
    expect(facts).toContain('Crash reports are enabled by default');
    expect(facts).toContain('The client_id parameter is required');
    expect(facts).toContain('The client_id parameter is now optional in tests');
  });
});
