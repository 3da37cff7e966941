// `node bench/corpus-tuning.mjs`: the hot-file ranking's alternatives measured on the corpus's
// TUNING part only (bench/corpus.mjs partOf: sha256 even), so that the held-out part stays one
// no choice was made on. Each variant keeps seed 004's five factors, their weights and what each
// means, and changes one thing: mostly the scale recency is measured on inside a session (the
// seed's hours put every file of a session "within the hour"), or the frequency factor's
// "operations within the last hour" read on the same scale; also the floor, the seed's rounding,
// the tie-break, a write's points. Every variant keeps the shipped cap by the wall clock (never
// more recent than the seed's hours allow).
//
// Printed: each variant's means under the three measures (bench/corpus.mjs MEASURES), its gap to
// the shipped score and to each simple rule with the 95% interval (bootstrap over transcripts) and
// transcripts won and lost, and the NOMINEE by step 2 of the adoption rule (bench/corpus-variants.mjs,
// stop 35): the variant, not below the shipped score at 5 or 10, whose worst gap to the best simple
// rule is largest. Nothing here reads the held-out part; `node bench/corpus-judge.mjs` judges the
// committed nominee there, once.
import { readFileSync } from 'node:fs';
import { importSrc } from './bundle.mjs';
import { cutTrace, describeComparison, MEASURES, mean, pairedComparison, partOf, rowsOf, SPLIT_CUTS, TRACES } from './corpus.mjs';
import { JUDGED, measure, nominate, variantsOf } from './corpus-variants.mjs';

const { rates, hot, ledger } = await importSrc({ rates: 'compact/hit-rate.ts', hot: 'compact/hot-files.ts', ledger: 'transcripts/ledger.ts' });
const VARIANTS = variantsOf(hot);

const traces = JSON.parse(readFileSync(TRACES, 'utf8')).traces.filter((t) => partOf(t.sha256).startsWith('tuning'));
const rows = measure(traces, VARIANTS, { rates, ledger, cutTrace, SPLIT_CUTS });

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

// Each variant against the shipped score and against every simple rule (the target); then step 2 of the adoption rule.
console.log('\neach variant against the shipped score (all measures) and hit@k minus each simple rule (tuning part)');
for (const name of Object.keys(VARIANTS)) {
  const against = (rule) =>
    Object.keys(MEASURES).flatMap((m) => [5, 10].map((k) => ({ m, k, ...pairedComparison(rowsOf(rows, m), name, rule, k) })));
  const vsShipped = against('ours');
  const lost = vsShipped.reduce((n, c) => n + c.losses, 0);
  const won = vsShipped.reduce((n, c) => n + c.wins, 0);
  const hit = vsShipped.filter((c) => c.m === 'hit');
  const target = simple.flatMap((r) => against(r).filter((c) => c.m === 'hit').map((c) => `${r}@${c.k} ${pts(c.diff)} [${pts(c.low)}, ${pts(c.high)}]`));
  console.log(`  ${name.padEnd(80)} vs shipped, hit@5/@10: ${hit.map((c) => `${pts(c.diff)} (${c.wins} won, ${c.losses} lost)`).join(' / ')}; all measures: ${won} won, ${lost} lost`);
  console.log(`  ${''.padEnd(80)} hit@k minus each simple rule: ${target.join('; ')}`);
}
// A nominee already judged held out is not nominated again on the same data (bench/corpus-variants.mjs JUDGED).
const judged = new Set(JUDGED.map((j) => j.nominee));
const { nominee, eligible } = nominate(rows, Object.keys(VARIANTS).filter((n) => !n.startsWith('as shipped') && !judged.has(n)), { rowsOf, mean, simple });
console.log('\nadoption rule, step 2 (tuning part): not below the shipped score at 5 or 10 (hit@k, issue\'s measure); worst hit@k gap to the best simple rule');
for (const e of [...eligible].sort((a, b) => b.worst - a.worst)) console.log(`  ${e.notBelow ? 'eligible' : 'below   '} ${e.name.padEnd(80)} ${pts(e.worst)}`);
for (const j of JUDGED) console.log(`  judged   ${j.nominee.padEnd(80)} ${j.round}: ${j.verdict}`);
console.log(`step 2's pick among the variants not yet judged: ${nominee ?? 'none'}. Only bench/corpus-variants.mjs NOMINEE, once committed, is judged; each judgement is a look at the held-out part, so a later round should judge on a held-out part grown by new transcripts.`);
