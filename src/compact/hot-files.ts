/**
 * Hot files, scored as seed 004's intelligent file restoration (TW5) scores them: recency 35 %,
 * frequency 25 %, operation type 20 %, file type 15 %, project relevance 5 %, each factor 0–100
 * with the seed's tables; selected under its limits (20 files, 8,192 tokens a file, 32,768 in
 * all, the best-fitting smaller file for the remainder). Pure: the caller supplies git's facts,
 * the clock and the files' sizes.
 */
import { isToolWrittenPath } from '../git/upkeep-files.js';
import { isOwnPath } from '../paths.js';
import type { Ledger } from '../transcripts/ledger.js';

/** For the bench's variants of the score (bench/corpus-variants.mjs), which rank as scoreHotFiles does. */
export { isToolWrittenPath };

export const HOT_LIMITS = { maxFiles: 20, maxTokensPerFile: 8192, totalTokenLimit: 32_768 } as const;
export const HOT_WEIGHTS = { recency: 0.35, frequency: 0.25, operation: 0.2, file_type: 0.15, project: 0.05 } as const;

const CODE: Record<string, number> = { js: 100, ts: 100, jsx: 95, tsx: 95, py: 90, java: 85, cpp: 85, c: 85, go: 80, rs: 80, php: 75, rb: 75 };
/**
 * Source languages the seed's table does not name, scored as its nearest named kin: without them an
 * Elixir, Swift or shell file counts as an unknown type (30), below a JSON file (70).
 */
const MORE_CODE: Record<string, number> = { mjs: 100, cjs: 100, mts: 100, cts: 100, vue: 95, svelte: 95, kt: 85, kts: 85, scala: 85, cs: 85, swift: 85, h: 85, hpp: 85, cc: 85, m: 85, ex: 80, exs: 80, heex: 75, erl: 80, hs: 80, ml: 80, zig: 80, dart: 80, lua: 75, pl: 75, sh: 75, bash: 75, zsh: 75, sql: 75 };
const CONFIG: Record<string, number> = { json: 70, yaml: 65, yml: 65, toml: 60, xml: 55, ini: 50, env: 50, config: 50 };
const DOCS: Record<string, number> = { md: 40, txt: 30, doc: 25, docx: 25, pdf: 20, html: 35, css: 45 };
const CRITICAL = new Set(['package.json', 'pom.xml', 'cargo.toml', 'go.mod', 'dockerfile', 'docker-compose.yml', 'makefile', 'readme.md', 'index.js', 'main.py', 'app.js']);

/** What git knows of a file outside the ledger: changed in the worktree, or in recent commits. */
export interface GitFileFact {
  path: string;
  /** 'uncommitted': modified, added or untracked now; 'committed': changed by a recent commit. */
  kind: 'uncommitted' | 'committed';
  /** When: the file's mtime, or the commit's date (ISO 8601). */
  at: string;
  /** Commits among the recent ones that changed it (committed only). */
  commits?: number;
}

export interface FileStats {
  path: string;
  reads: number;
  edits: number;
  writes: number;
  last: string;
  last_op: 'read' | 'edit' | 'write';
  /** Operations within the hour before now (seed: `operationsInLastHour`). */
  recent_ops: number;
  /** Tool-call index of the last touch; breaks ties in favour of the latest. */
  last_call: number;
  source: 'ledger' | 'git' | 'named';
  git?: GitFileFact['kind'];
  /** A file the session only named (Ledger.named): how often. */
  named?: number;
}

export interface HotFile {
  path: string;
  score: number;
  factors: { recency: number; frequency: number; operation: number; file_type: number; project: number };
  /** Estimated tokens of the file's content (size / 4), null when its size is unknown. */
  tokens: number | null;
  reasons: string[];
  source: 'ledger' | 'git' | 'named';
}

export interface ScoreOptions {
  now: Date;
  /** Size in bytes of a repository file, or null when it no longer exists (it is then skipped). */
  sizeOf: (path: string) => number | null;
}

const HOUR = 3_600_000;

/** Seed: full marks within an hour, 90 within 6, 75 within 24, then 75·e^(−0.1·(h−24)), at least 10. */
export function recencyScore(hours: number): number {
  if (hours <= 1) return 100;
  if (hours <= 6) return 90;
  if (hours <= 24) return 75;
  return Math.max(10, 75 * Math.exp(-0.1 * (hours - 24)));
}

