// `node bench/corpus-bound.mjs`: how much better than the simple rules ANY ranking of what the
// ledger holds of a file could be, on the corpus's TUNING part only (the held-out part is not read).
//
// Rounds 32–38 tried 88 tables for the seed's factors (bench/corpus-variants.mjs); every nominee
// fell back to the shipped score held out, level with "most often touched". This asks whether the
// room is there at all: a logistic model over the ledger's per-file facts (tool calls since the last
// touch, the rank by last touch and by operations, reads, edits, writes, the last operation, a read
// and a change together, the seed's file-type and project scores, the share of the session since
// the first touch) is fitted on half of the tuning transcripts and ranks the other half's files, and
// the other way round, so that every transcript is ranked by a model that never saw it (two-fold
// cross-validation; five splits by different hex digits of the sha256). Its hit@k minus each rule's,
// with the bootstrap interval over transcripts (bench/corpus.mjs pairedComparison), is the most a
// re-weighting of these facts can be expected to gain: an upper bound on what tables for the seed's
// factors, with their weights fixed, can reach. Nothing here changes the product's score.
import { readFileSync } from 'node:fs';
import { importSrc } from './bundle.mjs';
import { cutTrace, describeComparison, mean, pairedComparison, partOf, rowsOf, SPLIT_CUTS, TRACES } from './corpus.mjs';
import { cutsOfTraces } from './corpus-variants.mjs';

const TOUCH_FEATURES = ['log(1 + calls since the last touch)', 'the last file touched', 'log(1 + rank by last touch)', 'log(1 + rank by operations)', 'log(1 + operations)', 'log(1 + reads)', 'log(1 + edits)', 'log(1 + writes)', 'read and changed', 'last operation an edit', 'last operation a write', 'file type score / 100', 'project score / 100', 'share of the session since the first touch'];
/**
 * With `named` (stop 52; `node bench/corpus-bound.mjs --named`): the files the first part only NAMED
 * (Ledger.named: a prompt, the todo list, a command, a search's or a command's output) are ranked
 * too, beside the touched ones, with three facts of their own (0 for a touched file): named only,
 * how often, and the tool calls since last named. The room a ranking of every file the first part
 * knew could reach, where the touch facts alone bound the reordering of the touched files.
 */
const NAMED_FEATURES = ['named only, not touched', 'log(1 + times named)', 'log(1 + calls since last named)'];

/** Each cut of the traces: the shipped score's and the simple rules' rates, and each file's facts and whether the rest touched it. */
function cutsOf(traces, { rates, hot, ledger }, named) {
  const cuts = [];
  for (const { first, r, touched, at } of cutsOfTraces(traces, { rates, ledger, cutTrace, SPLIT_CUTS })) {
    if (!touched.size || r.ours[5] === null) continue;
    const ops = (f) => f.reads + f.edits + f.writes;
    const byOps = [...first.files].sort((a, b) => ops(b) - ops(a) || b.last_call - a.last_call);
    const opsRank = new Map(byOps.map((f, i) => [f.path, i]));
    const files = first.files.map((f) => {
      const since = Math.max(0, first.tool_calls - 1 - f.last_call);
      const firstCall = at.callsOf.get(f.path)?.[0] ?? f.last_call;
      const x = [Math.log1p(since), at.rank.get(f.path) === 0, Math.log1p(at.rank.get(f.path)), Math.log1p(opsRank.get(f.path)), Math.log1p(ops(f)), Math.log1p(f.reads), Math.log1p(f.edits), Math.log1p(f.writes), f.reads > 0 && f.edits + f.writes > 0, f.last_op === 'edit', f.last_op === 'write', hot.fileTypeScore(f.path) / 100, hot.projectScore(f.path) / 100, (first.tool_calls - firstCall) / Math.max(1, first.tool_calls)].map(Number);
      return { path: f.path, x: named ? [...x, 0, 0, 0] : x, y: touched.has(f.path) ? 1 : 0, since };
    });
    if (named) {
      const own = new Set(first.files.map((f) => f.path));
      for (const n of first.named ?? []) {
        if (own.has(n.path)) continue;
        const since = Math.max(0, first.tool_calls - 1 - n.last_call);
        // The touch facts a file never touched has: none, and the seed's file-type and project scores.
        const x = [Math.log1p(first.tool_calls), 0, Math.log1p(first.files.length), Math.log1p(first.files.length), 0, 0, 0, 0, 0, 0, 0, hot.fileTypeScore(n.path) / 100, hot.projectScore(n.path) / 100, 0];
        files.push({ path: n.path, x: [...x, 1, Math.log1p(n.times), Math.log1p(since)], y: touched.has(n.path) ? 1 : 0, since: first.tool_calls + since, named: true });
      }
    }
    cuts.push({ row: r, touched, files });
  }
  return cuts;
}

