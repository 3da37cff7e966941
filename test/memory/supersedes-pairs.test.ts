// The judgement "a newer fact replaces an older one" on a held-out set (test/fixtures/supersedes/
// pairs.json: 40 replacements, 64 pairs that share words and both stay true; fresh, blind and last
// .json were written later, each measured once before anything changed: see their notes), as the primer asks it
// (supersedes) and as the dream does (consolidate: the older session's fact, then the newer's). A
// false replacement loses a true fact: none of the negatives may be judged one. The figures are
// printed; SUPERSEDES_FROM=<folder holding another build's src/> measures that one instead (how
// the figures before this change were taken: `git archive main src | tar -x -C /tmp/main-src`).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DreamSession } from '../../src/dream/consolidate.js';
import type { Session } from '../../src/memory/session.js';

interface Pair {
  older: string;
  newer: string;
  origin: string;
}
type PairSet = { positive: Pair[]; negative: Pair[] };
const load = (name: string) => JSON.parse(readFileSync(join(import.meta.dirname, `../fixtures/supersedes/${name}.json`), 'utf8')) as PairSet;
const pairs = load('pairs');
/** A second set, written after the rule and measured once without changing it (fresh.json's note). */
const fresh = load('fresh');
/** A third, measured once on the rule before its head-word check (blind.json's note). */
const blind = load('blind');
/** A fourth, written after the rule's last change and measured once (last.json's note). */
const last = load('last');
/** A fifth (stop 44), written and measured once on stop 43's rule before this one: no old thing named, hyphenated names, Chinese, other claims (unnamed.json's note). */
const unnamed = load('unnamed');
/** A sixth, written after this rule and measured once on it (after44.json's note). */
const after = load('after44');
/** A seventh, written after the rule's last change and measured once on it (final44.json's note). */
const final = load('final44');
/** An eighth (stop 45), written before this stop's changes and measured once on stop 44's rule (main d25ac11: 12/26 found, 0 false of 32; heldout45.json's note). */
const held45 = load('heldout45');
/** A ninth (stop 45), from real public lines, written after this stop's first rule and measured once on it (real45.json's note). */
const real45 = load('real45');
/** A tenth (stop 45), written after this stop's last rule change and measured once on it (final45.json's note). */
const final45 = load('final45');
/** An eleventh (stop 45), written after this stop's last rule change and measured once on it (last45.json's note). */
const last45 = load('last45');
/** A twelfth (stop 45), written after this stop's last widening rule change and measured once on it (closing45.json's note). */
const closing45 = load('closing45');
/** A thirteenth (stop 46), every newer line from real public CHANGELOGs, ADRs and migration notes (repo and path in each origin), measured once on main before this stop's changes (heldout46.json's note). */
const held46 = load('heldout46');
/** A fourteenth (stop 46), traps for this stop's rules, written after them and measured once on them (closing46.json's note). */
const closing46 = load('closing46');
/** A fifteenth (stop 46), real changelog lines found after this stop's last rule change, measured once on it (real46.json's note). */
const real46 = load('real46');
/** A sixteenth (stop 46), real changelog lines found after this stop's last rule change, measured once on it (final46.json's note). */
const final46 = load('final46');
/** A seventeenth (stop 47), every newer line from real public CHANGELOGs and release notes (repo and path in each origin), measured once on main before this stop's changes (heldout47.json's note). */
const held47 = load('heldout47');
/** An eighteenth (stop 47), real changelog lines found after this stop's last rule change, measured once on it (final47.json's note). */
const final47 = load('final47');
/** A nineteenth (stop 47, flip47), real lines where a fact's state flipped (enabled/disabled, required/optional, public/private, sync/async), measured once on lead47 before this change (flips47.json's note). */
const flips47 = load('flips47');
/** A twentieth (stop 47, flip47), real state flips found after this stop's rule and measured once on it (flipfinal47.json's note). */
const flipfinal47 = load('flipfinal47');
/** A twenty-first (stop 48, truth48), real changelog, release-note and migration lines from repositories no earlier set used, measured once on lead48 before this stop's changes (heldout48.json's note). */
const held48 = load('heldout48');
/** A twenty-second (stop 48, truth48), real lines found after this stop's last rule change, measured once on it (final48.json's note). */
const final48 = load('final48');
/** A twenty-third (stop 48, truth48), real lines found after this stop's last rule change, measured once on it (closing48.json's note). */
const closing48 = load('closing48');
/** A twenty-fourth (stop 49, truth49), real lines (moves, "now lives in", "(formerly known as X)", "is now configured in", "now off by default") from repositories no earlier set used, measured once on lead49 before this stop's changes (heldout49.json's note). */
const held49 = load('heldout49');
/** A twenty-fifth (stop 49, truth49), real lines found after this stop's last rule change, measured once on it (final49.json's note). */
const final49 = load('final49');
/** A twenty-sixth (stop 50, truth50), real changelog, release-note and ADR lines from repositories no earlier set used, measured once on lead50 before this stop's changes (heldout50.json's note). */
const held50 = load('heldout50');
/** A twenty-seventh (stop 50, truth50), real lines found after this stop's last rule change, measured once on it (final50.json's note). */
const final50 = load('final50');
/** A twenty-eighth (stop 50, truth50b), real lines from GitHub release pages found after this round's rules, measured once on them (closing50.json's note). */
const closing50 = load('closing50');
/** A twenty-ninth (stop 51, truth51), real lines from ADRs, decision logs, migration guides and project notes, measured once on lead51 before this stop's changes (heldout51.json's note). */
const held51 = load('heldout51');
/** A thirtieth (stop 51, truth51), real lines found after this stop's last rule change, measured once on it (final51.json's note). */
const final51 = load('final51');
/** A thirty-first (stop 52, truth52), real lines from changelogs, ADRs, migration notes and READMEs on slots (licence, minimum version, default port, where a repository or chat lives), measured once on lead52 before this stop's changes (heldout52.json's note). */
const held52 = load('heldout52');
/** A thirty-second (stop 54, truth54), project-memory lines on one role filled anew with another tool of its kind, written after the slot reader's first tuning and measured once on it (slots54.json's note). */
const slots54 = load('slots54');
/** A thirty-third (stop 54, truth54), agent-memory lines on roles and tools chosen without looking at the slot lexicon, measured once on its second round (fresh54.json's note). */
const fresh54 = load('fresh54');
/** A thirty-fourth (stop 54, judge54), real public lines (changelogs, ADRs, agent notes, CLAUDE.md/AGENTS.md) none of the earlier sets has, measured once on lead54 and main, then tuned on at stop 55 (final54.json's note). */
const final54 = load('final54');
/** The same 97 pairs with every newer line a plain statement of the new state, no word of change (plain54.json's note). */
const plain54 = load('plain54');
/** A thirty-sixth (stop 55, judge55), real public lines none of the earlier sets has, unseen by truth55 (lead55 13/64, 0 false after its mend), then tuned on at stop 56 (final55.json's note). */
const final55 = load('final55');
/** The same 121 pairs with every newer line a plain statement of the new state (plain55.json's note). */
const plain55 = load('plain55');

