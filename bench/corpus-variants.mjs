// Variants of the hot-file score measured on the real-transcript corpus (bench/corpus.mjs), and
// the rule that decides whether one replaces the shipped score. Shared by
// `node bench/corpus-tuning.mjs` (the tuning part: where variants are tried and one is nominated)
// and `node bench/corpus-judge.mjs` (the held-out part: judges the committed nominee, once).
//
// ADOPTION RULE (stop 35). It replaces stop 32's rule ("on the tuning part the variant loses no
// transcript to the shipped score at 5 or at 10 under any of the three measures, and wins one"),
// and was committed before any variant was run under it.
//
// Why stop 32's rule goes. It asked 153 tuning transcripts for zero losses in 6 comparisons. A
// change that reorders the ranking in hundreds of cuts loses a few transcripts by chance whatever
// its true effect, so the rule passes only changes that change next to nothing: all 31 recency
// scales of stop 34 failed, the closest with 21 transcripts won and 6 lost. And it never asked the
// held-out part, so it was not a held-out method at all, only a very conservative filter on the
// part where the choices are made.
//
// The new rule: select on one part, confirm once on the other (a split-sample design).
//  1. CHOOSE ON THE TUNING PART ONLY (sha256 first hex digit even, of the sources before stop 36).
//     Any number of variants may be measured there. Each keeps seed 004's five factors, their
//     weights (35/25/20/15/5) and what each means, and uses only what the product's ledger can hold.
//  2. NOMINATE ONE, by a criterion fixed here: among the variants whose tuning means are not below
//     the shipped score's at 5 or at 10, by hit@k and by the measure, the one whose worst
//     gap to the best simple rule is largest: max over variants of
//     min over k in {5, 10} of (variant − max(most recently read, most recently touched,
//     most often touched)), hit@k means on the tuning part. A tie goes to the variant listed first.
//     The nominee (NOMINEE below) and its tuning figures are committed before any held-out figure
//     of it is computed.
//  3. JUDGE ONCE ON THE HELD-OUT PART (sha256 odd; from stop 36 also every transcript of the
//     sources added then, which no round had looked at: bench/corpus.mjs partOf, manifest `part`):
//     `node bench/corpus-judge.mjs` refuses to run while this file differs from the commit. The
//     nominee is ADOPTED iff, held out,
//       (a) its mean hit@5 and hit@10 are each at least the shipped score's, and at one of them
//           above it; and
//       (b) it is "worse" than the shipped score with confidence (95% bootstrap interval over
//           transcripts below zero) under none of the three measures, at 5 or at 10.
//     Otherwise the shipped score stays. One nominee is judged per round: judging a second one
//     after seeing the first's held-out figures would make the held-out part a tuning part. What
//     the judgement shows is reported whichever way it goes.
//  4. The target (better than EVERY simple rule, with confidence, at 5 and at 10, held out)
//     is measured and reported as it is; it is the claim, not the adoption criterion.
//
// Why this is a sound held-out method. The held-out part plays no part in any choice: variants are
// compared and the nominee picked on the tuning part, and the nominee is fixed in a commit before
// the held-out part is read for it. The single comparison there is then an unbiased estimate of
// the nominee's gap to the shipped score (the selection's optimism stays on the tuning part).
// Adopting when that estimate is not negative at either k is the choice with the higher expected
// hit rate on the evidence; (b) keeps out any change the held-out part shows to do harm under any
// measure. Asking the held-out part for confidence against the shipped score instead would, at
// gaps of a few tenths of a point and intervals of ±0.5, keep the shipped score forever for lack
// of data, which is stop 32's fault again.

const HOUR = 3_600_000;
export const decay = (steps, half) => 100 * 0.5 ** (Math.max(0, steps) / half);

/**
 * Seed 004's score over the first part's files, with choices changed by `o`:
 * - `o.recency(f, at)`: the recency factor inside the session (before the floor and the wall-clock
 *   cap); default: tool calls since the last touch, half-life `o.half` (shipped: 20);
 * - `o.recentOps(f, at)`: the frequency factor's "operations within the last hour" (shipped: all
 *   of the file's operations when its first was within the hour of the session's clock, else 1
 *   when its last was, else 0);
 * - `o.floor`, `o.unrounded`, `o.tie`, `o.write`: the recency floor, the seed's rounding, the
 *   tie-break, a write's points in the operation factor.
 * `at` holds the cut's facts (factsAt).
 */
