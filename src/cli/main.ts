import yargs, { type Argv, type CommandModule } from 'yargs';
import { EXIT, UsageError } from '../errors.js';
import { commitCommand } from './commands/commit.js';
import { completionCommand } from './commands/completion.js';
import { compactCommand } from './commands/compact.js';
import { configCommand } from './commands/config.js';
import { diffCommand } from './commands/diff.js';
import { doctorCommand } from './commands/doctor.js';
import { dreamCommand } from './commands/dream.js';
import { foldCommand } from './commands/fold.js';
import { forgetCommand } from './commands/forget.js';
import { helpCommand } from './commands/help.js';
import { hotFilesCommand } from './commands/hot-files.js';
import { agentHookWith, hookCommand } from './commands/hook.js';
import { endCommand } from './commands/end.js';
import { initCommand } from './commands/init.js';
import { journalCommand } from './commands/journal.js';
import { ledgerCommand } from './commands/ledger.js';
import { lintCommand } from './commands/lint.js';
import { logCommand } from './commands/log.js';
import { mcpCommand } from './commands/mcp.js';
import { mergeDriverCommand } from './commands/merge-driver.js';
import { notesCommand } from './commands/notes.js';
import { primerCommand } from './commands/primer.js';
import { resolveCommand } from './commands/resolve.js';
import { scanCommand } from './commands/scan.js';
import { searchCommand } from './commands/search.js';
import { sessionsCommand } from './commands/sessions.js';
import { showCommand } from './commands/show.js';
import { statuslineCommand } from './commands/statusline.js';
import { tasksCommand } from './commands/tasks.js';
import { uninstallCommand } from './commands/uninstall.js';
import { viewCommand } from './commands/view.js';
import { checkArgvBytes } from './argv-bytes.js';
import { quoteArgs, textLikeDashArgs, unmark, unquoteArgv, givenAfterDashes } from './argv.js';
import { defaultIo, reportError, type GlobalArgs, type Io } from './io.js';
import { maskSecrets, quoteArg } from './mask-secrets.js';
import { GLOBAL_OPTIONS } from './options/global.js';
import { DASH_TEXT_HINT, dashText, HELP_EPILOG, NAME_A_COMMAND, seeHelp, tooManyWords, unknownOptionHint } from './messages.js';
import { commandHint, unknownCommand } from './unknown-command.js';
import { VERSION } from '../version.js';
import { closest } from '../did-you-mean.js';

/** Every command, in the order `git memory help` lists them. */
// Each module has its own argument type; yargs' command() takes any of them.
function commands(io: Io, build: (args: string[]) => Argv<GlobalArgs>): CommandModule<GlobalArgs, any>[] {
  return [
    initCommand(io),
    primerCommand(io),
    endCommand(io),
    logCommand(io),
    sessionsCommand(io),
    showCommand(io),
    viewCommand(io),
    tasksCommand(io),
    journalCommand(io),
    notesCommand(io),
    ledgerCommand(io),
    commitCommand(io),
    configCommand(io),
    searchCommand(io),
    mcpCommand(io),
    statuslineCommand(io),
    compactCommand(io),
    hotFilesCommand(io),
    uninstallCommand(io),
    resolveCommand(io),
    diffCommand(io),
    dreamCommand(io),
    foldCommand(io),
    forgetCommand(io),
    doctorCommand(io),
    scanCommand(io),
    lintCommand(io),
    mergeDriverCommand(io),
    hookCommand(io),
    completionCommand(io, build),
    helpCommand(io, build, () => commandNames(true), () => commands(io, build)),
  ];
}

const nameOf = (c: CommandModule<GlobalArgs, unknown>) => String(c.command).split(' ')[0]!;

/** The names of the commands; `listed` leaves out the ones only git calls (the merge driver). */
export function commandNames(listed = false): string[] {
  const all = commands(defaultIo(), () => yargs());
  return (listed ? all.filter((c) => c.describe !== false) : all).map(nameOf);
}

/** The command the user named: the first word that is not an option, where it is one of ours. */
function commandOf(args: string[]): string | undefined {
  const first = args.find((a) => !a.startsWith('-'));
  return first !== undefined && commandNames().includes(first) ? first : undefined;
}

