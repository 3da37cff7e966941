import { createRequire } from 'node:module';
/** Every file and directory name git-memory uses, in one place. */
export const CONFIG_FILE = '.openclaw_memory.toml';
export const MEMORY_DIR = '.openclaw_memory';

/**
 * A path memory owns: the memory folder or the config, or anything under either, as the primer's
 * log pathspec `:(exclude)<name>` leaves it out. Both names are lower case.
 */
export const isMemoryPath = (p: string) => [MEMORY_DIR, CONFIG_FILE].some((name) => p === name || p.startsWith(`${name}/`));
/**
 * Files `git memory init` wires agents through (hook settings, MCP servers, instruction files):
 * git-memory's own set-up, never a hot file or recent work of the project.
 */
export const AGENT_WIRING_FILES: ReadonlySet<string> = new Set([
  '.claude/settings.json',
  '.mcp.json',
  'CLAUDE.md',
  'AGENTS.md',
  'GEMINI.md',
  '.codex/hooks.json',
  '.codex/config.toml',
  '.cursor/hooks.json',
  '.cursor/mcp.json',
  '.gemini/settings.json',
]);
/**
 * An agent's own per-user state that people commit: Claude Code's `.claude/settings.local.json`,
 * the permissions a user approved, rewritten at each approval (in 6,000+ public repositories; a
 * real project, ycheng4-design/memorybridge, had it first among its primer's hot files, "4
 * commits", its only file in every commit). Not where the project's work is, whoever wrote it.
 */
export const AGENT_LOCAL_FILES: ReadonlySet<string> = new Set(['.claude/settings.local.json']);
/** A memory file, one of the agents' wiring files, or an agent's per-user state. */
export const isOwnPath = (p: string) => isMemoryPath(p) || AGENT_WIRING_FILES.has(p) || AGENT_LOCAL_FILES.has(p);
export const JOURNAL_DIR = `${MEMORY_DIR}/journal`;
export const TASKS_FILE = `${MEMORY_DIR}/TASKS.md`;
export const PRIMER_FILE = `${MEMORY_DIR}/PRIMER.md`;
export const MEMORY_GITIGNORE = `${MEMORY_DIR}/.gitignore`;
/**
 * The TASKS.md merge attribute's file: inside the memory directory, so it is committed with the
 * memory files (every clone merges the same way) and the user's own root `.gitattributes` is never
 * touched (see git/merge-config.ts).
 */
export const ATTRIBUTES_FILE = `${MEMORY_DIR}/.gitattributes`;

/** Per-worktree state directory, under `git rev-parse --git-path`. */
export const STATE_DIR = 'git-memory';
/** In the state dir: Gemini CLI's SessionStart output, kept for the session's first prompt (agents/hook-command.ts). */
export const START_CONTEXT_DIR = 'start-context';
export const SPOOL_FILE = 'spool.jsonl';
/**
 * The id of the memory commit `end` is about to land, written before HEAD moves: the shell
 * post-commit hook, which reads HEAD's id from the ref file, hands a commit with this id to node
 * (a memory commit landed between the user's commit and the hook; node finds the user's in the reflog).
 */
export const LANDING_FILE = 'landing';
/**
 * The message of a memory commit left for later because a user's `git commit` (or merge) was under
 * way in this worktree (git/commit-under-way.ts): the shell post-commit hook lands it once that
 * commit has moved HEAD; any memory commit that lands removes it.
 */
export const DEFERRED_FILE = 'commit-deferred';
/**
 * Spool set aside by `end` while it writes a session: this name (older versions), and
 * `spool.claimed.jsonl.<claim>` one per claim since (see git/spool.ts).
 */
export const SPOOL_CLAIMED_FILE = 'spool.claimed.jsonl';
/**
 * Commits made during a rebase that may be replays (conflict resolved, reword, squash, fixup) or new
 * work (an `exec` step); post-rewrite sorts them out once the rebase has finished (see git/rewrite.ts).
 */
export const REPLAY_FILE = 'rebase-commits.jsonl';
/** The session's base commit, recorded when the primer runs (see git/session-state.ts). */
export const SESSION_START_FILE = 'session-start.json';
/**
 * One start slot per agent session (`<dir>/<session dir name>.json`): two sessions at once in one
 * worktree (two Claude Code windows, Claude Code beside Codex) each keep their own base (git/session-state.ts).
 */
export const SESSION_STARTS_DIR = 'session-starts';
/** The commits each agent session's `end` recorded that carried its mark (git/session-marks.ts), newest last. */
export const SESSION_TAKEN_FILE = 'session-commits.jsonl';
/** In the state dir while post-commit's background refresh of PRIMER.md (for Aider) runs: later commits start none (git/hook-blocks.ts). */
export const PRIMER_REFRESH_FILE = 'primer-refresh';
/**
 * In the state dir after `init` wired an agent whose start is served (hook/agent/kept-start.ts): the
 * next commit (the user's own, of what init wrote) keeps the agents' start primer for the HEAD it made.
 */
