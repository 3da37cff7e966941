import type { Argv, CommandModule } from 'yargs';
import { AGENT_LIST, AGENT_NAMES } from '../../agents/registry.js';
import { run, type GlobalArgs, type Io } from '../io.js';
import { INIT_NEXT_AIDER, INIT_NEXT_WITH_AGENTS, initNextWithoutAgents } from '../messages.js';
import type { InitData } from '../../commands/init.js';

interface Args extends GlobalArgs {
  language?: string;
  hooks: boolean;
  agent?: string[];
  mcp?: boolean;
}

/** What to do after init: commit what it wrote, and how sessions get and leave their memory. */
function nextSteps(d: InitData): string[] {
  if (!d.agents?.files.length) return initNextWithoutAgents(AGENT_NAMES);
  const aider = d.agents.files.some((f) => f.agent === 'aider');
  const others = d.agents.files.some((f) => f.agent !== 'aider' && f.agent !== 'instructions');
  return [...(others || !aider ? INIT_NEXT_WITH_AGENTS : [INIT_NEXT_WITH_AGENTS[0]!]), ...(aider ? INIT_NEXT_AIDER : [])];
}

function render(d: InitData): string {
  const lines = [`git-memory set up in ${d.root}`];
  for (const f of d.files) lines.push(`  ${f.result.padEnd(9)} ${f.path}`);
  for (const h of d.hooks) lines.push(`  ${h.result.padEnd(9)} ${h.hook} hook (${h.path})`);
  lines.push(`  ${d.mergeDriver.attributes.padEnd(9)} .openclaw_memory/.gitattributes (TASKS.md merged by task id)`);
  lines.push(`  ${d.mergeDriver.config.padEnd(9)} merge driver git-memory-tasks (git config)`);
  for (const f of d.agents?.files ?? []) lines.push(`  ${f.result.padEnd(9)} ${f.path}${f.agent === 'instructions' ? ' (how to use the memory)' : ` (${f.agent})`}`);
  for (const n of d.agents?.notes ?? []) lines.push(`  note: ${n}`);
  lines.push('', ...nextSteps(d));
  return `${lines.join('\n')}\n`;
}

export const initCommand = (io: Io): CommandModule<GlobalArgs, Args> => ({
  command: 'init',
  describe: 'Set up git-memory in this repository (safe to run again)',
  builder: (y: Argv<GlobalArgs>) =>
    y
      .option('language', { type: 'string', choices: ['en', 'zh'], describe: 'Heading language of new journal files (written to the config)' })
      .option('hooks', { type: 'boolean', default: true, describe: 'Install the post-commit, post-rewrite and pre-push hooks (--no-hooks to skip)' })
      .option('agent', { type: 'string', array: true, describe: `Wire up agents: ${AGENT_LIST}, or all (comma-separated or repeated)` })
      .option('mcp', { type: 'boolean', describe: 'With --agent: also register the git-memory MCP server (.mcp.json for Claude Code)' })
      .example('git memory init', 'config, .openclaw_memory/ skeleton, git hooks and the TASKS.md merge driver')
      .example('git memory init --agent claude --mcp', 'also the Claude Code hooks, CLAUDE.md section and .mcp.json'),
  handler: (a) => run(io, a, async (ctx) => (await import('../../commands/init.js')).init(ctx, { language: a.language, hooks: a.hooks, agents: a.agent, mcp: a.mcp }), render),
});