export function variantOf(o = {}, hot) {
  return (first, at) => {
    const now = Date.parse(first.updated);
    // A file outside the repository is left out, as shipped (src/compact/hot-files.ts isOutsidePath; stop 56).
    const scored = first.files.filter((f) => !hot.isOutsidePath(f.path)).map((f) => {
      const since = Math.max(0, first.tool_calls - 1 - f.last_call);
      const inSession = o.recency ? o.recency(f, at) : decay(since, o.half ?? hot.SESSION_HALF_LIFE);
      const wall = hot.recencyScore(Math.max(0, (now - Date.parse(f.last)) / HOUR));
      const recency = Math.round(Math.min(wall, Math.max(o.floor ?? 10, inSession)) * 10) / 10;
      const ops = f.reads + f.edits + f.writes;
      const recent = o.recentOps ? o.recentOps(f, at) : now - Date.parse(f.first) <= HOUR ? ops : now - Date.parse(f.last) <= HOUR ? 1 : 0;
      const frequency = Math.min(100, Math.min(80, o.perOp ? o.perOp(ops) : ops * 5) + Math.min(20, recent * 10));
      const operation = Math.min(100, f.writes * (o.write ?? o.edit ?? 10) + f.edits * (o.edit ?? 10) + f.reads * (o.read ?? 3) + (f.last_op === 'read' ? 0 : (o.bonus ?? 15)));
      const w = hot.HOT_WEIGHTS;
      const raw = recency * w.recency + frequency * w.frequency + operation * w.operation + hot.fileTypeScore(f.path) * w.file_type + hot.projectScore(f.path) * w.project;
      return { path: f.path, score: o.unrounded ? raw : Math.round(raw), ops, last: f.last_call };
    });
    // A file a tool writes (lock file, snapshot, binary) after the work, as shipped (src/compact/hot-files.ts tierOf).
    const tool = (p) => Number(hot.isToolWrittenPath(p));
    scored.sort((a, b) => tool(a.path) - tool(b.path) || b.score - a.score || (o.tie === 'latest' ? 0 : b.ops - a.ops) || b.last - a.last || a.path.localeCompare(b.path));
    // Files only named come after, as shipped (src/compact/hot-files.ts): the most often named, then the latest named.
    const touched = new Set(scored.map((s) => s.path));
    const named = (first.named ?? []).filter((n) => !touched.has(n.path) && !hot.isOutsidePath(n.path)).sort((a, b) => b.times - a.times || b.last_call - a.last_call || a.path.localeCompare(b.path));
    return [...scored.map((s) => s.path), ...named.map((n) => n.path)];
  };
}

/** A file's operations within the last `w` tool calls before the cut. */
const recentWithin = (f, at, w) => (at.callsOf.get(f.path) ?? []).filter((c) => c >= at.calls - w).length;

