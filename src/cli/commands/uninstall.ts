import type { Argv, CommandModule } from 'yargs';
import { AGENT_LIST } from '../../agents/registry.js';
import { run, type GlobalArgs, type Io } from '../io.js';
import type { UninstallData } from '../../commands/uninstall.js';
import type { UninstallAgentData } from '../../commands/uninstall-agent.js';

interface Args extends GlobalArgs {
  agent?: string[];
  purge?: boolean;
}

function renderAgents(d: UninstallAgentData): string {
  const changed = d.files.filter((f) => f.result !== 'absent' && f.result !== 'unchanged');
  if (!changed.length) return `no git-memory entries found for ${d.agents.join(', ')}: nothing to remove\n`;
  const lines = changed.map((f) => `  ${f.result.padEnd(9)} ${f.path}`);
  return `git-memory entries removed for ${d.agents.join(', ')}\n${lines.join('\n')}\n`;
}

const WORDS: Record<string, string> = {
  removed: 'removed our block from',
  deleted: 'deleted (it held only our block)',
  restored: 'restored your original',
};

function render(d: UninstallData): string {
  const lines = d.hooks.map((h) => `  ${WORDS[h.result] ?? h.result} ${h.path}`);
  if (!d.hooks.length) lines.push('  no git-memory hook blocks found');
  if (d.mergeDriver.config === 'removed') lines.push('  removed the git-memory-tasks merge driver from git config');
  lines.push('', 'Memory files (.openclaw_memory/, .openclaw_memory.toml) are left in place.');
  const s = d.sessionState;
  if (s.purged) lines.push(`Removed what was read from agent transcripts: ${s.dir} (${s.sessions} session${s.sessions === 1 ? '' : 's'}).`);
  else if (s.sessions) {
    lines.push(
      `What was read from agent transcripts is kept in ${s.dir}: ${s.sessions} session${s.sessions === 1 ? '' : 's'}, ${Math.ceil(s.bytes / 1024)} KB`,
      '(ledgers holding your messages, session notes, compaction summaries). `git memory uninstall --purge` removes it.',
    );
  }
  if (d.mergeDriver.attributes === 'kept') {
    lines.push(
      '.openclaw_memory/.gitattributes is kept: it is shared with everyone who clones the repository. Without the driver,',
      'git merges TASKS.md and MEMORY.md line by line here, and `git memory resolve` settles a conflict.',
    );
  }
  const { agents, instructions } = d.kept;
  if (agents.length || instructions.length) {
    const wired = agents.map((a) => `${a.agent} (${a.paths.join(', ')})`);
    if (instructions.length) wired.push(`the git-memory section of ${instructions.join(', ')}`);
    const names = agents.length ? agents.map((a) => a.agent).join(' ') : 'all';
    lines.push(`Agent wiring is kept: ${wired.join('; ')}.`, `Remove it with \`git memory uninstall --agent ${names}\`.`);
  }
  return `git-memory uninstalled from ${d.root}\n${lines.join('\n')}\n`;
}

export const uninstallCommand = (io: Io): CommandModule<GlobalArgs, Args> => ({
  command: 'uninstall',
  describe: 'Remove git-memory hook blocks and the merge driver; your own hook content stays byte-for-byte',
  builder: (y: Argv<GlobalArgs>) =>
    y
      .option('agent', { type: 'string', array: true, describe: `Instead: remove only what \`init --agent\` added for these agents (${AGENT_LIST}, all)` })
      .option('purge', { type: 'boolean', describe: 'Also remove what was read from agent transcripts (.git/git-memory/sessions/: ledgers with your messages, notes)' })
      .example('git memory uninstall', 'undo the git side of `git memory init`')
      .example('git memory uninstall --purge', 'and remove the per-session state read from transcripts')
      .example('git memory uninstall --agent codex', 'remove the Codex hooks and the AGENTS.md section, nothing else'),
  handler: (a) =>
    a.agent
      ? run(io, a, async (ctx) => (await import('../../commands/uninstall-agent.js')).uninstallAgents(ctx, a.agent!), renderAgents)
      : run(io, a, async (ctx) => (await import('../../commands/uninstall.js')).uninstall(ctx, { purge: a.purge }), render),
});