/** Logistic regression by gradient descent on standardized facts, a little L2; deterministic. */
function fit(train, iterations, d) {
  const xs = train.flatMap((c) => c.files.map((f) => f.x));
  const ys = train.flatMap((c) => c.files.map((f) => f.y));
  const mu = Array.from({ length: d }, (_, j) => mean(xs.map((x) => x[j])));
  const sd = Array.from({ length: d }, (_, j) => Math.sqrt(mean(xs.map((x) => (x[j] - mu[j]) ** 2))) || 1);
  // One flat array of the standardized facts (row i at i·d): the loop below runs 10 fits × 1,500 passes.
  const n = xs.length;
  const z = new Float64Array(n * d);
  for (let i = 0; i < n; i++) for (let j = 0; j < d; j++) z[i * d + j] = (xs[i][j] - mu[j]) / sd[j];
  const w = new Float64Array(d + 1);
  const g = new Float64Array(d + 1);
  for (let it = 0; it < iterations; it++) {
    g.fill(0);
    for (let i = 0, o = 0; i < n; i++, o += d) {
      let s = w[d];
      for (let j = 0; j < d; j++) s += w[j] * z[o + j];
      const e = 1 / (1 + Math.exp(-s)) - ys[i];
      for (let j = 0; j < d; j++) g[j] += e * z[o + j];
      g[d] += e;
    }
    for (let j = 0; j <= d; j++) w[j] -= 0.5 * (g[j] / n + (j < d ? 1e-3 * w[j] : 0));
  }
  return (x) => x.reduce((s, v, j) => s + (w[j] * (v - mu[j])) / sd[j], w[d]);
}

const hitAt = (ranked, touched, k) => ranked.slice(0, k).filter((p) => touched.has(p)).length / Math.min(k, touched.size);
/** The five two-fold splits: by the parity of hex digit 1…5 of the sha256 (digit 0 decides the part). */
export const SPLIT_DIGITS = [1, 2, 3, 4, 5];

/**
 * The learned ranking on the traces (the tuning part), cross-validated: for each split, every
 * transcript ranked by the model fitted on the other fold; each split's comparison with the shipped
 * score and the simple rules (hit@k, bootstrap over transcripts).
 */
export function learnedBound(traces, deps, { iterations = 1500, named = false } = {}) {
  const cuts = cutsOf(traces, deps, named);
  const d = TOUCH_FEATURES.length + (named ? NAMED_FEATURES.length : 0);
  const splits = SPLIT_DIGITS.map((digit) => {
    const fold = (c) => parseInt(c.row.id[digit], 16) % 2;
    const rows = [];
    for (const held of [0, 1]) {
      const score = fit(cuts.filter((c) => fold(c) !== held), iterations, d);
      for (const c of cuts.filter((c) => fold(c) === held)) {
        const ranked = c.files.map((f) => ({ p: f.path, s: score(f.x), since: f.since })).sort((a, b) => b.s - a.s || a.since - b.since || a.p.localeCompare(b.p)).map((f) => f.p);
        rows.push({ ...c.row, learned: { 5: hitAt(ranked, c.touched, 5), 10: hitAt(ranked, c.touched, 10) } });
      }
    }
    const hit = rowsOf(rows, 'hit');
    const against = Object.fromEntries(deps.rates.RULES.map((r) => [r, { 5: pairedComparison(hit, 'learned', r, 5), 10: pairedComparison(hit, 'learned', r, 10) }]));
    return { digit, learned: { 5: mean(hit.map((r) => r.learned[5])), 10: mean(hit.map((r) => r.learned[10])) }, against };
  });
  const gap = (r, k) => mean(splits.map((s) => s.against[r][k].diff));
  return { cuts: cuts.length, transcripts: new Set(cuts.map((c) => c.row.id)).size, files: cuts.reduce((n, c) => n + c.files.length, 0), atMost: { 5: cuts.filter((c) => c.files.length <= 5).length, 10: cuts.filter((c) => c.files.length <= 10).length }, splits, gap, byFact: byFact(cuts) };
}

/**
 * What each fact says on its own: of the files with a value of it, the share the rest of the session
 * touched. (The fact's index in FEATURES, how its value is grouped.)
 */