/** The variants measured on the tuning part, by name (the judge builds the nominee from here). */
export function variantsOf(hot) {
  const variant = (o = {}) => variantOf(o, hot);
  /** The seed's own curve (100 within 1, 90 within 6, 75 within 24, then 75·e^(−0.1·(x−24)), floor 10), x in another unit than hours. */
  const seedCurve = (x) => hot.recencyScore(x);
  return {
    'as shipped (a check: equals the score)': variant({}),
    'calls since the last touch, half-life 5': variant({ half: 5 }),
    'calls since the last touch, half-life 10': variant({ half: 10 }),
    'calls since the last touch, half-life 40': variant({ half: 40 }),
    "calls since the last touch, from the session's latest file touch, half-life 10": variant({ recency: (f, at) => decay(at.latestCall - f.last_call, 10) }),
    "calls since the last touch, from the session's latest file touch, half-life 20": variant({ recency: (f, at) => decay(at.latestCall - f.last_call, 20) }),
    'turns since the last touch, half-life 1': variant({ recency: (f, at) => decay(at.turn - at.turnOf.get(f.path), 1) }),
    'turns since the last touch, half-life 2': variant({ recency: (f, at) => decay(at.turn - at.turnOf.get(f.path), 2) }),
    'turns since the last touch, half-life 4': variant({ recency: (f, at) => decay(at.turn - at.turnOf.get(f.path), 4) }),
    "the seed's curve, an hour read as a turn": variant({ recency: (f, at) => seedCurve(at.turn - at.turnOf.get(f.path)) }),
    'turns (half-life 2) or calls (half-life 20), the lower': variant({ recency: (f, at) => Math.min(decay(at.turn - at.turnOf.get(f.path), 2), decay(at.calls - 1 - f.last_call, 20)) }),
    "the seed's curve, an hour read as 5 tool calls": variant({ recency: (f, at) => seedCurve((at.calls - 1 - f.last_call) / 5) }),
    "the seed's curve, an hour read as 1 tool call": variant({ recency: (f, at) => seedCurve(at.calls - 1 - f.last_call) }),
    'share of the session since the last touch, half-life 5%': variant({ recency: (f, at) => decay((at.calls - 1 - f.last_call) / at.calls, 0.05) }),
    'share of the session since the last touch, half-life 10%': variant({ recency: (f, at) => decay((at.calls - 1 - f.last_call) / at.calls, 0.1) }),
    'share of the session since the last touch, half-life 25%': variant({ recency: (f, at) => decay((at.calls - 1 - f.last_call) / at.calls, 0.25) }),
    'minutes since the last touch, half-life 5': variant({ recency: (f, at) => decay((at.now - Date.parse(f.last)) / 60_000, 5) }),
    'minutes since the last touch, half-life 15': variant({ recency: (f, at) => decay((at.now - Date.parse(f.last)) / 60_000, 15) }),
    'minutes since the last touch, half-life 60': variant({ recency: (f, at) => decay((at.now - Date.parse(f.last)) / 60_000, 60) }),
    'calls (half-life 20) or minutes (half-life 5), the lower': variant({ recency: (f, at) => Math.min(decay(at.calls - 1 - f.last_call, 20), decay((at.now - Date.parse(f.last)) / 60_000, 5)) }),
    'calls (half-life 20) or minutes (half-life 15), the lower': variant({ recency: (f, at) => Math.min(decay(at.calls - 1 - f.last_call, 20), decay((at.now - Date.parse(f.last)) / 60_000, 15)) }),
    'calls (half-life 20) or turns (half-life 1), the lower': variant({ recency: (f, at) => Math.min(decay(at.calls - 1 - f.last_call, 20), decay(at.turn - at.turnOf.get(f.path), 1)) }),
    'calls (half-life 20) or share of the session (half-life 5%), the lower': variant({ recency: (f, at) => Math.min(decay(at.calls - 1 - f.last_call, 20), decay((at.calls - 1 - f.last_call) / at.calls, 0.05)) }),
    'rank by last touch, half-life 1': variant({ recency: (f, at) => decay(at.rank.get(f.path), 1) }),
    'rank by last touch, half-life 2': variant({ recency: (f, at) => decay(at.rank.get(f.path), 2) }),
    'rank by last touch, half-life 3': variant({ recency: (f, at) => decay(at.rank.get(f.path), 3) }),
    'rank by last touch, half-life 5': variant({ recency: (f, at) => decay(at.rank.get(f.path), 5) }),
    'recency floor 0 (seed: 10)': variant({ floor: 0 }),
    'score not rounded': variant({ unrounded: true }),
    'ties: the latest first (before stop 32)': variant({ tie: 'latest' }),
    'recent operations: touched in the last 20 calls': variant({ recentOps: (f, at) => (at.calls - 1 - f.last_call <= 20 ? 1 : 0) }),
    'a write 3 points (an edit 10)': variant({ write: 3 }),
    // Stop 35: minutes of the session's clock (since the file's last touch, to the cut) at other half-lives.
    ...Object.fromEntries([2, 3, 8, 10].map((h) => [`minutes since the last touch, half-life ${h}`, variant({ recency: (f, at) => decay((at.now - Date.parse(f.last)) / 60_000, h) })])),
    'calls (half-life 10) or minutes (half-life 5), the lower': variant({ recency: (f, at) => Math.min(decay(at.calls - 1 - f.last_call, 10), decay((at.now - Date.parse(f.last)) / 60_000, 5)) }),
    'minutes since the last touch, half-life 5; recent operations within the last 10 tool calls': variant({ recency: (f, at) => decay((at.now - Date.parse(f.last)) / 60_000, 5), recentOps: (f, at) => recentWithin(f, at, 10) }),
    // Stop 35: the frequency factor's "operations within the last hour" on the session's scale, as
    // recency is: the file's operations within the last W tool calls.
    ...Object.fromEntries(
      [5, 10, 20, 40].map((w) => [`recent operations: those within the last ${w} tool calls`, variant({ recentOps: (f, at) => recentWithin(f, at, w) })]),
    ),
    ...Object.fromEntries(
      [
        [10, 10],
        [10, 20],
        [5, 10],
        [40, 20],
      ].map(([h, w]) => [`calls since the last touch, half-life ${h}; recent operations within the last ${w} tool calls`, variant({ half: h, recentOps: (f, at) => recentWithin(f, at, w) })]),
    ),
    // Stop 38, first each table's room alone (the scope's list), then the three that move most
    // combined. Recency: more half-lives in calls, and a log curve over the rank by last touch.
    ...Object.fromEntries([15, 25, 30, 60].map((h) => [`calls since the last touch, half-life ${h}`, variant({ half: h })])),
    ...Object.fromEntries([15, 25, 35].map((c) => [`rank by last touch, 100 − ${c}·log2(1 + rank)`, variant({ recency: rankLog(c) })])),
    // Frequency: the seed's 5 points an operation reach its 80 at 16 operations; other slopes, and
    // a log curve that reaches 80 at S operations (more operations always more, as the seed means).
    ...Object.fromEntries([8, 12, 24, 32, 48, 64].map((n) => [`frequency saturating at ${n} operations (seed: 16)`, variant({ perOp: satAt(n) })])),
    ...Object.fromEntries([16, 32, 64, 128].map((n) => [`frequency on a log curve saturating at ${n} operations`, variant({ perOp: logAt(n) })])),
    // Operation type: a read's points (a change's stay above), a change's points, the bonus of a last change.
    ...Object.fromEntries([0, 1, 2, 5].map((r) => [`a read ${r} points (seed: 3)`, variant({ read: r })])),
    ...Object.fromEntries([5, 7, 15, 20].map((e) => [`an edit or a write ${e} points (shipped: 10)`, variant({ edit: e })])),
    ...Object.fromEntries([0, 5, 25].map((b) => [`a last change ${b} points (shipped: 15)`, variant({ bonus: b })])),
    // Combined: recency (calls half-life 20 / rank half-life 1 / rank log 25) × frequency (seed /
    // saturating at 32 / log to 32) × a read's points (3 / 5), those not listed above.
    ...Object.fromEntries(
      [
        ['calls half-life 20', {}],
        ['rank half-life 1', { recency: (f, at) => decay(at.rank.get(f.path), 1) }],
        ['rank log 25', { recency: rankLog(25) }],
      ].flatMap(([rn, ro]) =>
        [
          ['seed frequency', {}],
          ['frequency saturating at 32', { perOp: satAt(32) }],
          ['frequency log to 32', { perOp: logAt(32) }],
        ].flatMap(([fn, fo]) =>
          [3, 5]
            .filter((r) => !(fn === 'seed frequency' && (r === 3 || rn === 'calls half-life 20')))
            .map((r) => [`${rn}; ${fn}; a read ${r} points`, variant({ ...ro, ...fo, read: r })]),
        ),
      ),
    ),
    // Stop 52, at 5 (bench/corpus-five.mjs): on the tuning part a file touched once is touched again
    // 9-12% of the time wherever it stands by last touch (12% the latest file), a file touched twice
    // 20-50%, more the more recent; where the score's top 5 and the rules' differ, the score's own
    // picks (read-once code files 5-6 places back by last touch) are touched 6%, the files only most
    // often touched keeps 18%. So recency that separates only the latest few files, and frequency
    // that separates one operation from two: rank half-lives 0.5-2 × frequency reaching 80 at 2-8
    // operations × a read 3 or 5 points (not 10: a read worth a change would leave the operation factor
    // no TYPE to tell, the seed's meaning); a file changed and then read again keeping the
    // last-change bonus; the frequency factor's recent operations within a window of tool calls.
    ...Object.fromEntries(
      [0.5, 1, 1.5, 2].flatMap((h) =>
        [16, 8, 4, 2].flatMap((n) =>
          [3, 5]
            .filter(() => !(h === 1 && n === 16))
            .map((r) => [`rank half-life ${h}; frequency saturating at ${n}; a read ${r} points`, variant({ recency: (f, at) => decay(at.rank.get(f.path), h), perOp: satAt(n), read: r })]),
        ),
      ),
    ),
    ...Object.fromEntries(
      [
        ['calls half-life 20', {}],
        ['rank half-life 1', { recency: (f, at) => decay(at.rank.get(f.path), 1) }],
      ].flatMap(([rn, ro]) => [
        [`${rn}; a file changed, then read again, keeps the last-change bonus`, checkedAgain(variant(ro))],
        ...[5, 10, 20].map((w) => [`${rn}; recent operations within the last ${w} tool calls`, variant({ ...ro, recentOps: (f, at) => recentWithin(f, at, w) })]),
      ]),
    ),
    // Stop 54 (hot54), for the midpoint cut, where the shipped score was level with most
    // often touched at 5: the rank half-life 0.5 family with a frequency that separates one
    // operation from two, three and four (stop 52's nominee, saturating at 16, keeps the seed's 5
    // points an operation: a second read weighs less than a code file's type over a Markdown
    // file's). Recency by rank (half-lives 0.25-0.75) × frequency reaching 80 at 3, 4 or 6
    // operations (in a line, or on a log curve) × a read 5 or 7 points (a change 10).
    ...Object.fromEntries(
      [0.25, 0.5, 0.75].flatMap((h) =>
        [3, 4, 6].flatMap((n) =>
          [5, 7]
            .filter((r) => !(h === 0.5 && n === 4 && r === 5))
            .map((r) => [`stop 54: rank half-life ${h}; frequency saturating at ${n}; a read ${r} points`, variant({ recency: (f, at) => decay(at.rank.get(f.path), h), perOp: satAt(n), read: r })]),
        ),
      ),
    ),
    ...Object.fromEntries([4, 8].map((n) => [`stop 54: rank half-life 0.5; frequency on a log curve saturating at ${n}; a read 5 points`, variant({ recency: (f, at) => decay(at.rank.get(f.path), 0.5), perOp: logAt(n), read: 5 })])),
    // Stop 55 (hot55), from the misses at the midpoint cut and the tuning part's return rates (each
    // file of each cut by its operations and its rank by last touch): a file the first part touched
    // ONCE (read once or written once) is touched again 8-12% of the time at every rank 0-11, the
    // latest file too; a file touched twice 16-48%, three times or more 19-70%, more the more recent.
    // So recency tells something only of a file the session came back to, and the frequency factor's
    // first operation tells nothing. Frequency counted from the second operation ((n − 1)·40: 0, 40,
    // 80), a file touched once held at the recency floor, or both; recency by tool calls (shipped) or
    // by rank (stop 52's scale).
    ...Object.fromEntries(
      [10, 20, 40].flatMap((h) => [
        [`stop 55: a file touched once at the recency floor; calls half-life ${h}`, variant({ recency: (f, at) => (touchedOnce(f) ? 0 : decay(at.calls - 1 - f.last_call, h)) })],
        [`stop 55: frequency of returns, (n − 1)·40; calls half-life ${h}`, variant({ half: h, perOp: returns })],
        [`stop 55: frequency of returns, (n − 1)·40; a file touched once at the recency floor; calls half-life ${h}`, variant({ recency: (f, at) => (touchedOnce(f) ? 0 : decay(at.calls - 1 - f.last_call, h)), perOp: returns })],
      ]),
    ),
    ...Object.fromEntries([0.5, 1, 2].map((h) => [`stop 55: frequency of returns, (n − 1)·40; rank half-life ${h}`, variant({ recency: (f, at) => decay(at.rank.get(f.path), h), perOp: returns })])),
  };
}

