import { parseArgs } from 'node:util';
import { PRIMER_OPTIONS, runPrimer, type PrimerArgs } from '../commands/primer.js';
import { defaultIo } from '../io.js';

/**
 * `git memory primer` runs at every agent session start, so it skips the argument parser's load
 * time: the same flags (PRIMER_OPTIONS) are read with node's parseArgs. Returns null when the
 * arguments need the full CLI (help, or anything it does not recognise), which then reports them.
 */
export async function leanPrimer(args: string[]): Promise<number | null> {
  const write = !args.includes('--no-write');
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: args.filter((a) => a !== '--no-write'),
      strict: true,
      allowPositionals: false,
      options: {
        json: { type: 'boolean' },
        format: { type: 'string' },
        explain: { type: 'boolean' },
        days: { type: 'string' },
        'max-tokens': { type: 'string' },
        write: { type: 'boolean' },
      },
    }));
  } catch {
    return null;
  }
  const format = (values.format as string | undefined) ?? PRIMER_OPTIONS.format.default;
  const num = (v: unknown) => (v === undefined ? undefined : Number(v));
  const days = num(values.days);
  const maxTokens = num(values['max-tokens']);
  if (!(PRIMER_OPTIONS.format.choices as readonly string[]).includes(format) || Number.isNaN(days) || Number.isNaN(maxTokens)) return null;
  const io = defaultIo();
  const a: PrimerArgs = { json: values.json as boolean | undefined, format, explain: values.explain as boolean | undefined, days, 'max-tokens': maxTokens, write };
  await runPrimer(io, a);
  return io.exitCode;
}
