// The judgement "a newer fact replaces an older one" (supersedes for the primer, replacesSubject for
// the dream; src/memory/long-term.ts) when a fact's state flipped (scope flip47, issue 25 §2.1):
// "Telemetry is now disabled by default" over "Telemetry is enabled by default"; on/off,
// required/optional, allowed/forbidden, sync/async, public/private, supported/unsupported. The same
// subject in the opposite state, under the same condition or none, replaces; another subject,
// another condition, or the same state does not. Written with its traps before the rule ran.
import { describe, expect, it } from 'vitest';
import type { DreamSession } from '../../src/dream/consolidate.js';
import { consolidate } from '../../src/dream/consolidate.js';
import { factShape, supersedes } from '../../src/memory/long-term.js';
import type { Session } from '../../src/memory/session.js';

const says = (newer: string, older: string) => supersedes(newer, factShape(newer), factShape(older));

const session = (id: string, date: string, learned: string): DreamSession => ({
  session: { id, date, time: '10:00', agent: 'claude', request: `r ${id}`, learned: [learned], decisions: [], completed: [], next_steps: [], notes: [], commits: [] } as Session,
  commitFiles: [],
  at: null,
});
/** What MEMORY.md keeps current after the dream reads the older fact, then the newer one. */
const current = (older: string, newer: string) =>
  consolidate({ existing: null, legacy: [], subjects: [], exists: () => true, head: 'fedcba9876543210', lang: 'en', sessions: [session('s1', '2026-10-01', older), session('s2', '2026-10-20', newer)] })
    .doc.entries.filter((e) => e.section !== 'superseded' && e.section !== 'leads')
    .map((e) => e.text);

const flips = [
  ['Telemetry is now disabled by default', 'Telemetry is enabled by default'],
  ['Connection Encryption is now Enabled by Default', 'Connection encryption is disabled by default'],
  ['Adjustment of indent is now off by default', 'Adjustment of indent is on by default'],
  ['Compression turned off by default. Re-enable it with -compress', 'Compression is on by default'],
  ['The previously optional fallbackField option is now required', 'The fallbackField option is optional'],
  ['DeviceCodeCredential parameter client_id is now optional. When not provided, a development application is used', 'The DeviceCodeCredential parameter client_id is required'],
  ['Reachability class which was erroneously public is now private', 'The Reachability class is public'],
  ['generateRegistrationOptions is now synchronous (was async with @simplewebauthn/server)', 'generateRegistrationOptions is async'],
  ['Guest checkout is now allowed', 'Guest checkout is forbidden'],
  ['Python 3.7 is now unsupported', 'Python 3.7 is supported'],
  // A condition the newer fact drops: it now holds everywhere.
  ['Fuzzy matching is now enabled by default', 'Fuzzy matching in the file picker is disabled by default'],
  // The same condition on both sides.
  ['HTTPS is now enabled by default for the storefront', 'HTTPS is disabled by default for the storefront'],
  // flipfinal47's misses: "on" is a stop word, so "now ON" had no word "off" lacks and read as the same fact again; a
  // quantifier of the subject; what a comma adds after the state.
  ['Compact output is now ON by default', 'Compact output is off by default'],
  ['All fetch-based providers are now disabled by default to prevent accidental API usage', 'Fetch-based providers are enabled by default'],
  ['The Giphy API key field is now hidden by default, with a button to reveal it', 'The Giphy API key field is visible by default'],
] as const;

const traps = [
  // Another subject in the same state words; X enabled against Y disabled.
  ['Self-registration is now disabled by default', 'Telemetry is enabled by default'],
  ['Adjustment of indent is now off by default', 'Compression of uploads is on by default'],
  ['Connection Encryption is now Enabled by Default', 'Connection pooling is disabled by default'],
  // Another parameter of the same class; the same parameter of another class.
  ['DeviceCodeCredential parameter client_id is now optional', 'The DeviceCodeCredential parameter tenant_id is required'],
  ['DeviceCodeCredential parameter client_id is now optional', 'The client_id parameter of InteractiveBrowserCredential is required'],
  ['generateRegistrationOptions is now synchronous', 'generateAuthenticationOptions is async'],
  // A flip only under another condition, or only for part of the subject.
  ['Swagger is now disabled by default when the store is in production mode', 'Swagger is enabled by default in developer mode'],
  ['Driving the L line is now off by default on boards before v3.3', 'Driving the L line is on by default on v3.3 boards'],
  ['When the box is checked, the end date is optional', 'The end date is required'],
  ['Telemetry is now disabled by default in the EU', 'Telemetry is enabled by default'],
  ['Course-search telemetry is now off by default', 'Telemetry is on by default'],
  // The same state again; a state that will come; no state word on one side.
  ['Fuzzy matching is now enabled by default', 'Fuzzy matching in the symbol picker is enabled by default'],
  ['Telemetry will be disabled by default in 3.0', 'Telemetry is enabled by default'],
  ['Tests run on every push', 'Tests are off by default in CI'],
  ['The server is on port 3000', 'The server is off by default'],
  // A default against a state under a condition (flipfinal47's false): both stay true.
  ['The Designs section is now hidden by default. It only appears after the user clicks the Generate button', 'The Designs section is visible after the user clicks Generate'],
  // A condition after a comma.
  ['Telemetry is now disabled by default, except in CI', 'Telemetry is enabled by default'],
  ['Telemetry is now disabled by default, when running offline', 'Telemetry is enabled by default'],
  ['Telemetry is now disabled by default, but only for new installs', 'Telemetry is enabled by default'],
  // Another version in the same state words.
  ['PHP 8.4 is now required', 'PHP 8.0 is optional'],
] as const;

describe('a state flipped', () => {
  it.each(flips)('"%s" replaces "%s"', (newer, older) => {
    expect(says(newer, older)).toBe(true);
  });

  it.each(flips)('the dream keeps "%s", not "%s"', (newer, older) => {
    const live = current(older, newer);
    expect(live).toContain(newer);
    expect(live).not.toContain(older);
  });

  it.each(traps)('"%s" does not replace "%s"', (newer, older) => {
    expect(says(newer, older)).toBe(false);
    expect(current(older, newer)).toEqual(expect.arrayContaining([older, newer]));
  });
});
