/**
 * The command line as yargs should see it. yargs cannot take a positional that starts with a dash:
 * it re-parses every positional as `--name <value>`, so `log -- "-text"` lost the text (it landed
 * in `_`) and `log -` became an empty string. Every argument after `--`, and a lone `-` (stdin),
 * is therefore handed over with a NUL in front, which reads as plain text to the parser and which
 * no real argument can hold (the kernel passes arguments as NUL-terminated strings);
 * `unquote` takes it off again before anything else sees the values.
 */
const MARK = '\0';

/** Options whose value may be `-` (read it from stdin); elsewhere a lone `-` is a positional. */
const STDIN_OPTIONS = new Set(['--summary', '--summary-file']);

/**
 * Option syntax: `--name`, `--name=value`, `-x`, `-x=value`, or a negative number (a value). No
 * command has short flags that combine (`-h` is help, `-m` takes a value), so `-fix`, like
 * `-sk-…`, is text.
 */
const OPTION_SHAPED = /^(?:--[A-Za-z][\w-]*(?:=[\s\S]*)?|-[A-Za-z](?:=[\s\S]*)?|-\d+(?:\.\d+)?)$/;

/** Arguments for yargs: `--opt -` joined as `--opt=-`, and text-only arguments marked (see above). */
export function quoteArgs(args: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--') {
      for (const rest of args.slice(i + 1)) out.push(`${MARK}${rest}`);
      break;
    }
    // `--summary -` means stdin: the `-` is the option's value, not a positional.
    if (STDIN_OPTIONS.has(a) && args[i + 1] === '-') {
      out.push(`${a}=-`);
      i++;
    } else out.push(a === '-' ? `${MARK}-` : a);
  }
  return out;
}

/** A parsed value with the mark taken off, through arrays. */
export function unquote<T>(value: T): T {
  if (typeof value === 'string') return (value.startsWith(MARK) ? value.slice(1) : value) as T;
  if (Array.isArray(value)) return value.map(unquote) as T;
  return value;
}

/** Every parsed value unquoted in place (a yargs middleware, run before validation). */
export function unquoteArgv(argv: Record<string, unknown>): void {
  for (const key of Object.keys(argv)) argv[key] = unquote(argv[key]);
}

/** Whether `word` was given after `--` in the quoted `args` (a word, whatever it looks like). */
export const givenAfterDashes = (args: string[], word: string) => args.includes(`${MARK}${word}`);

/** Message text with any mark taken off (yargs' own errors may quote a marked argument). */
export function unmark(text: string): string {
  return text.replaceAll(MARK, '');
}

/**
 * The arguments before `--` that start with a dash but are not options: text a user meant to
 * pass (`log "-----BEGIN …"`), which yargs would split into letters and call unknown options.
 */
export function textLikeDashArgs(args: string[]): string[] {
  const end = args.indexOf('--');
  return (end < 0 ? args : args.slice(0, end)).filter((a) => a.length > 1 && a.startsWith('-') && !OPTION_SHAPED.test(a));
}
