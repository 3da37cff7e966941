// Entry point (CommonJS in dist/bin.js, loaded by launch.ts with a code cache; see scripts/build.mjs). The commit hooks (every commit and
// rewrite), the primer (every session start) and `end` (every session end) load one CommonJS file
// each, through the V8 code cache (code-cache.ts); pre-push loads its own (it needs the secret
// scanner); the agent hooks load agents.mjs (the tool-use hook, run after every tool call, its own
// agent-tool-use.js; SessionStart session-start.js, the compaction hooks agent-hooks.js, with the code cache), the workers they start agent-worker.js
// (code cache too; PreCompact's, run at every compaction, agent-hooks.js), and the status line statusline.mjs
// (no argument parser); everything else loads the full command line.
import { closeSync, existsSync, openSync, readSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { flushCodeCache, requireCached } from './code-cache.js';
import { flushTrace, mark } from './trace.js';
import { backgroundNice } from './nice.js';
import { formatFatal, memoryOffLine } from './cli/messages.js';
import { memoryOff } from './git/off-switch.js';
import { EXIT, type ExitCode } from './errors.js';
import { deferEarly, startEarly } from './git/early.js';
import { absoluteGitPaths } from './git/env-paths.js';
import { VAR_LIST_ARGS } from './git/vars.js';
import { startPendingEarly } from './git/pending.js';
import { localDate, now } from './clock.js';
import { keptLog, LOG_STEP_CAP, logStepArgs, PRIMER_LOG_DEPTH, recentLogArgs } from './git/log-cache.js';
import { READ_CAP, utcZoneIn } from './git/object-files.js';
import { headCommit } from './git/head.js';
import { findRepoInFiles, type Repo } from './git/repo.js';
import { keepNone, keptNone, keptQuestionAt, memoryMark, readKeptStaleness, stalenessQuery, stalenessStep, STALENESS_STEP_CAP } from './dream/staleness-query.js';
import { byPlainCommits } from './git/reflog.js';
import { triedFactsKept } from './memory/long-term-tried.js';
import { LONG_TERM_FILE, PRIMER_READ_FILE } from './paths.js';
import { BUILD } from './version.js';
import { keptReadingHead } from './commands/steps/kept-reading.js';
import { longTermForReaders } from './memory/long-term-read.js';
import { symlinkOnPath } from './worktree-path.js';
import { sessionStartCache } from './hook/agent/session-start-args.js';
import { processHookIo, routeAgentHook, withStdin, type AgentHookEntries } from './hook/agent/process-io.js';
import { toolUseCache } from './hook/agent/tool-use-args.js';

/**
 * Starts the primer's staleness git call (staleness.ts takes it over) where MEMORY.md has anchored
 * facts not checked at `head`. Returns whether there is a MEMORY.md.
 */
function startStalenessEarly(repo: Repo, head: string, utc: string | null): boolean {
  try {
    if (symlinkOnPath(repo.root, LONG_TERM_FILE)) return false;
    const kept = readKeptStaleness(repo.stateDir);
    const mark = memoryMark(join(repo.root, LONG_TERM_FILE), head);
    // Answered for this very file at this commit: nothing to start, and nothing to parse here.
    if (kept?.mark && kept.mark === mark) return true;
    // The same file, known to have no anchored fact: no question at any commit.
    if (keptNone(kept, mark)) return true;
    // The same file, HEAD moved (a commit since): the same question at HEAD, MEMORY.md not read here.
    const same = kept && mark ? keptQuestionAt(kept, mark, 'HEAD', head) : null;
    const text = same ? null : longTermForReaders(repo.root).text;
    if (!same && text === null) return false;
    // Else the facts as kept for this text (parsed only when it changed), written once git runs.
    const q = same ?? stalenessQuery(triedFactsKept(text!, repo.stateDir, false).tried, 'HEAD', head);
    if (!q && mark) keepNone(repo.stateDir, mark);
    // HEAD moved on from the kept answer by plain commits: the commits since; else the whole question.
    const step = q && kept?.key !== q.key ? stalenessStep(q, kept, head) : null;
    const early = q && kept?.key !== q.key ? (step && byPlainCommits(repo.gitDir, step.from, head, STALENESS_STEP_CAP) ? step.args : q.args) : null;
    if (early && step && early === step.args) stepEarly(repo, step.from, head, early, utc);
    else if (early) startEarly(early);
    if (text !== null) triedFactsKept(text, repo.stateDir);
    return true;
  } catch {
    return false; // the primer asks git itself
  }
}

/**
 * Starts the primer's git log where the kept one is not HEAD's (recentLog in log.ts takes it over):
 * the commits since the kept log where HEAD's reflog says it moved on by plain commits, else the
 * whole log. `log`: the kept log, where the caller read it.
 */
function startLogEarly(repo: Repo, head: string, log = keptLog(repo, PRIMER_LOG_DEPTH, head)): void {
  const { out, before } = log;
  if (out !== null) return;
  if (!before || !byPlainCommits(repo.gitDir, before.from, head, LOG_STEP_CAP)) return startEarly(recentLogArgs(PRIMER_LOG_DEPTH));
  stepEarly(repo, before.from, head, logStepArgs(before.from, head), utcZoneIn(before.out));
}

/**
 * The step's output (logStepArgs: the commits since `from`), where a few plain commits since (what a
 * session start after a commit meets) let git's object files give git's very bytes: read by the
 * command that takes it, in its code-cached bundle (object-files.ts; early.ts deferEarly), not here.
 * Else git starts now. `utc`: how git printed a +0000 zone in the kept log (utcZoneIn).
 */
function stepEarly(repo: Repo, from: string, head: string, args: string[], utc: string | null): void {
  const plain = args.join('\0') === logStepArgs(from, head).join('\0');
  if (plain && byPlainCommits(repo.gitDir, from, head, READ_CAP)) deferEarly(args, { commonDir: repo.commonDir, from, head, utc });
  else startEarly(args);
}

type Entry = Record<string, (...a: never[]) => Promise<number | null> | number | null>;

const args = process.argv.slice(2);
mark('entry point runs (node has started)');

/**
 * A hook runs to its end whatever becomes of the terminal. An agent that is its terminal session's
 * leader (run by `script`, `ssh host -t`, a terminal or tmux pane that starts it instead of a shell)
 * takes its hooks' processes along when it exits: the kernel sends SIGHUP to the terminal's
 * foreground process group, and the work a hook left beside the agent is in it (Gemini CLI runs
 * hooks in its own group; its session end was never recorded so). nohup or `trap '' HUP` cannot
 * help: node resets an ignored SIGHUP to its default as it starts. A listener keeps the process.
 */
if (args[0] === 'hook') process.on('SIGHUP', () => {});

/**
 * A current folder removed under the process (an agent's shell left in a worktree it deleted, a
 * temporary folder cleaned): node's process.cwd() throws, and every command and hook died with
 * node's stack trace (exit 1). git refuses to run there too; a hook exits 0 without a word (it never
 * fails the agent), a command says so, in `--json` too. process.cwd() is cached: no cost after.
 */
function cwdGoneExit(): number | null {
  try {
    process.cwd();
    return null;
  } catch {
    if (args[0] === 'hook') return EXIT.ok;
    const message = 'the current folder no longer exists (it was removed or moved away): cd into the repository and run it again';
    process.stderr.write(formatFatal(message));
    if (args.includes('--json')) process.stdout.write(`${JSON.stringify({ ok: false, error: { code: EXIT.error, message } }, null, 2)}\n`);
    return EXIT.error;
  }
}
const goneCode = cwdGoneExit();
if (goneCode !== null) process.exit(goneCode);

/**
 * Commands that work while git-memory is off: help and version, the checks (doctor), taking it out
 * (uninstall), reading the config, and the merge driver git calls on memory files (a merge must not
 * fail because memory is off).
 */
const WHILE_OFF = new Set(['help', '--help', '-h', '--version', 'version', 'doctor', 'uninstall', 'config', 'merge-driver']);

/**
 * The off switches (git/off-switch.ts), before anything else is loaded or started: a hook (git's or
 * an agent's) exits 0 at once without a word, a command says it is off. Null where memory is on.
 */
function offExit(): number | null {
  if (args[0] !== 'hook' && (args[0] === undefined || WHILE_OFF.has(args[0]))) return null;
  // The agents' hooks: their route checks (process-io.ts routeAgentHook), with the io it is given.
  if (args[0] === 'hook' && args[1] === 'agent') return null;
  const off = memoryOff(process.cwd(), process.env);
  if (!off) return null;
  if (args[0] !== 'hook') process.stderr.write(memoryOffLine(off, args[0]));
  return EXIT.ok;
}
const offCode = offExit();
if (offCode !== null) process.exit(offCode);
// GIT_DIR=../.git set in a subdirectory: every git process (the early ones below, the commands', the
// hooks') and every child inherits the variables absolute, wherever it is started from.
absoluteGitPaths(process.env, process.cwd());
// `end` records who wrote the session and writes the commit with git's identities and settings
// (git/vars.ts): git answers while node loads end.js, and it is started while this process is
// small (a spawn's cost grows with the parent's memory: fork copies its page tables).
if (args[0] === 'end') {
  startEarly(VAR_LIST_ARGS);
  // …and its look for pending memory changes, where it would be the same one.
  try {
    const repo = findRepoInFiles(process.cwd());
    if (repo) startPendingEarly(repo, localDate(now()));
    // …and the log of the primer it rebuilds, where HEAD moved since the log was kept (a session's commits).
    const head = repo && headCommit(repo);
    if (repo && head) startLogEarly(repo, head);
  } catch {
    /* a bad GIT_MEMORY_NOW, say: end says what is wrong */
  }
}
/**
 * Starts the primer's git calls its kept state does not answer, for the primer to take over: MEMORY.md's
 * staleness check first (the longer one, a walk back to the oldest anchor; from the repository's
 * root only), then its git log where HEAD moved since it was kept. Says whether there is a
 * MEMORY.md, and whether HEAD moved on from a kept log. Nothing is started where HEAD cannot
 * be read from git's files.
 */
function startPrimerEarly(repo: Repo): { longTerm: boolean; moved: boolean; first: boolean; read: boolean } {
  // No state directory yet (a clone's or a new worktree's first start, or one after it was
  // removed): nothing kept answers, and the primer is built from nothing. Asked before anything here writes it.
  const first = !existsSync(repo.stateDir);
  const read = !first && readingOfAnotherBuild(repo.stateDir);
  const head = headCommit(repo);
  if (!head) return { longTerm: false, moved: false, first, read };
  // The kept log, read once: how git prints a +0000 zone, for both steps' reads of the object files.
  const log = keptLog(repo, PRIMER_LOG_DEPTH, head);
  const longTerm = repo.root === process.cwd() && startStalenessEarly(repo, head, log.before ? utcZoneIn(log.before.out) : null);
  startLogEarly(repo, head, log);
  // Moved on from a kept log: the primer steps from what is kept (a first start reads it whole).
  return { longTerm, moved: log.out === null && log.before !== null, first, read };
}

/**
 * Whether the primer's reading of memory's files was kept by another build (kept-reading.ts): the
 * first start after an upgrade reads the files anew and loads the supersede judgement
 * (read-files.ts), code a start the kept reading serves never runs. Told from the kept file's first
 * bytes only. No kept reading at all (a state directory from before any primer) is the plain kind,
 * as before; a file changed since is read anew under the kept kind (the reading is kept again at once).
 */
function readingOfAnotherBuild(stateDir: string): boolean {
  const head = keptReadingHead(BUILD);
  let fd: number | undefined;
  try {
    fd = openSync(join(stateDir, PRIMER_READ_FILE), 'r');
    const buf = Buffer.alloc(head.length);
    const n = readSync(fd, buf, 0, head.length, 0);
    return buf.toString('latin1', 0, n) !== head;
  } catch {
    return false;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

// A primer with MEMORY.md runs code that one without never compiles, and one after a commit code
// that one at the same HEAD never compiles (the steps from the kept answers, git's object files
// read, the kept files written again): each kind gets its own code cache, so that no kind runs on
// a cache another one made (code-cache.ts keeps what ran; a cache a warm start made left the
// after-commit code to be compiled at every start after a commit). Likewise the first start in a
// worktree without a state directory (a clone's), which reads, judges and builds everything the
// kept files answer at a warm start: on a warm start's cache it compiled that code at every such
// start (speed54, valgrind at the bench's S: 337-346 M instructions on a warm start's cache,
// 289-293 M on its own; a warm start 146-150 M on its own, 156-162 M on a first start's).
// And a start whose kept reading of memory's files is not this build's (the first after an upgrade):
// it reads them anew (read-files.ts, the supersede judgement with it); on its cache a warm start
// deserialised that code at every start (speed56p: 539 KB against 340 KB at the bench's S).
/** The code cache of a run of `bundle` that builds the primer, by its kind (startPrimerEarly's answer). */
const primerKind = (bundle: string, started: ReturnType<typeof startPrimerEarly> | null): string =>
  `${bundle}${started?.longTerm ? '-long-term' : ''}${started?.moved ? '-moved' : ''}${started?.first ? '-first' : ''}${started?.read ? '-read' : ''}`;
let primerCache = 'primer';
if (args[0] === 'primer') {
  const repo = findRepoInFiles(process.cwd());
  primerCache = primerKind('primer', repo ? startPrimerEarly(repo) : null);
}
// Paths computed at run time: esbuild leaves them alone, node resolves them next to this file.
// `cache` names the code cache: one per kind of run of a bundle, since a cache holds only what the
// run that made it compiled.
mark('entry point ready (its early git calls running)');
const lean = (name: string, cache = name): Entry => {
  const loaded = requireCached(join(__dirname, `${name}.js`), cache) as Entry;
  mark(`${name}.js loaded`);
  return loaded;
};
/** node's import(): the launcher's (launch.ts), this file being a code-cached vm Script that has none of its own; else this file's. */
const importer = ((globalThis as Record<symbol, unknown>)[Symbol.for('git-memory.import')] as ((url: string) => Promise<unknown>) | undefined) ?? ((url: string) => import(url));
const full = (name: string) =>
  (importer(pathToFileURL(join(__dirname, `${name}.mjs`)).href) as Promise<Entry>).then((loaded) => {
    mark(`${name}.mjs loaded`);
    return loaded;
  });

/**
 * A session's start (a compaction's primer finds both kept by PreCompact's worker): the primer's git
 * calls start before session-start.js loads (startPrimerEarly), where the hook works in this very
 * directory, whose git the primer takes over. Returns the code cache of the primer's kind, as the
 * `primer` command's (primerKind): a session's first start after a clone builds everything the kept
 * files answer at a warm start, and a start after a commit steps from them; on a plain start's
 * cache each compiled that code again at every such start. `session-start` where nothing started.
 */
function startSessionPrimerEarly(input: Buffer): string {
  try {
    const cwd = (JSON.parse(input.toString('utf8')) as { cwd?: unknown }).cwd;
    if (cwd !== undefined && cwd !== process.cwd()) return 'session-start';
    const repo = findRepoInFiles(process.cwd());
    return primerKind('session-start', repo ? startPrimerEarly(repo) : null);
  } catch {
    return 'session-start'; // the primer asks git itself
  }
}

/**
 * A detached hook (the SessionEnd every served agent runs in the background) starts as the agent
 * exits, and competed with that exit for the processor (issue 24 section 3: 250-400 ms of CPU on two
 * cores): it runs at the lowest priority from here on, its bundle's load included, and so does every
 * git it starts. This process only: it shares the agent's scheduling group (it is no session leader,
 * process-io.ts), whose priority is the agent's. Once the agent has exited nothing in that group
 * competes with it. Where lowering is refused, it runs as it is.
 */
function yieldToAgent(): void {
  const nice = backgroundNice();
  if (!nice) return;
  const require = createRequire(import.meta.url);
  try {
    const { setPriority } = require('node:os') as typeof import('node:os');
    setPriority(nice);
    // Linux keeps a priority per thread: V8's helper threads (its garbage collection's among them)
    // started before this ran, and stay where they were unless lowered one by one.
    if (process.platform === 'linux') for (const tid of (require('node:fs') as typeof import('node:fs')).readdirSync('/proc/self/task')) setPriority(Number(tid), nice);
  } catch {
    /* not allowed here */
  }
}

/** Agent hooks loaded from agent-hooks.js (CommonJS, code cache): the compaction hooks and SessionStart. */
const LEAN_AGENT_EVENTS = new Set(['pre-compact', 'post-compact', 'session-start']);

/** A bundle's hook entry's exit code (Entry leaves it a number). */
const exitOf = async (code: Promise<number | null> | number | null) => (await code) as ExitCode | null;

/** Where the binary finds each route of `hook agent` (process-io.ts routeAgentHook): a bundle each, with its code cache. */
const AGENT_HOOK_BUNDLES: AgentHookEntries = {
  // A hook its command runs in the background (Codex's SessionEnd): from the workers' bundle, whose job it runs itself.
  detached: async (hookArgs, io) => {
    yieldToAgent();
    return exitOf(lean('agent-worker', `agent-worker-${hookArgs[0]}`).runDetachedHook!(...([hookArgs, io] as never[])));
  },
  // A session's first tool call and the later ones (read on from the hot state) each keep their code cache: its input says which.
  toolUse: async (hookArgs, io) => {
    const stdin = await io.readStdin().catch(() => undefined);
    const cache = stdin ? toolUseCache(stdin, findRepoInFiles(io.cwd, io.env)?.stateDir) : 'agent-tool-use';
    return exitOf(lean('agent-tool-use', cache).runToolUseHook!(...([hookArgs, withStdin(io, stdin)] as never[])));
  },
  // SessionStart (every agent session's start, resume and compaction) has its own bundle: the primer
  // and the after-compaction path; arguments it does not take go to agent-hooks.js. Its input, read
  // first, says which code cache fits (a start's or a compaction's).
  sessionStart: async (hookArgs, io, stdin) => {
    const compact = stdin ? sessionStartCache(stdin) : 'session-start';
    const cache = stdin && compact === 'session-start' ? startSessionPrimerEarly(stdin) : compact;
    // What it leaves out (the after compaction computation when nothing prepared applies) it loads from agent-hooks.js.
    const loadFull = async () => lean('agent-hooks', 'agent-hooks-after-compact').prepareAfterCompact;
    return exitOf(lean('session-start', cache).runSessionStart!(...([hookArgs, loadFull, io] as never[])));
  },
  // The compaction hooks read the ledger: each keeps its own code cache. The other events: agents.mjs.
  agentHook: async (hookArgs, io) => {
    const event = hookArgs[0] ?? '';
    // PreCompact, which the agent waits for at every compaction: its own bundle, without the other hooks.
    if (event === 'pre-compact') return exitOf(lean('pre-compact').runPreCompactHook!(...([hookArgs, io] as never[])));
    if (LEAN_AGENT_EVENTS.has(event)) return exitOf(lean('agent-hooks', event === 'session-start' ? 'agent-hooks' : 'agent-compact').runAgentHook!(...([hookArgs, io] as never[])));
    return exitOf((await full('agents')).runAgentHook!(...([hookArgs, io] as never[])));
  },
};

async function run(): Promise<number> {
  const hook = args[0] === 'hook' ? args[1] : undefined;
  if (hook === 'post-commit' || hook === 'post-rewrite') return (await lean('hook').runHook!(...([hook, args.slice(2), process.cwd(), process.env] as never[]))) ?? EXIT.ok;
  // Started by post-commit, after the commit moved HEAD: the GIT_INDEX_FILE git set for its hooks
  // names the index and no commit to come (git/repo.ts operationInProgress would take it for one).
  if (hook === 'refresh-primer' || hook === 'keep-start') delete process.env.GIT_INDEX_FILE;
  // Where Aider reads PRIMER.md, post-commit refreshes it in the background (git/hook-blocks.ts).
  if (hook === 'refresh-primer') return (await lean('primer', 'primer-refresh').leanRefreshPrimer!()) ?? EXIT.ok;
  // After init, the next commit keeps the agents' start primer for the HEAD it made (hook/agent/kept-start.ts).
  if (hook === 'keep-start') return (await lean('session-start', 'keep-start').runKeepStart!()) ?? EXIT.ok;
  if (hook === 'pre-push') return (await (await full('pre-push')).runPrePush!(...([args.slice(2), process.cwd(), process.env] as never[]))) ?? EXIT.ok;
  // The agents' hooks: the one route (process-io.ts), with the process's io; each route's code from its bundle.
  if (hook === 'agent') return routeAgentHook(args.slice(2), processHookIo(), AGENT_HOOK_BUNDLES);
  // PreCompact's worker runs at every compaction: from agent-hooks.js, with its own code cache.
  if (hook === 'agent-worker' && args[2] === 'compact-prepare') return (await lean('agent-hooks', 'agent-compact-prepare').runCompactPrepare!(...([args.slice(3)] as never[]))) ?? EXIT.ok;
  // The other workers (a session's notes, its end): agent-worker.js, a code cache for each job.
  if (hook === 'agent-worker') return (await lean('agent-worker', `agent-worker-${args[2]}`).runAgentWorker!(...([args.slice(2)] as never[]))) ?? EXIT.ok;
  // The MCP server as the agents start it: a small front that answers `initialize` and `tools/list`
  // itself (mcp/front.ts); the real server, its own bundle without the command line (mcp/entry.ts),
  // loads at the first tool call.
  if (args[0] === 'mcp' && args.length === 1) {
    const serveFull = async (input: NodeJS.ReadableStream, output: NodeJS.WritableStream) => void (await (await full('mcp')).runMcp!(...([input, output] as never[])));
    // Its `memory_search` calls, from their own bundle (mcp/search-entry.ts): a first search does not wait for the real server.
    const loadSearch = () => lean('mcp-search');
    return (await lean('mcp-front').runMcpFront!(...([async () => serveFull, loadSearch, flushCodeCache] as never[]))) ?? EXIT.ok;
  }
  const quick =
    args[0] === 'primer' ? await lean('primer', primerCache).leanPrimer!(...([args.slice(1)] as never[]))
    : args[0] === 'search' ? await lean('search').leanSearch!(...([args.slice(1)] as never[]))
    : args[0] === 'end' ? await lean('end').leanEnd!(...([args.slice(1)] as never[]))
    : args[0] === 'statusline' ? await (await full('statusline')).leanStatusline!(...([args.slice(1)] as never[]))
    : null;
  return quick ?? ((await (await full('cli')).main!(...([args] as never[]))) as number);
}

// What GIT_MEMORY_TRACE calls the run: the command, or the hook and its event.
const traced = args.slice(0, args[0] === 'hook' ? 3 : 1).join(' ');
run().then(
  (code) => {
    process.exitCode = code;
    flushCodeCache();
    flushTrace(traced);
  },
  (e: Error) => {
    process.stderr.write(formatFatal(String(e?.message ?? e)));
    process.exitCode = EXIT.error;
    flushTrace(traced);
  },
);