const from = process.env.SUPERSEDES_FROM;
const longTerm = (await import(from ? join(from, 'src/memory/long-term.ts') : '../../src/memory/long-term.js')) as typeof import('../../src/memory/long-term.js');
const dream = (await import(from ? join(from, 'src/dream/consolidate.ts') : '../../src/dream/consolidate.js')) as typeof import('../../src/dream/consolidate.js');

const session = (id: string, date: string, learned: string): DreamSession => ({
  session: { id, date, time: '10:00', agent: 'claude', request: `r ${id}`, learned: [learned], decisions: [], completed: [], next_steps: [], notes: [], commits: [] } as Session,
  commitFiles: [],
  at: null,
});

/** As the primer judges the pair. */
const primerSays = (p: Pair) => longTerm.supersedes(p.newer, longTerm.factShape(p.newer), longTerm.factShape(p.older));
/** As the dream judges it: the older fact is in Superseded, the newer one current. */
const dreamSays = (p: Pair) => {
  const { doc } = dream.consolidate({
    existing: null,
    legacy: [],
    subjects: [],
    exists: () => true,
    head: 'fedcba9876543210',
    lang: 'en',
    sessions: [session('s1', '2026-10-01', p.older), session('s2', '2026-10-20', p.newer)],
  });
  const superseded = doc.entries.filter((e) => e.section === 'superseded').map((e) => e.text);
  const live = doc.entries.filter((e) => e.section !== 'superseded' && e.section !== 'leads').map((e) => e.text);
  return superseded.includes(p.older) && live.includes(p.newer) && !live.includes(p.older);
};

function score(judge: (p: Pair) => boolean, pairs: PairSet) {
  const found = pairs.positive.filter(judge);
  const falses = pairs.negative.filter(judge);
  const precision = found.length + falses.length ? found.length / (found.length + falses.length) : 1;
  return { recall: found.length / pairs.positive.length, precision, found: found.length, falses, missed: pairs.positive.filter((p) => !judge(p)) };
}