/** A file the first part touched once (one read, edit or write). */
const touchedOnce = (f) => f.reads + f.edits + f.writes <= 1;
/** The frequency factor's points counted from a file's second operation: 0 for one, 40 for two, the seed's 80 from three. */
const returns = (n) => Math.min(80, Math.max(0, n - 1) * 40);

/** A ranking that gives a file changed and then read again (its last operation a read) the last-change bonus. */
const checkedAgain = (rank) => (first, at) => rank({ ...first, files: first.files.map((f) => (f.last_op === 'read' && f.edits + f.writes > 0 ? { ...f, last_op: 'edit' } : f)) }, at);

/** Recency by the rank of a file's last touch among the session's files (0: the latest), on a log curve. */
const rankLog = (c) => (f, at) => Math.max(0, 100 - c * Math.log2(1 + at.rank.get(f.path)));
/** The frequency factor's points for n operations, reaching the seed's 80 at `sat` operations: in a line, or on a log curve. */
const satAt = (sat) => (n) => (n * 80) / sat;
const logAt = (sat) => (n) => (80 * Math.log1p(n)) / Math.log1p(sat);

/**
 * The cut's facts the variants read, from the trace's steps before the cut (as cutTrace takes them):
 * tool calls, the latest file touch's call, each file's rank by last touch, the turn of each file's
 * last touch and the cut's turn, the cut's time, and the tool-call index of each of a file's
 * operations (`callsOf`).
 */
