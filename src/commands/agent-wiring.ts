import { ADAPTERS, AGENT_NAMES, type AgentName } from '../agents/registry.js';
import { planFiles } from '../agents/config-files.js';
import { hasSection } from '../agents/instructions.js';
import { agentReads, defaultReads } from '../agents/instruction-files.js';
import type { Repo } from '../git/repo.js';

export interface AgentWiring {
  /**
   * Agents whose hook or MCP entries from `init --agent` are in place, with the files that hold
   * them, the instruction files the agent reads and the one of them holding our section (null: none).
   */
  agents: { agent: AgentName; paths: string[]; reads: string[]; section: string | null; outdated: string[] }[];
  /** Instruction files (CLAUDE.md, AGENTS.md, …) that hold our marked section, one path per file. */
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
    const reads = agentReads(plan, agent);
    // Hook files holding ours as an older version wrote them (a command that does more at each event): `init --agent` rewrites them.
    const outdated = a.config.filter((f) => holds(f.path, (t) => f.installed(t) && f.install(t) !== t)).map((f) => f.path);
    return { agent, paths: [...new Set(paths)], reads, section: reads.find((p) => holds(p, hasSection)) ?? null, outdated };
  }).filter((w) => w.paths.length);
  // What any agent reads now or by default (an earlier setting may have chosen it).
  const candidates = AGENT_NAMES.flatMap((n) => [...agentReads(plan, n), ...defaultReads(plan, n)]);
  const files = new Map<string, string>();
  for (const p of candidates) if (!files.has(plan.where(p)) && holds(p, hasSection)) files.set(plan.where(p), p);
  return { agents, instructions: [...files.values()] };
}
