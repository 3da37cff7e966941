// Issue 25 §5 and §6 on real transcripts people published (bench/corpus.mjs): the hot-file table
// (seed 004's score against each simple rule, each transcript cut at the midpoint of its lines,
// files of the second half found in the first half's top 5 / top 10), from the committed text-free
// traces always and from the transcripts themselves when the corpus is present; and the ledger's
// recall and precision against a plain reading of the same lines.
import { mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import { importSrc } from '../bundle.mjs';
import { describeComparison, firstHalf, hitTable, ledgerAgainstPlain, ledgersOfTrace, loadCorpus, pairedComparison, pct, plainClaude, splitTable, TRACES } from '../corpus.mjs';

export async function run({ summary, ws, printTable }) {
  const { rates, transcripts, produce, offline } = await importSrc({ rates: 'compact/hit-rate.ts', transcripts: 'transcripts/index.ts', produce: 'compact/produce.ts', offline: 'notes/offline.ts' });
  const rules = rates.RULES;
  const show = (title, rows) => {
    const { scored, table } = hitTable(rows, rules);
    console.log(`  ${title}: ${rows.length} transcripts, ${scored} whose second half touched a file`);
    printTable(['rule', 'top 5', 'top 10'], rules.map((r) => [rates.RULE_NAMES[r], pct(table[r][5]), pct(table[r][10])]));
    for (const k of [5, 10]) {
      const beaten = rules.filter((r) => r !== 'ours' && table.ours[k] <= table[r][k]).map((r) => rates.RULE_NAMES[r]);
      console.log(`  at ${k}: ${beaten.length ? `NOT better than ${beaten.join(', ')}` : 'better than every simple rule'}`);
    }
    return table;
  };

  const traces = JSON.parse(readFileSync(TRACES, 'utf8')).traces;
  const fromTraces = traces.map((t) => {
    const { first, full } = ledgersOfTrace(t, transcripts.emptyLedger);
    return rates.hitRates(first, full);
  });
  const t = show('hot files, committed traces of the corpus', fromTraces);
  for (const k of [5, 10]) for (const r of rules) summary.note(`hot files @${k} (corpus traces): ${rates.RULE_NAMES[r]}`, pct(t[r][k]));
  // More than the one midpoint cut, and a part no choice was made on: the transcripts split by the
  // first hex digit of their sha256 (even: the part the ranking's choices were looked at on; odd:
  // held out), each cut at 30, 40, 50, 60 and 70% of its tool calls. Beside each mean, how sure it
  // is: the score against each simple rule, with a 95% interval from a bootstrap over transcripts
  // and a sign test over them, so that a gap of a point is not called a win or a loss when it is noise.
  const rulesAndCeiling = [...rules, 'reachable'];
  const names = { ...rates.RULE_NAMES, reachable: 'ceiling: every file the first part knew that the rest touched' };
  for (const [name, part] of Object.entries(splitTable(traces, transcripts.emptyLedger, rates))) {
    console.log(`  hot files, ${name}: ${part.transcripts} transcripts, ${part.scoredTranscripts} with a cut after which a file was touched (${part.n} cuts):`);
    printTable(['rule', 'top 5', 'top 10'], rulesAndCeiling.map((r) => [names[r], pct(part.table[r][5]), pct(part.table[r][10])]));
    const rows = [];
    for (const r of rules.filter((x) => x !== 'ours')) {
      const at = [5, 10].map((k) => pairedComparison(part.rows, 'ours', r, k));
      rows.push([rates.RULE_NAMES[r], ...at.map((c) => `${describeComparison(c)}: ${c.verdict}`)]);
      for (const [i, k] of [5, 10].entries()) summary.note(`hot files @${k} (${name}): seed 004's score − ${rates.RULE_NAMES[r]}`, `${describeComparison(at[i])}: ${at[i].verdict}`);
    }
    console.log(`  seed 004's score minus each simple rule, in points: mean over the cuts [95% interval, bootstrap over transcripts]; transcripts won and lost; sign test p:`);
    printTable(['rule', 'top 5', 'top 10'], rows);
    for (const k of [5, 10]) summary.note(`hot files @${k} (${name}): seed 004's score / best simple rule / ceiling`, `${pct(part.table.ours[k])} / ${pct(Math.max(...rules.filter((r) => r !== 'ours').map((r) => part.table[r][k])))} / ${pct(part.table.reachable[k])}`);
  }

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
    const first = transcripts.readLedger(firstHalf(c.path, join(tmp, c.file)), { agent: c.agent });
    rows.push(rates.hitRates(first, full));
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
  const real = show(`hot files, the transcripts themselves (${corpus.present.length} of ${corpus.manifest.transcripts.length} present, read in ${seconds.toFixed(1)} s)`, rows);
  for (const k of [5, 10]) for (const r of rules) summary.note(`hot files @${k} (corpus): ${rates.RULE_NAMES[r]}`, pct(real[r][k]));
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
