import { Readable } from 'node:stream';
import type { Argv, CommandModule } from 'yargs';
import { UsageError } from '../../errors.js';
import type { GlobalArgs, Io } from '../io.js';

interface Args extends GlobalArgs {
  name: string;
  args?: string[];
}

const NAMES = ['post-commit', 'post-rewrite', 'pre-push', 'agent'];

/**
 * `git memory hook <name>`: what the installed hooks call. The executable routes these straight to
 * small bundles without this parser (src/bin.ts); this command is their help, and the same entry
 * points for in-process callers.
 */
export const hookCommand = (io: Io): CommandModule<GlobalArgs, Args> => ({
  command: 'hook <name> [args..]',
  describe: 'Entry points installed hooks call: post-commit, post-rewrite, pre-push, agent (never fail your git command)',
  builder: (y: Argv<GlobalArgs>) =>
    y
      .positional('name', { type: 'string', demandOption: true, choices: NAMES, describe: 'Which hook' })
      .positional('args', { type: 'string', array: true, describe: "The hook's arguments (amend|rebase; remote and URL; an agent event)" })
      .strict(false)
      .epilog('post-rewrite and pre-push read the lines git passes on stdin. pre-push exits 3 to refuse a push that carries a secret.'),
  handler: async (a) => {
    const args = (a.args ?? []).map(String);
    if (a.name === 'post-commit' || a.name === 'post-rewrite') {
      const stdin = Readable.from([await io.readStdin()]);
      io.exitCode = await (await import('../../hook/entry.js')).runHook(a.name, args, io.cwd, io.env, stdin);
    } else if (a.name === 'pre-push') {
      io.exitCode = await (await import('../../hook/pre-push-entry.js')).runPrePush(args, io.cwd, io.env, Readable.from([await io.readStdin()]));
    } else if (a.name === 'agent') {
      io.exitCode = await (await import('../../hook/agent/entry.js')).runAgentHook(args);
    } else throw new UsageError(`unknown hook ${a.name}`);
  },
});
