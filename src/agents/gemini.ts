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
    'In CI: GEMINI_CLI_TRUST_WORKSPACE=true',
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
