// Issue 25 §5 and §6 on real transcripts people published (bench/corpus.mjs): the hot-file table
// (seed 004's score against each simple rule, each transcript cut at the midpoint of its lines,
// files of the second half found in the first half's top 5 / top 10), from the committed text-free
// traces always and from the transcripts themselves when the corpus is present; and the ledger's
// recall and precision against a plain reading of the same lines.
import { mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import { importSrc } from '../bundle.mjs';
import { learnedBound } from '../corpus-bound.mjs';
import { JUDGED } from '../corpus-variants.mjs';
import { cutTrace, describeComparison, firstCwd, firstHalf, HELD_OUT_40, HELD_OUT_55, HELD_OUT_CODEX, hitTable, ledgerAgainstPlain, ledgersOfTrace, loadCorpus, MEASURES, pairedComparison, partOf, pct, plainClaude, rowsOf, SPLIT_CUTS, splitTable, THIRD_HELD, THIRD_REST, thirdOf, TRACES, TUNING } from '../corpus.mjs';

export async function run({ summary, ws, printTable }) {
  const { rates, transcripts, produce, offline } = await importSrc({ rates: 'compact/hit-rate.ts', transcripts: 'transcripts/index.ts', produce: 'compact/produce.ts', offline: 'notes/offline.ts' });
  const rules = rates.RULES;

  const traces = JSON.parse(readFileSync(TRACES, 'utf8')).traces;
  const rulesAndCeiling = [...rules, 'reachable'];
  const names = { ...rates.RULE_NAMES, reachable: 'ceiling: every file the first part knew that the rest touched' };
  const short = { hit: 'hit', recall: "issue's", recall_known: 'of known' };
  // One block per cut: each rule under the three measures (bench/corpus.mjs MEASURES), then seed
  // 004's score minus each simple rule under each, with how sure the gap is: a 95% interval from a
  // bootstrap over transcripts and a sign test over them, so that a gap of a point is not called a
  // win or a loss when it is noise.
  const block = (title, label, rows) => {
    const by = Object.fromEntries(Object.keys(MEASURES).map((m) => [m, rowsOf(rows, m)]));
    const tables = Object.fromEntries(Object.entries(by).map(([m, r]) => [m, hitTable(r, rulesAndCeiling).table]));
    console.log(`  ${title}: ${new Set(by.hit.map((r) => r.id)).size} transcripts with a cut after which a file was touched (${by.hit.length} cuts; ${by.recall_known.length} where the rest touched a file the first part knew)`);
    printTable(['rule', ...Object.keys(MEASURES).flatMap((m) => [`${short[m]} @5`, `${short[m]} @10`])], rulesAndCeiling.map((r) => [names[r], ...Object.keys(MEASURES).flatMap((m) => [pct(tables[m][r][5]), pct(tables[m][r][10])])]));
    console.log(`  ${Object.entries(MEASURES).map(([m, d]) => `${short[m]} = ${d}`).join('; ')}`);
    const out = [];
    for (const [m, mrows] of Object.entries(by))
      for (const r of rules.filter((x) => x !== 'ours')) {
        const at = [5, 10].map((k) => pairedComparison(mrows, 'ours', r, k));
        out.push([short[m], rates.RULE_NAMES[r], ...at.map((c) => `${describeComparison(c)}: ${c.verdict}`)]);
        if (m !== 'recall_known') for (const [i, k] of [5, 10].entries()) summary.note(`hot files @${k} (${label}${m === 'hit' ? '' : `, ${short[m]} measure`}): seed 004's score − ${rates.RULE_NAMES[r]}`, `${describeComparison(at[i])}: ${at[i].verdict}`);
      }
    console.log(`  seed 004's score minus each simple rule, in points: mean over the cuts [95% interval, bootstrap over transcripts]; transcripts won and lost; sign test p:`);
    printTable(['measure', 'rule', 'top 5', 'top 10'], out);
    for (const [m, t] of Object.entries(tables))
      for (const k of [5, 10]) {
        const beaten = rules.filter((r) => r !== 'ours' && t.ours[k] <= t[r][k]).map((r) => rates.RULE_NAMES[r]);
        console.log(`  ${short[m]} at ${k}: ${beaten.length ? `NOT better than ${beaten.join(', ')}` : 'better than every simple rule'} (mean)`);
      }
    return tables;
  };

  // Issue 25's protocol: each transcript cut at the midpoint of its lines.
  const mid = traces.map((t) => {
    const { first, full } = ledgersOfTrace(t, transcripts.emptyLedger);
    return { id: t.sha256, ...rates.hitRates(first, full) };
  });
  const t = block(`hot files, committed traces of the corpus (${traces.length} transcripts), each cut at the midpoint of its lines`, 'corpus traces, midpoint', mid);
  for (const k of [5, 10]) for (const r of rules) summary.note(`hot files @${k} (corpus traces): ${rates.RULE_NAMES[r]}`, `${pct(t.hit[r][k])} hit, ${pct(t.recall[r][k])} issue's measure`);
  // Where the score's lead at 5 comes from, by the session's phase (stop 52): each transcript cut at
  // each of SPLIT_CUTS of its tool calls, the score minus most often / most recently touched at 5,
  // the same with the named files left out (the touched files' order alone), and the cuts whose
  // first part touched fewer than 5 files (where named files fill the top 5). No choice is made here.
  const phase = [];
  for (const f of SPLIT_CUTS) {
    const rows = [];
    let few = 0;
    for (const tr of traces) {
      const { first, full } = cutTrace(tr, f, transcripts.emptyLedger);
      const r = { id: tr.sha256, ...rates.hitRates(first, full) };
      if (r.ours[5] === null) continue;
      r.touched_only = rates.hitRates({ ...first, named: [] }, full).ours;
      if (first.files.length < 5) few++;
      rows.push(r);
    }
    const c = (a, b) => describeComparison(pairedComparison(rows, a, b, 5, { draws: 2000 })).replace(/;.*/, '');
    phase.push([`${f * 100}%`, rows.length, few, c('ours', 'often'), c('ours', 'recent'), c('touched_only', 'often'), c('touched_only', 'recent')]);
  }
  console.log(`  hot files at 5 by the session's phase (committed traces, all ${traces.length}): seed 004's score minus each rule, in points [95% interval]; "touched files only" leaves the named files out`);
  printTable(['cut', 'cuts', 'first part touched < 5 files', 'score − often', 'score − recent', 'touched files only − often', 'touched files only − recent'], phase);

  // The issue's protocol on the parts no choice was made on: stop 40's new sources alone (judged
  // once, stop 40: the shipped score against every simple rule), and every held-out part pooled.
  // The issue's protocol on the tuning part too (stop 54), beside the held-out parts below: the
  // score's lead there and held out, side by side, is how much of it the choices made there carry.
  const midTuning = mid.filter((r) => partOf(r.id) === TUNING);
  if (midTuning.length) block(`hot files, ${TUNING} (${midTuning.length} transcripts), each cut at the midpoint of its lines`, `${TUNING}, midpoint`, midTuning);
  const mid40 = mid.filter((r) => partOf(r.id) === HELD_OUT_40);
  // Stop 55's new sources alone (bench/corpus-collect.mjs SOURCES_55): the one part no round had read before stop 55's judgement.
  const mid55 = mid.filter((r) => partOf(r.id) === HELD_OUT_55);
  if (mid55.length) block(`hot files, ${HELD_OUT_55} (${mid55.length} transcripts), each cut at the midpoint of its lines`, `${HELD_OUT_55}, midpoint`, mid55);
  // The agents corpus's Codex rollouts (stop 55): the only part not written by Claude Code.
  const midCodex = mid.filter((r) => partOf(r.id) === HELD_OUT_CODEX);
  if (midCodex.length) block(`hot files, ${HELD_OUT_CODEX} (${midCodex.length} transcripts), each cut at the midpoint of its lines`, `${HELD_OUT_CODEX}, midpoint`, midCodex);
  // Stop 56: a held-out third of every transcript (bench/corpus.mjs thirdOf) and the other two
  // thirds, at the midpoint and cut at 30–70 % of their tool calls: the issue's target on both.
  for (const part of [THIRD_REST, THIRD_HELD]) {
    const ids = new Set(traces.filter((x) => thirdOf(x.sha256) === part).map((x) => x.sha256));
    const midPart = mid.filter((r) => ids.has(r.id));
    block(`hot files, ${part} (${midPart.length} transcripts), each cut at the midpoint of its lines`, `${part}, midpoint`, midPart);
    const cuts = traces.filter((x) => ids.has(x.sha256)).flatMap((x) => SPLIT_CUTS.map((f) => { const { first, full } = cutTrace(x, f, transcripts.emptyLedger); return { id: x.sha256, ...rates.hitRates(first, full) }; }));
    block(`hot files, ${part} (${ids.size} transcripts), each cut at ${SPLIT_CUTS.map((f) => `${f * 100}%`).join(', ')} of its tool calls`, `${part}, cuts at 30–70 %`, cuts);
  }
  if (mid40.length) {
    block(`hot files, ${HELD_OUT_40} (${mid40.length} transcripts), each cut at the midpoint of its lines`, `${HELD_OUT_40}, midpoint`, mid40);
    const held = mid.filter((r) => partOf(r.id).startsWith('held-out'));
    block(`hot files, every held-out part pooled (${held.length} transcripts), each cut at the midpoint of its lines`, 'held-out parts pooled, midpoint', held);
  }
  // More than the one midpoint cut, and parts no choice was made on (bench/corpus.mjs partOf): of
  // the first sources, an even first hex digit of the sha256 tunes (the part the ranking's choices
  // were looked at on) and an odd one is held out; the stop 36 sources are held out whole; the two
  // held-out parts are also shown pooled. Each transcript cut at 30, 40, 50, 60 and 70% of its tool calls.
  for (const [name, part] of Object.entries(splitTable(traces, transcripts.emptyLedger, rates))) {
    const tables = block(`hot files, ${name}: ${part.transcripts} transcripts, each cut at ${SPLIT_CUTS.map((f) => `${f * 100}%`).join(', ')} of its tool calls`, name, part.all);
    for (const m of ['hit', 'recall'])
      for (const k of [5, 10]) summary.note(`hot files @${k} (${name}${m === 'hit' ? '' : ", issue's measure"}): seed 004's score / best simple rule / ceiling`, `${pct(tables[m].ours[k])} / ${pct(Math.max(...rules.filter((r) => r !== 'ours').map((r) => tables[m][r][k])))} / ${pct(tables[m].reachable[k])}`);
  }

  // The adoption rule's judgements (bench/corpus-variants.mjs): which variant of the score was
  // nominated on the tuning part and what the held-out part made of it.
  for (const j of JUDGED) {
    console.log(`  adoption rule, ${j.round}: nominee "${j.nominee}" (chosen on the tuning part), judged once held out (${j.held_out}): ${j.verdict}`);
    summary.note(`hot files, adoption rule (${j.round}): "${j.nominee}"`, j.verdict);
  }

  // The room there is (bench/corpus-bound.mjs): a ranking fitted to every per-file fact the ledger
  // holds, cross-validated on the tuning part, against the shipped score and each simple rule. No
  // table for the seed's factors can be expected to beat the rules by more than this.
  const { hot, ledger } = await importSrc({ hot: 'compact/hot-files.ts', ledger: 'transcripts/ledger.ts' });
  const bound = learnedBound(traces.filter((x) => partOf(x.sha256).startsWith('tuning')), { rates, hot, ledger });
  const pts = (v) => `${v >= 0 ? '+' : ''}${(v * 100).toFixed(1)}`;
  const beats = (r, k) => bound.splits.filter((s) => s.against[r][k].verdict === 'better').length;
  console.log(`  the room (tuning part, ${bound.transcripts} transcripts, ${bound.cuts} cuts; node bench/corpus-bound.mjs): a ranking fitted to the ledger's per-file facts, each transcript ranked by a model fitted on the other half (5 two-fold splits), minus each rule, hit@5 / hit@10 in points, and the splits where it is better with confidence:`);
  printTable(['rule', 'learned minus rule @5', 'learned minus rule @10', 'splits better @5', 'splits better @10'], rules.map((r) => [r === 'ours' ? "seed 004's score (shipped)" : rates.RULE_NAMES[r], pts(bound.gap(r, 5)), pts(bound.gap(r, 10)), `${beats(r, 5)} of 5`, `${beats(r, 10)} of 5`]));
  console.log(`  cuts whose first part knew at most 5 / 10 files, where every rule's top 5 / top 10 holds the same files: ${bound.atMost[5]} / ${bound.atMost[10]} of ${bound.cuts}`);
  for (const r of rules) summary.note(`hot files, the room (tuning part): a learned ranking minus ${r === 'ours' ? "seed 004's score" : rates.RULE_NAMES[r]}, hit@5 / hit@10`, `${pts(bound.gap(r, 5))} / ${pts(bound.gap(r, 10))} points (better with confidence in ${beats(r, 5)} / ${beats(r, 10)} of 5 splits)`);

  const corpus = loadCorpus();
  if (!corpus.present.length) {
    console.log(`  corpus not present in ${corpus.dir} (GIT_MEMORY_CORPUS): the figures from the transcripts themselves and the ledger's recall and precision are skipped; test/fixtures/corpus/manifest.json says where each comes from`);
    return;
  }
  if (corpus.missing.length) console.log(`  missing: ${corpus.missing.map((m) => `${m.file} (${m.why_missing})`).join(', ')}`);
  const tmp = join(ws.dir, 'corpus-halves');
  mkdirSync(tmp, { recursive: true });
  const rows = [];
  const accuracy = { files: [0, 0, 0], commands: [0, 0, 0], errors: [0, 0, 0], user_messages: [0, 0, 0] };
  // Notes and compaction without a model, as Codex and Gemini users and provider = "none" get them.
  const template = offline.notesFromLedger(transcripts.emptyLedger('claude'));
  const headings = (t) => t.split('\n').filter((l) => /^#{1,6}\s/.test(l)).length;
  const notes = { whole: 0, filled: [] };
  const compactions = { valid: 0, fidelity: [], sources: {} };
  const t0 = performance.now();
  for (const c of corpus.present) {
    const full = transcripts.readLedger(c.path, { agent: c.agent });
    // The hot-file rows read as the traces are (bench/corpus.mjs traceOf): the session's first working
    // directory as the root, so that the files it only named are ranked too; the ledger's recall below
    // is against absolute paths, as the plain reading gives them.
    const repoRoot = firstCwd(readFileSync(c.path, 'utf8').split('\n'));
    const first = transcripts.readLedger(firstHalf(c.path, join(tmp, c.file)), { agent: c.agent, repoRoot });
    rows.push({ id: c.sha256, ...rates.hitRates(first, transcripts.readLedger(c.path, { agent: c.agent, repoRoot })) });
    const a = ledgerAgainstPlain(full, plainClaude(c.path));
    const n = offline.notesFromLedger(full);
    // The template's sections and no other heading (issue 25 §6.5); how many of them hold something.
    if (headings(n) === headings(template)) notes.whole++;
    notes.filled.push(n.split(/^# /m).slice(1).filter((sec) => sec.split('\n').slice(1).some((l) => l.trim() && !/^_.*_$/.test(l.trim()))).length);
    const made = await produce.produceSummary({ ledger: full, originalChars: statSync(c.path).size, notes: null, llm: null, transcript: () => '', maxOutputTokens: 8192 });
    if (made.report.valid) compactions.valid++;
    compactions.fidelity.push(made.report.fidelity);
    compactions.sources[made.source] = (compactions.sources[made.source] ?? 0) + 1;
    for (const k of Object.keys(accuracy)) for (let i = 0; i < 3; i++) accuracy[k][i] += a[k][i];
  }
  const seconds = (performance.now() - t0) / 1000;
  const real = block(`hot files, the transcripts themselves (${corpus.present.length} of ${corpus.manifest.transcripts.length} present, read in ${seconds.toFixed(1)} s), each cut at the midpoint of its lines`, 'corpus, midpoint', rows);
  for (const k of [5, 10]) for (const r of rules) summary.note(`hot files @${k} (corpus): ${rates.RULE_NAMES[r]}`, `${pct(real.hit[r][k])} hit, ${pct(real.recall[r][k])} issue's measure`);
  const ratio = (a, b) => (b ? a / b : null);
  console.log('  ledger against a plain reading of the same lines (every tool_use, failed tool_result and human message, each line on its own):');
  printTable(['item', 'plain reading', 'ledger', 'recall', 'precision'], Object.entries(accuracy).map(([k, [both, plain, ledger]]) => [k.replace('_', ' '), plain, ledger, pct(ratio(both, plain)), pct(ratio(both, ledger))]));
  for (const [k, [both, plain, ledger]] of Object.entries(accuracy)) summary.note(`ledger ${k.replace('_', ' ')} recall / precision (corpus)`, `${pct(ratio(both, plain))} / ${pct(ratio(both, ledger))}`);
  const count = corpus.present.length;
  const avg = (xs) => xs.reduce((x, y) => x + y, 0) / Math.max(1, xs.length);
  console.log('  notes and compaction without a model, on each transcript whole:');
  printTable(
    ['item', 'result'],
    [
      ['notes with exactly the template\'s sections', `${notes.whole} / ${count}`],
      ['notes: sections holding something (mean)', avg(notes.filled).toFixed(1)],
      ['compactions valid (fidelity ≥ 80)', `${compactions.valid} / ${count}`],
      ['compaction fidelity (mean, min)', `${avg(compactions.fidelity).toFixed(1)}, ${Math.min(...compactions.fidelity)}`],
      ['compaction source', Object.entries(compactions.sources).map(([k, v]) => `${k} ${v}`).join(', ')],
    ],
  );
  summary.note('notes with the template\'s sections only (corpus)', `${notes.whole} / ${count}`);
  summary.add('compactions valid (corpus, no model)', `${compactions.valid} / ${count}`, compactions.valid / count, { min: 1 }, 'all');
  summary.note('compaction fidelity, mean (corpus, no model)', avg(compactions.fidelity).toFixed(1));
}

// `node bench/parts/corpus.mjs`: this part alone, without the generated repositories of the whole bench.
if (import.meta.url === `file://${process.argv[1]}`) {
  const { printTable, Summary } = await import('../report.mjs');
  const { freshWorkspace } = await import('../workspace.mjs');
  const summary = new Summary();
  await run({ summary, ws: freshWorkspace(), printTable });
}
