import type { Argv, CommandModule } from 'yargs';
import { run, type GlobalArgs, type Io } from '../io.js';
import { renderLedger } from '../render/ledger.js';
import type { AgentName } from '../../transcripts/ledger.js';

interface Args extends GlobalArgs {
  transcript: string;
  agent?: AgentName;
}

export const ledgerCommand = (io: Io): CommandModule<GlobalArgs, Args> => ({
  command: 'ledger',
  describe: "What an agent's transcript says happened: files, commands, errors, user messages, todos, tokens",
  builder: (y: Argv<GlobalArgs>) =>
    y
      .option('transcript', { type: 'string', demandOption: true, describe: 'Path of the transcript (.jsonl or .json)' })
      .option('agent', { choices: ['claude', 'codex', 'gemini'] as const, describe: 'The agent that wrote it (default: detected from the content)' })
      .example('git memory ledger --transcript ~/.claude/projects/-home-jane-acme/4d5611e5.jsonl', '')
      .example('git memory ledger --transcript rollout.jsonl --agent codex --json', '')
      .epilog(
        'Files read, edited and written (paths relative to this repository when inside it), commands and whether they failed, ' +
          "tool errors and what the agent did next, the human's messages, the last todo list, and token usage (each API response " +
          'counted once). Sub-agent work counts and is marked. The transcript is read a chunk at a time; a last line still being ' +
          'written is skipped. --json prints every field. Transcripts live in ~/.claude/projects/<project>/<session>.jsonl (Claude Code), ' +
          '~/.codex/sessions/YYYY/MM/DD/rollout-*.jsonl (Codex) and ~/.gemini/tmp/<project>/chats/session-*.jsonl or .json (Gemini CLI).',
      ),
  handler: (a) => run(io, a, async (ctx) => (await import('../../commands/ledger.js')).ledger(ctx, { transcript: a.transcript, agent: a.agent }), renderLedger),
});
