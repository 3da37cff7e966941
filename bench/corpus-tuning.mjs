// `node bench/corpus-tuning.mjs`: the hot-file ranking's alternatives measured on the corpus's
// TUNING part only (bench/corpus.mjs partOf: sha256 even), so that the held-out part stays one
// no choice was made on. Each variant keeps seed 004's five factors and weights and changes one
// thing: how recency is measured inside a session (tool calls since the last touch, or the file's
// rank by last touch), its floor, the seed's rounding, the tie-break, the frequency factor's
// "operations within the hour", a write's points. Printed: each variant's means under the three
// measures (bench/corpus.mjs MEASURES) and its gap to the shipped score with the 95% interval
// (bootstrap over transcripts) and transcripts won and lost.
import { readFileSync } from 'node:fs';
import { importSrc } from './bundle.mjs';
import { cutTrace, describeComparison, MEASURES, mean, pairedComparison, partOf, rowsOf, SPLIT_CUTS, TRACES } from './corpus.mjs';

const { rates, hot, ledger } = await importSrc({ rates: 'compact/hit-rate.ts', hot: 'compact/hot-files.ts', ledger: 'transcripts/ledger.ts' });
const HOUR = 3_600_000;

/** Seed 004's score over the first part's files, with one choice changed. */
function variant(o = {}) {
  return (first) => {
    const now = Date.parse(first.updated);
    const byLast = [...first.files].sort((a, b) => b.last_call - a.last_call);
    const rank = new Map(byLast.map((f, i) => [f.path, i]));
    const scored = first.files.map((f) => {
      const since = Math.max(0, first.tool_calls - 1 - f.last_call);
      const steps = o.recency === 'rank' ? rank.get(f.path) / o.half : since / (o.half ?? hot.SESSION_HALF_LIFE);
      const recency = Math.max(o.floor ?? 10, 100 * 0.5 ** steps);
      const ops = f.reads + f.edits + f.writes;
      const recent = o.recentOps === 'calls' ? (since <= 20 ? 1 : 0) : now - Date.parse(f.first) <= HOUR ? ops : now - Date.parse(f.last) <= HOUR ? 1 : 0;
      const frequency = Math.min(100, Math.min(80, ops * 5) + Math.min(20, recent * 10));
      const operation = Math.min(100, f.writes * (o.write ?? 10) + f.edits * 10 + f.reads * 3 + (f.last_op === 'read' ? 0 : 15));
      const w = hot.HOT_WEIGHTS;
      const raw = recency * w.recency + frequency * w.frequency + operation * w.operation + hot.fileTypeScore(f.path) * w.file_type + hot.projectScore(f.path) * w.project;
      return { path: f.path, score: o.unrounded ? raw : Math.round(raw), ops, last: f.last_call };
    });
    scored.sort((a, b) => b.score - a.score || (o.tie === 'latest' ? 0 : b.ops - a.ops) || b.last - a.last);
    return scored.map((s) => s.path);
  };
}

const VARIANTS = {
  'recency: calls, half-life 10': variant({ half: 10 }),
  'recency: calls, half-life 40': variant({ half: 40 }),
  'recency: rank by last touch, half-life 2': variant({ recency: 'rank', half: 2 }),
  'recency: rank by last touch, half-life 3': variant({ recency: 'rank', half: 3 }),
  'recency: rank by last touch, half-life 5': variant({ recency: 'rank', half: 5 }),
  'recency floor 0 (seed: 10)': variant({ floor: 0 }),
  'score not rounded': variant({ unrounded: true }),
  'ties: the latest first (before this change)': variant({ tie: 'latest' }),
  'recent operations: touched in the last 20 calls': variant({ recentOps: 'calls' }),
  'a write 3 points (an edit 10)': variant({ write: 3 }),
};

const traces = JSON.parse(readFileSync(TRACES, 'utf8')).traces.filter((t) => partOf(t.sha256).startsWith('tuning'));
const rows = [];
for (const t of traces)
  for (const frac of SPLIT_CUTS) {
    const { first, full } = cutTrace(t, frac, ledger.emptyLedger);
    const r = { id: t.sha256, ...rates.hitRates(first, full) };
    const touched = rates.touchedAfter(first, full);
    const known = first.files.filter((f) => touched.has(f.path)).length;
    for (const [name, rank] of Object.entries(VARIANTS)) {
      const list = rank(first);
      for (const k of [5, 10]) {
        const n = list.slice(0, k).filter((p) => touched.has(p)).length;
        ((r[name] ??= {})[k] = touched.size ? n / Math.min(k, touched.size) : null);
        ((r.recall[name] ??= {})[k] = touched.size ? n / touched.size : null);
        ((r.recall_known[name] ??= {})[k] = known ? n / known : null);
      }
    }
    rows.push(r);
  }
console.log(`tuning part: ${traces.length} transcripts, cut at ${SPLIT_CUTS.join(', ')} of their tool calls`);
for (const [m, about] of Object.entries(MEASURES)) {
  const mrows = rowsOf(rows, m);
  const at = (name, k) => `${(mean(mrows.map((r) => r[name][k])) * 100).toFixed(1)}%`;
  console.log(`\n${about} (${mrows.length} cuts); the shipped score: ${at('ours', 5)} / ${at('ours', 10)}`);
  for (const name of [...rates.RULES.filter((r) => r !== 'ours'), ...Object.keys(VARIANTS)])
    console.log(`  ${(rates.RULE_NAMES[name] ?? name).padEnd(50)} ${at(name, 5)} / ${at(name, 10)}   minus the score: @5 ${describeComparison(pairedComparison(mrows, name, 'ours', 5))} | @10 ${describeComparison(pairedComparison(mrows, name, 'ours', 10))}`);
}
