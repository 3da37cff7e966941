/**
 * The Ledger: what an agent's transcript says happened, mechanically and exactly (DESIGN §13).
 * Every reader (Claude Code JSONL, Codex rollout JSONL, Gemini CLI JSONL or JSON) produces this one shape;
 * notes, compaction, hot files and the automatic session end read nothing else of a transcript.
 *
 * Times are ISO-8601 strings as the transcript wrote them ('' when a record had none). Paths are
 * relative to the repository (POSIX separators) when inside it, absolute otherwise.
 */

export type AgentName = 'claude' | 'codex' | 'gemini';

export interface TokenUsage {
  input: number;
  output: number;
  cache_read: number;
  cache_write: number;
}

export interface FileTouch {
  path: string;
  reads: number;
  edits: number;
  writes: number;
  /** Time of the first and the last operation on the file. */
  first: string;
  last: string;
  /** The last operation, for hot-file scoring (seed 004's "last operation bonus"). */
  last_op: 'read' | 'edit' | 'write';
  /** Touched by a sub-agent (sidechain) at least once. */
  by_subagent: boolean;
  /** Index of the last tool call that touched it (0-based, over the whole ledger), for recency. */
  last_call: number;
  /**
   * Changes the agent tried that were not made (the call failed, or the user refused or cancelled
   * it): each counted among `reads`, not as an edit or write. Absent when none.
   */
  refused?: number;
  /** The Claude Code worktree (`.claude/worktrees/<name>`, EnterWorktree) it was last touched in; `path` is within it. Absent when none. */
  worktree?: string;
}

export interface CommandRun {
  command: string;
  at: string;
  /** The command failed: its exit status, or its output, says so (unknown counts as not failed). */
  failed: boolean;
  by_subagent: boolean;
  /** Run by the user in the agent's shell mode (`!`), not by the agent; absent for the agent's. */
  by_user?: true;
}

export interface ToolError {
  tool: string;
  message: string;
  at: string;
  /** What the agent did next: the next tool call's name and short input, or its next text (≤ 200 chars); '' when nothing followed yet. */
  followed_by: string;
}

export interface UserMessage {
  text: string;
  at: string;
}

export interface Todo {
  content: string;
  status: 'pending' | 'in_progress' | 'completed';
}

/** One turn: a human message and what the agent did until the next one (for the worklog). */
export interface Turn {
  at: string;
  /** The human's message, shortened to 300 characters. */
  request: string;
  /** Tool calls made in the turn, and the files they edited or wrote. */
  tool_calls: number;
  edited: string[];
  /** The last assistant text of the turn, shortened to 300 characters ('' if none). */
  reply: string;
}

export interface Compaction {
  at: string;
  /** 'manual' | 'auto' when the transcript says so. */
  trigger: string;
  /** Context tokens before the compaction, when recorded. */
  pre_tokens: number | null;
  /** The compaction summary text the agent wrote into the transcript, when present. */
  summary: string;
}

export interface Ledger {
  agent: AgentName;
  session_id: string;
  /** Working directory the transcript names (cwd), '' when unknown. */
  cwd: string;
  /**
   * The other working directories its records name, each with the time of the first (a Claude Code
   * worktree after EnterWorktree): where the session's commits outside `cwd` are looked for. At most
   * CAPS.cwds; absent when none.
   */
  cwds?: { dir: string; at: string }[];
  /** Tool calls over the whole session, main chain and sub-agents. */
  tool_calls: number;
  /** Last main-chain usage: input + cache read + cache write + output. */
  context_tokens: number;
  /** Summed over distinct API responses (streamed lines of one response counted once, the largest). */
  usage: TokenUsage;
  files: FileTouch[];
  commands: CommandRun[];
  errors: ToolError[];
  user_messages: UserMessage[];
  /** The last todo list written (TodoWrite, update_plan, write_todos). */
  todos: Todo[];
  /**
   * The index of the tool call that last wrote the todo list (as FileTouch.last_call counts): a
   * file changed after it is work the list has not caught up with. Absent when unknown.
   */
  todos_call?: number;
  /**
   * The todos of `todos` done without a change: from when each was listed not done until it was
   * done, the session made no call that may have changed anything, it only looked ("Explore the
   * codebase structure"); or one that says it checks the work ("Run the test suite", "Verify …")
   * done with only checks (test runs, lints, builds) since the list was last written. A step of the
   * work, not work done. Absent when none.
   */
  todos_idle?: string[];
  /**
   * The completed todos of earlier lists that a later list left out (a TodoWrite, update_plan or
   * write_todos that starts a list for the next request), oldest first, at most 50: work done, that
   * `todos` no longer holds. Not one done while the session only looked (as `todos_idle`). Absent
   * when none.
   */
  todos_done?: string[];
  turns: Turn[];
  compactions: Compaction[];
  /** Whether the last main-chain assistant message made a tool call (seed 000's "natural pause" is false). */
  last_turn_had_tool_calls: boolean;
  /** Time of the first and last record read. */
  started: string;
  updated: string;
  /**
   * Lone surrogates (an escaped `\ud800` with no other half: not a character) the transcript's
   * text held, each replaced by U+FFFD, the rest of the text kept. Absent when there were none.
   */
  replaced_surrogates?: number;
  /**
   * Repository files the session named without touching them yet (a prompt, the todo list, a
   * command line, a search's or a command's output: transcripts/named.ts), the most recently named
   * last, at most NAMED_CAP. Paths only. Absent when none.
   */
  named?: NamedFile[];
}

/** A repository file a session named: how often, and at which tool call last (as FileTouch.last_call). */
export interface NamedFile {
  path: string;
  times: number;
  last_call: number;
}

/**
 * What was done to a file, as the notes and the compaction write it: "written 1×, edited 2×, read
 * 3×, change not made 1×" (a change not made is counted among the reads: said apart).
 */
export function fileOps(f: Pick<FileTouch, 'reads' | 'edits' | 'writes' | 'refused'>): string {
  const refused = f.refused ?? 0;
  const times = (n: number, verb: string) => (n > 0 ? `${verb} ${n}×` : '');
  return [times(f.writes, 'written'), times(f.edits, 'edited'), times(f.reads - refused, 'read'), times(refused, 'change not made')].filter(Boolean).join(', ');
}

/** An empty ledger for `agent`, the starting point of an incremental read. */
export function emptyLedger(agent: AgentName, sessionId = ''): Ledger {
  return {
    agent,
    session_id: sessionId,
    cwd: '',
    tool_calls: 0,
    context_tokens: 0,
    usage: { input: 0, output: 0, cache_read: 0, cache_write: 0 },
    files: [],
    commands: [],
    errors: [],
    user_messages: [],
    todos: [],
    turns: [],
    compactions: [],
    last_turn_had_tool_calls: false,
    started: '',
    updated: '',
  };
}

/** The folders a session worked in, each from when it was first there: its cwd (from its start) and its cwds. */
export function workedIn(l: Pick<Ledger, 'cwd' | 'cwds' | 'started'>): { dir: string; at: string }[] {
  return [...(l.cwd && l.started ? [{ dir: l.cwd, at: l.started }] : []), ...(l.cwds ?? [])];
}
