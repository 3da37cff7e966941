import type { Argv, CommandModule } from 'yargs';
import { UsageError } from '../../errors.js';
import type { GlobalArgs, Io } from '../io.js';
import { manPage, manSection } from '../man.js';
import { quoteArg } from '../mask-secrets.js';
import { commandHint } from '../unknown-command.js';

interface Args extends GlobalArgs {
  command: string;
}

/** What yargs would print for `args`, captured instead of printed. */
async function captured(build: (args: string[]) => Argv<GlobalArgs>, args: string[]): Promise<string> {
  let output = '';
  await build(args).parseAsync(args, {}, (_err: unknown, _argv: unknown, out: string) => {
    output = out;
  });
  return output;
}

/**
 * `git memory help <command>`: the command's own help, or for commands this version does not parse
 * itself their section of the man page. A bare `git memory help` is yargs' own (the command list),
 * and `git memory --help` never gets here: git turns it into `git help memory`, the man page.
 */
export const helpCommand = (io: Io, build: (args: string[]) => Argv<GlobalArgs>, listed: () => string[]): CommandModule<GlobalArgs, Args> => ({
  command: 'help <command>',
  describe: 'Show help for a command (the full manual: man git-memory)',
  builder: (y: Argv<GlobalArgs>) => y.positional('command', { type: 'string', demandOption: true, describe: 'The command to explain' }),
  handler: async (a) => {
    const own = await captured(build, [a.command, '--help']);
    if (own.startsWith(`git memory ${a.command}`)) {
      io.out(`${own.trimEnd()}\n`);
      return;
    }
    const page = manPage();
    const section = page && manSection(page, a.command);
    if (section) {
      io.out(section);
      return;
    }
    throw new UsageError(`unknown command: ${await quoteArg(a.command)}`, commandHint(a.command, listed()));
  },
});