/**
 * Recency inside a session, where every file is "within the hour": by the tool calls made since
 * the file's last touch, halving every SESSION_HALF_LIFE calls, at least 10 (the seed's floor).
 */
export const SESSION_HALF_LIFE = 20;
/**
 * Recency of a file git changed but the session never touched, while the session touched others:
 * below the floor of any file the session touched (10), so that a file the session changed, however
 * many tool calls ago, is not outranked by one of the same kind only git knows of.
 */
const GIT_ONLY_RECENCY = 0;
export function sessionRecencyScore(callsSince: number): number {
  return Math.max(10, 100 * Math.pow(0.5, Math.max(0, callsSince) / SESSION_HALF_LIFE));
}

export function frequencyScore(f: Pick<FileStats, 'reads' | 'edits' | 'writes' | 'recent_ops'>): number {
  return Math.min(100, Math.min(80, (f.reads + f.writes + f.edits) * 5) + Math.min(20, f.recent_ops * 10));
}

export function operationScore(f: Pick<FileStats, 'reads' | 'edits' | 'writes' | 'last_op'>): number {
  // The seed's points (write 15, edit 10, read 3; last write +25, last edit +15) rank a file an
  // agent wrote once (40) above one it read and edited twice (38): a write is a change as an edit
  // is, so both count 10 and both leave the 15 bonus.
  const bonus = f.last_op === 'read' ? 0 : 15;
  return Math.min(100, f.writes * 10 + f.edits * 10 + f.reads * 3 + bonus);
}

/**
 * The seed's table by extension, and 0 for a file a tool writes (a lock file, a test snapshot, a
 * binary, a minified bundle or source map: git/upkeep-files.ts isToolWrittenPath): no one works in
 * it, whatever its extension says (`package-lock.json` scored as JSON, 70, above a Markdown file).
 */
export function fileTypeScore(path: string): number {
  if (isToolWrittenPath(path)) return 0;
  const ext = path.split('.').pop()!.toLowerCase();
  return CODE[ext] ?? MORE_CODE[ext] ?? CONFIG[ext] ?? DOCS[ext] ?? 30;
}

export function projectScore(path: string): number {
  // Repository-relative paths: a leading '/' lets `src/x.ts` count as under /src/, as the seed's absolute paths did.
  const p = `/${path.toLowerCase()}`;
  let score = 50;
  if (p.includes('/src/')) score += 30;
  if (p.includes('/components/') || p.includes('/modules/')) score += 20;
  if (p.includes('/test/') || p.includes('/spec/')) score += 10;
  if (CRITICAL.has(p.slice(p.lastIndexOf('/') + 1))) score += 25;
  return Math.min(100, score);
}

/**
 * A path the ledger left absolute: outside the repository (the reader makes every path inside it
 * relative to its root): a plan under ~/.claude/plans, a sibling repository, the agent's own session
 * files, /etc/hosts. DESIGN §14: not restored. A POSIX, a Windows drive (`C:/…`, `C:\…`) or a UNC path.
 */
export const isOutsidePath = (path: string): boolean => path.startsWith('/') || /^[A-Za-z]:[\\/]/.test(path) || path.startsWith('\\\\');

