import { describe, expect, it } from 'vitest';
import { settlement } from '../../src/commands/resolve-journal.js';

const S = '2026-11-22/1002-claude-k3f9ab.md';
const D = '2026-11-05.md';

describe('settlement: the rule for one unmerged journal path', () => {
  it('a session file: in neither side removed; alike on both kept; new on one side kept as that side has it', () => {
    expect(settlement(S, undefined, undefined, ['b1'])).toEqual({ remove: true });
    expect(settlement(S, 'x', 'x', [])).toEqual({ take: 'both' });
    expect(settlement(S, 'x', undefined, [])).toEqual({ take: 'ours' });
    expect(settlement(S, undefined, 'y', [])).toEqual({ take: 'theirs' });
  });

  it('a session file the base had: removed where the side that kept it left it unchanged, else left for the person', () => {
    expect(settlement(S, 'b1', undefined, ['b1'])).toEqual({ remove: true });
    expect(settlement(S, undefined, 'b1', ['b0', 'b1'])).toEqual({ remove: true });
    expect(settlement(S, 'changed', undefined, ['b1'])).toEqual({ leave: expect.stringMatching(/changed on our side and folded or deleted on the other/) });
    expect(settlement(S, undefined, 'changed', ['b1'])).toEqual({ leave: expect.stringMatching(/changed on their side/) });
    expect(settlement(S, 'x', 'y', ['b1'])).toEqual({ leave: expect.stringMatching(/differs on the two sides/) });
  });

  it('a folded day: merged when both sides have it, taken when one side added it, else left; other paths are left', () => {
    expect(settlement(D, 'x', 'y', [])).toEqual({ merge: true });
    expect(settlement(D, 'x', 'y', ['b'])).toEqual({ merge: true });
    expect(settlement(D, undefined, 'y', [])).toEqual({ take: 'theirs' });
    expect(settlement(D, 'x', undefined, ['b'])).toEqual({ leave: expect.stringMatching(/deleted on the other/) });
    expect(settlement('2026-11-05/notes.txt', 'x', undefined, [])).toEqual({ leave: expect.stringMatching(/not a session file/) });
  });
});
