import { ADAPTERS, parseAgents, type AgentName } from '../agents/registry.js';
import { planFiles } from '../agents/config-files.js';
import { uninstallSection } from '../agents/instruction-files.js';
import { UsageError } from '../errors.js';
import { findRepo } from '../git/repo.js';
import type { AgentFile } from './agent-setup.js';
import type { Ctx, Result } from './context.js';

export interface UninstallAgentData {
  agents: AgentName[];
  files: AgentFile[];
}

/**
 * Removes what `init --agent` added for the named agents, and nothing else: their hook entries,
 * their MCP registration, and the instruction section unless another agent that is still wired up
 * reads the same file (also through a link).
 */
export async function uninstallAgents(ctx: Ctx, names: string[]): Promise<Result<UninstallAgentData>> {
  const agents = parseAgents(names);
  if (!agents.length) throw new UsageError('name the agents to remove', 'e.g. git memory uninstall --agent codex');
  const repo = findRepo(ctx.cwd, ctx.env);
  const plan = planFiles(repo);
  for (const name of agents) {
    const a = ADAPTERS[name];
    for (const f of [...a.config, ...(a.mcp ? [a.mcp] : [])]) plan.change(f.path, name, (t) => (t === null ? null : f.uninstall(t)));
  }
  uninstallSection(plan, agents);
  const files = plan.apply().map((f) => ({ agent: f.label, path: f.path, result: f.result }));
  return { data: { agents, files }, warnings: [] };
}
