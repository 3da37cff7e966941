// The real-transcript corpus (issue 25 §5, §6): transcripts people published in public
// repositories, read by git-memory's own reader. Their text is third parties' and is never
// committed: the files live outside the repository (GIT_MEMORY_CORPUS, default
// ~/.cache/git-memory/corpus), and the repository keeps only their manifest (origin, commit,
// sha256, why chosen) and text-free traces derived from them (test/fixtures/corpus/).
//
// Functions take git-memory's modules as arguments, so the bench (bundled src/) and the tests
// (TypeScript src/) share them.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, posix, win32 } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url)).replace(/\/$/, '');
export const MANIFEST = join(ROOT, 'test/fixtures/corpus/manifest.json');
export const TRACES = join(ROOT, 'test/fixtures/corpus/traces.json');
/** The Codex rollouts and Gemini CLI chats of issue 25 §6 (scripts/agents-corpus.mjs); stop 55 traces its Codex rollouts for the hot-file table. */
export const AGENTS_MANIFEST = join(ROOT, 'test/fixtures/corpus/agents-manifest.json');
/** A Codex rollout is traced when git-memory's ledger of it touches this many files (as a Claude Code transcript is collected when its file tools name 10). */
export const CODEX_MIN_FILES = 10;

export const corpusDir = () => process.env.GIT_MEMORY_CORPUS || join(homedir(), '.cache', 'git-memory', 'corpus');

/** The manifest's transcripts found in the corpus directory with the recorded sha256; the others as missing. */
export function loadCorpus(dir = corpusDir()) {
  const manifest = JSON.parse(readFileSync(MANIFEST, 'utf8'));
  const present = [];
  const missing = [];
  for (const t of manifest.transcripts) {
    const path = join(dir, t.file);
    if (!existsSync(path)) {
      missing.push({ ...t, why_missing: 'absent' });
      continue;
    }
    const sha = createHash('sha256').update(readFileSync(path)).digest('hex');
    if (sha !== t.sha256) missing.push({ ...t, why_missing: `sha256 ${sha.slice(0, 12)}… is not the manifest's` });
    else present.push({ ...t, path });
  }
  return { dir, manifest, present, missing };
}

/** Non-blank lines of a JSONL file, and the file cut after the first half of them. */
export function firstHalf(path, out) {
  const lines = readFileSync(path, 'utf8').split('\n').filter((l) => l.trim());
  writeFileSync(out, `${lines.slice(0, Math.ceil(lines.length / 2)).join('\n')}\n`);
  return out;
}

export const pct = (v) => (v === null || v === undefined ? 'n/a' : `${(v * 100).toFixed(1)}%`);
export const mean = (xs) => {
  const v = xs.filter((x) => x !== null && x !== undefined);
  return v.length ? v.reduce((a, b) => a + b, 0) / v.length : null;
};

/** Mean hit rate of each rule at each k over the rows whose second half touched a file. */
export function hitTable(rows, rules, ks = [5, 10]) {
  const scored = rows.filter((r) => r.ours[5] !== null);
  const table = {};
  for (const rule of rules) table[rule] = Object.fromEntries(ks.map((k) => [k, mean(scored.map((r) => r[rule][k]))]));
  return { scored: scored.length, table };
}

/**
 * The three ways the corpus tables measure a rule (src/compact/hit-rate.ts): hit@k, ours since
 * the first corpus (found / min(k, files the rest touched)); issue 25's own wording, the share of
 * the rest's files found in the top k; and that share of the files the first part knew.
 */
export const MEASURES = {
  hit: 'hit@k: found in the top k / min(k, files the rest touched)',
  recall: "issue 25's measure: share of the rest's files found in the top k",
  recall_known: "share of the rest's files the first part knew found in the top k",
};

/** Rows of hitRates (each with its transcript's `id`) as rows of one measure, for hitTable and pairedComparison; those with nothing to measure dropped. */
export function rowsOf(rows, measure) {
  const out = measure === 'hit' ? rows : rows.map((r) => ({ id: r.id, ...r[measure] }));
  return out.filter((r) => r.ours[5] !== null && r.ours[5] !== undefined);
}

