import type { Argv, CommandModule } from 'yargs';
import { run, type GlobalArgs, type Io } from '../io.js';
import type { StatuslineData } from '../../commands/statusline.js';

/**
 * Runs the status line; shared by yargs and the lean path. Claude Code shows stdout, which is not a
 * terminal, so colour is on unless NO_COLOR (or TERM=dumb) says otherwise.
 */
export function runStatusline(io: Io, a: GlobalArgs): Promise<void> {
  const colour = !io.env.NO_COLOR && io.env.TERM !== 'dumb' && !a.json;
  return run(io, a, async (ctx) => (await import('../../commands/statusline.js')).statusline(ctx, { colour, stdin: await io.readStdin() }), (d: StatuslineData) => `${d.line}\n`);
}

export const statuslineCommand = (io: Io): CommandModule<GlobalArgs, GlobalArgs> => ({
  command: 'statusline',
  describe: "Claude Code's status line: context use from the transcript, level, turns left (status JSON on stdin)",
  builder: (y: Argv<GlobalArgs>) =>
    y
      .example('git memory statusline < status.json', '[Opus] ██████░░░░ 58% 116k/200k · normal · ~12 turns left')
      .epilog(
        'Levels: normal below 60 %, warning from 60 %, urgent from 80 %, critical from 92 %. Window: [statusline] context_window ' +
          '(default 200000). In ~/.claude/settings.json: "statusLine": {"type": "command", "command": "git-memory statusline"}. NO_COLOR turns colour off.',
      ),
  handler: (a) => runStatusline(io, a),
});