export function factsAt(trace, first) {
  const before = trace.steps.filter((s) => s[2] < first.tool_calls);
  const turnOf = new Map();
  const callsOf = new Map();
  for (const [op, id, call, turn] of before) {
    if (op === 'u' || op === 'U' || op === 'n') continue; // a change not made, a file named: no touch of its own (see traceOf)
    const p = trace.files[id];
    turnOf.set(p, turn);
    if (!callsOf.has(p)) callsOf.set(p, []);
    callsOf.get(p).push(call);
  }
  const byLast = [...first.files].sort((a, b) => b.last_call - a.last_call);
  return {
    calls: first.tool_calls,
    latestCall: byLast.length ? byLast[0].last_call : 0,
    rank: new Map(byLast.map((f, i) => [f.path, i])),
    turnOf,
    callsOf,
    turn: before.length ? before.at(-1)[3] : 0,
    now: Date.parse(first.updated),
  };
}

/**
 * Each trace cut at each of SPLIT_CUTS: the first part's ledger, the shipped score's and the simple
 * rules' rates (hitRates), the files the rest touched, and the first part's per-file facts (factsAt).
 */
export function* cutsOfTraces(traces, { rates, ledger, cutTrace, SPLIT_CUTS }) {
  for (const t of traces)
    for (const frac of SPLIT_CUTS) {
      const { first, full } = cutTrace(t, frac, ledger.emptyLedger);
      // The files a hot-file list can hold, as hitRates measures them (src/compact/hit-rate.ts repositoryFiles).
      const [f, u] = [rates.repositoryFiles(first), rates.repositoryFiles(full)];
      yield { first: f, r: { id: t.sha256, ...rates.hitRates(first, full) }, touched: rates.touchedAfter(f, u), at: factsAt(t, f) };
    }
}

