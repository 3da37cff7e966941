// The room for files a session NAMED but did not touch (issue 25 §5, stop 51): before anything
// is built, how often is a file the rest of a session touches only named in its first half (in a
// prompt, the todo list, a search's or a command's output, a command line, the agent's own text),
// and what would hit@5 / hit@10 be if such files were ranked in: an oracle (every named file the
// rest touches takes a slot a rule's miss held) and simple placements, against each simple rule,
// with the bench's own paired comparison (bench/corpus.mjs: bootstrap over transcripts, sign test),
// on the tuning part and on the held-out parts (partOf: fixed before this looked).
//
// Needs the corpus's text (GIT_MEMORY_CORPUS; test/fixtures/corpus/manifest.json says where each
// transcript comes from). `node bench/corpus-named.mjs` prints the tables; nothing is written but a
// bundle of src/ in the system's temporary folder.
import { build } from 'esbuild';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, posix } from 'node:path';
import { pathToFileURL } from 'node:url';
import { BUNDLE_OPTIONS, ROOT } from './bundle.mjs';
import { describeComparison, firstHalf, loadCorpus, pairedComparison, partOf, pct, TUNING } from './corpus.mjs';

/** Where a name was seen. */
export const SOURCES = ['prompt', 'todo', 'search', 'shell_output', 'failing_output', 'command', 'agent_text', 'read_output', 'other'];

// A path-like token: at least one '/' or a file name with an extension; `path:line` and quotes around it cut off.
const TOKEN = /(?:[A-Za-z]:[\\/]|~?\/)?(?:[\w@+\-.]+[\\/])*[\w@+\-]+(?:\.[\w@+\-]+)*\.[A-Za-z][A-Za-z0-9]{0,7}(?![\w/\\])/g;
const NOT_FILE = /^(?:https?:|www\.|\d+\.\d+)/;
const textOf = (c) => (typeof c === 'string' ? c : Array.isArray(c) ? c.map((b) => (typeof b === 'string' ? b : b?.type === 'text' ? b.text : '')).join('\n') : '');

/** The repository paths a text names, as the ledger reports them (`report`: build.ts reportPath with the repository's root), those outside it left out. */
let fileTypeScore = () => 0;
const KNOWN_ONLY = process.env.NAMED_ANY !== '1';
// Variants measured on the tuning part: the characters of each text read, the sources kept, the order of the named files.
const BOUND = Number(process.env.NAMED_BOUND || 200_000);
const KEEP = process.env.NAMED_SRC ? new Set(process.env.NAMED_SRC.split(',')) : null;
export function namedIn(text, cwd, root, report) {
  const out = new Set();
  if (!text || !root) return out;
  for (const m of text.slice(0, BOUND).matchAll(TOKEN)) {
    const t = m[0];
    if (NOT_FILE.test(t) || t.startsWith('~')) continue;
    // Only names of a kind of file the seed's type table knows (its score is not the unknown type's 30):
    // `console.log`, `self.assertEqual`, `req.body` are no files. The corpus has no repository to ask.
    if (KNOWN_ONLY && fileTypeScore(t) === 30) continue;
    const p = report(t, cwd || root, root);
    if (/^(?:\/|[A-Za-z]:)/.test(p) || p === '.' || p.startsWith('../')) continue;
    out.add(p);
  }
  return out;
}

/**
 * What the first `lines` of a Claude Code transcript name, by source: Map path → Set of sources,
 * and the order of naming (the latest naming last), with the session's first working directory as
 * the repository's root.
 */
