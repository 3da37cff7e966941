// `node bench/corpus-tuning.mjs`: the hot-file ranking's alternatives measured on the corpus's
// TUNING part only (bench/corpus.mjs partOf: sha256 even), so that the held-out part stays one
// no choice was made on. Each variant keeps seed 004's five factors, their weights and what each
// means, and changes one thing, mostly the scale recency is measured on inside a session (the
// seed's hours put every file of a session "within the hour"): tool calls since the last touch at
// other half-lives, counted from the session's latest file touch, turns (the human's messages)
// since the last touch, the seed's own curve with an hour read as a turn or as tool calls, the
// share of the session since the last touch, minutes of the session's clock, the file's rank by
// last touch; and the floor, the seed's rounding, the tie-break, the frequency factor's
// "operations within the hour", a write's points. Every variant keeps the shipped cap by the wall
// clock (never more recent than the seed's hours allow).
//
// Printed: each variant's means under the three measures (bench/corpus.mjs MEASURES), its gap to
// the shipped score and to each simple rule with the 95% interval (bootstrap over transcripts) and
// transcripts won and lost, and whether it passes the ADOPTION RULE, fixed before the held-out
// part was looked at (stop 32): a variant replaces the shipped score only if, on the tuning part,
// it loses no transcript to the shipped score at 5 or at 10 under any of the three measures, and
// wins at least one. Nothing here reads the held-out part.
import { readFileSync } from 'node:fs';
import { importSrc } from './bundle.mjs';
import { cutTrace, describeComparison, MEASURES, mean, pairedComparison, partOf, rowsOf, SPLIT_CUTS, TRACES } from './corpus.mjs';

const { rates, hot, ledger } = await importSrc({ rates: 'compact/hit-rate.ts', hot: 'compact/hot-files.ts', ledger: 'transcripts/ledger.ts' });
const HOUR = 3_600_000;
const decay = (steps, half) => 100 * 0.5 ** (Math.max(0, steps) / half);

/**
 * Seed 004's score over the first part's files, with one choice changed. `o.recency(f, at)` gives
 * the factor inside the session (before the floor and the wall-clock cap); `at` holds the cut's
 * facts: tool calls, the latest file touch's call, each file's rank by last touch, the turn of each
 * file's last touch and the cut's turn, the cut's time.
 */
function variant(o = {}) {
  return (first, at) => {
    const now = Date.parse(first.updated);
    const scored = first.files.map((f) => {
      const since = Math.max(0, first.tool_calls - 1 - f.last_call);
      const inSession = o.recency ? o.recency(f, at) : decay(since, o.half ?? hot.SESSION_HALF_LIFE);
      const wall = hot.recencyScore(Math.max(0, (now - Date.parse(f.last)) / HOUR));
      const recency = Math.round(Math.min(wall, Math.max(o.floor ?? 10, inSession)) * 10) / 10;
      const ops = f.reads + f.edits + f.writes;
      const recent = o.recentOps === 'calls' ? (since <= 20 ? 1 : 0) : now - Date.parse(f.first) <= HOUR ? ops : now - Date.parse(f.last) <= HOUR ? 1 : 0;
      const frequency = Math.min(100, Math.min(80, ops * 5) + Math.min(20, recent * 10));
      const operation = Math.min(100, f.writes * (o.write ?? 10) + f.edits * 10 + f.reads * 3 + (f.last_op === 'read' ? 0 : 15));
      const w = hot.HOT_WEIGHTS;
      const raw = recency * w.recency + frequency * w.frequency + operation * w.operation + hot.fileTypeScore(f.path) * w.file_type + hot.projectScore(f.path) * w.project;
      return { path: f.path, score: o.unrounded ? raw : Math.round(raw), ops, last: f.last_call };
    });
    scored.sort((a, b) => b.score - a.score || (o.tie === 'latest' ? 0 : b.ops - a.ops) || b.last - a.last || a.path.localeCompare(b.path));
    return scored.map((s) => s.path);
  };
}

/** The seed's own curve (100 within 1, 90 within 6, 75 within 24, then 75·e^(−0.1·(x−24)), floor 10), x in another unit than hours. */
const seedCurve = (x) => hot.recencyScore(x);

const VARIANTS = {
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
  'recent operations: touched in the last 20 calls': variant({ recentOps: 'calls' }),
  'a write 3 points (an edit 10)': variant({ write: 3 }),
};