/** The ledger's files and git's changes as one list of per-file statistics. */
export function fileStats(ledger: Ledger, git: GitFileFact[], now: Date): FileStats[] {
  const t = now.getTime();
  const byPath = new Map<string, FileStats>();
  for (const f of ledger.files) {
    // Memory files and agents' wiring the session read or wrote are not its work (as git/log.ts
    // workFiles); a file outside the repository is not the repository's (stop 56: one that existed
    // was listed, since only a gone file was skipped).
    if (isOwnPath(f.path) || isOutsidePath(f.path)) continue;
    const last = Date.parse(f.last);
    const first = Date.parse(f.first);
    const ops = f.reads + f.edits + f.writes;
    // The ledger keeps the first and last time of a file's operations, not each one: all of them
    // count as recent when the first was within the hour, only the last when just it was.
    const recent = !Number.isNaN(first) && t - first <= HOUR ? ops : !Number.isNaN(last) && t - last <= HOUR ? 1 : 0;
    byPath.set(f.path, { path: f.path, reads: f.reads, edits: f.edits, writes: f.writes, last: f.last, last_op: f.last_op, recent_ops: recent, last_call: f.last_call, source: 'ledger' });
  }
  for (const g of git) {
    if (isOwnPath(g.path)) continue;
    const known = byPath.get(g.path);
    if (known) {
      known.git ??= g.kind;
      continue;
    }
    // Git saw a change but not how, nor by whom: one edit, however many commits (bots churn files
    // in many small commits), and no operation within the session.
    byPath.set(g.path, { path: g.path, reads: 0, edits: 1, writes: 0, last: g.at, last_op: 'edit', recent_ops: 0, last_call: -1, source: 'git', git: g.kind });
  }
  // Files the session named but never touched (a prompt, the todo list, a command, a search's or a
  // command's output: transcripts/named.ts), git knowing nothing of them either.
  for (const n of ledger.named ?? []) {
    if (byPath.has(n.path) || isOwnPath(n.path) || isOutsidePath(n.path)) continue;
    byPath.set(n.path, { path: n.path, reads: 0, edits: 0, writes: 0, last: '', last_op: 'read', recent_ops: 0, last_call: n.last_call, source: 'named', named: n.times });
  }
  return [...byPath.values()];
}

function reasons(f: FileStats, hours: number, callsSince: number | null): string[] {
  const out = [];
  const ops = [f.writes && `written ${f.writes}×`, f.edits && `edited ${f.edits}×`, f.reads && `read ${f.reads}×`].filter(Boolean).join(', ');
  if (f.source === 'named') return [`named ${f.named}× in the session, not opened`];
  if (isToolWrittenPath(f.path)) out.push('written by a tool (lock file, snapshot, binary): after the work');
  if (f.source === 'ledger') out.push(`${ops} in the session`);
  if (f.git === 'uncommitted') out.push('uncommitted changes');
  if (f.git === 'committed') out.push('changed in recent commits');
  const when = hours < 1 ? 'within the hour' : `${Math.round(hours)} h ago`;
  out.push(callsSince === null ? `changed ${when}` : `last touched ${when}, ${callsSince === 0 ? 'by the last tool call' : `${callsSince} tool call${callsSince === 1 ? '' : 's'} ago`}`);
  return out;
}

/**
 * Every file scored and ranked, best first; gone files skipped. Ties (the score is a whole number,
 * as the seed rounds it): the file touched more often first, then the most recently touched. On
 * the corpus's tuning part that order left every cut as good or better than latest-first alone.
 */
export function scoreHotFiles(ledger: Ledger, git: GitFileFact[], opts: ScoreOptions): HotFile[] {
  const out: (HotFile & { last_call: number; at: number; ops: number; tier: number })[] = [];
  for (const f of fileStats(ledger, git, opts.now)) {
    const size = opts.sizeOf(f.path);
    if (size === null) continue;
    const at = Date.parse(f.last);
    const hours = Number.isNaN(at) ? 1e6 : Math.max(0, (opts.now.getTime() - at) / HOUR);
    const wall = recencyScore(hours);
    // A session file by the tool calls since its last touch (never more than the clock allows); a
    // file only git knows was not touched by the session at all: below what the session touched last.
    const inSession = f.source === 'named' ? 0 : f.last_call >= 0 ? sessionRecencyScore(ledger.tool_calls - 1 - f.last_call) : ledger.files.length ? GIT_ONLY_RECENCY : wall;
    const factors = {
      recency: Math.round(Math.min(wall, inSession) * 10) / 10,
      frequency: frequencyScore(f),
      operation: operationScore(f),
      file_type: fileTypeScore(f.path),
      project: projectScore(f.path),
    };
    const score = Math.round(
      factors.recency * HOT_WEIGHTS.recency + factors.frequency * HOT_WEIGHTS.frequency + factors.operation * HOT_WEIGHTS.operation + factors.file_type * HOT_WEIGHTS.file_type + factors.project * HOT_WEIGHTS.project,
    );
    const ops = f.source === 'named' ? f.named! : f.reads + f.edits + f.writes;
    out.push({ path: f.path, score, factors, tokens: Math.ceil(size / 4), reasons: reasons(f, hours, f.last_call >= 0 ? Math.max(0, ledger.tool_calls - 1 - f.last_call) : null), source: f.source, last_call: f.last_call, at: Number.isNaN(at) ? 0 : at, ops, tier: tierOf(f) });
  }
  // By tier (tierOf), then within one: by score, and among named files the most often named, then
  // the latest named (chosen on the tuning part).
  out.sort((a, b) => a.tier - b.tier || (a.tier === NAMED ? b.ops - a.ops || b.last_call - a.last_call : b.score - a.score || b.ops - a.ops || b.last_call - a.last_call || b.at - a.at) || a.path.localeCompare(b.path));
  return out.map(({ last_call: _c, at: _a, ops: _o, tier: _t, ...h }) => h);
}

