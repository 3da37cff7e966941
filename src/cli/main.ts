import yargs, { type Argv } from 'yargs';
import { UsageError } from '../errors.js';
import { commitCommand } from './commands/commit.js';
import { configCommand } from './commands/config.js';
import { diffCommand } from './commands/diff.js';
import { doctorCommand } from './commands/doctor.js';
import { helpCommand } from './commands/help.js';
import { hookCommand } from './commands/hook.js';
import { endCommand } from './commands/end.js';
import { initCommand } from './commands/init.js';
import { journalCommand } from './commands/journal.js';
import { lintCommand } from './commands/lint.js';
import { logCommand } from './commands/log.js';
import { mcpCommand } from './commands/mcp.js';
import { mergeDriverCommand } from './commands/merge-driver.js';
import { primerCommand } from './commands/primer.js';
import { resolveCommand } from './commands/resolve.js';
import { scanCommand } from './commands/scan.js';
import { searchCommand } from './commands/search.js';
import { statuslineCommand } from './commands/statusline.js';
import { tasksCommand } from './commands/tasks.js';
import { uninstallCommand } from './commands/uninstall.js';
import { checkArgvBytes } from './argv-bytes.js';
import { defaultIo, reportError, type GlobalArgs, type Io } from './io.js';
import { VERSION } from './version.js';

const EPILOG = `Exit codes: 0 ok · 1 error (nothing written) · 2 bad usage or bad input · 3 refused by the secret scan.
GIT_MEMORY_NOW (ISO 8601) fixes the clock; NO_COLOR turns colour off. Docs: README.md, man git-memory.`;

/** The command line, with every command listed explicitly. */
export function cli(io: Io, args: string[]): Argv<GlobalArgs> {
  const y = yargs(args)
    .scriptName('git memory')
    .usage('$0 <command> [options]\n\nMemory for AI coding agents, kept in this git repository.')
    .option('json', { type: 'boolean', describe: 'Machine-readable output on stdout' })
    .command(initCommand(io))
    .command(primerCommand(io))
    .command(endCommand(io))
    .command(logCommand(io))
    .command(tasksCommand(io))
    .command(journalCommand(io))
    .command(commitCommand(io))
    .command(configCommand(io))
    .command(searchCommand(io))
    .command(mcpCommand(io))
    .command(statuslineCommand(io))
    .command(uninstallCommand(io))
    .command(resolveCommand(io))
    .command(diffCommand(io))
    .command(doctorCommand(io))
    .command(scanCommand(io))
    .command(lintCommand(io))
    .command(mergeDriverCommand(io))
    .command(hookCommand(io))
    .command(helpCommand(io, (a) => cli(io, a)))
    .demandCommand(1, 'name a command; `git memory help` lists them')
    .recommendCommands()
    .strict()
    .version(VERSION)
    .help()
    .alias('h', 'help')
    .epilog(EPILOG)
    .wrap(Math.min(100, process.stdout.columns || 100))
    .exitProcess(false)
    .fail((msg, err) => {
      if (err) throw err;
      throw new UsageError(msg);
    });
  // yargs prints help and version itself; route them through io so tests can read them.
  return y.showHelpOnFail(false) as Argv<GlobalArgs>;
}

/** `--summary -` means stdin; yargs would read a lone `-` as a positional, so join it: `--summary=-`. */
function normalizeArgs(args: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (/^--[\w-]+$/.test(a) && args[i + 1] === '-') {
      out.push(`${a}=-`);
      i++;
    } else out.push(a);
  }
  return out;
}

/** Runs the CLI and returns the exit code. The only place that decides it. */
export async function main(args: string[], io?: Partial<Io>): Promise<number> {
  const full: Io = { ...defaultIo(), ...io };
  try {
    checkArgvBytes(args);
    await cli(full, normalizeArgs(args)).parseAsync();
  } catch (e) {
    reportError(full, e, args.includes('--json'));
    if (e instanceof UsageError && !e.hint) full.err('see `git memory help`\n');
  }
  return full.exitCode;
}