/** A seeded generator (mulberry32), so that the bench prints the same intervals at every run. */
function seeded(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Two-sided sign test: the chance of a split at least this uneven between wins and losses if each were a coin toss. */
export function signTest(wins, losses) {
  const n = wins + losses;
  if (!n) return 1;
  const lo = Math.min(wins, losses);
  let tail = 0;
  let c = 1; // C(n, i)
  for (let i = 0; i <= lo; i++) {
    tail += c;
    c = (c * (n - i)) / (i + 1);
  }
  return Math.min(1, (2 * tail) / 2 ** n);
}

/**
 * Rule `a` against rule `b` at top k, on cuts that carry the id of their transcript: the difference
 * of their mean hit rates over the cuts (as the tables show them), its 95% interval from a
 * bootstrap that draws whole transcripts (the cuts of one session are not independent of each
 * other), and a sign test over transcripts (each one's summed difference a win, a loss or a tie).
 * The verdict names a difference only when the interval leaves out zero.
 */
export function pairedComparison(rows, a, b, k, { draws = 10_000, seed = 25 } = {}) {
  const by = new Map();
  for (const r of rows) {
    if (r[a][k] === null || r[a][k] === undefined) continue;
    const e = by.get(r.id) ?? { sum: 0, n: 0 };
    e.sum += r[a][k] - r[b][k];
    e.n++;
    by.set(r.id, e);
  }
  const units = [...by.values()];
  const cuts = units.reduce((x, e) => x + e.n, 0);
  if (!cuts) return { diff: null, low: null, high: null, wins: 0, losses: 0, ties: 0, p: 1, transcripts: 0, cuts: 0, verdict: 'no data' };
  const diff = units.reduce((x, e) => x + e.sum, 0) / cuts;
  const rand = seeded(seed);
  const means = new Float64Array(draws);
  for (let d = 0; d < draws; d++) {
    let sum = 0;
    let n = 0;
    for (let i = 0; i < units.length; i++) {
      const e = units[Math.floor(rand() * units.length)];
      sum += e.sum;
      n += e.n;
    }
    means[d] = sum / n;
  }
  means.sort();
  const low = means[Math.floor(draws * 0.025)];
  const high = means[Math.ceil(draws * 0.975) - 1];
  const eps = 1e-9;
  const wins = units.filter((e) => e.sum > eps).length;
  const losses = units.filter((e) => e.sum < -eps).length;
  const verdict = low > eps ? 'better' : high < -eps ? 'worse' : 'not separable';
  return { diff, low, high, wins, losses, ties: units.length - wins - losses, p: signTest(wins, losses), transcripts: units.length, cuts, verdict };
}

/** "+1.2 [-0.4, +2.9]; 6 won, 2 lost of 16; p 0.29": points, 95% interval, transcripts won and lost, sign test. */
export function describeComparison(c) {
  if (c.diff === null) return 'no cut to compare';
  const pts = (v) => `${v >= 0 ? '+' : ''}${(v * 100).toFixed(1)}`;
  return `${pts(c.diff)} [${pts(c.low)}, ${pts(c.high)}]; ${c.wins} won, ${c.losses} lost of ${c.transcripts}; p ${c.p < 0.001 ? '<0.001' : c.p.toFixed(2)}`;
}

/** The cuts of one trace at `frac` of its tool calls: its ledgers up to there, and whole. */
export function cutTrace(trace, frac, emptyLedger) {
  const calls = Math.round(trace.tool_calls * frac);
  const before = trace.steps.filter((s) => s[2] < calls);
  return ledgersOfTrace({ ...trace, cut: { tool_calls: calls, secs: before.length ? before.at(-1)[4] : 0 } }, emptyLedger);
}

export const SPLIT_CUTS = [0.3, 0.4, 0.5, 0.6, 0.7];

export const TUNING = 'tuning part (sha256 even)';
export const HELD_OUT = 'held-out part (sha256 odd)';
/** Transcripts of sources added after every earlier look (manifest `part`, bench/corpus-collect.mjs): held out whatever their sha256. */
export const HELD_OUT_NEW = 'held-out part, new sources (stop 36)';
/** Stop 40's new sources (manifest `part` "held out, stop 40 sources"): held out whatever their sha256, looked at by no round before. */
export const HELD_OUT_40 = 'held-out part, new sources (stop 40)';
/** Stop 55's new sources (manifest `part` "held out, stop 55 sources", bench/corpus-collect.mjs SOURCES_55): held out whatever their sha256, looked at by no round before. */
export const HELD_OUT_55 = 'held-out part, new sources (stop 55)';
/**
 * Stop 55: the agents corpus's Codex rollouts (agents-manifest.json, gathered for the ledger's recall
 * in stops 41-50, never read for hot files), those whose ledger touches CODEX_MIN_FILES files or
 * more: held out whatever their sha256, in a part of their own, pooled with every held-out part.
 * Fixed before any hot-file figure of them was computed.
 */
export const HELD_OUT_CODEX = 'held-out part, Codex rollouts (stop 55)';
/**
 * Stop 56 (issue 25 §5's target, "on the whole corpus and on a held-out third, tuned on the rest"): a
 * third of every transcript whatever its part, by its sha256 read as a number modulo 3, fixed before
 * any figure of it was computed. Stop 56 chose nothing on it (the score is unchanged); a later round
 * that tunes on THIRD_REST judges on THIRD_HELD.
 */
export const THIRD_HELD = 'a held-out third (sha256 mod 3 = 0)';
export const THIRD_REST = 'the other two thirds (sha256 mod 3 ≠ 0)';
export const thirdOf = (sha256) => (BigInt(`0x${sha256}`) % 3n === 0n ? THIRD_HELD : THIRD_REST);

/** The sha256-odd part and stop 36's sources, as the judgements of stops 36–38 read them. */
export const HELD_OUT_POOLED = 'held-out parts pooled (sha256 odd + new sources)';
/** Every held-out part: sha256 odd, stop 36's sources, stop 40's and stop 55's, and the Codex rollouts. */
export const HELD_OUT_ALL = 'held-out parts pooled (sha256 odd + stop 36, stop 40 and stop 55 sources + Codex rollouts)';

/** The part each manifest `part` names (bench/corpus-collect.mjs NEW_PART of the round that collected it). */
const MANIFEST_PARTS = { 'held out, stop 36 sources': HELD_OUT_NEW, 'held out, stop 40 sources': HELD_OUT_40, 'held out, stop 55 sources': HELD_OUT_55 };

let grown = null;
/** The part of each transcript the manifest puts in a part of its own (`part`): the new sources of stops 36 and 40. */
const newSources = () =>
  (grown ??= new Map([
    ...JSON.parse(readFileSync(MANIFEST, 'utf8')).transcripts.filter((t) => t.part).map((t) => [t.sha256, MANIFEST_PARTS[t.part] ?? `held-out part, ${t.part}`]),
    ...JSON.parse(readFileSync(AGENTS_MANIFEST, 'utf8')).transcripts.filter((t) => t.agent === 'codex').map((t) => [t.sha256, HELD_OUT_CODEX]),
  ]));

/**
 * The part a transcript belongs to, fixed before any choice was made: a transcript of the sources
 * added in stop 36 or stop 40 (no round had looked at them) is held out whatever its sha256, in a
 * part of its round; of the others, an even first hex digit tunes and an odd one is held out.
 * Every part but the tuning part starts with "held-out": the judge (bench/corpus-judge.mjs) reads
 * them all, the tuning never.
 */
export const partOf = (sha256) => newSources().get(sha256) ?? (parseInt(sha256[0], 16) % 2 === 0 ? TUNING : HELD_OUT);

/**
 * The hot-file table on the parts of the traces (partOf: tuning, where the ranking's choices were
 * looked at; held out by sha256; held out as new sources of stop 36 and of stop 40; the sha256-odd
 * and stop 36 parts pooled, as earlier judgements read them; and every held-out part pooled), each trace cut at every SPLIT_CUTS fraction of its tool calls (more cuts
 * than the one midpoint: the corpus is small). Mean hit rates over the cuts whose rest touched a
 * file, each cut's rates kept (with its transcript's id) for the paired comparisons.
 */
export function splitTable(traces, emptyLedger, rates) {
  const parts = { [TUNING]: [], [HELD_OUT]: [] };
  const transcripts = { [TUNING]: 0, [HELD_OUT]: 0 };
  for (const t of traces) {
    const into = partOf(t.sha256);
    parts[into] ??= [];
    transcripts[into] = (transcripts[into] ?? 0) + 1;
    for (const f of SPLIT_CUTS) {
      const { first, full } = cutTrace(t, f, emptyLedger);
      parts[into].push({ id: t.sha256, ...rates.hitRates(first, full) });
    }
  }
  if (parts[HELD_OUT_NEW]) {
    parts[HELD_OUT_POOLED] = [...parts[HELD_OUT], ...parts[HELD_OUT_NEW]];
    transcripts[HELD_OUT_POOLED] = transcripts[HELD_OUT] + transcripts[HELD_OUT_NEW];
  }
  if (parts[HELD_OUT_40]) {
    parts[HELD_OUT_ALL] = [...parts[HELD_OUT], ...(parts[HELD_OUT_NEW] ?? []), ...parts[HELD_OUT_40], ...(parts[HELD_OUT_55] ?? []), ...(parts[HELD_OUT_CODEX] ?? [])];
    transcripts[HELD_OUT_ALL] = transcripts[HELD_OUT] + (transcripts[HELD_OUT_NEW] ?? 0) + transcripts[HELD_OUT_40] + (transcripts[HELD_OUT_55] ?? 0) + (transcripts[HELD_OUT_CODEX] ?? 0);
  }
  return Object.fromEntries(Object.entries(parts).map(([k, rows]) => {
    const { scored, table } = hitTable(rows, [...rates.RULES, 'reachable']);
    return [k, { n: scored, transcripts: transcripts[k], scoredTranscripts: new Set(rows.filter((r) => r.ours[5] !== null).map((r) => r.id)).size, table, rows: rows.filter((r) => r.ours[5] !== null), all: rows }];
  }));
}

/** The records of a JSON-lines file, each line that parses (a torn or blank line is left out). */
export function* jsonLines(path) {
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    try {
      yield JSON.parse(line);
    } catch {
      /* not a record */
    }
  }
}

