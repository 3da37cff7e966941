import { plainText } from '../../agents/adapter.js';
import { ADAPTERS, type AgentName } from '../../agents/registry.js';

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
 * What a SessionStart hook prints so the agent takes `text` as context, capped: each agent's shape
 * is in its file under agents/; an agent without one (Aider, which has no hooks) gets plain text.
 */
export function sessionStartOutput(agent: AgentName, text: string): string {
  const context = capContext(text);
  return (ADAPTERS[agent].sessionStartOutput ?? plainText)(context);
}
