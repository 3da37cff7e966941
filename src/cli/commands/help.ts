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

/** One option as `help COMMAND --json` gives it. */
export interface OptionHelp {
  name: string;
  type: 'boolean' | 'string' | 'number' | 'array' | 'positional';
  description?: string;
  choices?: unknown[];
  default?: unknown;
}

type Built = { getOptions(): Record<string, any> & { key: Record<string, unknown> }; getInternalMethods(): { getUsageInstance(): { getDescriptions(): Record<string, string | undefined> } } };

/** The options a command's builder declares (its words too, as `positional`), without help and version. */
export function optionsOf(module: CommandModule<GlobalArgs, any>, base: Argv<GlobalArgs>): OptionHelp[] {
  const y = (typeof module.builder === 'function' ? module.builder(base) : base) as unknown as Built;
  const o = y.getOptions();
  const described = y.getInternalMethods().getUsageInstance().getDescriptions();
  const hidden = new Set<string>(o.hiddenOptions ?? []);
  const words = new Set([...String(module.command).matchAll(/[<[]([\w-]+)(?:\.\.)?[>\]]/g)].map((m) => m[1]!));
  const typeOf = (k: string): OptionHelp['type'] =>
    words.has(k) ? 'positional' : o.boolean.includes(k) ? 'boolean' : o.number.includes(k) ? 'number' : o.array.includes(k) ? 'array' : 'string';
  return Object.keys(o.key)
    .filter((k) => k !== 'help' && k !== 'version' && !hidden.has(k))
    .map((name) => {
      const description = described[name]?.replace(/^__yargsString__:/, '');
      const choices = o.choices[name] as unknown[] | undefined;
      const given = Object.hasOwn(o.default, name) ? o.default[name] : undefined;
      return { name, type: typeOf(name), ...(description ? { description } : {}), ...(choices ? { choices } : {}), ...(given !== undefined ? { default: given } : {}) };
    });
}

/**
 * `git memory help <command>`: the command's own help, or for commands this version does not parse
 * itself their section of the man page. A bare `git memory help` is yargs' own (the command list),
 * and `git memory --help` never gets here: git turns it into `git help memory`, the man page.
 */
export const helpCommand = (io: Io, build: (args: string[]) => Argv<GlobalArgs>, listed: () => string[], modules: () => CommandModule<GlobalArgs, any>[] = () => []): CommandModule<GlobalArgs, Args> => ({
  command: 'help <command>',
  describe: 'Show help for a command (the full manual: man git-memory)',
  builder: (y: Argv<GlobalArgs>) => y.positional('command', { type: 'string', demandOption: true, describe: 'The command to explain' }),
  handler: async (a) => {
    const own = await captured(build, [a.command, '--help']);
    const text = own.startsWith(`git memory ${a.command}`) ? `${own.trimEnd()}\n` : (() => {
      const page = manPage();
      return (page && manSection(page, a.command)) || null;
    })();
    const module = modules().find((c) => String(c.command).split(' ')[0] === a.command);
    if (text && a.json) {
      // What an agent or a script reads: the same text, and the options one by one.
      const options = module ? optionsOf(module, build([])) : [];
      io.out(`${JSON.stringify({ ok: true, command: a.command, summary: module?.describe || null, usage: text, options }, null, 2)}\n`);
      return;
    }
    if (text) {
      io.out(text);
      return;
    }
    throw new UsageError(`unknown command: ${await quoteArg(a.command)}`, commandHint(a.command, listed()));
  },
});
