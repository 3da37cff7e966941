import type { Argv, CommandModule } from 'yargs';
import { run, type GlobalArgs, type Io } from '../io.js';
import { renderStatus } from '../render/statusline.js';
import { decodeStatusInput } from '../status-input.js';

/**
 * Runs the status line; shared by yargs and the lean path. Claude Code shows stdout, which is not a
 * terminal, so colour is on unless NO_COLOR (or TERM=dumb) says otherwise. The JSON holds the line
 * and the numbers behind it.
 */
export function runStatusline(io: Io, a: GlobalArgs): Promise<void> {
  const colour = !io.env.NO_COLOR && io.env.TERM !== 'dumb' && !a.json;
  return run(
    io,
    a,
    async (ctx) => {
      const input = decodeStatusInput(await io.readStdin());
      const r = await (await import('../../commands/statusline.js')).statusline(ctx, input);
      return { ...r, data: { ...renderStatus({ ...r.data, model: input.model, colour }), ...r.data } };
    },
    (d) => `${d.line}\n`,
    { colour },
  );
}

export const statuslineCommand = (io: Io): CommandModule<GlobalArgs, GlobalArgs> => ({
  command: 'statusline',
  describe: "Claude Code's status line: context use from the transcript, level, turns left (status JSON on stdin)",
  builder: (y: Argv<GlobalArgs>) =>
    y
      .example('git memory statusline < status.json', '[Opus] ██████░░░░ 58% 116k/200k · normal · ~12 turns left')
      .epilog(
        'Levels: normal below 60 %, warning from 60 %, urgent from 80 %, critical from 92 % (where Claude Code compacts). Turns left: until 92 %, at the ' +
          'growth a turn measured in the transcript (1.75 % of the window before there are two turns). From 80 %: what the PreCompact hook will ask the ' +
          'compaction to keep (edited files, open errors, tasks, instructions, the last request). Window: [statusline] context_window ' +
          '(default 200000). In ~/.claude/settings.json: "statusLine": {"type": "command", "command": "git-memory statusline"}. NO_COLOR turns colour off.',
      ),
  handler: (a) => runStatusline(io, a),
});