describe('the held-out replacement pairs', () => {
  it('has at least 30 replacements and 60 pairs that are none, each with its origin', () => {
    expect(pairs.positive.length).toBeGreaterThanOrEqual(30);
    expect(pairs.negative.length).toBeGreaterThanOrEqual(60);
    for (const p of [...pairs.positive, ...pairs.negative]) expect(p.origin).toBeTruthy();
  });

  for (const [name, judge] of [
    ['primer (supersedes)', primerSays],
    ['dream (consolidate)', dreamSays],
  ] as const) {
    it(`${name}: no false replacement, most replacements found`, () => {
      const s = score(judge, pairs);
      const f = score(judge, fresh);
      const b = score(judge, blind);
      const l = score(judge, last);
      const u = score(judge, unnamed);
      const a = score(judge, after);
      const z = score(judge, final);
      const h = score(judge, held45);
      const r = score(judge, real45);
      const g = score(judge, final45);
      const k = score(judge, last45);
      const c = score(judge, closing45);
      const n = score(judge, held46);
      const t = score(judge, closing46);
      const q = score(judge, real46);
      const e = score(judge, final46);
      const v = score(judge, held47);
      const w = score(judge, final47);
      const x = score(judge, flips47);
      const y = score(judge, flipfinal47);
      const h48 = score(judge, held48);
      const f48 = score(judge, final48);
      const c48 = score(judge, closing48);
      const h49 = score(judge, held49);
      const f49 = score(judge, final49);
      const h50 = score(judge, held50);
      const f50 = score(judge, final50);
      const c50 = score(judge, closing50);
      const h51 = score(judge, held51);
      const f51 = score(judge, final51);
      const h52 = score(judge, held52);
      const s54 = score(judge, slots54);
      const f54 = score(judge, fresh54);
      const j54 = score(judge, final54);
      const p54 = score(judge, plain54);
      const j55 = score(judge, final55);
      const p55 = score(judge, plain55);
      const say = (set: string, s: ReturnType<typeof score>, of: PairSet) =>
        `${name} ${set}${from ? ` [${from}]` : ''}: recall ${s.found}/${of.positive.length} (${(s.recall * 100).toFixed(0)}%), precision ${(s.precision * 100).toFixed(1)}% (${s.falses.length} false of ${of.negative.length})\n` +
        s.falses.map((p) => `  false: "${p.newer}" over "${p.older}"`).join('\n') +
        `\n${s.missed.map((p) => `  missed: "${p.newer}" over "${p.older}"`).join('\n')}`;
      console.log(`${say('held-out', s, pairs)}\n${say('fresh', f, fresh)}\n${say('blind', b, blind)}\n${say('last', l, last)}\n${say('unnamed', u, unnamed)}\n${say('after44', a, after)}\n${say('final44', z, final)}\n${say('heldout45', h, held45)}\n${say('real45', r, real45)}\n${say('final45', g, final45)}\n${say('last45', k, last45)}\n${say('closing45', c, closing45)}\n${say('heldout46', n, held46)}\n${say('closing46', t, closing46)}\n${say('real46', q, real46)}\n${say('final46', e, final46)}\n${say('heldout47', v, held47)}\n${say('final47', w, final47)}\n${say('flips47', x, flips47)}\n${say('flipfinal47', y, flipfinal47)}\n${say('heldout48', h48, held48)}\n${say('final48', f48, final48)}\n${say('closing48', c48, closing48)}\n${say('heldout49', h49, held49)}\n${say('final49', f49, final49)}\n${say('heldout50', h50, held50)}\n${say('final50', f50, final50)}\n${say('closing50', c50, closing50)}\n${say('heldout51', h51, held51)}\n${say('final51', f51, final51)}\n${say('heldout52', h52, held52)}\n${say('slots54', s54, slots54)}\n${say('fresh54', f54, fresh54)}\n${say('final54', j54, final54)}\n${say('plain54', p54, plain54)}\n${say('final55', j55, final55)}\n${say('plain55', p55, plain55)}`);
      if (from) return;
      expect(s.falses.map((p) => p.newer)).toEqual([]);
      expect(s.found).toBeGreaterThanOrEqual(Math.ceil(pairs.positive.length * 0.8));
      // The later sets: none is judged falsely ("Prices are shown in euros, not cents" keeps "…stored in cents": another claim).
      expect([...f.falses, ...b.falses, ...l.falses, ...u.falses, ...a.falses, ...z.falses].map((p) => p.newer)).toEqual([]);
      // unnamed.json, measured once before its rule (stop 43's: 15/24, 12 false) and once after (22/24, 0 false; the two misses, "switched the ORM to Prisma", then led to reading "switched … to" as a cue).
      // after44.json, measured once on that rule (9/12, 3 false: "Tests now run with coverage", "with Node 22" over "with Docker", "on Kubernetes" over "on Fridays"), then led to sameKind and to "and" inside an old run.
      expect(u.found).toBeGreaterThanOrEqual(23);
      expect(a.found).toBeGreaterThanOrEqual(12);
      // final44.json, written after the last change and measured once: 9/10, 0 false (main: 7/10, 6 false).
      expect(z.found).toBeGreaterThanOrEqual(9);
      // Stop 45: the noun of a verb ("Session storage" / "stored"), a time before the head ("Nightly backups use WAL-G, not pg_dump"), a tool written in lower case ("rather than our ffmpeg workers", "with uv now"), a capitalised name that repeats the subject ("Tokens Studio").
      expect([s.found, f.found, b.found, l.found, u.found, z.found]).toEqual([40, 15, 12, 8, 24, 10]);
      // heldout45.json, measured once on main (12/26, 0 false) and once on this stop's first rule (24/26, 0 false: "Weekly PDF reports use WeasyPrint instead of wkhtmltopdf", which main found, and "File storage moved to Cloudflare R2" over "Uploaded files are stored in S3" missed), then tuned on: a tuning set since.
      expect(h.falses.map((p) => p.newer)).toEqual([]);
      expect(h.found).toBeGreaterThanOrEqual(26);
      // real45.json, measured once on that first rule (6/14, 0 false; main 5/14, 0 false); "instead of black/isort" and "is now handled by" came from it.
      expect(r.falses.map((p) => p.newer)).toEqual([]);
      expect(r.found).toBeGreaterThanOrEqual(9); // 9 since a new thing may have something added after it ("…in PostgreSQL with draft… states")
      // final45.json, written after that and measured once: 13/14, 1 false (main: 7/14, the same false, "Feature flag storage costs moved to the platform budget"); "moved to" before no name is no strong cue since.
      expect(g.falses.map((p) => p.newer)).toEqual([]);
      expect(g.found).toBeGreaterThanOrEqual(13);
      // last45.json, written after the last change and measured once: 10/10, 0 false of 12 (main: 6/10, 0 false).
      expect(k.falses.map((p) => p.newer)).toEqual([]);
      expect(k.found).toBeGreaterThanOrEqual(10);
      // closing45.json, written after the last change that widens the rule (the tail) and measured once (the two later commits only narrow the strong-cue overlap; every figure unchanged): 9/10, 0 false of 12 (main: 3/10, 0 false); the miss, "with mkdocs now", is a lower-case tool TOOLS does not list.
      expect(c.falses.map((p) => p.newer)).toEqual([]);
      expect(c.found).toBeGreaterThanOrEqual(10); // 10 since stop 46 lists mkdocs among TOOLS
      // Stop 46: real45 10/14 ("We now use uv for dependency management": one word with "Dependencies"), final45 14/14 (gofumpt, gofmt among TOOLS).
      expect(r.found).toBeGreaterThanOrEqual(10);
      expect(g.found).toBeGreaterThanOrEqual(14);
      // heldout46.json, measured once on main 4578acc (4/21, 0 false of 18) before this stop's changes, then tuned on: 15/21, 0 false. The six
      // left: "setuptools specific files", "Changed to the peewee ORM", "sqlalchemy.url is no longer accepted", "Switched to testservices",
      // "Removed usage of codecov" (lower-case names no list has), "launched with more memory beyond the 256mb default".
      expect(n.falses.map((p) => p.newer)).toEqual([]);
      expect(n.found).toBeGreaterThanOrEqual(15);
      // closing46.json, traps written after those rules and measured once on them: 9/10, 2 false of 14 ("Sentry was replaced by Rollbar for
      // backend errors" over "Sentry reports frontend errors", which main judged false too, and "Replaced Webpack with Vite in the storefront",
      // a bare removal with a place after it); main: 0/10, 2 false. Then a removal's place or use, and a bare one only without one: 9/10, 0 false.
      expect(t.falses.map((p) => p.newer)).toEqual([]);
      expect(t.found).toBeGreaterThanOrEqual(9);
      // real46.json, real changelog lines found after those rules and measured once on them: 5/13, 0 false of 11 (main: 4/13, 0 false); then
      // tuned on ("Use X instead of Y" with a name alone, "We've"): 8/13, 0 false. Left: "httpx" (lower case, no list), "centralized session
      // checking", "Dropped the dependency on…", "Removed rxjs-compat" (a hyphen makes no name here), "refresh-token endpoints and related models".
      expect(q.falses.map((p) => p.newer)).toEqual([]);
      expect(q.found).toBeGreaterThanOrEqual(8);
      // final46.json, real changelog lines found after the last change and measured once on it: 5/15, 0 false of 10 (main 4578acc: 1/15, 0 false);
      // the dream 4/15: it keeps "Removed setup.py" out of MEMORY.md as a list of files (git records them), so it replaces nothing there.
      expect(e.falses.map((p) => p.newer)).toEqual([]);
      expect(e.found).toBeGreaterThanOrEqual(name.startsWith('dream') ? 4 : 5);
      // heldout47.json, real changelog and release-note lines, measured once on main 13f5665 before this stop's changes: primer 9/31, dream 8/31,
      // 0 false of 15; then tuned on (a change with no subject but itself names its old thing whole in a place of the older fact, "is now X", a
      // bracket's own clause): 18/31 (dream 17), 0 false; where a gone thing was is no word of it ("…option in the [mqtt] section has been
      // deprecated"): 19/31 (dream 18). The same rules took heldout46 to 16/21, real46 to 11/13, final46 to 9/15 (dream 8).
      expect(v.falses.map((p) => p.newer)).toEqual([]);
      expect(v.found).toBeGreaterThanOrEqual(name.startsWith('dream') ? 18 : 19);
      // Stop 48 (truth48): final46 one more in both judges ("Removed deprecated react-scripts": a state word is no part of the gone thing).
      expect(n.found).toBeGreaterThanOrEqual(16);
      expect(q.found).toBeGreaterThanOrEqual(11);
      expect(e.found).toBeGreaterThanOrEqual(name.startsWith('dream') ? 9 : 10);
      // final47.json, real changelog lines found after this stop's last rule change and measured once on it: 9/20, 0 false of 11 (dream 7/20:
      // it keeps "Removed .travis.yml" and "Removed mypy.ini" out of MEMORY.md as lists of files); main 13f5665: 8/20 (dream 6/20) and one
      // false, "Removed support for Python 3.7." over "Python 3.8 is supported" (its purpose cut took "support for" as the thing's use).
      // Then tuned on ("Upgraded to .NET 9.0 SDK": a version set anew): 10/20 (dream 8/20).
      expect(w.falses.map((p) => p.newer)).toEqual([]);
      expect(w.found).toBeGreaterThanOrEqual(name.startsWith('dream') ? 8 : 10);
      // flips47.json (flip47), real lines where a fact's state flipped, measured once on lead47 d245cdf before this change: primer 5/27, dream
      // 5/27, 0 false of 13 (only the "no longer supported/required/needed" ones, by the negation). With the opposite state of the same subject
      // under the same condition or none (stateOf, flipped): primer 25/27, dream 23/27, 0 false. Left: "was automatic but is now optional"
      // (no pair), "now OFF by default for privacy" (a reason read as a condition). The dream's two more misses are entries it shortens to 150
      // characters ("…"), which this check reads as missing; it does supersede the older fact. heldout47 went to 20/31 (dream 19): "Sign in
      // with Ethereum is now disabled by default".
      expect(x.falses.map((p) => p.newer)).toEqual([]);
      expect(x.found).toBeGreaterThanOrEqual(name.startsWith('dream') ? 23 : 25);
      expect(v.found).toBeGreaterThanOrEqual(name.startsWith('dream') ? 19 : 20);
      // flipfinal47.json, real state flips found after that rule and measured once on it: 14/22 in both judges, 1 false of 10 ("The Designs
      // section is now hidden by default" over "…visible after the user clicks Generate": a default against a state under a condition);
      // lead47 d245cdf: 1/22, 0 false. Then tuned on (a default leaves a state under a condition; opposite states are never the same fact
      // again, "now ON" over "off"; a quantifier of the subject; a comma that adds no condition): 20/22, 0 false. Left: a lead clause before
      // the subject ("Due to … audio notifications are now disabled"), "optional/lazy-loaded".
      expect(y.falses.map((p) => p.newer)).toEqual([]);
      expect(y.found).toBeGreaterThanOrEqual(20);
      // heldout48.json (truth48), real lines measured once on lead48 5a29453 before this stop's changes: 21/48 in both judges, 0 false of 21.
      // Then tuned on (what was before named by the line: "(was 4312)", a rename, "removed in favor of", a list of old names, "no longer X but
      // instead", a default set to the other boolean, one clause of several with other numbers, "debian:buster-slim"): 35/48, 0 false.
      expect(h48.falses.map((p) => p.newer)).toEqual([]);
      expect(h48.found).toBeGreaterThanOrEqual(35);
      // The same stop took heldout47 to 21/31 (dream 20: "…(POST /internal/vdr/v1/did) no longer supports the controller…" over "…accepts…") and
      // final47 to 11/20 (dream 9: "Dropped Python 3.4/3.5 Support", a removal of what the older fact says, never that fact again).
      expect(v.found).toBeGreaterThanOrEqual(name.startsWith('dream') ? 20 : 21);
      expect(w.found).toBeGreaterThanOrEqual(name.startsWith('dream') ? 9 : 11);
      // Then "was automatic but is now optional" (flips47 26/27, dream 24) and "Logger is now a concrete type instead of an interface" over
      // "Logger is an interface", a common noun where the older fact says nothing else (heldout47 22/31, dream 21).
      expect(x.found).toBeGreaterThanOrEqual(name.startsWith('dream') ? 24 : 26);
      expect(v.found).toBeGreaterThanOrEqual(name.startsWith('dream') ? 21 : 22);
      // final48.json, real lines found after that (605e254) and measured once on it: 5/17 in both judges, 0 false of 9 (lead48 5a29453: 2/17,
      // 0 false). Most misses are renames and "(previously X)" whose older fact names the thing otherwise (see the report).
      expect(f48.falses.map((p) => p.newer)).toEqual([]);
      // Then tuned on (a rename's reason is no place and where it was renamed no part of the name, a "from" after a second "to", the bracket's
      // own old claim, "depends on" said as "queries"): 11/17, 0 false; a tuning set since.
      expect(f48.found).toBeGreaterThanOrEqual(11);
      // closing48.json, real lines found after the last rule change (942d709) and measured once on it: 1/14 in both judges, 0 false of 9
      // (lead48 5a29453: the same 1/14, 0 false). Most of them say the old name in a bracket, "(formerly X)", with no other word of change.
      expect(c48.falses.map((p) => p.newer)).toEqual([]);
      // Then tuned on ("drift (formerly moor) gives type-safe SQL" over "moor gives type-safe SQL": the same fact said under the name before;
      // "formerly" and "previously" are words of change): 8/14, 0 false; a tuning set since.
      expect(c48.found).toBeGreaterThanOrEqual(8);
      // heldout49.json (truth49), real lines measured once on lead49 562991b before this stop's changes: primer 9/34, dream 8/34, 1 false of 18
      // ("Public pages are now off by default for a new tournament, instead of on" over "…can be turned on by an arbiter": a state named as the old
      // thing, read as a strong cue with words shared). Then tuned on (a state named so says a flip only; a thing moved to a place; the past said in a
      // clause of its own; each name of "(formerly known as X or Y)", the newer saying more; "switched on"; "unless" no condition; an aside after a
      // comma; a place before a word of the subject; "instead of passing"): 20/34 (dream 19), 0 false; a tuning set since.
      expect(h49.falses.map((p) => p.newer)).toEqual([]);
      expect(h49.found).toBeGreaterThanOrEqual(name.startsWith('dream') ? 19 : 20);
      // The same rules took final46 to 11/15 (primer; "…has been moved to…") and final48 to 12/17 (both judges).
      expect(e.found).toBeGreaterThanOrEqual(name.startsWith('dream') ? 9 : 11);
      expect(f48.found).toBeGreaterThanOrEqual(12);
      // Then "to avoid …" after the new place, a reason before the subject with no comma, the place itself moved, "Moved X outside Y to Z": heldout49
      // 21/34 (dream 20), flipfinal47 21/22, closing48 10/14, final47 12/20 (dream 10), 0 false.
      expect(h49.found).toBeGreaterThanOrEqual(name.startsWith('dream') ? 20 : 21);
      expect(y.found).toBeGreaterThanOrEqual(21);
      expect(c48.found).toBeGreaterThanOrEqual(10);
      expect(w.found).toBeGreaterThanOrEqual(name.startsWith('dream') ? 10 : 12);
      // Then a gone thing's "to ensure …" is what for, a time before it with no comma ("Since Forge 1.19.2 the …"), the word of a named thing's kind
      // ("The function Client(token)"): heldout49 22/34 (dream 21), closing48 12/14, 0 false.
      expect(h49.found).toBeGreaterThanOrEqual(name.startsWith('dream') ? 21 : 22);
      expect(c48.found).toBeGreaterThanOrEqual(12);
      // final49.json, real lines found after those rules (967603e) and measured once on them: 6/18 in both judges, 0 false of 9; lead49 562991b the
      // same 6/18, 0 false. Its lines say "now uses", "now defaults to", "no longer uses", forms this stop's rules do not read (see the report).
      expect(f49.falses.map((p) => p.newer)).toEqual([]);
      expect(f49.found).toBeGreaterThanOrEqual(6);
      // Then tuned on (a bracket that says nothing of the older fact is an aside; a clause's subject follows "since", "because", "so"): 9/18 in both
      // judges, 0 false; a tuning set since.
      // Then one item of a list (", a separate build directory") read as a clause of its own with other numbers: 10/18.
      // Then a sentence with no subject says the state of the previous one's ("…was defaulting to false, … Now defaults to true."): 11/18.
      expect(f49.found).toBeGreaterThanOrEqual(11);
      // heldout50.json (truth50), real lines measured once on lead50 7b6eef9 before this stop's changes: 18/53 in both judges, 0 false of 18.
      // Then tuned on (a change in the imperative, the third person, "are replacing", "which … replace" and the noun "migration"; "X over Y"
      // after a word of choosing; "no longer … and" a clause of its own; a time before the subject; a noun of a verb as the subject shared;
      // "without" and a doing after a state): 30/53, 0 false; a tuning set since.
      expect(h50.falses.map((p) => p.newer)).toEqual([]);
      expect(h50.found).toBeGreaterThanOrEqual(30);
      // final50.json, real lines found after those rules (db2af87) and measured once on them: 9/21 in both judges, 0 false of 9; lead50 7b6eef9:
      // 6/21, 0 false. Its misses: "X to Y" with no "from" ("Switch Jest to Vitest"), "for better DX" read as where, "everything" as a subject,
      // "entirely" after the gone thing, "Move from" unread by the gate, renames said as "is now named" (see the report).
      expect(f50.falses.map((p) => p.newer)).toEqual([]);
      expect(f50.found).toBeGreaterThanOrEqual(9);
      // Then tuned on ("for" and a comparative say what for; "replace with X" names no old thing; "entirely" after the gone thing; "Move from";
      // "Converted everything from"): 13/21, 0 false; a tuning set since. heldout50 and every other set unchanged.
      expect(f50.found).toBeGreaterThanOrEqual(13);
      // Then "for privacy" at the end of a state says why, no condition: flips47 27/27 (dream 25/27), its last miss the scope named.
      expect(x.found).toBeGreaterThanOrEqual(name.startsWith('dream') ? 25 : 27);
      // Stop 50, second round (truth50b): a rename said as the name now ("The branch master is now named main"), a state before a removal
      // ("…no longer needed and therefore has been removed"), "X to Y" after a verb of change with a name alone as X ("Switch Jest to
      // Vitest"): final50 16/21 in both judges, 0 false; every other set unchanged.
      expect(f50.found).toBeGreaterThanOrEqual(16);
      // Then a change that speaks of itself ("This pull request adds … instead of master") is the speaker, as "we" is: final50 17/21.
      expect(f50.found).toBeGreaterThanOrEqual(17);
      // Then "no longer" and the older claim whole, said with another verb ("have a urllib3 dependency" / "depends on urllib3"): heldout50 31/53.
      expect(h50.found).toBeGreaterThanOrEqual(31);
      // closing50.json, real lines from GitHub release pages found after those rules (52f115e) and measured once on them: 8/20 in both judges,
      // 0 false of 9; lead50 ecaaf41 the same 8/20, 0 false (its misses are other forms: "[breaking] Move from", "Drop support for Python 3.8
      // (#1171)", a default "from false to true", lower-case names with a hyphen, "as per #13" after a removal; see the report).
      expect(c50.falses.map((p) => p.newer)).toEqual([]);
      expect(c50.found).toBeGreaterThanOrEqual(8);
      // Then tuned on (a tag in square brackets, "[breaking]", is no subject; "Drop support for X" is a verb; a reference to an issue, "(#1171)",
      // "as per #13", is no part of the thing): 11/20, 0 false; a tuning set since. Every other set unchanged.
      expect(c50.found).toBeGreaterThanOrEqual(11);
      // Then a default said as a change from the one before ("Changed default of bustCache option from false to true") is the default now: 13/20.
      expect(c50.found).toBeGreaterThanOrEqual(13);
      // heldout51.json (truth51), real lines from ADRs, decision logs, migration and upgrade guides and project notes, measured once on lead51
      // 5d908c8 before this stop's changes: 10/45 in both judges, 0 false of 20. Then tuned on the roots its misses shared with heldout49/50,
      // final50 and closing50 (an arrow as the change, a gerund opener, ", replacing X", a name written joined, a removal's second doing and
      // its reason, a moved-from thing's relative clause or purpose, "+" lists, the speaker's choice, a quantifier, ", and" before a subject, an
      // old thing that is all the older says, a role): 24/45 (dream 23: it shortens the Terraform line to 150 characters), 0 false; a tuning
      // set since. The same rules: closing50 17/20, heldout50 32/53, final47 13/20 (dream 11), final49 12/18; every other set unchanged.
      expect(h51.falses.map((p) => p.newer)).toEqual([]);
      expect(h51.found).toBeGreaterThanOrEqual(name.startsWith('dream') ? 23 : 24);
      expect(c50.found).toBeGreaterThanOrEqual(17);
      expect(h50.found).toBeGreaterThanOrEqual(32);
      expect(w.found).toBeGreaterThanOrEqual(name.startsWith('dream') ? 11 : 13);
      expect(f49.found).toBeGreaterThanOrEqual(12);
      // Then what the reader is told after a comma (", you should rename…") is no hedge, "should now be" says where it is done now, and "Changed
      // X with Y" is a writer's "Replaced": heldout51 25/45 (dream 23), closing50 18/20.
      expect(h51.found).toBeGreaterThanOrEqual(name.startsWith('dream') ? 23 : 25);
      expect(c50.found).toBeGreaterThanOrEqual(18);
      // final51.json, real lines found after those rules (5d3f201) and measured once on them: 4/16 in both judges, and in the primer 1 false
      // of 9 ("[Jokes] with joke_enabled … Migrated to [Joke_Command] … Both formats work" over "Jokes are enabled with joke_enabled…": a strong
      // cue with the older's words shared); lead51 5d908c8 the same 4/16 and the same false. Its misses are other forms (see the report). Then a
      // line that says the old way still works ("Both formats work", "is still accepted") replaces nothing: 4/16, 0 false.
      expect(f51.falses.map((p) => p.newer)).toEqual([]);
      expect(f51.found).toBeGreaterThanOrEqual(4);
      // Then a migration's completion said first ("This release completes the migration off X", "Complete migration from X to Y": final51
      // and heldout50 share it) and a word inside a compound ("a Vercel-only pipeline") no place: final51 6/16, heldout50 33/53, 0 false.
      expect(f51.found).toBeGreaterThanOrEqual(6);
      expect(h50.found).toBeGreaterThanOrEqual(33);
      // heldout52.json (truth52), real lines from changelogs, ADRs, migration notes, READMEs and blog posts on slots (licence, minimum version,
      // default port, base image, where a repository, a chat or config lives), measured once on lead52 6a58865 before this stop's changes: 18/47
      // (dream 16/47), 0 false of 22. Then tuned on the roots its misses share with heldout48/49 and final46: a time or an adverb before the
      // subject ("As of today, …", "In February 2021, …", "Successfully migrated …"), a name's version in the same slot ("…is now Node v14",
      // "Require minimum python 3.8"), a slot given another value whatever verb says it ("Relicense from GPL3 to MIT", "the license has been
      // changed to the MIT License", "Default provider changed to postmark", "The project is renamed to …"): 30/47 (dream 27: it shortens two
      // lines to 150 characters and writes "As of today" with the session's date, which this check reads as missing), 0 false; final46 12/15
      // (dream 10). Every other set unchanged.
      expect(h52.falses.map((p) => p.newer)).toEqual([]);
      expect(h52.found).toBeGreaterThanOrEqual(name.startsWith('dream') ? 27 : 30);
      expect(e.found).toBeGreaterThanOrEqual(name.startsWith('dream') ? 10 : 12);
      // Stop 54 (truth54): a slot reader (src/memory/slots.ts) beside the phrase rules: one role (CI, host, test runner, package manager, linter,
      // formatter, logger, ORM, email, chat, proxy, state…) filled anew with another tool of its kind, known by a lexicon of kinds, a port or a
      // path by its shape, the role by the kind and the words around it, a cue only extra evidence. On every set 0 false; found more (primer,
      // dream where it differs): real45 11, heldout46 17, closing46 10, real46 12, final46 14 (12), heldout47 24 (23), heldout48 37, final48 13,
      // heldout50 37, final50 19, closing50 19, heldout51 29 (27), final51 9 (8), heldout52 36 (33).
      expect(r.found).toBeGreaterThanOrEqual(11);
      expect(n.found).toBeGreaterThanOrEqual(17);
      expect(t.found).toBeGreaterThanOrEqual(10);
      expect(q.found).toBeGreaterThanOrEqual(12);
      expect(e.found).toBeGreaterThanOrEqual(name.startsWith('dream') ? 12 : 14);
      expect(v.found).toBeGreaterThanOrEqual(name.startsWith('dream') ? 23 : 24);
      expect(h48.found).toBeGreaterThanOrEqual(37);
      expect(f48.found).toBeGreaterThanOrEqual(13);
      expect(h50.found).toBeGreaterThanOrEqual(37);
      expect(f50.found).toBeGreaterThanOrEqual(19);
      expect(c50.found).toBeGreaterThanOrEqual(19);
      // heldout51's ADR lines "We will use/adopt/replace …" are a change only to come (replaces-arrow-joined.test.ts: "We will replace webpack with
      // Vite." leaves "webpack bundles the frontend"): the reader replaces nothing on "will", so 29 (dream 27), not the 36 it found reading them.
      expect(h51.found).toBeGreaterThanOrEqual(name.startsWith('dream') ? 27 : 29);
      expect(f51.found).toBeGreaterThanOrEqual(name.startsWith('dream') ? 8 : 9);
      expect(h52.found).toBeGreaterThanOrEqual(name.startsWith('dream') ? 33 : 36);
      // slots54.json, written after that first tuning and measured once on it: 14/16, 1 false of 16 ("The CLI logs with pino" over "The
      // backend logs with winston": a scope the reader did not know); lead54 3/16, 0 false. Then the CLI a scope and the role's own words
      // ("deploy"/"hosts", "ORM"/"database") as a word shared: 16/16, 0 false; a tuning set since.
      expect(s54.falses.map((p) => p.newer)).toEqual([]);
      expect(s54.found).toBeGreaterThanOrEqual(16);
      // fresh54.json, written after the reader's second round (d415e2c8) and measured once on it: 7/18, 1 false of 18 ("Vitest replaced Jest
      // last spring" over "The frontend is tested with Vitest"); lead54 1/18, 0 false. Then tuned on (see its note): 13/18, 0 false.
      expect(f54.falses.map((p) => p.newer)).toEqual([]);
      expect(f54.found).toBeGreaterThanOrEqual(13);
      // final54.json (judge54, unseen by truth54): lead54 8/58, stop 54's main 10/58, 0 false of 39; plain54 1/58 and 2/58. Then (truth55) a
      // setting's number by its shape and role, a file moved to another folder, a named site on another host: 20/58 and 9/58, 0 false.
      expect(j54.falses.map((p) => p.newer)).toEqual([]);
      expect(p54.falses.map((p) => p.newer)).toEqual([]);
      // Stop 56 (truth56): "served from X" no old value, a port by its shape, another maintainer, a configuration file moved: 25/58, 14/58.
      expect(j54.found).toBeGreaterThanOrEqual(25);
      expect(p54.found).toBeGreaterThanOrEqual(14);
      // final55.json (judge55, unseen by truth55): lead55 13/64, 1 false of 57 (mended by lead55: 0); plain55 7/64. Then (truth56) a port,
      // a maintainer, a configuration file, a variable read by their shapes, "served from X", a host of the same subject: 28/64 and 21/64, 0 false.
      expect(j55.falses.map((p) => p.newer)).toEqual([]);
      expect(p55.falses.map((p) => p.newer)).toEqual([]);
      expect(j55.found).toBeGreaterThanOrEqual(28);
      expect(p55.found).toBeGreaterThanOrEqual(21);
      expect([...h.falses, ...r.falses, ...c.falses, ...t.falses, ...h49.falses, ...h50.falses, ...h51.falses, ...h52.falses].map((p) => p.newer)).toEqual([]);
    });
  }
});
