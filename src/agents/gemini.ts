import { MCP_SERVER } from './config/mcp-servers.js';
import { additionalContextJson, command, grouped, mcpJson, text, type Agent } from './adapter.js';
import { parseJsonc } from './config/json-text.js';
import { geminiTyped } from './transcript-text.js';

const SETTINGS = '.gemini/settings.json';

/**
 * The context files Gemini CLI loads: `context.fileName` in the project's settings (a name or a
 * list of names), GEMINI.md when it is not set. Only the project's file counts: the section goes
 * into a committed file the whole team shares, which one user's ~/.gemini/settings.json cannot
 * decide. A settings file that does not parse is reported by the hook edits; here it means unset.
 */
function contextFiles(read: (path: string) => string | null): string[] {
  let names: unknown;
  try {
    const text = read(SETTINGS);
    const settings = text === null ? null : parseJsonc(text, SETTINGS);
    names = (settings as { context?: { fileName?: unknown } } | null)?.context?.fileName;
  } catch {
    names = undefined;
  }
  const list = (Array.isArray(names) ? names : [names]).filter((n): n is string => typeof n === 'string' && n.trim() !== '');
  return list.length ? list : ['GEMINI.md'];
}

/** What marks a settings file as holding git-memory's Gemini CLI hooks (its SessionEnd's command). */
const WIRED = "grep -qs 'hook agent session-end --agent gemini'";

/**
 * Gemini CLI 0.61 reads a project's settings only from the folder it starts in (`.gemini/settings.json`
 * there, besides the user's and the system's): started in a subfolder of the repository it runs none
 * of the root's hooks and starts none of its MCP servers, so the session got no primer and was never
 * recorded (only GEMINI.md, which it looks for upward, reaches the model). What it does run in every
 * folder is an extension's hooks (`<extension>/hooks/hooks.json`). git-memory's extension
 * (gemini-extension/, which a user adds with `gemini extensions link`) holds the repository's
 * commands behind this guard: they run only in a subfolder of a repository whose root settings hold
 * git-memory's hooks, and the folder's own settings do not (at the root those run; Gemini CLI runs
 * both lists, and would run the command twice). Elsewhere the guard starts no process (outside a
 * repository whose top holds .gemini/settings.json) or one grep.
 */
export const SUBFOLDER_GUARD =
  // The repository's top: the nearest folder up holding .git (a folder, or a worktree's file), found
  // with builtins alone, so that a folder elsewhere pays no process at all; then a grep or two.
  'd=$PWD; while ! [ -e "$d/.git" ]; do [ -n "$d" ] || exit 0; d=${d%/*}; done; ' +
  '[ "$d" != "$PWD" ] && [ -f "$d/.gemini/settings.json" ] || exit 0; ' +
  `[ -f .gemini/settings.json ] && ${WIRED} .gemini/settings.json && exit 0; ${WIRED} "$d/.gemini/settings.json" || exit 0; `;

/** The hooks of git-memory's Gemini CLI extension (gemini-extension/hooks/hooks.json): the repository's, each behind SUBFOLDER_GUARD. */
export function extensionHooks(): Record<string, { hooks: Record<string, unknown>[] }[]> {
  const settings = JSON.parse(gemini.config[0]!.install(null)) as { hooks: Record<string, { hooks: { command: string }[] }[]> };
  return Object.fromEntries(
    Object.entries(settings.hooks).map(([event, groups]) => [event, groups.map((g) => ({ ...g, hooks: g.hooks.map((h) => ({ ...h, command: SUBFOLDER_GUARD + h.command })) }))]),
  );
}

/** Gemini CLI. */
export const gemini: Agent<'gemini'> = {
  name: 'gemini',
  title: 'Gemini CLI',
  // Gemini CLI timeouts are milliseconds.
  config: [grouped(SETTINGS, 'gemini', [
    { event: 'SessionStart', handler: command('gemini', 'session-start', 10_000, { name: 'git-memory' }) },
    // What SessionStart wrote, returned before the first prompt's request (see GEMINI_START_CONTEXT_GIT_PATH).
    { event: 'BeforeAgent', handler: command('gemini', 'before-agent', 5_000, { name: 'git-memory' }) },
    // Session notes at the end of each turn (AfterAgent): the hook checks the thresholds and returns;
    // a model call runs detached. Not after each tool (AfterTool blocks the agent, a node process each).
    { event: 'AfterAgent', handler: command('gemini', 'stop', 10_000, { name: 'git-memory' }) },
    { event: 'SessionEnd', handler: command('gemini', 'session-end', 5_000, { name: 'git-memory' }) },
  ])],
  mcp: mcpJson(SETTINGS, MCP_SERVER),
  instructions: contextFiles,
  // Gemini CLI 0.61 skips project hooks in a folder it does not trust (and warns once in a trusted
  // one that project-level hooks were detected).
  trust:
    'Gemini CLI runs these hooks only in a trusted folder: trust this folder when Gemini CLI asks (or list it as TRUST_FOLDER in ~/.gemini/trustedFolders.json); it then warns once that project-level hooks were detected. ' +
    'In CI: GEMINI_CLI_TRUST_WORKSPACE=true. ' +
    'Started in a subfolder, Gemini CLI reads none of the repository\'s settings: add git-memory\'s extension once, which runs these hooks there (`gemini extensions link <git-memory>/gemini-extension`, the folder of the installed package or of a clone)',
  detect: (env) => (env.GEMINI_CLI ? 'set-by-agent' : null),
  // Some versions call SessionStart's source `trigger`.
  hookInput: (raw) => ({ source: text(raw.trigger) }),
  // JSON only: any plain text on stdout is an error.
  sessionStartOutput: additionalContextJson,
  // One JSON document (or JSON lines) whose messages are records of this shape; the prompt follows
  // our own SessionStart context in the same message.
  transcriptText: (r) => {
    if (r.type !== 'user' || !('content' in r)) return undefined;
    return geminiTyped(r);
  },
};
