// The judgement "a newer fact replaces an older one" (supersedes, src/memory/long-term.ts) when a
// changelog line sets a thing's version anew (scope truth47; "Upgraded to .NET 9.0 SDK", real:
// seanmcelroy/luxelot core/CHANGELOG.md, final47.json): it replaces the fact that names the same
// thing with another version, where the line says no other subject and no other place. Written
// with its traps before the rule ran.
import { describe, expect, it } from 'vitest';
import { factShape, supersedes } from '../../src/memory/long-term.js';

const says = (newer: string, older: string) => supersedes(newer, factShape(newer), factShape(older));

describe('a version set anew', () => {
  it.each([
    ['Upgraded to .NET 9.0 SDK', 'The core builds with the .NET 8.0 SDK'],
    ['Bumped Node to 20', 'CI runs on Node 18'],
    ['Upgraded the CI image to Node 20', 'The CI image runs Node 18'],
  ])('"%s" replaces "%s"', (newer, older) => {
    expect(says(newer, older)).toBe(true);
  });

  it.each([
    // Another subject, another place.
    ['Upgraded the CI image to Node 20', 'The API runs on Node 18 in production'],
    ['Bumped Node to 20 in the admin app', 'The storefront builds with Node 18'],
    ['Updated the docs to Docusaurus 3', 'The blog runs on Docusaurus 2'],
    // Another thing of the same first name, a number that is no version of a name.
    ['Upgraded to .NET 9.0 SDK', 'The tests target .NET Framework 4.8'],
    ['Updated React to 18.2', 'React Native 0.72 runs the mobile app'],
    ['Increased the timeout to 30 seconds', 'Retries back off for 10 seconds'],
    // The same version; no verb that sets one.
    ['Upgraded Node to 20', 'Node 20 is the minimum'],
    ['Python 3.11 tests were added', 'Python 3.10 is tested'],
  ])('"%s" does not replace "%s"', (newer, older) => {
    expect(says(newer, older)).toBe(false);
  });
});
