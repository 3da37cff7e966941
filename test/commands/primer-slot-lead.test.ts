// A slot given another value and a time before the subject (scope truth52, heldout52's lines):
// MEMORY.md says "Mineflake is licensed under GPL3", "The minimum supported version is Node v12", "Node
// v16 is supported", "The project is named Bifravst" and "Deploys are triggered by CI"; a later session
// learns "Relicense from GPL3 to MIT", "The minimum supported version is now Node v14.", "As of earlier
// this month, Node v16 is no longer supported" and "The project is renamed to _nRF Asset Tracker_.".
// lead52 showed every older fact current beside the newer lines. The primer now shows the newer lines,
// not the facts they replace, and keeps the one that stays true (CI still triggers deploys).
import { describe, expect, it } from 'vitest';
import { learnedInPrimer } from '../helpers/learned-primer.js';

describe('the primer when a line gives a slot another value or opens with a time', () => {
  it('shows the changes, not the facts they replace; facts that stay true stay', async () => {
    const newer = ['Relicense from GPL3 to MIT', 'The minimum supported version is now Node v14.', 'As of earlier this month, Node v16 is no longer supported', 'The project is renamed to _nRF Asset Tracker_.'];
    const older = ['Mineflake is licensed under GPL3', 'The minimum supported version is Node v12', 'Node v16 is supported', 'The project is named Bifravst'];
    const facts = await learnedInPrimer([...older, 'Deploys are triggered by CI'], [{ now: '2026-11-30T10:00:00Z', summary: { request: 'release notes', learned: newer } }]);
    for (const n of newer) expect(facts).toContain(n);
    for (const o of older) expect(facts).not.toContain(o);
    expect(facts).toContain('Deploys are triggered by CI');
  });
});
