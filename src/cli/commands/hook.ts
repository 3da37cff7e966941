import type { Argv, CommandModule } from 'yargs';
import { UsageError, type ExitCode } from '../../errors.js';
import { run, type GlobalArgs, type Io } from '../io.js';

interface Args extends GlobalArgs {
  name: string;
  args?: string[];
}

/** The hooks `init` installs, and `agent` for the agents' hooks. */
const LISTED = ['post-commit', 'post-rewrite', 'pre-push', 'agent'];
/** Also `agent-worker`: the detached worker an agent hook starts, not a hook of its own (left out of the help). */
const NAMES = [...LISTED, 'agent-worker'];

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
      .positional('name', { type: 'string', demandOption: true, describe: `Which hook: ${LISTED.join(', ')}` })
      .positional('args', { type: 'string', array: true, describe: "The hook's arguments (amend|rebase; remote and URL; an agent event)" })
      .strict(false)
      .example('git memory hook post-commit', 'what the installed post-commit hook runs')
      .epilog('post-rewrite and pre-push read the lines git passes on stdin. pre-push exits 3 to refuse a push that carries a secret.'),
  handler: async (a) => {
    const args = (a.args ?? []).map(String);
    if (!NAMES.includes(a.name)) throw new UsageError(`unknown hook ${a.name}`);
    // Not `a`: a hook's arguments are git's, and `--json` among them is not a request for JSON.
    await run(io, {}, async () => ({ data: null, warnings: [], exit: await runner(io, a.name, args) }), () => '');
  },
});

/** Each hook runner returns its exit code; run() applies it. */
async function runner(io: Io, name: string, args: string[]): Promise<ExitCode> {
  const stdin = () => io.readStdin();
  if (name === 'post-commit' || name === 'post-rewrite') return (await import('../../hook/entry.js')).runHook(name, args, io.cwd, io.env, stdin);
  if (name === 'pre-push') return (await import('../../hook/pre-push-entry.js')).runPrePush(args, io.cwd, io.env, stdin);
  if (name === 'agent-worker') return (await import('../../hook/agent/worker.js')).runAgentWorker(args, io.cwd, io.env);
  return agentHookWith(io, args);
}

/**
 * `hook agent <args>` (args start with the event) with `io`: the binary's route (bin.ts takes it
 * before any parser, and so does main() in process: yargs would take `--agent` for an option of its
 * own), with workers from this process's binary unless the io says which.
 */
export async function agentHookWith(io: Io, args: string[]): Promise<ExitCode> {
  const [{ runAgentHookIn }, { workerStarter }] = await Promise.all([import('../../hook/agent/in-process.js'), import('../../hook/agent/process-io.js')]);
  return runAgentHookIn(args, { cwd: io.cwd, env: io.env, readStdin: () => io.readStdin(), out: (t) => io.out(t), err: (t) => io.err(t), startWorker: io.startWorker ?? workerStarter(io.env) });
}
