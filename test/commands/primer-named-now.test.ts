// A rename said as the name now, "X to Y" with a name alone, and a release page's tag (scope
// truth50b): MEMORY.md says "The default branch is named master", "The playground tests run with
// Jest", "Assets are bundled with webpack" and "Deploys are triggered by CI"; a later session learns
// "The branch master is now named main.", "Switch Jest to Vitest.", "[breaking] Move from webpack
// to vite." and "Switched CI to GitHub Actions.". lead50 showed the first three older facts current
// beside the newer ones. The primer now shows the newer lines, not the facts they replace, and keeps
// "Deploys are triggered by CI" (an acronym is no name alone: CI still triggers deploys).
import { describe, expect, it } from 'vitest';
import { learnedInPrimer } from '../helpers/learned-primer.js';

describe('the primer when a line says a rename as the name now, or "X to Y"', () => {
  it('shows the changes, not the facts they replace; facts that stay true stay', async () => {
    const newer = ['The branch master is now named main.', 'Switch Jest to Vitest.', '[breaking] Move from webpack to vite.', 'Switched CI to GitHub Actions.'];
    const facts = await learnedInPrimer(
      ['The default branch is named master', 'The playground tests run with Jest', 'Assets are bundled with webpack', 'Deploys are triggered by CI'],
      [{ now: '2026-11-30T10:00:00Z', summary: { request: 'tooling', learned: newer } }],
    );
    for (const n of newer) expect(facts).toContain(n);
    expect(facts).not.toContain('The default branch is named master');
    expect(facts).not.toContain('The playground tests run with Jest');
    expect(facts).not.toContain('Assets are bundled with webpack');
    expect(facts).toContain('Deploys are triggered by CI');
  });
});
