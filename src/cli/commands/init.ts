import type { Argv, CommandModule } from 'yargs';
import { AGENT_LIST, AGENT_NAMES } from '../../agents/registry.js';
import { run, type GlobalArgs, type Io } from '../io.js';
import { INIT_NEXT_WITH_AGENTS, initNextWithoutAgents, MODEL_CHOICE_TEXT } from '../messages.js';
import type { InitData } from '../../commands/init.js';

interface Args extends GlobalArgs {
  language?: string;
  hooks: boolean;
  agent?: string[];
  mcp?: boolean;
  model?: string;
}

/** Both ends are a terminal: someone is there to answer (a script or a pipe keeps today's behaviour). */
const interactive = (_io: Io) => process.stdin.isTTY === true && process.stdout.isTTY === true;

const dollars = (n: number) => `$${n < 0.01 && n > 0 ? n.toFixed(4) : n.toFixed(2)}`;

/** Which model is in use (or that none is, and how to choose one), and what it has cost here. */
function modelLines(d: InitData): string[] {
  const m = d.model;
  const spent = m.total.calls ? `; ${m.total.calls} call${m.total.calls > 1 ? 's' : ''} so far, ${dollars(m.total.cost)}` : '';
  if (m.provider) return [`model: ${m.provider} (${m.reason})${spent}`];
  if (m.chosen) return [`model: none (${m.reason}): nothing is sent anywhere${spent}`];
  return [`model: none chosen, so nothing is sent anywhere${spent}`, ...MODEL_CHOICE_TEXT.map((l) => `  ${l}`), `  To choose: ${m.hint}`];
}

/**
 * What to do after init: commit what it wrote, and how sessions get and leave their memory. What
 * Aider needs (no hooks) is the setup's own note, printed above as it is in --json.
 */
function nextSteps(d: InitData): string[] {
  if (!d.agents?.files.length) return initNextWithoutAgents(AGENT_NAMES);
  const hooked = d.agents.files.some((f) => f.agent !== 'aider' && f.agent !== 'instructions');
  return hooked ? INIT_NEXT_WITH_AGENTS : [INIT_NEXT_WITH_AGENTS[0]!];
}

function render(d: InitData): string {
  const lines = [`git-memory set up in ${d.root}`];
  for (const f of d.files) lines.push(`  ${f.result.padEnd(9)} ${f.path}`);
  for (const h of d.hooks) lines.push(`  ${h.result.padEnd(9)} ${h.hook} hook (${h.path})`);
  lines.push(`  ${d.mergeDriver.attributes.padEnd(9)} .openclaw_memory/.gitattributes (TASKS.md merged by task id)`);
  lines.push(`  ${d.mergeDriver.config.padEnd(9)} merge driver git-memory-tasks (git config)`);
  for (const f of d.agents?.files ?? []) lines.push(`  ${f.result.padEnd(9)} ${f.path}${f.agent === 'instructions' ? ' (how to use the memory)' : ` (${f.agent})`}`);
  for (const n of d.agents?.notes ?? []) lines.push(`  note: ${n}`);
  lines.push('', ...modelLines(d));
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
      .option('model', {
        type: 'string',
        choices: ['anthropic', 'claude-cli', 'none'],
        describe: 'The model git-memory may send redacted transcript excerpts to (written to [llm] provider); none by default',
      })
      .example('git memory init', 'config, .openclaw_memory/ skeleton, git hooks and the TASKS.md merge driver')
      .example('git memory init --agent claude --mcp', 'also the Claude Code hooks, CLAUDE.md section and .mcp.json')
      .example('git memory init --model claude-cli', 'let `claude -p --model haiku` write notes, compaction summaries and MEMORY.md'),
  handler: (a) =>
    run(
      io,
      a,
      async (ctx) => {
        const { init, modelChoiceMade } = await import('../../commands/init.js');
        let model = a.model;
        // On a terminal, with no --model and no choice in the config yet: ask (none by default).
        if (model === undefined && !a.json && interactive(io) && !modelChoiceMade(ctx)) {
          model = await (await import('../ask-model.js')).askModel(process.stdin, process.stdout);
          io.out('\n');
        }
        const done = await init(ctx, { language: a.language, hooks: a.hooks, agents: a.agent, mcp: a.mcp, model });
        // The worktree's first agent session starts as a later one does, without node in line: its
        // start's primer is kept now, and again after the commit of what init wrote (the post-commit hook).
        await (await import('../../hook/agent/kept-start.js')).keepServedStarts(ctx, { afterCommit: a.hooks });
        return done;
      },
      render,
    ),
});
