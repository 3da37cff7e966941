import { START_CONTEXT_DIR, STATE_DIR } from '../paths.js';
/** Hook events our agent configurations run, in the spelling of our hook command. */
export type HookEventName = 'session-start' | 'session-end' | 'stop' | 'tool-use' | 'pre-compact' | 'post-compact' | 'before-agent';

/**
 * The guard before every agent hook command, as the git hooks have theirs (git/hook-blocks.ts): the
 * agent settings are committed, and a teammate without git-memory on PATH gets a hook that does
 * nothing and says nothing, where an unguarded one failed every event with "git-memory: not found"
 * (exit 127). Claude Code, Codex CLI, Gemini CLI and Cursor run a hook's command through a POSIX shell.
 */
export const HOOK_GUARD = 'command -v git-memory >/dev/null 2>&1 || exit 0; ';

/**
 * Where the turn's end finds the script that decides it without node when it can (a path for `git
 * rev-parse --git-path`; written by hook/agent/turn-gate.ts), and the agents whose Stop runs it.
 */
export const TURN_END_GIT_PATH = 'git-memory/turn-end.sh';
const TURN_GATED = new Set(['claude', 'codex', 'gemini']);

/**
 * Where a session's start finds the script that prints the primer node kept, when it is still what
 * node would print (a path for `git rev-parse --git-path`; written by hook/agent/kept-start.ts), and
 * the agents whose SessionStart runs it: they wait for it before their first request.
 */
export const SESSION_START_GIT_PATH = 'git-memory/session-start.sh';
const KEPT_START = new Set(['claude', 'codex', 'gemini']);

/**
 * What the start script needs from git, asked for with the script's own path in the hook command's one
 * `git rev-parse` (the script gets the output as its second argument, and asks git itself only when
 * it is not there: a command an older version wrote). The script's path first, then the worktree's
 * top, its config, HEAD's reflog, HEAD's commit and what HEAD names. One git process at every start
 * where there were two, on the path every agent waits for before its first request.
 */
export const START_GIT_ARGS = '--show-toplevel --git-path config --git-path logs/HEAD HEAD --symbolic-full-name HEAD';

/** The kept start of one agent, in the state dir beside the script: a sh file the script reads with `.`. */
export const keptStartFile = (agent: string) => `kept-start-${agent}.sh`;

/**
 * The agents whose SessionEnd command reads the payload and runs the hook in the background at once
 * (`--detached`: the worker's job in that same process, one node where the hook and the detached
 * worker it started were two, failures to the hook log). Codex CLI waits for its SessionEnd hook
 * before it exits (the user's prompt comes back only then); Gemini CLI 0.61 too, although its
 * documentation calls SessionEnd best effort (a `gemini -p` run exited only once the hook's node had
 * ended, ~0.9 s under load); Claude Code does not wait, and its SessionEnd ran beside it already, as a
 * node that started a second one for the work (issue 24 section 3: ~0.2 s of CPU per session saved).
 */
const DETACHED_END = new Set(['claude', 'codex', 'gemini']);

/**
 * The hooks an agent waits for but needs nothing from (issue 24, section 3): the command returns at
 * once and the work goes on beside the agent, holding none of its pipes; its stdin goes along on fd 3
 * (an asynchronous list's stdin is /dev/null), and its failures to the hook log (hook-log.ts), as
 * those of the hooks during a session do. The turn's end of Claude Code and Gemini CLI (Claude Code's
 * Stop is not async: print mode kills an async hook still running as it exits, then waits until each
 * of its processes is reaped before SessionEnd, up to 1.5 s); SessionEnd, whose exit status and
 * output the agents ignore, runs so too (DETACHED_END, in one process with its worker's job). Codex's Stop
 * too: where it ends the session (a Codex without SessionEnd) it only starts the detached worker
 * that records it, which needs nothing from Codex either; in line, its turn-end script (about ten
 * small processes) was most of what a wired `codex exec` waited for at its end.
 */
const BESIDE: Record<string, readonly HookEventName[]> = { claude: ['stop', 'session-end'], codex: ['stop'], gemini: ['stop'] };

/** The first line of the committed MCP entry's script (agents/config/mcp-servers.ts): how the Stop below tells the session's front. */
export const MCP_ENTRY_FIRST_LINE = 'g=$(command -v git-memory) && {';

/**
 * Claude Code in print mode (`claude -p`: CLAUDE_CODE_ENTRYPOINT is `sdk-cli` in its hooks' environment)
 * ends its stdio MCP servers as it exits: SIGINT, then a look every 50 ms whether the process is gone
 * (Claude Code 2.1.328), so the first look comes 50 ms after a server that exits at once, and later on
 * a busy machine (50-120 ms of every wired run's end, waited for before SessionEnd and the exit). It
 * sends none and waits for none when the server's process has ended already. So its Stop ends the
 * session's own sh MCP front first: a child of the Claude Code that runs this hook (the shell's parent),
 * whose command line is the committed entry's (agents/config/mcp-servers.ts), never another session's
 * nor a server that has become `git-memory mcp` (a tool was called: node may be at work). The front
 * holds nothing: it answered the handshake from its own listing. A turn that goes on after Stop loses nothing:
 * Claude Code starts the server again at the next MCP call (another hook blocking the Stop: tested with
 * the real agent; a next message on stdin takes the same path in Claude Code's code, not tested). Builtins only: no process. Interactive sessions, and
 * where /proc is not (macOS), are left as they were.
 */
