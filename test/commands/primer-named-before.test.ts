// A line that names what was before (scope truth48): MEMORY.md says "The gateway is registered with
// the proxy-connect command" and "The default port is 4312"; a later session learns "proxy-connect
// was renamed to connect in SDK v1.4.2" and "Default port is now 4711 (was 4312)". Both older facts
// stood current in the primer's Learned beside the newer ones. The primer shows the newer only; a
// fact that has the renamed name as its subject, and one of another port, stay.
import { describe, expect, it } from 'vitest';
import { makeMemoryRepo } from '../helpers/repo.js';

const learned = (md: string) => (md.split('## Learned\n')[1] ?? '').split('\n## ')[0]!;

describe('the primer when a line names what was before', () => {
  it('shows the rename and the new value, not the facts they replace; other facts stay', async () => {
    const repo = await makeMemoryRepo({ now: '2026-11-30T19:00:00Z', until: 'file' });
    repo.write(
      '.openclaw_memory/MEMORY.md',
      '# Long-term memory\n\n## Decisions\n\n- The gateway is registered with the proxy-connect command <!-- sessions: s1; date: 2026-10-03 -->\n- The default port is 4312 <!-- sessions: s1; date: 2026-10-03 -->\n- The metrics port is 9090 <!-- sessions: s1; date: 2026-10-03 -->\n- proxy-connect retries three times <!-- sessions: s1; date: 2026-10-03 -->\n',
    );
    repo.git('add', '-A');
    repo.git('commit', '-q', '-m', 'memory: long-term');
    const r0 = await repo.run(['end', '--summary', JSON.stringify({ request: 'SDK upgrade', learned: ['proxy-connect was renamed to connect in SDK v1.4.2', 'Default port is now 4711 (was 4312)'] })], { env: { GIT_MEMORY_NOW: '2026-11-30T10:00:00Z' } });
    expect(r0.code, r0.stderr).toBe(0);

    const r = await repo.run(['primer', '--no-write']);
    expect(r.code, r.stderr).toBe(0);
    const facts = learned(r.stdout);
    expect(facts).toContain('proxy-connect was renamed to connect in SDK v1.4.2');
    expect(facts).toContain('Default port is now 4711 (was 4312)');
    expect(facts).not.toContain('The gateway is registered with the proxy-connect command');
    expect(facts).not.toContain('The default port is 4312');
    expect(facts).toContain('The metrics port is 9090');
    expect(facts).toContain('proxy-connect retries three times');
  });
});
