// Issue 25 §2.1, a fact whose state flipped (scope flip47): MEMORY.md says "Telemetry is enabled by
// default", a later session learns "Telemetry is now disabled by default". Both stood current in
// the primer's Learned. The primer shows the newer only; a fact of another subject in the opposite
// state ("Crash reports are enabled by default") and one under another condition stay.
import { describe, expect, it } from 'vitest';
import { learnedInPrimer } from '../helpers/learned-primer.js';

describe('the primer when a state flipped', () => {
  it('shows the newer state of a subject, not the older; other subjects and conditions stay', async () => {
    const facts = await learnedInPrimer(
      ['Telemetry is enabled by default', 'Crash reports are enabled by default', 'The client_id parameter is required'],
      [{ now: '2026-11-30T10:00:00Z', summary: { request: 'Privacy', learned: ['Telemetry is now disabled by default', 'The client_id parameter is now optional in tests'] } }],
    );
    expect(facts).toContain('Telemetry is now disabled by default');
    expect(facts).not.toContain('Telemetry is enabled by default');
    expect(facts).toContain('Crash reports are enabled by default');
    expect(facts).toContain('The client_id parameter is required');
    expect(facts).toContain('The client_id parameter is now optional in tests');
  });
});
