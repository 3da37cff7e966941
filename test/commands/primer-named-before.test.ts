// A line that names what was before (scope truth48): MEMORY.md says "The gateway is registered with
// the proxy-connect command" and "The default port is 4312"; a later session learns "proxy-connect
// was renamed to connect in SDK v1.4.2" and "Default port is now 4711 (was 4312)". Both older facts
// stood current in the primer's Learned beside the newer ones. The primer shows the newer only; a
// fact that has the renamed name as its subject, and one of another port, stay.
import { describe, expect, it } from 'vitest';
import { learnedInPrimer } from '../helpers/learned-primer.js';

describe('the primer when a line names what was before', () => {
  it('shows the rename and the new value, not the facts they replace; other facts stay', async () => {
    const facts = await learnedInPrimer(
      ['The gateway is registered with the proxy-connect command', 'The default port is 4312', 'The metrics port is 9090', 'proxy-connect retries three times'],
      [{ now: '2026-11-30T10:00:00Z', summary: { request: 'SDK upgrade', learned: ['proxy-connect was renamed to connect in SDK v1.4.2', 'Default port is now 4711 (was 4312)'] } }],
    );
    expect(facts).toContain('proxy-connect was renamed to connect in SDK v1.4.2');
    expect(facts).toContain('Default port is now 4711 (was 4312)');
    expect(facts).not.toContain('The gateway is registered with the proxy-connect command');
    expect(facts).not.toContain('The default port is 4312');
    expect(facts).toContain('The metrics port is 9090');
    expect(facts).toContain('proxy-connect retries three times');
  });
});