/** How many items of `b` are in `a`, each item of `a` matched once (the intersection of two multisets). */
export function both(a, b) {
  const m = new Map();
  for (const x of a) m.set(x, (m.get(x) ?? 0) + 1);
  let n = 0;
  for (const x of b) {
    const c = m.get(x) ?? 0;
    if (c > 0) {
      n++;
      m.set(x, c - 1);
    }
  }
  return n;
}

// ---- Text-free traces: what a hot-file rule sees of a session, no path, no text ----------------

const CRITICAL = new Set(['package.json', 'pom.xml', 'cargo.toml', 'go.mod', 'dockerfile', 'docker-compose.yml', 'makefile', 'readme.md', 'index.js', 'main.py', 'app.js']);

/**
 * A stand-in path that scores as the real one does (seed 004's file-type and project factors read
 * only its extension, a few folder names and a few well-known file names) and says nothing else.
 */
export function opaquePath(path, id) {
  const p = `/${path.toLowerCase()}`;
  const dirs = [p.includes('/src/') && 'src', (p.includes('/test/') || p.includes('/spec/')) && 'test', (p.includes('/components/') || p.includes('/modules/')) && 'components'].filter(Boolean);
  const base = p.slice(p.lastIndexOf('/') + 1);
  // The file type factor reads what follows the last dot, a dot file's too (`.env` scores as env).
  const dot = base.lastIndexOf('.');
  const ext = dot >= 0 ? base.slice(dot + 1).replace(/[^a-z0-9]/g, '').slice(0, 8) : '';
  // A well-known name is kept (the project factor reads it) in a folder of its own: two README.md
  // of different folders must stay two files.
  const name = CRITICAL.has(base) ? `d${id}/${base}` : `f${id}${ext ? `.${ext}` : ''}`;
  // A path the reader left absolute is outside the repository (stop 56: the score ranks no such
  // file, src/compact/hot-files.ts isOutsidePath): its stand-in stays absolute, and says no more.
  const outside = path.startsWith('/') || /^[A-Za-z]:[\\/]/.test(path) || path.startsWith('\\\\');
  return `${outside ? '/' : ''}${[...dirs, name].join('/')}`;
}