export const KEEP_START_FILE = 'keep-start-after-commit';
/** The active agent session and the sessions already finalised (see hook/agent/session-state.ts). */
export const AGENT_SESSION_FILE = 'agent-session.json';
/**
 * The active session as a served start's script recorded it without node (hook/agent/kept-start.ts):
 * newer than AGENT_SESSION_FILE's while it is there; readers take it as the active session, and the
 * next writer folds it in (git/agent-session.ts, hook/agent/session-state.ts).
 */
export const AGENT_SESSION_SERVED_FILE = 'agent-session-served.json';
/**
 * When each agent's SessionStart hook last reached git-memory in this worktree, agent → local ISO
 * time: `doctor` tells from it that an agent's hooks never ran (an untrusted project, hooks not reviewed).
 */
export const AGENT_HOOKS_SEEN_FILE = 'agent-hooks-seen.json';
/** Before the agent's name: the local ISO time a served start's script (no node) last ran for it; `doctor` reads it beside AGENT_HOOKS_SEEN_FILE. */
export const AGENT_HOOKS_RAN_PREFIX = 'agent-hooks-ran-';
/** Failures of the detached agent-hook worker, which has no terminal (see hook/agent/hook.ts). */
export const AGENT_HOOK_LOG = 'agent-hook.log';
/** The search index: header, postings, and each journal file's state (see search/store.ts). */
export const SEARCH_HEADER_FILE = 'search-index.json';
export const SEARCH_POSTINGS_FILE = 'search-index.postings';
export const SEARCH_FILES_FILE = 'search-index.files.json';
/** What changed in the journal since the stored index was built (see search/delta.ts). */
export const SEARCH_DELTA_FILE = 'search-index.delta.json';
/** The journal's last full listing, which a search's cache key checks before listing it again (see search/key.ts). */
export const SEARCH_LISTED_FILE = 'search-index.listed';
export const LOCK_FILE = 'lock';
export const TMP_DIR = 'tmp';
/** Note of a memory commit whose index refresh is under way (see git/index-swap.ts). */
export const INDEX_SWAP_FILE = 'index-swap.json';
/** The primer's git log, kept while HEAD stays put (see git/log.ts). */
export const LOG_CACHE_FILE = 'primer-log.json';
/** The primer last built and the question it answered (commands/steps/kept-primer.ts). */
export const BUILT_PRIMER_FILE = 'primer-built.json';
/** The supersede verdicts the last primer build took or made, under the program that made them (commands/steps/kept-primer.ts). */
export const JUDGED_PAIRS_FILE = 'primer-judged.json';
/** The primer's reading of memory's files and the status of each file read (commands/steps/kept-reading.ts). */
export const PRIMER_READ_FILE = 'primer-read.json';
/** Memory files written and not yet committed (git/pending.ts). */
export const PENDING_MEMORY_FILE = 'memory-pending.json';
/** A TASKS.md change made while a git operation was in progress, held until it ends (memory/tasks-held.ts). */
export const HELD_TASKS_FILE = 'tasks-waiting.json';
/** Parsed journal files, a file per day, each kept while the file is unchanged (see memory/journal-kept.ts). */
export const KEPT_DAYS_DIR = 'journal-days';
/** Per journal day: its sessions' count, authors and each branch's newest next steps, kept while its folder is unchanged (see memory/journal-index.ts). */
export const JOURNAL_INDEX_FILE = 'journal-index.json';
/** The parsed config, kept while the file is unchanged (see memory/config.ts). */
export const CONFIG_CACHE_FILE = 'config.json';

/** User files (never committed). */
export const USER_HOME_ENV = 'OPENCLAW_MEMORY_HOME';
export const USER_SUBDIR = 'user';
export const ENTITIES_FILE = 'entities.md';
export const PREFERENCES_FILE = 'preferences.md';
/** The user's own standing instructions to agents (OpenClaw memory's file, read as it is). */
export const INSTRUCTIONS_FILE = 'instructions.md';

/** Set in the environment of git processes the tool starts, so our own hooks skip them. */
export const INTERNAL_ENV = 'GIT_MEMORY_INTERNAL';
/**
 * The variables, in order, that name the agent session of the shell a command runs in (git/session-marks.ts):
 * Claude Code 2.1.332 exports CLAUDE_CODE_SESSION_ID, Codex 0.171 CODEX_THREAD_ID. The post-commit hook's shell
 * block (git/hook-blocks.ts) reads them in the same order.
 */
export const SESSION_ENV_VARS = ['CLAUDE_CODE_SESSION_ID', 'CODEX_THREAD_ID'] as const;
export const NOW_ENV = 'GIT_MEMORY_NOW';

export const HOOK_BEGIN = '# >>> git-memory >>>';
export const HOOK_END = '# <<< git-memory <<<';

/** Journal file of one session: `journal/2026-11-22/1430-claude-k3f9ab.md`. */
export function sessionPath(date: string, hhmm: string, agent: string, suffix: string): string {
  return `${JOURNAL_DIR}/${date}/${hhmm.replace(':', '')}-${agent}-${suffix}.md`;
}

/**
 * Per agent session, in the state dir: `sessions/<id>/` holds the transcript ledger with its read
 * offset, the session notes and their extraction state, the compaction summary and its report, and
 * the session's lock (see transcripts/, notes/, compact/). Personal and possibly secret: never committed.
 */