export const CLAUDE_PRINT_MCP_END = `if [ "$CLAUDE_CODE_ENTRYPOINT" = sdk-cli ]; then for t in /proc/$PPID/task/*/children; do c=; read -r c < "$t"; for c in $c; do l=; IFS= read -r l < "/proc/$c/cmdline"; [ "$l" = 'sh-c${MCP_ENTRY_FIRST_LINE}' ] && kill -INT "$c"; done; done; fi 2>/dev/null; `;

/** Whether this hook's command runs it beside the agent, where nobody reads what it prints (its failures go to the hook log). */
export function runsBeside(agent: string, event: HookEventName): boolean {
  return !!BESIDE[agent]?.includes(event) || (event === 'session-end' && DETACHED_END.has(agent));
}

/** The hook command an agent's configuration runs for one event. */
/**
 * Where Gemini CLI's SessionStart leaves its output for the session's first prompt (a path for `git
 * rev-parse --git-path`, the session's id and `.json` after it). Gemini CLI 0.61 in a headless run
 * (`gemini -p`) puts a SessionStart hook's context before the prompt and only then looks for a slash
 * command, so with the primer there `/fix 42` reached the model as text and no command ran. The
 * context its BeforeAgent hook returns is put after the prompt, which is the command's expansion by
 * then; interactively both work. So SessionStart writes what it would print here, and BeforeAgent
 * prints it, once, in sh (the first request waits for it). Without GEMINI_SESSION_ID (a version that
 * does not set it) SessionStart prints as before, and where the file cannot be made (an id too long
 * for a file name, a folder it cannot write in): `command exec` keeps a failed redirection from
 * ending the shell, whose status 2 lost the session's primer (secrets55).
 */
export const GEMINI_START_CONTEXT_GIT_PATH = `${STATE_DIR}/${START_CONTEXT_DIR}`;
/** The session id as a file name: what Gemini CLI's ids are (a UUID), nothing that leaves the folder. */
const SESSION_ID_UNSAFE = `case $GEMINI_SESSION_ID in ''|*[!A-Za-z0-9_-]*)`;

export function hookCommand(agent: string, event: HookEventName): string {
  if (agent === 'gemini' && event === 'before-agent') {
    // No node: the hook only hands over what SessionStart wrote. The comment names the command as
    // ours for the configuration edits (hookCommandKey).
    return `${SESSION_ID_UNSAFE} exit 0;; esac; f=$(git rev-parse --git-path ${GEMINI_START_CONTEXT_GIT_PATH}/$GEMINI_SESSION_ID.json 2>/dev/null) && test -f "$f" && cat "$f" && rm -f "$f"; exit 0 # git-memory hook agent before-agent --agent gemini`;
  }
  if (agent === 'gemini' && event === 'session-start') {
    return `${HOOK_GUARD}${SESSION_ID_UNSAFE} ;; *) c=$(git rev-parse --git-path ${GEMINI_START_CONTEXT_GIT_PATH} 2>/dev/null) && mkdir -p "$c" && { command exec >"$c/$GEMINI_SESSION_ID.json"; } 2>/dev/null;; esac; ${keptStart(agent)}`;
  }
  if (event === 'session-end' && DETACHED_END.has(agent)) {
    // The payload goes on as the background command's stdin through fd 3: an asynchronous command's
    // own stdin is /dev/null (POSIX, without job control). One fork in the shell Codex waits for.
    return `${HOOK_GUARD}exec 3<&0; git-memory hook agent session-end --agent ${agent} --detached <&3 >/dev/null 2>&1 & exit 0`;
  }
  // Most turns' ends meet no threshold, and most starts find the primer kept: the script says so
  // without starting node (issue 24, section 3).
  // The output's first line is the script's path (an unborn HEAD, or no worktree: git fails, and node starts).
  if (event === 'session-start' && KEPT_START.has(agent)) return `${HOOK_GUARD}${keptStart(agent)}`;
  const gate = event === 'stop' && TURN_GATED.has(agent) ? `g=$(git rev-parse --git-path ${TURN_END_GIT_PATH} 2>/dev/null) && test -f "$g" && exec sh "$g" ${agent}; ` : '';
  const hook = `git-memory hook agent ${event} --agent ${agent}`;
  const mcpEnd = agent === 'claude' && event === 'stop' ? CLAUDE_PRINT_MCP_END : '';
  if (BESIDE[agent]?.includes(event)) return `${HOOK_GUARD}${mcpEnd}{ { ${gate}${hook} <&3; } <&3 >/dev/null 2>&1 & } 3<&0`;
  return `${HOOK_GUARD}${gate}${hook}`;
}

/** The start through the kept script where it is there, else node. */
const keptStart = (agent: string) =>
  `g=$(git rev-parse --git-path ${SESSION_START_GIT_PATH} ${START_GIT_ARGS} 2>/dev/null) && s=\${g%%\n*} && test -f "$s" && exec sh "$s" ${agent} "$g"; git-memory hook agent session-start --agent ${agent}`;

/**
 * What names one of our hook commands whatever surrounds it (the guard, or none in configurations
 * older versions wrote): `git-memory hook agent <event> --agent <agent>`, or null for a command not ours.
 */
export function hookCommandKey(command: string): string | null {
  return /\bgit-memory hook agent \S+ --agent \S+/.exec(command)?.[0] ?? null;
}