const EPOCH = Date.UTC(2026, 0, 1);

/**
 * The trace of one transcript, as git-memory's reader takes it: each file operation in the order
 * the ledger took it, as [op, file id, tool-call index, turn, seconds since the session's start],
 * the files as opaque stand-in paths, and where the first half of its lines ends (in tool calls).
 * `op` is `r`, `e` or `w` (a read, an edit, a write), or `u` / `U`: an edit / a write its result
 * said was not made, a read since (a sixth field, 1 when that made the file's last touch a read),
 * or `n`: the file named by a prompt, the todo list, a command or a search's or command's output
 * (Ledger.named; its tool call is the latest call when it was named).
 *
 * A Claude Code record whose parent has not come yet waits; a read's ledger (ledgerOf, as
 * readLedger gives it) takes what still waits at its end, after the rest. So the trace records the
 * ledger as a read of the first half gives it: `cut.held` holds the tool calls taken before the cut
 * (`from`) and the operations the first half's ledger adds by taking what waits there (`steps`),
 * present only when something waited. What still waits at the very end is taken the same way, and
 * those operations close `steps`.
 */
export function traceOf({ read, build }, path, agent) {
  const lines = readFileSync(path, 'utf8').split('\n');
  const half = Math.ceil(lines.filter((l) => l.trim()).length / 2);
  // The session's first working directory stands for the repository's root (the corpus has no
  // repository): paths inside it are the ledger's relative ones, and the files it names are kept.
  const repoRoot = firstCwd(lines);
  const state = build.newState(agent);
  const ids = new Map();
  const files = [];
  const steps = [];
  let offset = 0;
  let seen = 0;
  let cut = null;
  const start = () => Date.parse(state.ledger.started);
  const secsOf = (iso) => {
    const at = Date.parse(iso);
    return Number.isNaN(at) || Number.isNaN(start()) ? 0 : Math.round((at - start()) / 1000);
  };
  const idOf = (p) => {
    if (!ids.has(p)) {
      ids.set(p, files.length);
      files.push(opaquePath(p, files.length));
    }
    return ids.get(p);
  };
  /** The operations `ledger` holds beyond `counts` (per path), as steps, into `out`; `counts` updated. */
  const stepsBeyond = (ledger, counts, out) => {
    for (const f of ledger.files) {
      const before = counts.get(f.path) ?? { reads: 0, edits: 0, writes: 0, refused: 0 };
      // A change its result said was not made (a failed or refused edit) becomes a read: an undo
      // step ('u' an edit, 'U' a write) where the ledger's change count went down, at the latest
      // call made (its result comes after it), with a sixth field 1 when the file's last touch is
      // now a read (see undoChanges, src/transcripts/build.ts).
      const undone = (f.refused ?? 0) - before.refused;
      const now = { reads: f.reads - undone, edits: f.edits, writes: f.writes };
      for (const [op, key] of [['e', 'edits'], ['w', 'writes']]) {
        const down = Math.max(0, before[key] - f[key]);
        for (let n = 0; n < down; n++) out.push([op === 'e' ? 'u' : 'U', idOf(f.path), Math.max(0, ledger.tool_calls - 1), ledger.turns.length, secsOf(f.last), f.last_op === 'read' ? 1 : 0]);
        now[key] = f[key] + down;
      }
      for (const [op, key] of [['r', 'reads'], ['e', 'edits'], ['w', 'writes']])
        for (let n = before[key]; n < now[key]; n++) out.push([op, idOf(f.path), f.last_call, ledger.turns.length, secsOf(f.last)]);
      counts.set(f.path, { reads: f.reads, edits: f.edits, writes: f.writes, refused: f.refused ?? 0 });
    }
    // Files named, not touched (Ledger.named, transcripts/named.ts): an 'n' step per naming, at its tool call.
    for (const n of ledger.named ?? []) {
      const key = `\0named\0${n.path}`;
      const before = counts.get(key)?.times ?? 0;
      for (let k = before; k < n.times; k++) out.push(['n', idOf(n.path), n.last_call, ledger.turns.length, secsOf(ledger.updated)]);
      counts.set(key, { times: n.times });
    }
  };
  const counts = new Map();
  /** The ledger a read ending here gives: what still waits for its parent taken, on a copy. */
  const settled = () => read.ledgerOf({ state, offset, size: offset, tail: null, sessionId: '' }, { repoRoot });
  for (const line of lines) {
    const end = offset + Buffer.byteLength(line) + 1;
    read.readOn(state, path, offset, { to: end, repoRoot });
    offset = end;
    stepsBeyond(state.ledger, counts, steps);
    if (line.trim() && ++seen === half) {
      const ledger = settled();
      cut = { tool_calls: ledger.tool_calls, secs: secsOf(ledger.updated) };
      const held = [];
      if (ledger !== state.ledger) stepsBeyond(ledger, new Map([...counts].map(([p, c]) => [p, { ...c }])), held);
      if (held.length || ledger.tool_calls !== state.ledger.tool_calls) cut.held = { from: state.ledger.tool_calls, steps: held };
    }
  }
  const whole = settled();
  if (whole !== state.ledger) stepsBeyond(whole, counts, steps);
  return { agent, tool_calls: whole.tool_calls, cut: cut ?? { tool_calls: 0, secs: 0 }, files, steps };
}