export const SESSIONS_DIR = 'sessions';
export const LEDGER_STATE_FILE = 'ledger.json';
/** What the tool-use hook keeps beside ledger.json between natural pauses: the newest state, and the older ids (transcripts/kept-window.ts). */
export const LEDGER_HOT_FILE = 'ledger-hot.json';
export const LEDGER_IDS_FILE = 'ledger-ids.json';
/** What PreCompact's must-keep list reads of the entries the hot state leaves in ledger.json (transcripts/keep-digest.ts). */
export const LEDGER_DIGEST_FILE = 'ledger-keep.json';
export const NOTES_FILE = 'notes.md';
export const NOTES_STATE_FILE = 'notes.json';
export const COMPACT_FILE = 'compact.json';
export const COMPACT_REPORT_FILE = 'compact-report.json';
/** What the PreCompact hook's worker prepared for the session's restart after the compaction (compact/store.ts). */
export const COMPACT_PREPARED_FILE = 'compact-prepared.json';
/** The ledger's key that came with it, read only when the compaction appended a summary to check. */
export const COMPACT_KEY_FILE = 'compact-key.json';
export const SESSION_LOCK_FILE = 'lock';
/** The session was ended (by `end`, or automatically at SessionEnd): the automatic end does not write it again (see git/session-ended.ts). */
export const SESSION_ENDED_FILE = 'ended.json';
/** Held by the automatic end's worker while it writes the session: one at a time per session (hook/agent/finalise.ts). */
export const SESSION_END_LOCK_FILE = 'end.lock';
/** Model usage and cost per session (see llm/). */
export const LLM_USAGE_FILE = 'llm-usage.json';
/** Model usage and cost of every call in this worktree, by provider (see llm/usage.ts): kept when sessions are pruned. */
export const LLM_TOTAL_FILE = 'llm-usage-total.json';

/** Long-term memory (committed) and the dream's state (in the common git dir: one dream across worktrees). */
export const LONG_TERM_FILE = `${MEMORY_DIR}/MEMORY.md`;
export const DREAM_STATE_FILE = 'dream.json';
export const DREAM_LOCK_FILE = 'dream.lock';
/** The staleness check's git log for MEMORY.md's anchors, kept per worktree by HEAD and anchors (see dream/staleness.ts). */
export const STALENESS_CACHE_FILE = 'staleness.json';
/** MEMORY.md's facts the primer tries, kept with the text they were parsed from (see memory/long-term-tried.ts). */
export const LONG_TERM_TRIED_FILE = 'long-term-tried.json';
/** Which session files the commits MEMORY.md was dreamt through hold, kept: a tree never changes (commands/steps/kept-in-trees.ts). */
export const IN_TREES_FILE = 'dreamt-files.json';
/** The facts deleted from MEMORY.md by hand since the last dream, kept for one text of the file (commands/steps/hand-deleted.ts). */
export const HAND_DELETED_FILE = 'hand-deleted.json';
/** OpenClaw memory's long-term files, taken into MEMORY.md at the first dream. */
export const OPENCLAW_AGENT_DIR = `${MEMORY_DIR}/agent`;

/** The user's session-notes template and prompt: `~/.openclaw_memory/session-memory/config/{template,prompt}.md`. */
export const NOTES_CONFIG_SUBDIR = 'session-memory/config';
export const NOTES_TEMPLATE_FILE = 'template.md';
export const NOTES_PROMPT_FILE = 'prompt.md';

/**
 * An id a session's slot is named by as it is: what the agents send (a UUID) and what the start and
 * turn-end scripts (hook/agent/kept-start.ts, turn-gate.ts) write to in sh, which take only these.
 */
const PLAIN_SESSION_ID = /^(?!\.)[A-Za-z0-9._-]{1,128}$/;

/**
 * A session id as a directory name (sessions/<name>/, session-starts/<name>.json), one per id: a
 * plain id as it is (a UUID's folder is the one every version made), any other a readable prefix of
 * it, `~` and 20 hex digits of its SHA-256. No plain id holds a `~`, so `a/b`, `a_b`, `a:b` and ids
 * alike in their first 128 characters each keep their own slot, where the name used to be the id
 * with `_` for each other character, cut at 128, and one session's end could read, clear or
 * overwrite another's (secrets56). The hash is of the id's UTF-16 code units: as UTF-8, two lone
 * surrogates would be one U+FFFD. node:crypto is loaded only here, for such an id: a hook pays
 * nothing for it.
 */
export function sessionDirName(sessionId: string): string {
  if (PLAIN_SESSION_ID.test(sessionId)) return sessionId;
  const { createHash } = createRequire(import.meta.url)('node:crypto') as typeof import('node:crypto');
  const readable = sessionId.slice(0, 64).replace(/[^A-Za-z0-9._-]/g, '_').replace(/^\.+/, '_') || '_';
  return `${readable}~${createHash('sha256').update(Buffer.from(sessionId, 'utf16le')).digest('hex').slice(0, 20)}`;
}
