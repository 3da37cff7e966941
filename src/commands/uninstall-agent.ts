import { ADAPTERS, AGENT_NAMES, parseAgents, type AgentName } from '../agents/registry.js';
import { planFiles } from '../agents/config-files.js';
import { removeSection } from '../agents/instructions.js';
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
 * reads the same file.
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
  const wired = (n: AgentName) => ADAPTERS[n].config.some((f) => {
    const text = plan.text(f.path);
    return text !== null && f.installed(text);
  });
  const keep = new Set(AGENT_NAMES.filter((n) => !agents.includes(n) && wired(n)).flatMap((n) => ADAPTERS[n].instructions));
  for (const path of new Set(agents.flatMap((n) => ADAPTERS[n].instructions))) {
    if (!keep.has(path)) plan.change(path, 'instructions', (t) => (t === null ? null : removeSection(t)));
  }
  const files = plan.apply().map((f) => ({ agent: f.label, path: f.path, result: f.result }));
  return { data: { agents, files }, warnings: [] };
}