/** `--summary` for yargs' "Unknown argument: sumary", from the options the command named declares. */
function flagMeant(msg: string, command: string | undefined): string[] {
  const module = command === undefined ? undefined : commands(defaultIo(), () => yargs()).find((c) => nameOf(c) === command);
  let known = Object.keys(GLOBAL_OPTIONS);
  if (typeof module?.builder === 'function') {
    const y = module.builder(yargs([]).options(GLOBAL_OPTIONS) as Argv<GlobalArgs>) as unknown as { getOptions(): { key: Record<string, unknown> } };
    known = Object.keys(y.getOptions().key);
  }
  known = known.filter((k) => k.length > 1 && !k.startsWith('$'));
  // Once each: yargs may name a word given after `--` twice.
  const typed = [...new Set(unmark(msg).replace(/^Unknown arguments?:\s*/, '').split(/,\s*/))];
  return [...new Set(typed.flatMap((t) => closest(t.replace(/^-+/, '').split('=')[0]!, known)))].slice(0, 3).map((k) => `--${k}`);
}

/** The boolean options `command` takes (with the global ones), read from its builder as flagMeant reads its options. */
function booleanOptions(command: string | undefined): string[] {
  const module = command === undefined ? undefined : commands(defaultIo(), () => yargs()).find((c) => nameOf(c) === command);
  const y = yargs([]).options(GLOBAL_OPTIONS) as Argv<GlobalArgs>;
  const built = (typeof module?.builder === 'function' ? module.builder(y) : y) as unknown as { getOptions(): { boolean: string[] } };
  return built.getOptions().boolean;
}

/**
 * A flag given a value it cannot mean (`--json=maybe`, `--json=1`): yargs reads every value but
 * `true` as false, so the command ran without the flag and said nothing. Only `--flag=true` and
 * `--flag=false` are values of a flag; the rest is refused, masked and shortened.
 */
async function checkFlagValues(args: string[]): Promise<void> {
  const end = args.indexOf('--');
  const given = (end < 0 ? args : args.slice(0, end)).flatMap((a) => {
    const m = /^--([A-Za-z][\w-]*)=([\s\S]*)$/.exec(a);
    return m && m[2] !== 'true' && m[2] !== 'false' ? [{ name: m[1]!, value: m[2]! }] : [];
  });
  if (!given.length) return;
  const flags = booleanOptions(commandOf(args));
  const bad = given.find((g) => flags.includes(g.name) || (g.name.startsWith('no-') && flags.includes(g.name.slice(3))));
  if (bad) throw new UsageError(`--${bad.name} takes no value, found ${await quoteArg(bad.value)}`, `give --${bad.name} alone`);
}

/**
 * The words yargs called unknown arguments, where each is a word the user typed, not an option
 * (`log we use pnpm`, `log -- -x --json`): else null. An option yargs names without its dashes.
 */
function extraWords(msg: string, args: string[]): string[] | null {
  // Once each: yargs may name a word given after `--` twice.
  const typed = [...new Set(unmark(msg).replace(/^Unknown arguments?:\s*/, '').split(/,\s*/))];
  const words = typed.filter((t) => givenAfterDashes(args, t) || (!t.startsWith('-') && args.includes(t)));
  return words.length === typed.length ? words : null;
}

/** Words past what the command takes; main() says them, masked and shortened (quoteArg), where the parser's failure cannot wait for that. */
class ExtraWords extends UsageError {
  constructor(
    readonly command: string | undefined,
    readonly words: string[],
  ) {
    super('too many arguments');
  }

  async said(): Promise<UsageError> {
    const { message, hint } = tooManyWords(this.command, await Promise.all(this.words.map((w) => quoteArg(w))));
    return new UsageError(message, hint);
  }
}