function byFact(cuts) {
  const files = cuts.flatMap((c) => c.files.filter((f) => !f.named));
  const group = (name, label) => {
    const by = new Map();
    for (const f of files) {
      const g = label(f);
      const e = by.get(g) ?? { group: g, files: 0, touched: 0 };
      e.files++;
      e.touched += f.y;
      by.set(g, e);
    }
    return { name, groups: [...by.values()].sort((a, b) => b.files - a.files) };
  };
  const band = (v, edges, names) => names[edges.findIndex((e) => v <= e) === -1 ? edges.length : edges.findIndex((e) => v <= e)];
  const rank = (f) => Math.round(Math.expm1(f.x[2]));
  const ops = (f) => Math.round(Math.expm1(f.x[4]));
  const kinds = (f) => {
    const k = ['read', 'edited', 'written'].filter((_, i) => f.x[5 + i] > 0);
    return k.length > 1 ? `${k.slice(0, -1).join(', ')} and ${k.at(-1)}` : `${k[0]} only`;
  };
  const order = (names) => (g) => ({ ...g, order: names.indexOf(g.group) });
  const bands = (name, value, edges, names) => {
    const t = group(name, (f) => band(value(f), edges, names));
    return { name, groups: t.groups.map(order(names)).sort((a, b) => a.order - b.order) };
  };
  return [
    bands('rank by last touch', rank, [0, 1, 2, 4, 9], ['the latest', '2nd', '3rd', '4th–5th', '6th–10th', 'older']),
    bands('tool calls since the last touch', (f) => f.since, [0, 2, 5, 10, 20, 40, 80], ['0', '1–2', '3–5', '6–10', '11–20', '21–40', '41–80', 'more']),
    bands('operations', ops, [1, 2, 3, 5, 8, 16, 32], ['1', '2', '3', '4–5', '6–8', '9–16', '17–32', 'more']),
    group('operations of each kind', kinds),
  ];
}

// `node bench/corpus-bound.mjs`: every split in full.
if (import.meta.url === `file://${process.argv[1]}`) {
  const deps = await importSrc({ rates: 'compact/hit-rate.ts', hot: 'compact/hot-files.ts', ledger: 'transcripts/ledger.ts' });
  const traces = JSON.parse(readFileSync(TRACES, 'utf8')).traces.filter((t) => partOf(t.sha256).startsWith('tuning'));
  const named = process.argv.includes('--named');
  const b = learnedBound(traces, deps, { named });
  if (named) console.log('with --named: the files the first part only named ranked beside the touched ones (three facts of their own)');
  const { rates } = deps;
  const simple = rates.RULES.filter((r) => r !== 'ours');
  const names = { ...rates.RULE_NAMES, ours: "seed 004's score (shipped)" };
  const pts = (v) => `${v >= 0 ? '+' : ''}${(v * 100).toFixed(1)}`;
  console.log(`tuning part: ${traces.length} transcripts, ${b.transcripts} with a scored cut, ${b.cuts} cuts at ${SPLIT_CUTS.join(', ')} of their tool calls; ${b.files} files ranked`);
  console.log(`cuts whose first part knew at most 5 / at most 10 files (every rule's top k the same files there): ${b.atMost[5]} / ${b.atMost[10]} of ${b.cuts}`);
  console.log('\nwhat each fact says alone: of the files with it, the share the rest of the session touched');
  for (const t of b.byFact) console.log(`  ${t.name}: ${t.groups.map((g) => `${g.group} ${((g.touched / g.files) * 100).toFixed(0)}% of ${g.files}`).join('; ')}`);
  for (const s of b.splits) {
    console.log(`\nsplit by hex digit ${s.digit}: the learned ranking, each transcript ranked by the half it was not fitted on: @5 ${(s.learned[5] * 100).toFixed(1)}% @10 ${(s.learned[10] * 100).toFixed(1)}%`);
    for (const r of ['ours', ...simple]) {
      const c = s.against[r];
      console.log(`  minus ${names[r].padEnd(34)} @5 ${describeComparison(c[5])}: ${c[5].verdict} | @10 ${describeComparison(c[10])}: ${c[10].verdict}`);
    }
  }
  console.log('\nmean over the five splits, the learned ranking minus each rule, hit@5 / hit@10 in points:');
  for (const r of ['ours', ...simple]) console.log(`  ${names[r].padEnd(34)} ${pts(b.gap(r, 5))} / ${pts(b.gap(r, 10))}`);
}
