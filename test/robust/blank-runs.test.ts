// Text an agent or a person wrote, read by git-memory's hooks: a Gemini CLI steering update (its
// transcript) and the session notes' headings. Their patterns set `\s*` beside a lazy group, which
// looks ahead over a run of blanks from each of its places: 100 KB of blanks took seconds. The work
// is linear, so each read here has a bound far above its time (a few ms) and far below main's.
import { describe, expect, it } from 'vitest';
import { geminiTyped } from '../../src/agents/transcript-text.js';
import { parseNotes } from '../../src/notes/template.js';
import { cpuNow } from '../helpers/cpu-time.js';

const BOUND_MS = 1000;
const blanks = ' '.repeat(100_000);

function timed<T>(f: () => T): [T, number] {
  const t = cpuNow();
  const v = f();
  return [v, cpuNow() - t];
}

describe('long runs of blanks in what agents and people wrote', () => {
  it('a Gemini CLI steering update: its text, trimmed as before, in linear time; one never closed is no steering text', () => {
    const [typed, ms] = timed(() => geminiTyped({ type: 'user', content: `User steering update: <user_input>${blanks}Use the staging database${blanks}</user_input>` } as never));
    expect(ms).toBeLessThan(BOUND_MS);
    expect(typed).toBe('Use the staging database');
    const [open, openMs] = timed(() => geminiTyped({ type: 'user', content: `User hints: <user_input>${blanks}x${blanks}` } as never));
    expect(openMs).toBeLessThan(BOUND_MS);
    expect(open).toContain('User hints:');
  });

  it('a session notes heading with a run of blanks, in linear time; its title as before', () => {
    const [notes, ms] = timed(() => parseNotes(`# Current State${blanks}now\n_What is being worked on_\nThe parser\n# Title   \n_t_\n`));
    expect(ms).toBeLessThan(BOUND_MS);
    expect(notes.sections.map((s) => s.heading)).toEqual([`Current State${blanks}now`, 'Title']);
  });
});