/**
 * The first working directory a transcript's records name, or undefined: Claude Code's `cwd` on each
 * record, a Codex rollout's in its records' payload (session_meta, turn_context). Stop 56: the Codex
 * rollouts were traced with no root (only the top-level field was read), so their paths stayed
 * absolute and every file they only named was dropped (Ledger.named keeps repository files), unlike
 * the hook, which reads them with the repository's root: the Codex rows measured a reading no user gets.
 */
export function firstCwd(lines) {
  for (const line of lines) {
    if (!line.includes('"cwd"')) continue;
    try {
      const r = JSON.parse(line);
      const cwd = r?.cwd ?? r?.payload?.cwd;
      if (typeof cwd === 'string' && cwd) return cwd;
    } catch {
      /* not a record */
    }
  }
  return undefined;
}

/** The ledgers a trace stands for: the session up to its cut, and whole. */
export function ledgersOfTrace(trace, emptyLedger) {
  const build = (steps, calls, secs) => {
    const l = emptyLedger(trace.agent);
    const byId = new Map();
    for (const [op, id, call, , s, nowRead] of steps) {
      if (op === 'n') {
        // A file named, not touched (Ledger.named): the most recently named last.
        const named = (l.named ??= []);
        const i = named.findIndex((n) => n.path === trace.files[id]);
        const n = i >= 0 ? named.splice(i, 1)[0] : { path: trace.files[id], times: 0, last_call: call };
        n.times++;
        n.last_call = call;
        named.push(n);
        continue;
      }
      const at = new Date(EPOCH + s * 1000).toISOString();
      let f = byId.get(id);
      if (!f) {
        f = { path: trace.files[id], reads: 0, edits: 0, writes: 0, first: at, last: at, last_op: 'read', by_subagent: false, last_call: call };
        byId.set(id, f);
        l.files.push(f);
      }
      if (op === 'u' || op === 'U') {
        // A change not made (see stepsBeyond in traceOf): a read of the file, its last touch a read where it was that call.
        f[op === 'u' ? 'edits' : 'writes']--;
        f.reads++;
        f.refused = (f.refused ?? 0) + 1;
        if (nowRead) f.last_op = 'read';
        continue;
      }
      f[op === 'r' ? 'reads' : op === 'e' ? 'edits' : 'writes']++;
      f.last = at;
      f.last_op = op === 'r' ? 'read' : op === 'e' ? 'edit' : 'write';
      f.last_call = call;
    }
    l.tool_calls = calls;
    l.started = new Date(EPOCH).toISOString();
    l.updated = new Date(EPOCH + secs * 1000).toISOString();
    return l;
  };
  // The first part as a read of it gives it: the operations taken before the cut, then what waited there.
  const held = trace.cut.held;
  const first = build([...trace.steps.filter((s) => s[2] < (held ? held.from : trace.cut.tool_calls)), ...(held ? held.steps : [])], trace.cut.tool_calls, trace.cut.secs);
  const last = trace.steps.at(-1);
  const full = build(trace.steps, trace.tool_calls, last ? last[4] : trace.cut.secs);
  return { first, full };
}

