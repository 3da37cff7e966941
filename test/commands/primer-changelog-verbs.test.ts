// A change said as a changelog says it (scope truth50): MEMORY.md says "Release downloads use the
// reqwest dependency", "CI runs on Travis CI" and "Dependencies are managed with poetry"; a later
// session learns "Replace reqwest dependency by ureq.", "Switch Travis CI with GitHub Actions." and
// "Switched to poetry for dependency management". lead50 showed the first two older facts current
// beside the newer ones, and hid the third (a switch to what it already said). The primer now shows
// the newer lines, not the two facts they replace, and keeps the one that stays true; a fact the
// changes name no claim of stays too.
import { describe, expect, it } from 'vitest';
import { learnedInPrimer } from '../helpers/learned-primer.js';

describe('the primer when a line says a change as changelogs do', () => {
  it('shows the changes, not the facts they replace; facts that stay true stay', async () => {
    const newer = ['Replace reqwest dependency by ureq.', 'Switch Travis CI with GitHub Actions.', 'Switched to poetry for dependency management'];
    const facts = await learnedInPrimer(
      ['Release downloads use the reqwest dependency', 'CI runs on Travis CI', 'Dependencies are managed with poetry', 'Release downloads are checked against SHA-256 sums'],
      [{ now: '2026-11-30T10:00:00Z', summary: { request: 'build and CI', learned: newer } }],
    );
    for (const n of newer) expect(facts).toContain(n);
    expect(facts).not.toContain('Release downloads use the reqwest dependency');
    expect(facts).not.toContain('CI runs on Travis CI');
    expect(facts).toContain('Dependencies are managed with poetry');
    expect(facts).toContain('Release downloads are checked against SHA-256 sums');
  });
});