const NAMED = 3;
/**
 * Where a file ranks before its score is read: 0 a file the session touched; 1 a file only git
 * changed (uncommitted, or in recent commits), below every file of the session's own work however
 * long ago it was touched (issue 25 §5: a file git changed outranked the one the session edited);
 * 2 a file a tool writes (lock file, snapshot, binary: isToolWrittenPath), after the work as the
 * primer's hot files rank it; 3 a file only named (a prompt, the todo list, a command, an output),
 * after every file touched or changed: on the corpus's tuning part a named file was touched by the
 * rest 1-3% of the time, a rule's own 5th file 10-14% (bench/corpus-named.mjs).
 */
function tierOf(f: FileStats): number {
  if (f.source === 'named') return NAMED;
  if (isToolWrittenPath(f.path)) return 2;
  return f.source === 'git' ? 1 : 0;
}

export interface HotSelection {
  files: HotFile[];
  total_tokens: number;
  /** Share of the 32,768-token budget used, in percent. */
  efficiency: number;
  /** Files left out, and why. */
  skipped: { path: string; reason: string }[];
}

/**
 * Seed 004's selectOptimalFileSet: best first, within the file and token limits, best fit for the
 * remainder. One change: the seed skips a file over the per-file limit, since it restores contents;
 * git-memory hands back paths and a restore reads what fits, so such a file stays, counted at the
 * limit (its first 8,192 tokens) and saying its size. Skipped, the files an agent works on in a large
 * codebase (a 20,000-token config.ts) were exactly the ones left out, their places going to files
 * git changed that the session never opened.
 */
export function selectHotFiles(ranked: HotFile[], limits: { maxFiles: number; maxTokensPerFile: number; totalTokenLimit: number } = HOT_LIMITS): HotSelection {
  const files: HotFile[] = [];
  const skipped: HotSelection['skipped'] = [];
  const taken = new Set<string>();
  let total = 0;
  // What a file costs the budget: its estimate, at most the per-file limit (a restore reads that much).
  const cost = (f: HotFile) => Math.min(f.tokens ?? 0, limits.maxTokensPerFile);
  const take = (f: HotFile) => {
    const over = (f.tokens ?? 0) > limits.maxTokensPerFile;
    files.push(over ? { ...f, reasons: [...f.reasons, `large: ${f.tokens} tokens, its first ${limits.maxTokensPerFile} counted`] } : f);
    taken.add(f.path);
    total += cost(f);
  };
  ranked.forEach((f, i) => {
    if (taken.has(f.path)) return;
    if (files.length >= limits.maxFiles) return void skipped.push({ path: f.path, reason: `over the ${limits.maxFiles}-file limit` });
    if (total + cost(f) > limits.totalTokenLimit) {
      skipped.push({ path: f.path, reason: `${cost(f)} tokens: over what is left of the ${limits.totalTokenLimit}-token budget` });
      // The seed's knapsack step: the best-scored later file that still fits.
      const room = limits.totalTokenLimit - total;
      const alt = ranked.slice(i + 1).find((g) => !taken.has(g.path) && cost(g) <= room);
      if (alt) take(alt);
      return;
    }
    take(f);
  });
  return { files, total_tokens: total, efficiency: Math.round((total / limits.totalTokenLimit) * 1000) / 10, skipped: skipped.filter((s) => !taken.has(s.path)) };
}

/** Claude Code's own rule, the bar to beat: the files most recently read, newest first. */
export function recentlyReadFiles(ledger: Ledger, n: number): string[] {
  return ledger.files
    .filter((f) => f.reads > 0)
    .sort((a, b) => b.last_call - a.last_call || Date.parse(b.last) - Date.parse(a.last))
    .slice(0, n)
    .map((f) => f.path);
}
