import { MCP_SERVER } from './config/mcp-servers.js';
import { addFlatHooks, hasHooks, removeFlatHooks } from './config/hook-entries.js';
import { parseJsonc, unlessBlank } from './config/json-text.js';
import { hookCommand } from './hook-command.js';
import { mcpJson, ours, text, type Agent } from './adapter.js';

// Cursor: version 1, camelCase events, flat entries.
const CURSOR_HOOKS = [
  { event: 'sessionStart', entry: { command: hookCommand('cursor', 'session-start') } },
  { event: 'stop', entry: { command: hookCommand('cursor', 'stop') } },
];

/** Cursor. */
export const cursor: Agent<'cursor'> = {
  name: 'cursor',
  title: 'Cursor',
  config: [{
    path: '.cursor/hooks.json',
    install: (t) => addFlatHooks(unlessBlank(t) ?? '{\n  "version": 1\n}\n', '.cursor/hooks.json', CURSOR_HOOKS),
    uninstall: (t) => {
      const next = removeFlatHooks(t, '.cursor/hooks.json', ours('cursor'));
      if (next === t) return t; // none of ours: not even an empty file goes
      const left = parseJsonc(next, '.cursor/hooks.json') as Record<string, unknown>;
      return Object.keys(left).every((k) => k === 'version') && !/\/[/*]/.test(next) ? null : next;
    },
    installed: (t) => hasHooks(t, '.cursor/hooks.json', ours('cursor')),
  }],
  mcp: mcpJson('.cursor/mcp.json', MCP_SERVER),
  instructions: () => ['AGENTS.md'],
  stopEndsSession: true,
  // No variable of its own is known to reach the commands Cursor's agent runs.
  detect: () => null,
  // Cursor names the conversation and the workspace differently from the others.
  hookInput: (raw) => ({
    sessionId: text(raw.conversation_id),
    cwds: Array.isArray(raw.workspace_roots) ? raw.workspace_roots.filter((r): r is string => typeof r === 'string') : [],
  }),
  sessionStartOutput: (context) => `${JSON.stringify({ additional_context: context, continue: true })}\n`,
};
