import { rmSync } from 'node:fs';
import { basename, join } from 'node:path';
import { ADAPTERS, AGENT_NAMES, parseAgents, type AgentName } from '../agents/registry.js';
import { keptStartFile, SESSION_START_GIT_PATH, TURN_END_GIT_PATH } from '../agents/hook-command.js';
import { readTextOrNull } from '../fs/read-file.js';
import { KEEP_START_FILE } from '../paths.js';
import { outsideNote, planFiles } from '../agents/config-files.js';
import { uninstallSection } from '../agents/instruction-files.js';
import { UsageError } from '../errors.js';
import { findRepo, type Repo } from '../git/repo.js';
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
  const applied = plan.apply();
  const files = applied.map((f) => ({ agent: f.label, path: f.path, result: f.result }));
  removeKeptStarts(repo, agents);
  return { data: { agents, files }, warnings: applied.map(outsideNote).filter((n): n is string => n !== null) };
}

/**
 * What the agents' start kept in the state dir (hook/agent/kept-start.ts): the removed agents' kept
 * starts, and, once no agent's committed settings run them any more, the start and turn-end scripts
 * and the mark that has the next commit keep the start again. Best effort: a file left is only unused.
 */
function removeKeptStarts(repo: Repo, agents: AgentName[]): void {
  const runBy = (gitPath: string) => AGENT_NAMES.some((a) => ADAPTERS[a].config.some((f) => readTextOrNull(join(repo.root, f.path))?.includes(gitPath) ?? false));
  const gone = agents.map(keptStartFile);
  if (!runBy(SESSION_START_GIT_PATH)) gone.push(basename(SESSION_START_GIT_PATH), KEEP_START_FILE);
  if (!runBy(TURN_END_GIT_PATH)) gone.push(basename(TURN_END_GIT_PATH));
  for (const f of gone) rmSync(join(repo.stateDir, f), { force: true });
}