/** The cut's facts the variants read: the turn of each file's last touch comes from the trace's steps. */
function factsAt(trace, first) {
  const before = trace.steps.filter((s) => s[2] < first.tool_calls);
  const turnOf = new Map();
  for (const [, id, , turn] of before) turnOf.set(trace.files[id], turn);
  const byLast = [...first.files].sort((a, b) => b.last_call - a.last_call);
  return {
    calls: first.tool_calls,
    latestCall: byLast.length ? byLast[0].last_call : 0,
    rank: new Map(byLast.map((f, i) => [f.path, i])),
    turnOf,
    turn: before.length ? before.at(-1)[3] : 0,
    now: Date.parse(first.updated),
  };
}

const traces = JSON.parse(readFileSync(TRACES, 'utf8')).traces.filter((t) => partOf(t.sha256).startsWith('tuning'));
const rows = [];
for (const t of traces)
  for (const frac of SPLIT_CUTS) {
    const { first, full } = cutTrace(t, frac, ledger.emptyLedger);
    const r = { id: t.sha256, ...rates.hitRates(first, full) };
    const touched = rates.touchedAfter(first, full);
    const known = first.files.filter((f) => touched.has(f.path)).length;
    const at = factsAt(t, first);
    for (const [name, rank] of Object.entries(VARIANTS)) {
      const list = rank(first, at);
      for (const k of [5, 10]) {
        const n = list.slice(0, k).filter((p) => touched.has(p)).length;
        ((r[name] ??= {})[k] = touched.size ? n / Math.min(k, touched.size) : null);
        ((r.recall[name] ??= {})[k] = touched.size ? n / touched.size : null);
        ((r.recall_known[name] ??= {})[k] = known ? n / known : null);
      }
    }
    rows.push(r);
  }

const pts = (v) => `${v >= 0 ? '+' : ''}${(v * 100).toFixed(1)}`;
const simple = rates.RULES.filter((r) => r !== 'ours');
console.log(`tuning part: ${traces.length} transcripts, cut at ${SPLIT_CUTS.join(', ')} of their tool calls`);
for (const [m, about] of Object.entries(MEASURES)) {
  const mrows = rowsOf(rows, m);
  const at = (name, k) => `${(mean(mrows.map((r) => r[name][k])) * 100).toFixed(1)}%`;
  console.log(`\n${about} (${mrows.length} cuts); the shipped score: ${at('ours', 5)} / ${at('ours', 10)}`);
  for (const name of [...simple, ...Object.keys(VARIANTS)])
    console.log(`  ${(rates.RULE_NAMES[name] ?? name).padEnd(80)} ${at(name, 5)} / ${at(name, 10)}   minus the score: @5 ${describeComparison(pairedComparison(mrows, name, 'ours', 5))} | @10 ${describeComparison(pairedComparison(mrows, name, 'ours', 10))}`);
}

// Each variant against the shipped score (the adoption rule) and against every simple rule (the target).
console.log('\nadoption rule (tuning part): no transcript lost to the shipped score at 5 or 10 under any measure, at least one won');
for (const name of Object.keys(VARIANTS)) {
  const against = (rule) =>
    Object.keys(MEASURES).flatMap((m) => [5, 10].map((k) => ({ m, k, ...pairedComparison(rowsOf(rows, m), name, rule, k) })));
  const vsShipped = against('ours');
  const lost = vsShipped.reduce((n, c) => n + c.losses, 0);
  const won = vsShipped.reduce((n, c) => n + c.wins, 0);
  const passes = lost === 0 && won > 0;
  const hit = vsShipped.filter((c) => c.m === 'hit');
  const target = simple.flatMap((r) => against(r).filter((c) => c.m === 'hit').map((c) => `${r}@${c.k} ${pts(c.diff)} [${pts(c.low)}, ${pts(c.high)}]`));
  console.log(`  ${passes ? 'PASSES' : 'fails '} ${name.padEnd(80)} vs shipped, hit@5/@10: ${hit.map((c) => `${pts(c.diff)} (${c.wins} won, ${c.losses} lost)`).join(' / ')}; all measures: ${won} won, ${lost} lost`);
  console.log(`         ${''.padEnd(80)} hit@k minus each simple rule: ${target.join('; ')}`);
}