/**
 * Every cut of the given traces (bench/corpus.mjs SPLIT_CUTS) with the shipped score's and the
 * simple rules' rates (hitRates) and each variant's, under the three measures.
 */
export function measure(traces, variants, deps) {
  const rows = [];
  for (const { first, r, touched, at } of cutsOfTraces(traces, deps)) {
    // Known as hitRates counts it (src/compact/hit-rate.ts): touched or named by the first part, so
    // that a variant's share of the known files and the shipped score's have one denominator.
    const known = new Set([...first.files.map((f) => f.path), ...(first.named ?? []).map((n) => n.path)].filter((p) => touched.has(p))).size;
    for (const [name, rank] of Object.entries(variants)) {
      const list = rank(first, at);
      for (const k of [5, 10]) {
        const n = list.slice(0, k).filter((p) => touched.has(p)).length;
        (r[name] ??= {})[k] = touched.size ? n / Math.min(k, touched.size) : null;
        (r.recall[name] ??= {})[k] = touched.size ? n / touched.size : null;
        (r.recall_known[name] ??= {})[k] = known ? n / known : null;
      }
    }
    rows.push(r);
  }
  return rows;
}

/** Step 2 of the adoption rule: the nominee among `names`, with each one's worst gap to the best simple rule (hit@k, tuning part). */
export function nominate(rows, names, { rowsOf, mean, simple }) {
  const m = (measureName, name, k) => mean(rowsOf(rows, measureName).map((r) => r[name][k]));
  const eligible = [];
  for (const name of names) {
    const notBelow = ['hit', 'recall'].every((mm) => [5, 10].every((k) => m(mm, name, k) >= m(mm, 'ours', k) - 1e-12));
    const worst = Math.min(...[5, 10].map((k) => m('hit', name, k) - Math.max(...simple.map((s) => m('hit', s, k)))));
    eligible.push({ name, notBelow, worst });
  }
  const best = eligible.filter((e) => e.notBelow).reduce((a, e) => (!a || e.worst > a.worst + 1e-12 ? e : a), null);
  return { nominee: best?.name ?? null, eligible };
}

/** Step 3 of the adoption rule: the held-out verdict on the nominee against the shipped score. */
export function judge(rows, name, { rowsOf, mean, pairedComparison, MEASURES, draws = 10_000 }) {
  const gap = (k) => mean(rowsOf(rows, 'hit').map((r) => r[name][k])) - mean(rowsOf(rows, 'hit').map((r) => r.ours[k]));
  const gaps = { 5: gap(5), 10: gap(10) };
  const a = gaps[5] >= -1e-12 && gaps[10] >= -1e-12 && (gaps[5] > 1e-12 || gaps[10] > 1e-12);
  const comparisons = Object.keys(MEASURES).flatMap((mm) => [5, 10].map((k) => ({ measure: mm, k, ...pairedComparison(rowsOf(rows, mm), name, 'ours', k, { draws }) })));
  const b = comparisons.every((c) => c.verdict !== 'worse');
  return { adopted: a && b, gaps, a, b, comparisons };
}

