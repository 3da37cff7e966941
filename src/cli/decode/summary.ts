import { resolve } from 'node:path';
import { UsageError } from '../../errors.js';
import { readFileUpTo } from '../../fs/read-file.js';
import { decodeInput, MAX_INPUT_BYTES } from '../../input.js';
import { parseSummary, type Summary } from '../../memory/summary.js';

export interface SummaryFlags {
  summary?: string;
  summaryFile?: string;
}

/**
 * `end`'s summary as the command line gives it: `--summary JSON`, `--summary -` (stdin) or
 * `--summary-file PATH` (`-` for stdin), decoded and checked into a `Summary` for the handler.
 */
export async function readSummary(cwd: string, readStdin: (max?: number) => Promise<Buffer>, flags: SummaryFlags): Promise<Summary> {
  return parseSummary(await readSummaryText(cwd, readStdin, flags));
}

async function readSummaryText(cwd: string, readStdin: (max?: number) => Promise<Buffer>, flags: SummaryFlags): Promise<string> {
  if ((flags.summary === undefined) === (flags.summaryFile === undefined)) {
    throw new UsageError('give the session summary with exactly one of --summary JSON, --summary - (stdin) or --summary-file PATH');
  }
  if (flags.summary !== undefined && flags.summary !== '-') return decodeInput(flags.summary, '--summary');
  if (flags.summary === '-' || flags.summaryFile === '-') return decodeInput(await readStdin(MAX_INPUT_BYTES), 'standard input');
  const file = flags.summaryFile!;
  let bytes: Buffer;
  try {
    // Relative to where the user ran the command; an absolute path (an agent's temp file) as it is.
    bytes = readFileUpTo(resolve(cwd, file), MAX_INPUT_BYTES);
  } catch (e) {
    throw new UsageError(`cannot read --summary-file ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
  return decodeInput(bytes, file);
}
