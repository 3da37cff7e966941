import { UsageError } from '../errors.js';

/** The agents `init --agent` knows how to wire up. */
export const AGENT_NAMES = ['claude', 'codex', 'gemini', 'cursor', 'aider'] as const;
export type AgentName = (typeof AGENT_NAMES)[number];

/** How each agent is called in messages and docs. */
export const AGENT_TITLES: Record<AgentName, string> = {
  claude: 'Claude Code',
  codex: 'Codex CLI',
  gemini: 'Gemini CLI',
  cursor: 'Cursor',
  aider: 'Aider',
};

/** Reads `--agent claude,codex` or `--agent all` (repeatable); exit 2 on an unknown name. */
export function parseAgents(values: readonly string[]): AgentName[] {
  const picked = new Set<AgentName>();
  for (const raw of values.flatMap((v) => v.split(','))) {
    const name = raw.trim().toLowerCase();
    if (!name) continue;
    if (name === 'all') AGENT_NAMES.forEach((a) => picked.add(a));
    else if ((AGENT_NAMES as readonly string[]).includes(name)) picked.add(name as AgentName);
    else throw new UsageError(`unknown agent ${JSON.stringify(raw)}`, `--agent takes ${AGENT_NAMES.join(', ')} or all`);
  }
  return AGENT_NAMES.filter((a) => picked.has(a));
}

/** The hook command an agent's configuration runs for one event. */
export function hookCommand(agent: AgentName, event: 'session-start' | 'session-end' | 'stop'): string {
  return `git-memory hook agent ${event} --agent ${agent}`;
}

/** Every hook command of ours starts with this: how our entries are told from the user's. */
export const HOOK_COMMAND_PREFIX = 'git-memory hook agent ';