/** The command line, with every command listed explicitly. */
export function cli(io: Io, args: string[]): Argv<GlobalArgs> {
  let y = yargs(args)
    .scriptName('git memory')
    .usage('$0 <command> [options]\n\nMemory for AI coding agents, kept in this git repository.')
    // Options are read by their dashed names; a camelCase copy of each would also be echoed by
    // "Unknown arguments", where the secret mask cannot recognise a key with its dashes gone.
    .parserConfiguration({ 'camel-case-expansion': false })
    .options(GLOBAL_OPTIONS)
    // Before validation, so choices and demands see the values as typed (see argv.ts).
    .middleware((argv) => unquoteArgv(argv), true);
  for (const c of commands(io, (a) => cli(io, a))) y = y.command(c);
  y = y
    .demandCommand(1, NAME_A_COMMAND)
    .recommendCommands()
    .strict()
    .version(VERSION)
    .help()
    .alias('h', 'help')
    .epilog(HELP_EPILOG)
    .wrap(Math.min(100, process.stdout.columns || 100))
    .exitProcess(false)
    .fail((msg, err) => {
      // yargs rethrows what an option's coerce threw as its own YError, with the message kept.
      if (err?.name === 'YError') throw new UsageError(unmark(err.message));
      if (err) throw err;
      // An unknown option may be text the user meant to pass (`log --fix …`).
      const command = commandOf(args);
      if (/^Unknown arguments?:/.test(msg)) {
        const words = extraWords(msg, args);
        if (words) throw new ExtraWords(command, words);
        throw new UsageError(unmark(msg), unknownOptionHint(command, flagMeant(msg, command)));
      }
      throw new UsageError(unmark(msg), command === undefined ? undefined : seeHelp(command).trimEnd());
    });
  // yargs renders the whole help text after every command it runs, in case the command fails later
  // (~50 ms of text wrapping per run); it is not shown on failure here (showHelpOnFail(false)), so
  // help is rendered only when asked for.
  (y as unknown as { getInternalMethods(): { getUsageInstance(): { cacheHelpMessage(): void } } }).getInternalMethods().getUsageInstance().cacheHelpMessage = () => undefined;
  // yargs prints help and version itself; route them through io so tests can read them.
  return y.showHelpOnFail(false) as Argv<GlobalArgs>;
}

/**
 * What yargs would misreport, caught before it parses: a mistyped command (yargs: "Unknown
 * argument") and text that starts with a dash (yargs splits it into letters and echoes it).
 */
async function checkArgs(args: string[]): Promise<void> {
  const unknown = unknownCommand(args, commandNames());
  if (unknown !== undefined) throw new UsageError(`unknown command: ${await quoteArg(unknown)}`, commandHint(unknown, commandNames(true)));
  const text = textLikeDashArgs(args);
  if (text.length) {
    const quoted = await Promise.all(text.map((t) => quoteArg(t)));
    throw new UsageError(dashText(quoted), DASH_TEXT_HINT);
  }
  await checkFlagValues(args);
}

/**
 * `git memory help --json`: the commands as data (yargs prints its text list for a bare `help`,
 * whatever the flags). Else false: `help COMMAND --json` is the help command's own.
 */
function helpList(io: Io, args: string[]): boolean {
  const end = args.indexOf('--');
  const before = end < 0 ? args : args.slice(0, end);
  if (end >= 0 || !before.includes('--json') || before.filter((a) => !a.startsWith('-')).join(' ') !== 'help') return false;
  const listed = commands(io, () => yargs()).filter((c) => c.describe !== false);
  const list = listed.map((c) => ({ name: nameOf(c), usage: `git memory ${String(c.command)}`, summary: c.describe }));
  io.out(`${JSON.stringify({ ok: true, commands: list, exitCodes: EXIT }, null, 2)}\n`);
  return true;
}

/** Runs the CLI and returns the exit code, as run() or reportError() in io.ts decided it. */
export async function main(args: string[], io?: Partial<Io>): Promise<number> {
  const full: Io = { ...defaultIo(), mask: maskSecrets, ...io };
  // The agents' hooks: the binary's route (bin.ts), with this io and the arguments as given.
  if (args[0] === 'hook' && args[1] === 'agent') return agentHookWith(full, args.slice(2));
  try {
    checkArgvBytes(args);
    await checkArgs(args);
    if (helpList(full, args)) return full.exitCode;
    await cli(full, quoteArgs(args)).parseAsync();
  } catch (e) {
    const end = args.indexOf('--'); // after it, `--json` is text
    const error = e instanceof ExtraWords ? await e.said() : e;
    await reportError(full, error, (end < 0 ? args : args.slice(0, end)).includes('--json'));
    if (error instanceof UsageError && !error.hint) full.err(seeHelp(commandOf(args)));
  }
  return full.exitCode;
}
