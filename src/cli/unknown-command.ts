import { distance } from '../did-you-mean.js';

/**
 * The first argument that is not an option, when it names no command: yargs calls it an "Unknown
 * argument", which tells a user who mistyped a command nothing. Undefined when it is a command,
 * or when there is none (yargs asks for one).
 */
export function unknownCommand(args: string[], commands: readonly string[]): string | undefined {
  const end = args.indexOf('--');
  const first = (end < 0 ? args : args.slice(0, end)).find((a) => !a.startsWith('-'));
  if (first === undefined || commands.includes(first)) return undefined;
  return first;
}

/** The hint under "unknown command": the closest commands, if any is close, and the whole list. */
export function commandHint(name: string, listed: readonly string[]): string {
  const close = listed.filter((c) => distance(name.toLowerCase(), c) <= Math.max(1, Math.floor(c.length / 3)) || (name.length >= 3 && c.startsWith(name.toLowerCase())));
  const mean = close.length ? `did you mean ${close.map((c) => `\`git memory ${c}\``).join(' or ')}?\n` : '';
  return `${mean}commands: ${listed.join(', ')}; \`git memory help <command>\` explains one`;
}