export function namesOf(lines, report) {
  const byPath = new Map();
  const order = new Map();
  let n = 0;
  let root = null;
  let cwd = null;
  const toolName = new Map();
  const times = new Map();
  const spec = new Map();
  const add = (text, source) => {
    if (KEEP && !KEEP.has(source)) return;
    const seen = namedIn(text, cwd, root, report);
    for (const p of seen) {
      if (!byPath.has(p)) byPath.set(p, new Set());
      byPath.get(p).add(source);
      order.set(p, n);
      times.set(p, (times.get(p) ?? 0) + 1);
      // How specific the naming was: a text naming one file names it more than a listing of a hundred.
      spec.set(p, Math.max(spec.get(p) ?? 0, 1 / seen.size));
    }
    if (seen.size) n++;
  };
  for (const line of lines) {
    let r;
    try {
      r = JSON.parse(line);
    } catch {
      continue;
    }
    if (!r || typeof r !== 'object') continue;
    if (typeof r.cwd === 'string') {
      root ??= r.cwd.replace(/[\\/]+$/, '');
      cwd = r.cwd;
    }
    const content = r.message?.content;
    if (r.type === 'user') {
      if (typeof content === 'string') {
        if (!r.isMeta && !r.isCompactSummary) add(content, 'prompt');
        continue;
      }
      if (!Array.isArray(content)) continue;
      for (const b of content) {
        if (b?.type === 'tool_result') {
          const tool = toolName.get(b.tool_use_id) ?? '';
          const text = textOf(b.content);
          const failing = b.is_error === true || /\b(?:Error|FAIL(?:ED)?|Traceback|panic|exception)\b|error(?: TS\d+)?:/.test(text.slice(0, 20_000));
          const src = /^(Grep|Glob|LS)$|list_dir|directory|search_files/.test(tool) ? 'search' : /Bash|PowerShell|TaskOutput/.test(tool) ? (failing ? 'failing_output' : 'shell_output') : /Read$/.test(tool) ? 'read_output' : 'other';
          add(text, src);
        } else if (b?.type === 'text' && !r.isMeta && !r.isCompactSummary) add(b.text, 'prompt');
      }
    } else if (r.type === 'assistant' && Array.isArray(content)) {
      for (const b of content) {
        if (b?.type === 'text') add(b.text, 'agent_text');
        if (b?.type !== 'tool_use') continue;
        toolName.set(b.id, b.name);
        const i = b.input ?? {};
        if (b.name === 'TodoWrite' && Array.isArray(i.todos)) add(i.todos.map((t) => `${t?.content ?? ''} ${t?.activeForm ?? ''}`).join('\n'), 'todo');
        else if (/^Task(Create|Update)$/.test(b.name)) add(`${i.subject ?? ''}\n${i.description ?? ''}`, 'todo');
        else if (/Bash|PowerShell/.test(b.name) && typeof i.command === 'string') add(i.command, 'command');
        else if (b.name === 'Task' || b.name === 'Agent') add(`${i.prompt ?? ''}`, 'agent_text');
        else if (/^(Grep|Glob)$/.test(b.name)) add(`${i.path ?? ''}`, 'command');
      }
    }
  }
  return { byPath, order, times, spec, root, texts: n };
}

/** hit@k of a ranked list against the files the rest touched (src/compact/hit-rate.ts's measure). */
const hit = (ranked, touched, k) => (touched.size ? ranked.slice(0, k).filter((p) => touched.has(p)).length / Math.min(k, touched.size) : null);

/**
 * The placements measured, each given a rule's ranking (files the first part touched), the named
 * files not touched (latest named first) and k: the list whose top k is scored.
 */
export const PLACEMENTS = {
  // Named files only where the touched files leave the top k empty.
  fill: (ranked, named, k) => [...ranked, ...named].slice(0, k),
  // The last slot of the top k to the latest named file (the rest as the rule ranks them).
  last_slot: (ranked, named, k) => (named.length ? [...ranked.slice(0, k - 1), named[0], ...ranked.slice(k - 1)] : ranked),
  // Both: fill, and at least the last slot.
  fill_or_last: (ranked, named, k) => (ranked.length >= k && named.length ? [...ranked.slice(0, k - 1), named[0]] : [...ranked, ...named]),
};

