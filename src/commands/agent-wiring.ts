import { ADAPTERS, AGENT_NAMES, type AgentName } from '../agents/registry.js';
import { planFiles } from '../agents/config-files.js';
import { hasSection } from '../agents/instructions.js';
import type { Repo } from '../git/repo.js';

export interface AgentWiring {
  /** Agents whose hook or MCP entries from `init --agent` are in place, with the files that hold them. */
  agents: { agent: AgentName; paths: string[] }[];
  /** Instruction files (CLAUDE.md, AGENTS.md, …) that hold our marked section. */
  instructions: string[];
}

/**
 * What `init --agent` left wired up in the repository, read without changing anything. A file
 * that cannot be parsed counts as not wired: this only informs, `uninstall --agent` decides.
 */
export function agentWiring(repo: Repo): AgentWiring {
  const plan = planFiles(repo);
  const holds = (path: string, test: (text: string) => boolean) => {
    try {
      const text = plan.text(path);
      return text !== null && test(text);
    } catch {
      return false;
    }
  };
  const agents = AGENT_NAMES.map((agent) => {
    const a = ADAPTERS[agent];
    const paths = [...a.config, ...(a.mcp ? [a.mcp] : [])].filter((f) => holds(f.path, f.installed)).map((f) => f.path);
    return { agent, paths: [...new Set(paths)] };
  }).filter((w) => w.paths.length);
  const instructions = [...new Set(AGENT_NAMES.flatMap((n) => ADAPTERS[n].instructions))].filter((p) => holds(p, hasSection));
  return { agents, instructions };
}
