import { additionalContextJson, command, grouped, mcpJson, type Agent } from './adapter.js';
import { textOf } from './transcript-text.js';

/** Claude Code. */
export const claude: Agent<'claude'> = {
  name: 'claude',
  title: 'Claude Code',
  // Timeouts are seconds. The SessionEnd one also lifts Claude Code's shared 1.5 s budget a little;
  // the hook itself only starts a detached worker. No matchers: SessionStart should run on every
  // source (startup, resume, clear, compact), and an omitted matcher matches all of them.
  // PostToolUse and Stop keep the session notes: asynchronous, so Claude Code does not wait even
  // for the threshold check (the hook starts a detached worker when a model call is due).
  config: [grouped('.claude/settings.json', 'claude', [
    { event: 'SessionStart', handler: command('claude', 'session-start', 10) },
    { event: 'PostToolUse', handler: command('claude', 'tool-use', 10, { async: true }) },
    { event: 'Stop', handler: command('claude', 'stop', 10, { async: true }) },
    { event: 'SessionEnd', handler: command('claude', 'session-end', 5) },
    // Compaction (issue 14): what must survive, then the check of Claude Code's own summary.
    { event: 'PreCompact', handler: command('claude', 'pre-compact', 10) },
    { event: 'PostCompact', handler: command('claude', 'post-compact', 10) },
  ])],
  mcp: mcpJson('.mcp.json', { type: 'stdio', command: 'git-memory', args: ['mcp'], env: {} }),
  instructions: () => ['CLAUDE.md'],
  // Claude Code sets CLAUDECODE in every process it starts.
  detect: (env) => (env.CLAUDECODE ? 'set-by-agent' : null),
  // JSON keeps the event name explicit (plain text works too).
  sessionStartOutput: additionalContextJson,
  transcriptText: (r) => (r.type === 'user' && r.message && typeof r.message === 'object' ? textOf(r.message.content) : undefined),
};
