import type { AgentName } from '../../agents/agents.js';

/** Claude Code saves longer context to a file and shows only a preview; the others follow suit. */
export const MAX_CONTEXT_CHARS = 10_000;

const CUT_NOTE = '\n\n[cut to fit the agent\'s 10,000-character limit; `git memory primer` prints all of it]\n';

/** Caps context text at whole lines, saying so when something was cut. */
export function capContext(text: string, max = MAX_CONTEXT_CHARS): string {
  if (text.length <= max) return text;
  const room = max - CUT_NOTE.length;
  const nl = text.lastIndexOf('\n', room);
  return `${text.slice(0, nl > 0 ? nl : room).trimEnd()}${CUT_NOTE}`;
}

/**
 * What a SessionStart hook prints so the agent takes `text` as context:
 * - Claude Code: JSON `hookSpecificOutput.additionalContext` (plain text works too; JSON keeps the
 *   event name explicit);
 * - Gemini CLI: JSON only, any plain text on stdout is an error;
 * - Codex CLI: plain text (JSON-looking text that does not parse fails the hook, and markdown
 *   never starts with `{`);
 * - Cursor: `{"additional_context": …, "continue": true}`.
 * Aider has no hooks; it reads PRIMER.md.
 */
export function sessionStartOutput(agent: AgentName, text: string): string {
  const context = capContext(text);
  switch (agent) {
    case 'claude':
    case 'gemini':
      return `${JSON.stringify({ hookSpecificOutput: { hookEventName: 'SessionStart', additionalContext: context } })}\n`;
    case 'cursor':
      return `${JSON.stringify({ additional_context: context, continue: true })}\n`;
    case 'codex':
    case 'aider':
      return context.endsWith('\n') ? context : `${context}\n`;
  }
}
