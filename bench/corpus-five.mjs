// `node bench/corpus-five.mjs`: where the hot-file score and the simple rules part at the top 5, on
// the corpus's TUNING part only (bench/corpus.mjs partOf; the held-out parts are not read), from
// the committed traces. Stop 52 (issue 25 §5): at 10 the score was better than every simple rule,
// at 5 at the midpoint not separable from "most often touched" or "most recently touched"; this
// shows which files each keeps in its top 5 where they differ, and how often the rest of the
// session touched each kind of file, so that a change is made where the rules disagree.
//
// Printed, over the cuts at 30-70% of the tool calls whose first part touched more than 5 files:
//  1. each file in the top 5 of the score (O), most recently touched (R) or most often touched (F),
//     by which of the three keep it, and the share the rest touched;
//  2. every file the first part touched, by its place by last touch (0: the latest) × its
//     operations × what was done (R read only, W written only, E edited only, RC read then changed,
//     C>R changed then read again: its last operation a read), and the share the rest touched.
import { readFileSync } from 'node:fs';
import { importSrc } from './bundle.mjs';
import { cutTrace, partOf, SPLIT_CUTS, TRACES } from './corpus.mjs';

const { rates, hot, ledger } = await importSrc({ rates: 'compact/hit-rate.ts', hot: 'compact/hot-files.ts', ledger: 'transcripts/ledger.ts' });
const traces = JSON.parse(readFileSync(TRACES, 'utf8')).traces.filter((t) => partOf(t.sha256).startsWith('tuning'));

const tally = new Map();
const add = (table, key, touched) => {
  const t = tally.get(table) ?? new Map();
  tally.set(table, t);
  const e = t.get(key) ?? [0, 0];
  e[0] += touched ? 1 : 0;
  e[1]++;
  t.set(key, e);
};
let cuts = 0;
for (const t of traces)
  for (const frac of SPLIT_CUTS) {
    const { first, full } = cutTrace(t, frac, ledger.emptyLedger);
    const touched = rates.touchedAfter(first, full);
    if (!touched.size || first.files.length <= 5) continue;
    cuts++;
    const ours = hot.scoreHotFiles(first, [], { now: new Date(Date.parse(first.updated)), sizeOf: () => 4000 }).slice(0, 5).map((f) => f.path);
    const recent = rates.recentlyTouchedFiles(first, 5);
    const often = rates.oftenTouchedFiles(first, 5);
    for (const p of new Set([...ours, ...recent, ...often])) add('kept by', `${ours.includes(p) ? 'O' : '-'}${recent.includes(p) ? 'R' : '-'}${often.includes(p) ? 'F' : '-'}`, touched.has(p));
    [...first.files]
      .sort((a, b) => b.last_call - a.last_call)
      .forEach((f, i) => {
        const ops = f.reads + f.edits + f.writes;
        const what = f.edits + f.writes === 0 ? 'R' : f.reads === 0 ? (f.edits ? 'E' : 'W') : f.last_op === 'read' ? 'C>R' : 'RC';
        const place = i === 0 ? '0' : i < 3 ? '1-2' : i < 6 ? '3-5' : '6+';
        add('place × operations', `place ${place.padEnd(3)} ops ${ops >= 4 ? '4+' : ops}`, touched.has(f.path));
        add('operations × what was done', `ops ${ops >= 4 ? '4+' : ops} ${what}`, touched.has(f.path));
      });
  }
console.log(`tuning part: ${traces.length} transcripts, ${cuts} cuts at ${SPLIT_CUTS.join(', ')} of the tool calls whose first part touched more than 5 files`);
for (const [table, t] of tally) {
  console.log(`\n${table === 'kept by' ? 'top 5 of the score (O), most recently touched (R), most often touched (F)' : table}: files, share the rest touched`);
  for (const [k, [y, n]] of [...t].sort(([a], [b]) => a.localeCompare(b))) if (n >= 15) console.log(`  ${k.padEnd(24)} ${String(n).padStart(5)}  ${((100 * y) / n).toFixed(1)}%`);
}
