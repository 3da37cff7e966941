// `node bench/corpus-judge.mjs`: step 3 of the adoption rule (bench/corpus-variants.mjs): the
// committed NOMINEE judged once on the corpus's HELD-OUT part (sha256 odd), against the shipped
// score, and both against every simple rule (issue 25 §5's target), with 95% intervals. It refuses
// to run while bench/corpus-variants.mjs (the rule, the variants and the nominee) differs from the
// commit, so that what is judged is what was fixed before the held-out part was read.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { importSrc, ROOT } from './bundle.mjs';
import { cutTrace, describeComparison, MEASURES, mean, pairedComparison, partOf, rowsOf, SPLIT_CUTS, TRACES } from './corpus.mjs';
import { JUDGED, judge, measure, NOMINEE, variantsOf } from './corpus-variants.mjs';

if (!NOMINEE) {
  console.log('no nominee committed (bench/corpus-variants.mjs NOMINEE): nothing to judge');
  process.exit(0);
}
const done = JUDGED.find((j) => j.nominee === NOMINEE);
if (done) {
  console.log(`"${NOMINEE}" was judged in ${done.round} (commit ${done.commit}, ${done.held_out}): ${done.verdict}. One judgement a nominee: nominate anew on the tuning part (node bench/corpus-tuning.mjs).`);
  process.exit(0);
}
const dirty = execFileSync('git', ['status', '--porcelain', '--', 'bench/corpus-variants.mjs', 'bench/corpus-judge.mjs', 'bench/corpus.mjs', 'test/fixtures/corpus/traces.json'], { cwd: ROOT, encoding: 'utf8' });
if (dirty.trim()) {
  console.error(`the rule, the nominee or the traces differ from the commit; commit them first:\n${dirty}`);
  process.exit(1);
}
const head = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();

const { rates, hot, ledger } = await importSrc({ rates: 'compact/hit-rate.ts', hot: 'compact/hot-files.ts', ledger: 'transcripts/ledger.ts' });
const all = variantsOf(hot);
if (!all[NOMINEE]) {
  console.error(`the nominee "${NOMINEE}" is not among the variants`);
  process.exit(1);
}
const traces = JSON.parse(readFileSync(TRACES, 'utf8')).traces.filter((t) => partOf(t.sha256).startsWith('held-out'));
const rows = measure(traces, { [NOMINEE]: all[NOMINEE] }, { rates, ledger, cutTrace, SPLIT_CUTS });
const scored = rowsOf(rows, 'hit');
console.log(`held-out part at commit ${head}: ${traces.length} transcripts, ${new Set(scored.map((r) => r.id)).size} with a scored cut, ${scored.length} cuts at ${SPLIT_CUTS.join(', ')} of their tool calls`);
console.log(`nominee: ${NOMINEE}`);

for (const [m, about] of Object.entries(MEASURES)) {
  const mrows = rowsOf(rows, m);
  const at = (name, k) => `${(mean(mrows.map((r) => r[name][k])) * 100).toFixed(1)}%`;
  console.log(`\n${about} (${mrows.length} cuts)`);
  for (const name of [...rates.RULES, 'reachable', NOMINEE]) console.log(`  ${(rates.RULE_NAMES[name] ?? (name === 'reachable' ? 'ceiling' : `nominee: ${name}`)).padEnd(90)} ${at(name, 5)} / ${at(name, 10)}`);
  for (const a of ['ours', NOMINEE])
    for (const r of rates.RULES.filter((x) => x !== 'ours')) {
      const c = [5, 10].map((k) => pairedComparison(mrows, a, r, k));
      console.log(`  ${(a === 'ours' ? 'shipped' : 'nominee').padEnd(8)} minus ${rates.RULE_NAMES[r].padEnd(34)} @5 ${describeComparison(c[0])}: ${c[0].verdict} | @10 ${describeComparison(c[1])}: ${c[1].verdict}`);
    }
}

const j = judge(rows, NOMINEE, { rowsOf, mean, pairedComparison, MEASURES });
const pts = (v) => `${v >= 0 ? '+' : ''}${(v * 100).toFixed(2)}`;
console.log(`\nadoption rule, step 3: (a) hit@5 / hit@10 mean minus the shipped score's: ${pts(j.gaps[5])} / ${pts(j.gaps[10])} points: ${j.a ? 'met' : 'NOT met'}`);
for (const c of j.comparisons) console.log(`    ${c.measure}@${c.k}: nominee minus shipped ${describeComparison(c)}: ${c.verdict}`);
console.log(`  (b) worse than the shipped score with confidence under no measure: ${j.b ? 'met' : 'NOT met'}`);
console.log(`verdict: ${j.adopted ? 'ADOPTED' : 'NOT adopted: the shipped score stays'}`);
