// Three false replacements the number and slot rules made (issue 25 §2.1; truth55 found them, stop 56 mends
// them): a number said as not so ("The webhook timeout is not 60 seconds"), a number under a condition
// ("If the proxy is slow, the webhook timeout can be 60 seconds"), and "served from GitHub Pages" read as
// the one before ("from X", as in "moved from X"). Each lost a true fact from MEMORY.md and the primer.
// Judged as the primer judges a pair (supersedes) and as the dream does (consolidate: the older session's
// fact, then the newer's); the dream also kept "read timeout" hiding "connect timeout" (judge55's one false,
// mended in supersedes only at stop 55).
import { describe, expect, it } from 'vitest';
import { consolidate, type DreamSession } from '../../src/dream/consolidate.js';
import { factShape, supersedes } from '../../src/memory/long-term.js';
import type { Session } from '../../src/memory/session.js';

const primerSays = (newer: string, older: string) => supersedes(newer, factShape(newer), factShape(older));

const session = (id: string, date: string, learned: string): DreamSession => ({
  session: { id, date, time: '10:00', agent: 'claude', request: `r ${id}`, learned: [learned], decisions: [], completed: [], next_steps: [], notes: [], commits: [] } as Session,
  commitFiles: [],
  at: null,
});
/** The dream over two sessions: which of the two facts stay current, which went to Superseded. */
function dreamOf(older: string, newer: string) {
  const { doc } = consolidate({ existing: null, legacy: [], subjects: [], exists: () => true, head: 'fedcba9876543210', lang: 'en', sessions: [session('s1', '2026-10-01', older), session('s2', '2026-10-20', newer)] });
  return {
    live: doc.entries.filter((e) => e.section !== 'superseded' && e.section !== 'leads').map((e) => e.text),
    superseded: doc.entries.filter((e) => e.section === 'superseded').map((e) => e.text),
  };
}

const BOTH_TRUE: [string, string][] = [
  ['The webhook timeout is not 60 seconds', 'The webhook timeout is 5 seconds'],
  ['The upload limit is never more than 50 MB', 'The upload limit is 10 MB'],
  ['If the proxy is slow, the webhook timeout can be 60 seconds', 'The webhook timeout is 5 seconds'],
  ['When the queue is full, the worker poll interval may be 30 seconds', 'The worker poll interval is 5 seconds'],
  ['Vercel hosts the app; the docs are served from GitHub Pages', 'The docs are served from GitHub Pages'],
  ['The app deploys to Vercel now and the docs are served from GitHub Pages', 'The docs are deployed to GitHub Pages'],
  ['Jest runs the unit tests; fixtures are loaded from Vitest\'s folder', 'Vitest runs the unit tests'],
  ["The ISAPI client's read timeout is 10 seconds", "The ISAPI client's connect timeout is 5 seconds"],
];

const REPLACED: [string, string][] = [
  ['The webhook timeout is 60 seconds, not 5', 'The webhook timeout is 5 seconds'],
  ['The webhook timeout is not 5 seconds any more; it is 60', 'The webhook timeout is 5 seconds'],
  ['The webhook timeout is 60 seconds', 'The webhook timeout is 5 seconds'],
  ['The docs moved from Netlify to GitHub Pages', 'The docs are hosted on Netlify'],
  ['Replace all plain CSS styles from the ITCSS architecture to TailwindCSS classes.', 'Styles follow the ITCSS architecture in plain CSS'],
  // "served from X" says where the site is now: X is the new host, not the old.
  ['The docs site is served from GitHub Pages', 'The docs site is hosted on Netlify'],
];

describe('a number said as not so, under a condition, or a place served from', () => {
  it.each(BOTH_TRUE)('the primer: "%s" leaves "%s"', (newer, older) => {
    expect(primerSays(newer, older)).toBe(false);
  });

  it.each(BOTH_TRUE)('the dream: "%s" leaves "%s" current', (newer, older) => {
    const { live, superseded } = dreamOf(older, newer);
    expect(superseded).toEqual([]);
    expect(live).toContain(older);
    expect(live).toContain(newer);
  });

  it.each(REPLACED)('"%s" still replaces "%s"', (newer, older) => {
    expect(primerSays(newer, older)).toBe(true);
    const { live, superseded } = dreamOf(older, newer);
    expect(superseded).toContain(older);
    expect(live).not.toContain(older);
  });
});
