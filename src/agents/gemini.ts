import { additionalContextJson, command, grouped, mcpJson, text, type Agent } from './adapter.js';
import { textOf } from './transcript-text.js';

/** Gemini CLI. */
export const gemini: Agent<'gemini'> = {
  name: 'gemini',
  title: 'Gemini CLI',
  // Gemini CLI timeouts are milliseconds.
  config: [grouped('.gemini/settings.json', 'gemini', [
    { event: 'SessionStart', handler: command('gemini', 'session-start', 10_000, { name: 'git-memory' }) },
    // Session notes: the hook checks the thresholds and returns; a model call runs detached.
    { event: 'AfterTool', handler: command('gemini', 'tool-use', 10_000, { name: 'git-memory' }) },
    { event: 'SessionEnd', handler: command('gemini', 'session-end', 5_000, { name: 'git-memory' }) },
  ])],
  mcp: mcpJson('.gemini/settings.json', { command: 'git-memory', args: ['mcp'] }),
  instructions: ['GEMINI.md'],
  detect: (env) => (env.GEMINI_CLI ? 'set-by-agent' : null),
  // Some versions call SessionStart's source `trigger`.
  hookInput: (raw) => ({ source: text(raw.trigger) }),
  // JSON only: any plain text on stdout is an error.
  sessionStartOutput: additionalContextJson,
  // One JSON document whose `messages` are records of this shape.
  transcriptText: (r) => (r.type === 'user' && 'content' in r ? textOf(r.content) : undefined),
};
