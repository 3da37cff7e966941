// An arrow as the change, a name written joined and a removal with a second doing (scope truth51,
// heldout51's and closing50's lines): MEMORY.md says "CI runs on Travis CI", "Unit tests run on
// Vitest", "The viewer uses jQuery", "The viewer renders with WebGL2" and "Deploys are triggered by
// CI"; a later session learns "Migration: Vitest -> Jest", ":hammer: Replace TravisCI with GitHub
// Actions." and "Remove jQuery and switch to using WebGL2.". lead51 showed the first three older facts
// current beside the newer lines. The primer now shows the newer lines, not the facts they replace, and
// keeps the two that stay true (WebGL2 is what the viewer switched to; CI still triggers deploys).
import { describe, expect, it } from 'vitest';
import { learnedInPrimer } from '../helpers/learned-primer.js';

describe('the primer when a line says a change with an arrow, a joined name or a second doing', () => {
  it('shows the changes, not the facts they replace; facts that stay true stay', async () => {
    const newer = ['Migration: Vitest -> Jest', ':hammer: Replace TravisCI with GitHub Actions.', 'Remove jQuery and switch to using WebGL2.'];
    const facts = await learnedInPrimer(
      ['CI runs on Travis CI', 'Unit tests run on Vitest', 'The viewer uses jQuery', 'The viewer renders with WebGL2', 'Deploys are triggered by CI'],
      [{ now: '2026-11-30T10:00:00Z', summary: { request: 'tooling', learned: newer } }],
    );
    for (const n of newer) expect(facts).toContain(n);
    expect(facts).not.toContain('CI runs on Travis CI');
    expect(facts).not.toContain('Unit tests run on Vitest');
    expect(facts).not.toContain('The viewer uses jQuery');
    expect(facts).toContain('The viewer renders with WebGL2');
    expect(facts).toContain('Deploys are triggered by CI');
  });
});
