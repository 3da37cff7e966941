import type { Argv, CommandModule } from 'yargs';
import { run, type GlobalArgs, type Io } from '../io.js';
import type { LogData } from '../../commands/log.js';

interface Args extends GlobalArgs {
  text?: string;
  kind: string;
}

function render(d: LogData): string {
  const lines: string[] = [];
  if (d.queued) lines.push(`queued (${d.queued.kind}) for this session: ${d.queued.text}`);
  else {
    lines.push(`pending for the next \`git memory end\`: ${d.pending.commits} commit(s), ${d.pending.items.length} item(s)`);
    for (const i of d.pending.items) lines.push(`  [${i.kind}] ${i.text}`);
  }
  return `${lines.join('\n')}\n`;
}

export const logCommand = (io: Io): CommandModule<GlobalArgs, Args> => ({
  command: 'log [text]',
  describe: 'Queue a learning, decision or note for the current session (no text: list what is queued)',
  builder: (y: Argv<GlobalArgs>) =>
    y
      .positional('text', { type: 'string', describe: 'The item; - reads it from stdin; text that starts with a dash goes after --' })
      .option('kind', { type: 'string', default: 'learned', choices: ['learned', 'decision', 'note', 'completed', 'next_step'], describe: 'Which section it goes to' })
      .example('git memory log "Token blacklist lives in Redis"', '')
      .example('git memory log --kind decision "Use JWT with 15 min access tokens"', ''),
  handler: (a) =>
    run(
      io,
      a,
      async (ctx) => {
        const [{ log }, { decodeInput, MAX_INPUT_BYTES }] = await Promise.all([import('../../commands/log.js'), import('../../input.js')]);
        const text = a.text === '-' ? decodeInput(await io.readStdin(MAX_INPUT_BYTES), 'standard input') : a.text;
        return log(ctx, { text, kind: a.kind });
      },
      render,
    ),
});