/**
 * The nominee of this round (step 2), committed before `node bench/corpus-judge.mjs` reads the
 * held-out part for it. Stop 55 (hot55) applies step 2 to its own variants only (the 12 named
 * "stop 55: …", from the tuning part's return rates): the rule's own pick over every variant not
 * judged would be a sibling of stop 54's judged nominee (its plateau, within 0.1 point), judged on
 * a held-out part 90% the same as the one that judged it. The restriction was made on tuning
 * figures only, before any held-out figure of these variants. The pick (worst hit@k gap to the best
 * simple rule, tuning part, 168 transcripts, 756 cuts at 30-70%): recency by the rank of the file's
 * last touch, halving every half place (stop 52's scale), and the frequency factor counted from a
 * file's second operation ((n − 1)·40: 0 for one, 40 for two, the seed's 80 from three; the recent
 * operations' 20 as shipped); worst gap +2.1 points. Tuning, hit@5 / hit@10: 20.3 / 21.3 (shipped
 * 19.7 / 21.0; most often touched 18.2 / 18.5); issue's measure 13.1 / 19.5 (shipped 12.6 / 19.3).
 * At the tuning part's midpoint cuts (150): hit@5 20.7 (shipped 18.9), minus most often touched
 * +1.6 [+0.2, +3.5], minus most recently touched +3.1 [+1.2, +5.3]; minus the shipped score +1.8
 * [+0.3, +3.6] at 5, +0.6 [-0.2, +1.8] at 10.
 * (Stop 35's nominee, judged: 'minutes since the last touch, half-life 5'; stop 36's: 'minutes
 * since the last touch, half-life 3'; stop 38's: 'rank half-life 1; frequency saturating at 32; a
 * read 3 points'; stop 52's: 'rank half-life 0.5; frequency saturating at 16; a read 5 points';
 * stop 54's: 'stop 54: rank half-life 0.25; frequency saturating at 6; a read 7 points'.)
 */
export const NOMINEE = 'stop 55: frequency of returns, (n − 1)·40; rank half-life 0.5';

/**
 * Nominees judged on the held-out part (step 3), with what the judgement showed; `node
 * bench/corpus-judge.mjs` does not judge one of these again. A new round nominates anew on the
 * tuning part (a variant judged here may be nominated again only on data the held-out part did not
 * hold when it was judged). Each judgement is one more look at the held-out part: a later round
 * should judge its nominee on a held-out part grown by transcripts no round has looked at.
 */
