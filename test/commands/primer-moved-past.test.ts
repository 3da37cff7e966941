// A thing moved to a place, and the past said in a clause of its own (scope truth49): MEMORY.md says
// "Build documentation is in the docs folder" and "marks.apply() is only called from marks.lua on
// toggle"; a later session learns "Build documentation has moved to the wiki" and "marks.apply() is
// now called from _paint(); it was previously only called from marks.lua itself on toggle". Both
// older facts stood current in the primer's Learned beside the newer ones. The primer shows the
// newer only; a fact about another documentation, and one the move names no claim of, stay.
import { describe, expect, it } from 'vitest';
import { learnedInPrimer } from '../helpers/learned-primer.js';

describe('the primer when a thing moved or a line says what was so before', () => {
  it('shows the move and the new call, not the facts they replace; other facts stay', async () => {
    const newer = ['Build documentation has moved to the wiki', 'marks.apply() is now called from _paint(); it was previously only called from marks.lua itself on toggle'];
    const facts = await learnedInPrimer(
      ['Build documentation is in the docs folder', 'marks.apply() is only called from marks.lua on toggle', 'API documentation is in the docs folder', 'The build documentation is written in AsciiDoc'],
      [{ now: '2026-11-30T10:00:00Z', summary: { request: 'docs and marks', learned: newer } }],
    );
    for (const n of newer) expect(facts).toContain(n);
    expect(facts).not.toContain('Build documentation is in the docs folder');
    expect(facts).not.toContain('marks.apply() is only called from marks.lua on toggle');
    expect(facts).toContain('API documentation is in the docs folder');
    expect(facts).toContain('The build documentation is written in AsciiDoc');
  });
});