// ---- Ledger recall and precision against a plain reading of the same lines ---------------------

const FILE_TOOLS = new Set(['Read', 'Edit', 'MultiEdit', 'Write', 'NotebookEdit']);

/**
 * What a Claude Code transcript holds, read plainly (each line on its own, no ordering, no
 * caps): the files its tools named, its shell commands, its failed tool results, and its human
 * messages, a record seen again (by uuid) or a tool call or result replayed (by its id) counted
 * once. The ledger is measured against this.
 */
export function plainClaude(path) {
  const files = new Set();
  const commands = [];
  const errors = [];
  const prompts = [];
  const uuids = new Set();
  // A continued session (Claude Code 2.0) can replay earlier records under new uuids: a tool call
  // and its result keep their ids there, and ran once.
  const calls = new Set();
  const results = new Set();
  // ... and its prompts: a prompt answered by a response seen before (by its message id) is one of those.
  const answers = new Set();
  let unanswered = false;
  // A slash command is a prompt as typed (`/name args`) unless a local command's output answers it
  // (`<local-command-stdout>`, or 2.1's system record `local_command`): by the command's uuid.
  const slash = new Map();
  const local = new Set();
  // A command record after a Skill call's result is the skill the model loaded (2.0), not typed.
  const skillCalls = new Set();
  const skillResults = new Set();
  for (const r of jsonLines(path)) {
    if (r?.type === 'system' && r.subtype === 'local_command' && typeof r.parentUuid === 'string') local.add(r.parentUuid);
    if (!r || typeof r !== 'object' || (r.type !== 'user' && r.type !== 'assistant')) continue;
    if (typeof r.uuid === 'string') {
      if (uuids.has(r.uuid)) continue;
      uuids.add(r.uuid);
    }
    const content = r.message?.content;
    if (r.type === 'assistant' && !r.isSidechain && typeof r.message?.id === 'string') {
      if (unanswered && answers.has(r.message.id)) {
        slash.delete(prompts.length - 1);
        prompts.pop();
      }
      unanswered = false;
      answers.add(r.message.id);
    }
    if (r.type === 'assistant' && Array.isArray(content)) {
      for (const b of content) {
        if (b?.type !== 'tool_use') continue;
        if (typeof b.id === 'string') {
          if (calls.has(b.id)) continue;
          calls.add(b.id);
        }
        if (b.name === 'Skill' && typeof b.id === 'string') skillCalls.add(b.id);
        const p = b.input?.file_path ?? b.input?.notebook_path;
        if (FILE_TOOLS.has(b.name) && typeof p === 'string') files.add(systemPath(p, r.cwd));
        if (b.name === 'Bash' && typeof b.input?.command === 'string' && b.input.command.trim()) commands.push(b.input.command);
      }
    } else if (r.type === 'user') {
      if (Array.isArray(content))
        for (const b of content) {
          if (b?.type === 'tool_result' && skillCalls.has(b.tool_use_id) && typeof r.uuid === 'string') skillResults.add(r.uuid);
          if (b?.type !== 'tool_result' || (typeof b.tool_use_id === 'string' && results.has(b.tool_use_id))) continue;
          if (typeof b.tool_use_id === 'string') results.add(b.tool_use_id);
          if (b.is_error === true) errors.push(b.tool_use_id);
        }
      // What an IDE (Claude Code in VS Code, JetBrains) puts before the typed prompt is its context, not the prompt.
      const ide = /^\s*<(ide_[a-z_]+)>[\s\S]*?<\/\1>/;
      const text = (typeof content === 'string' ? [content] : Array.isArray(content) && !content.some((b) => b?.type === 'tool_result') ? content.filter((b) => b?.type === 'text').map((b) => b.text) : [])
        .map((t) => { let rest = t; while (ide.test(rest)) rest = rest.replace(ide, '').trimStart(); return rest; })
        .filter((t) => t.trim())
        .join('\n');
      // A command the user ran in shell mode (`!cmd`) is a command of the session, not a prompt.
      const typed = /<bash-input>([\s\S]*?)<\/bash-input>/.exec(text);
      if (!r.isSidechain && typed && typed[1].trim()) commands.push(typed[1].trim());
      if (/^\s*<local-command-std(out|err)>/.test(text) && typeof r.parentUuid === 'string') local.add(r.parentUuid);
      const name = /^\s*<command-(?:name|message)>/.test(text) ? /<command-name>\s*\/?([^<\s]+)\s*<\/command-name>/.exec(text)?.[1] : undefined;
      if (!r.isSidechain && !r.isMeta && name && skillResults.has(r.parentUuid)) {
        // the skill the model loaded
      } else if (!r.isSidechain && !r.isMeta && name) {
        const args = (/<command-args>([\s\S]*?)<\/command-args>/.exec(text)?.[1] ?? '').trim();
        slash.set(prompts.length, r.uuid);
        prompts.push(args ? `/${name} ${args}` : `/${name}`);
        unanswered = true;
      } else if (!r.isSidechain && !r.isMeta && !r.isCompactSummary && text.trim() && !/^\s*</.test(text) && !/^\[Request interrupted/.test(text)) {
        prompts.push(text.trim());
        unanswered = true;
      }
    }
  }
  return { files, commands, errors, prompts: prompts.filter((_, i) => !local.has(slash.get(i))) };
}

const WINDOWS_ABSOLUTE = /^([A-Za-z]:[\\/]|\\\\)/;
/**
 * A file as the session's own system names it: resolved (`.`, `..`, a trailing separator), a
 * relative path taken from the session's working directory (Claude Code 1.0 wrote some); in a
 * session recorded on Windows (its cwd `C:\…`), or for a Windows path, by Windows' rules, written
 * with forward slashes.
 */
function systemPath(p, cwd) {
  const onWindows = typeof cwd === 'string' && WINDOWS_ABSOLUTE.test(cwd);
  if (WINDOWS_ABSOLUTE.test(p) || (onWindows && !p.startsWith('/'))) return (onWindows ? win32.resolve(cwd, p) : win32.resolve(p)).replaceAll('\\', '/');
  return p.startsWith('/') ? posix.resolve(p) : typeof cwd === 'string' ? posix.resolve(cwd, p) : p;
}

/** Recall and precision of a ledger against a plain reading: [found, of the plain reading's, of the ledger's]. */
export function ledgerAgainstPlain(ledger, plain) {
  const norm = (s) => s.replace(/\s+/g, ' ').trim().slice(0, 150);
  const ledgerFiles = new Set(ledger.files.map((f) => f.path));
  const commandsL = ledger.commands.map((c) => norm(c.command));
  const commandsP = plain.commands.map(norm);
  const promptsL = ledger.user_messages.map((m) => norm(m.text));
  const promptsP = plain.prompts.map(norm);
  return {
    files: [[...plain.files].filter((p) => ledgerFiles.has(p)).length, plain.files.size, ledgerFiles.size],
    commands: [both(commandsL, commandsP), commandsP.length, commandsL.length],
    // Tool errors carry no id in the ledger: matched by count.
    errors: [Math.min(ledger.errors.length, plain.errors.length), plain.errors.length, ledger.errors.length],
    user_messages: [both(promptsL, promptsP), promptsP.length, promptsL.length],
  };
}
