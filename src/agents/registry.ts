import { UsageError } from '../errors.js';
import type { Agent } from './adapter.js';
import { aider } from './aider.js';
import { claude } from './claude.js';
import { codex } from './codex.js';
import { cursor } from './cursor.js';
import { gemini } from './gemini.js';

/**
 * The agents `init --agent` knows how to wire up, in the order lists and messages name them. The
 * order also settles ties: between two equal detections, and a transcript record two shapes match.
 */
export const AGENTS = [claude, codex, gemini, cursor, aider] as const;

export type AgentName = (typeof AGENTS)[number]['name'];
export const AGENT_NAMES: readonly AgentName[] = AGENTS.map((a) => a.name);

/** Each agent by name. */
export const ADAPTERS = Object.fromEntries(AGENTS.map((a) => [a.name, a])) as Record<AgentName, Agent>; // built from AGENTS, so every name is there

/** The agents with hooks, which `git-memory hook agent` serves. */
export const HOOK_AGENT_NAMES: readonly AgentName[] = AGENTS.filter((a) => a.sessionStartOutput).map((a) => a.name);

/** "claude, codex, gemini, cursor, aider": the names as help texts list them. */
export const AGENT_LIST = AGENT_NAMES.join(', ');

/** Reads `--agent claude,codex` or `--agent all` (repeatable); exit 2 on an unknown name. */
export function parseAgents(values: readonly string[]): AgentName[] {
  const picked = new Set<string>();
  for (const raw of values.flatMap((v) => v.split(','))) {
    const name = raw.trim().toLowerCase();
    if (!name) continue;
    if (name === 'all') AGENT_NAMES.forEach((a) => picked.add(a));
    else if ((AGENT_NAMES as readonly string[]).includes(name)) picked.add(name);
    else throw new UsageError(`unknown agent ${JSON.stringify(raw)}`, `--agent takes ${AGENT_LIST} or all`);
  }
  return AGENT_NAMES.filter((a) => picked.has(a));
}

/**
 * The agent the environment says runs this process, or null: a variable the agent sets itself wins
 * over a hint, and between equals the first in AGENTS.
 */
export function detectAgent(env: NodeJS.ProcessEnv): AgentName | null {
  const seen = AGENTS.map((a) => ({ name: a.name, how: a.detect(env) }));
  return (seen.find((s) => s.how === 'set-by-agent') ?? seen.find((s) => s.how === 'hint'))?.name ?? null;
}

/**
 * The agent whose own process this shell is, by a variable that agent sets for the commands it runs
 * (not a hint a user's profile may export, such as CODEX_HOME): a `git memory end` from there is the
 * agent's, where a terminal's is its own (commands/steps/session-end-input.ts).
 */
export function agentOfShell(env: NodeJS.ProcessEnv): AgentName | null {
  return AGENTS.find((a) => a.detect(env) === 'set-by-agent')?.name ?? null;
}