if (import.meta.url === `file://${process.argv[1]}`) {
  const tmp = mkdtempSync(join(tmpdir(), 'corpus-named-'));
  await build({ entryPoints: { rates: join(ROOT, 'src/compact/hit-rate.ts'), transcripts: join(ROOT, 'src/transcripts/index.ts'), hot: join(ROOT, 'src/compact/hot-files.ts'), build: join(ROOT, 'src/transcripts/build.ts') }, outdir: tmp, outExtension: { '.js': '.mjs' }, ...BUNDLE_OPTIONS });
  const rates = await import(pathToFileURL(join(tmp, 'rates.mjs')).href);
  const transcripts = await import(pathToFileURL(join(tmp, 'transcripts.mjs')).href);
  const hot = await import(pathToFileURL(join(tmp, 'hot.mjs')).href);
  const { reportPath } = await import(pathToFileURL(join(tmp, 'build.mjs')).href);
  fileTypeScore = hot.fileTypeScore;
  const corpus = loadCorpus();
  console.log(`corpus: ${corpus.present.length} of ${corpus.manifest.transcripts.length} present in ${corpus.dir}`);
  const rows = [];
  const sourceCounts = { tuning: {}, held: {} };
  const cutCounts = { tuning: { cuts: 0, knownHit: 0, namedHit: 0, namedOnly: 0 }, held: { cuts: 0, knownHit: 0, namedHit: 0, namedOnly: 0 } };
  for (const c of corpus.present) {
    const lines = readFileSync(c.path, 'utf8').split('\n').filter((l) => l.trim());
    const half = lines.slice(0, Math.ceil(lines.length / 2));
    // The session's first working directory stands for the repository's root (the corpus has no repository).
    const { byPath, order, times, spec, root, texts } = namesOf(half, reportPath);
    const full = transcripts.readLedger(c.path, { agent: c.agent, repoRoot: root ?? undefined });
    const first = transcripts.readLedger(firstHalf(c.path, join(tmp, 'half.jsonl')), { agent: c.agent, repoRoot: root ?? undefined });
    const touched = rates.touchedAfter(first, full);
    if (!touched.size) continue;
    const part = partOf(c.sha256) === TUNING ? 'tuning' : 'held';
    const knownPaths = new Set(first.files.map((f) => f.path));
    const TOLD = { prompt: 8, todo: 8, agent_text: 4, command: 2, failing_output: 2, shell_output: 1, search: 1, read_output: 0, other: 0 };
    const told = (p) => Math.max(...[...byPath.get(p)].map((x) => TOLD[x]));
    const rankers = {
      latest: (a, b) => order.get(b) - order.get(a),
      most_named: (a, b) => times.get(b) - times.get(a) || order.get(b) - order.get(a),
      most_sources: (a, b) => byPath.get(b).size - byPath.get(a).size || times.get(b) - times.get(a) || order.get(b) - order.get(a),
      told_first: (a, b) => told(b) - told(a) || order.get(b) - order.get(a),
      specific: (a, b) => spec.get(b) - spec.get(a) || order.get(b) - order.get(a),
      specific_told: (a, b) => spec.get(b) * (1 + told(b)) - spec.get(a) * (1 + told(a)) || order.get(b) - order.get(a),
      specific_x_named: (a, b) => spec.get(b) * times.get(b) - spec.get(a) * times.get(a) || order.get(b) - order.get(a),
      recent_specific: (a, b) => spec.get(b) * Math.pow(0.5, (texts - order.get(b)) / 10) - spec.get(a) * Math.pow(0.5, (texts - order.get(a)) / 10),
      told_then_most: (a, b) => told(b) - told(a) || times.get(b) - times.get(a) || order.get(b) - order.get(a),
    };
    const named = [...byPath.keys()].filter((p) => !knownPaths.has(p)).sort(rankers[process.env.FILL_RANK || 'latest']);
    const namedHits = named.filter((p) => touched.has(p));
    const cc = cutCounts[part];
    cc.cuts++;
    const knownHit = first.files.some((f) => touched.has(f.path));
    if (knownHit) cc.knownHit++;
    if (namedHits.length) cc.namedHit++;
    if (namedHits.length && !knownHit) cc.namedOnly++;
    for (const s of SOURCES) if (namedHits.some((p) => byPath.get(p).has(s))) sourceCounts[part][s] = (sourceCounts[part][s] ?? 0) + 1;
    const at = Date.parse(first.updated);
    const lists = {
      // The score before named files were ranked (stop 50's), and as shipped now (src/compact/hot-files.ts: named files after the touched ones).
      ours: hot.scoreHotFiles({ ...first, named: undefined }, [], { now: new Date(Number.isNaN(at) ? Date.now() : at), sizeOf: () => 4000 }).map((f) => f.path),
      shipped: hot.scoreHotFiles(first, [], { now: new Date(Number.isNaN(at) ? Date.now() : at), sizeOf: () => 4000 }).map((f) => f.path),
      claude: hot.recentlyReadFiles(first, 1000),
      recent: rates.recentlyTouchedFiles(first, 1000),
      often: rates.oftenTouchedFiles(first, 1000),
    };
    const row = { id: c.sha256, part, named: named.length, namedHits: namedHits.length };
    for (const k of [5, 10]) {
      for (const [r, l] of Object.entries(lists)) {
        (row[r] ??= {})[k] = hit(l, touched, k);
        // The oracle: the rule's hits kept, its misses in the top k replaced by named files the rest touches.
        const found = l.slice(0, k).filter((p) => touched.has(p)).length;
        (row[`${r}+oracle`] ??= {})[k] = Math.min(k, found + namedHits.length) / Math.min(k, touched.size);
        for (const [name, place] of Object.entries(PLACEMENTS)) (row[`${r}+${name}`] ??= {})[k] = hit(place(l, named, k), touched, k);
        // The same placements with the named files of a prompt or the todo list only.
        const told = named.filter((p) => byPath.get(p).has('prompt') || byPath.get(p).has('todo'));
        for (const [name, place] of Object.entries(PLACEMENTS)) (row[`${r}+${name}(prompt,todo)`] ??= {})[k] = hit(place(l, told, k), touched, k);
      }
      // The ceiling: every file the first part knew or named that the rest touched, as many as k allows.
      const known = first.files.filter((f) => touched.has(f.path)).length;
      (row.ceiling ??= {})[k] = Math.min(k, known + namedHits.length) / Math.min(k, touched.size);
      (row.ceiling_touch ??= {})[k] = Math.min(k, known) / Math.min(k, touched.size);
    }
    // Which named file: each ranking's first 1 and 3 named files, and whether the rest touched them.
    row.rankers = {};
    for (const [name, cmp] of Object.entries(rankers)) {
      const l = [...named].sort(cmp);
      row.rankers[name] = { top1: named.length ? (touched.has(l[0]) ? 1 : 0) : null, top3: named.length ? l.slice(0, 3).filter((p) => touched.has(p)).length : null };
    }
    // The value of a rule's own 5th and 10th slot: whether the file there is one the rest touched (null when the rule has no file there).
    row.slot = {};
    for (const [r, l] of Object.entries(lists)) row.slot[r] = { 5: l.length >= 5 ? (touched.has(l[4]) ? 1 : 0) : null, 10: l.length >= 10 ? (touched.has(l[9]) ? 1 : 0) : null, '4-5': l.length >= 5 ? l.slice(3, 5).filter((p) => touched.has(p)).length / 2 : null };
    row.texts = texts;
    // Per source: named files (not touched in the first part), and how many of them the rest touched; the same of those named in a text naming at most 3 files.
    row.bySource = {};
    for (const p of named)
      for (const src of byPath.get(p)) {
        const e = (row.bySource[src] ??= { named: 0, hits: 0, named3: 0, hits3: 0 });
        e.named++;
        if (touched.has(p)) e.hits++;
        if (spec.get(p) >= 1 / 3) {
          e.named3++;
          if (touched.has(p)) e.hits3++;
        }
      }
    rows.push(row);
  }
  rmSync(tmp, { recursive: true, force: true });
  const mean = (xs) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
  for (const part of ['tuning', 'held']) {
    const rs = rows.filter((r) => r.part === part);
    const cc = cutCounts[part];
    console.log(`\n== ${part === 'tuning' ? 'tuning part (sha256 even)' : 'held-out parts pooled'}: ${cc.cuts} midpoint cuts whose rest touched a file (${new Set(rs.map((r) => r.id)).size} transcripts)`);
    console.log(`  cuts where the rest touched a file the first half touched: ${cc.knownHit}; a file the first half only named: ${cc.namedHit}; only named (nothing touched reachable): ${cc.namedOnly}`);
    console.log(`  named-not-touched files per cut: mean ${mean(rs.map((r) => r.named)).toFixed(1)}, median ${rs.map((r) => r.named).sort((a, b) => a - b)[rs.length >> 1]}; of them touched later: mean ${mean(rs.map((r) => r.namedHits)).toFixed(2)}`);
    console.log(`  cuts with a named-only hit, by source (a cut counts under each source that named the file): ${SOURCES.map((s) => `${s} ${sourceCounts[part][s] ?? 0}`).join(', ')}`);
    const cols = Object.keys(rs[0]).filter((x) => typeof rs[0][x] === 'object' && !['rankers', 'slot'].includes(x));
    const share = (xs) => { const v = xs.filter((x) => x !== null); return `${pct(mean(v))} of ${v.length}`; };
    console.log('  the first named file of each ranking (cuts with a named file): touched by the rest in; the first 3: hits per cut');
    for (const name of Object.keys(rs[0].rankers)) console.log(`    ${name.padEnd(16)} top 1 ${share(rs.map((r) => r.rankers[name].top1))}; top 3 ${mean(rs.filter((r) => r.rankers[name].top3 !== null).map((r) => r.rankers[name].top3)).toFixed(2)}`);
    console.log('  per source: files named (not touched), how many the rest touched (precision); of those named in a text naming at most 3 files:');
    for (const src of SOURCES) {
      const t = { named: 0, hits: 0, named3: 0, hits3: 0 };
      for (const r of rs) for (const k of Object.keys(t)) t[k] += r.bySource[src]?.[k] ?? 0;
      console.log(`    ${src.padEnd(16)} ${t.hits} of ${t.named} (${pct(t.hits / Math.max(1, t.named))}); at most 3 named: ${t.hits3} of ${t.named3} (${pct(t.hits3 / Math.max(1, t.named3))})`);
    }
    console.log("  a rule's own 5th / 10th file (cuts where it has one): touched by the rest in");
    for (const r of Object.keys(rs[0].slot)) console.log(`    ${r.padEnd(16)} 5th ${share(rs.map((x) => x.slot[r][5]))}; 10th ${share(rs.map((x) => x.slot[r][10]))}; 4th-5th ${share(rs.map((x) => x.slot[r]['4-5']))}`);
    console.log('  mean hit@5 / hit@10:');
    for (const col of cols) console.log(`    ${col.padEnd(36)} ${pct(mean(rs.map((r) => r[col][5])))} / ${pct(mean(rs.map((r) => r[col][10])))}`);
    console.log('  each variant minus each simple rule (points [95% interval]; won, lost; sign test):');
    for (const col of cols.filter((x) => x.includes('+') || x === 'ours'))
      for (const base of ['ours', 'claude', 'recent', 'often'].filter((b) => b !== col && (col.startsWith('ours') || b !== 'ours')))
        console.log(`    ${col.padEnd(36)} − ${base.padEnd(7)} @5 ${describeComparison(pairedComparison(rs, col, base, 5)).padEnd(52)} @10 ${describeComparison(pairedComparison(rs, col, base, 10))}`);
  }
}