export const JUDGED = [
  {
    round: 'stop 35',
    nominee: 'minutes since the last touch, half-life 5',
    commit: '4d02e21df1891ca7eb777243d4562b57785140ef',
    held_out: '173 transcripts, 159 scored, 788 cuts',
    // hit@5 / hit@10 means, in percent: the nominee 19.4 / 17.8 against the shipped score's 19.6 / 18.1;
    // nominee minus shipped, hit@10: -0.3 [-0.6, -0.1], 6 transcripts won, 18 lost (worse).
    verdict: 'not adopted: below the shipped score at 5 and at 10, and worse with confidence at 10 under all three measures',
  },
  {
    round: 'stop 36',
    nominee: 'minutes since the last touch, half-life 3',
    commit: '5970375705e46d8154137f8e6a292e1e3e2f76f5',
    held_out: 'grown: sha256 odd + the stop 36 sources, 265 transcripts, 251 scored, 1243 cuts',
    // hit@5 / hit@10 means, in percent: the nominee 16.0 / 15.1 against the shipped score's 16.1 / 15.3;
    // nominee minus shipped: hit@5 -0.1 [-0.4, +0.3] (19 won, 21 lost), hit@10 -0.2 [-0.4, +0.0] (12 won, 18 lost).
    // Afterwards 12 of the new transcripts were dropped for holding a secret (the held-out parts are 253 now); the verdict stands as judged.
    verdict: 'not adopted: below the shipped score at 5 and at 10 (within the noise; worse with confidence under no measure)',
  },
  {
    round: 'stop 38',
    nominee: 'rank half-life 1; frequency saturating at 32; a read 3 points',
    commit: '2045ff1bc5676f5eb25f5eb066dd9ac2448eb148',
    held_out: 'sha256 odd + the stop 36 sources, 253 transcripts, 239 scored, 1183 cuts',
    // hit@5 / hit@10 means, in percent: the nominee 15.8 / 15.0 against the shipped score's 15.9 / 15.1;
    // nominee minus shipped: hit@5 -0.1 [-0.6, +0.4] (16 won, 24 lost), hit@10 -0.1 [-0.4, +0.1] (13 won, 16 lost);
    // nominee minus most often touched: hit@5 +0.1 [-0.3, +0.6], hit@10 +0.1 [-0.2, +0.3]. Tuning: +0.4 / +0.3 over the shipped score.
    verdict: 'not adopted: below the shipped score at 5 and at 10 (within the noise; worse with confidence under no measure)',
  },
  {
    round: 'stop 52',
    nominee: 'rank half-life 0.5; frequency saturating at 16; a read 5 points',
    commit: 'f6cfe501f9982468c4e0a35a222c1e0fc06bf050',
    held_out: 'sha256 odd + the stop 36 and stop 40 sources, 312 transcripts, 298 scored, 1475 cuts',
    // hit@5 / hit@10 means, in percent: the nominee 15.6 / 17.9 against the shipped score's 15.9 / 18.1;
    // nominee minus shipped: hit@5 -0.3 [-0.8, +0.3] (21 won, 32 lost), hit@10 -0.2 [-0.5, +0.1] (15 won, 21 lost);
    // nominee minus most often touched: hit@5 +1.2 [+0.5, +1.9] (shipped +1.5). Tuning: +0.8 / +0.3 over the shipped score.
    verdict: 'not adopted: below the shipped score at 5 and at 10 (within the noise; worse with confidence under no measure)',
  },
  {
    round: 'stop 54',
    nominee: 'stop 54: rank half-life 0.25; frequency saturating at 6; a read 7 points',
    commit: 'c4729990706960a9e86dda3c9573b717d8487fd8',
    held_out: 'sha256 odd + the stop 36 and stop 40 sources, 312 transcripts, 298 scored, 1475 cuts',
    // hit@5 / hit@10 means, in percent: the nominee 15.6 / 18.0 against the shipped score's 15.9 / 18.1;
    // nominee minus shipped: hit@5 -0.2 [-0.8, +0.4] (21 won, 29 lost), hit@10 -0.2 [-0.4, +0.1] (15 won, 21 lost);
    // nominee minus most often touched: hit@5 +1.2 [+0.5, +2.0] (shipped +1.5). At the held-out midpoint cuts (294):
    // nominee hit@5 14.4 (shipped 14.0), minus most recently touched +0.7 [-0.7, +2.1], minus most often touched
    // +0.7 [-0.4, +1.8] (shipped +0.3 / +0.2): not separable either. Tuning: +0.8 / +0.4 over the shipped score.
    verdict: 'not adopted: below the shipped score at 5 and at 10 (within the noise; worse with confidence under no measure)',
  },
  {
    round: 'stop 55',
    nominee: 'stop 55: frequency of returns, (n − 1)·40; rank half-life 0.5',
    commit: '73be7553e489636930a2f2078641d971bcc73650',
    held_out: 'sha256 odd + the stop 36, stop 40 and stop 55 sources, 347 transcripts, 333 scored, 1650 cuts',
    // hit@5 / hit@10 means, in percent: the nominee 14.8 / 17.3 against the shipped score's 15.1 / 17.5;
    // nominee minus shipped: hit@5 -0.3 [-0.8, +0.3] (26 won, 33 lost), hit@10 -0.2 [-0.4, +0.1] (15 won, 20 lost);
    // worse with confidence at 10 by the share of the known files (-0.9 [-1.9, -0.0]). At the held-out midpoint
    // cuts (329): nominee hit@5 13.8 (shipped 13.3), minus most recently touched +0.9 [-0.3, +2.2], minus most often
    // touched +0.9 [-0.0, +2.0], minus the shipped score +0.6 [-0.3, +1.6]: not separable. On the 35 new
    // transcripts alone at the midpoint, -0.6 [-1.7, +0.0] against the shipped score. Tuning: +0.6 / +0.3.
    verdict: 'not adopted: below the shipped score at 5 and at 10, and worse with confidence at 10 under one measure (the share of the known files)',
  },
];

