import { MCP_SERVER } from './config/mcp-servers.js';
import { additionalContextJson, command, grouped, mcpJson, type Agent } from './adapter.js';
import { claudeSlashCommand, textOf, withoutIdeContext } from './transcript-text.js';

/** Claude Code. */
export const claude: Agent<'claude'> = {
  name: 'claude',
  title: 'Claude Code',
  // Timeouts are seconds. The SessionEnd one also lifts Claude Code's shared 1.5 s budget a little;
  // the hook itself only starts a detached worker. No matchers: SessionStart should run on every
  // source (startup, resume, clear, compact), and an omitted matcher matches all of them.
  // Stop keeps the session notes: it reads what the turn added to the transcript, applies the notes'
  // thresholds and starts a detached worker when a model call is due. Not asynchronous: its command
  // returns once it has read the payload and decides beside Claude Code (turn-gate.ts). An async
  // hook still running when print mode exits is killed, and Claude Code waits until each of its
  // processes is reaped before SessionEnd runs: 1-1.5 s of every `claude -p` (issue 24, section 3).
  // No hook per tool call: a node process beside every tool call cost more than anything else
  // git-memory does, and the thresholds hold as well at the turn's end (tokens and tool calls only
  // grow until then).
  config: [grouped('.claude/settings.json', 'claude', [
    { event: 'SessionStart', handler: command('claude', 'session-start', 10) },
    { event: 'Stop', handler: command('claude', 'stop', 10) },
    { event: 'SessionEnd', handler: command('claude', 'session-end', 5) },
    // Compaction (issue 14): what must survive, then the check of Claude Code's own summary.
    { event: 'PreCompact', handler: command('claude', 'pre-compact', 10) },
    { event: 'PostCompact', handler: command('claude', 'post-compact', 10) },
  ])],
  mcp: mcpJson('.mcp.json', { type: 'stdio', ...MCP_SERVER, env: {} }),
  instructions: () => ['CLAUDE.md'],
  // Claude Code sets CLAUDECODE in every process it starts.
  detect: (env) => (env.CLAUDECODE ? 'set-by-agent' : null),
  // JSON keeps the event name explicit (plain text works too).
  sessionStartOutput: additionalContextJson,
  // A slash command is its typed form (`/fix-issue 42`), the user's words, not the template it
  // expands to (a meta record after it); a local one (`/clear`, `/model`) asks nothing.
  transcriptText: (r) => {
    if (r.type !== 'user' || !r.message || typeof r.message !== 'object') return undefined;
    const text = textOf(r.message.content);
    if (text === null) return null;
    const slash = claudeSlashCommand(text);
    if (slash) return slash.local ? null : slash.command;
    return withoutIdeContext(text);
  },
};
