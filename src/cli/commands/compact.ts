import type { Argv, CommandModule } from 'yargs';
import { UsageError } from '../../errors.js';
import { run, type GlobalArgs, type Io } from '../io.js';
import { OFFLINE_OPTION, SESSION_SOURCE_OPTIONS } from '../options/session.js';
import { renderCompact, renderValidate } from '../render/compact.js';

interface Args extends GlobalArgs {
  session?: string;
  transcript?: string;
  offline?: boolean;
  validate?: string;
}

/**
 * The most of a summary --validate reads: a valid one is at most 20,000 tokens (~80 KB), so this
 * is room enough; a stream or file that never ends (/dev/zero, `yes |`) is not read past it.
 */
const VALIDATE_MAX_BYTES = 1024 * 1024;

/** The summary to validate: a file, or stdin for `-`. */
async function readSummaryText(io: Io, file: string): Promise<string> {
  const { readFileUpTo } = await import('../../fs/read-file.js');
  const { resolve } = await import('node:path');
  let bytes: Buffer;
  try {
    bytes = file === '-' ? await io.readStdin(VALIDATE_MAX_BYTES) : readFileUpTo(resolve(io.cwd, file), VALIDATE_MAX_BYTES);
  } catch (e) {
    throw new UsageError(`cannot read ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
  if (bytes.length > VALIDATE_MAX_BYTES) throw new UsageError(`${file === '-' ? 'standard input' : file} is more than ${VALIDATE_MAX_BYTES} bytes (1 MB): not a compaction summary`);
  const text = bytes.toString('utf8');
  if (!text.trim()) throw new UsageError(`${file} is empty: nothing to validate`);
  return text;
}

export const compactCommand = (io: Io): CommandModule<GlobalArgs, Args> => ({
  command: 'compact',
  describe: "Summarise the agent session in 8 checked sections (or --validate an agent's own summary)",
  builder: (y: Argv<GlobalArgs>) =>
    y
      .options(SESSION_SOURCE_OPTIONS)
      .option('offline', OFFLINE_OPTION)
      .option('validate', { type: 'string', describe: 'Check this summary file (- for stdin) against the ledger; produce nothing' })
      .example('git memory compact --offline', 'the latest session, no model')
      .example('git memory compact --validate summary.md --transcript ~/.claude/projects/p/ID.jsonl --json', '')
      .epilog(
        'Source, in order: the session notes when fresh (no model call), a model (<analysis> then <summary>, the ledger\'s key facts as must-keep), ' +
          'the ledger alone. The validator (seed 004): sections ≥ 87.5%, key information (files, errors, user messages, technical terms, from the ledger) ≥ 80%, ' +
          'continuity, ratio ≤ 15% and ≤ 20,000 tokens; fidelity = 30/40/20/10, valid at 80. A failing summary is repaired: re-compression, then the missing ' +
          'items verbatim from the ledger, then truncation; never worse than the ledger alone. Exit 1 when --validate finds the summary not valid.',
      ) as unknown as Argv<Args>,
  handler: (a) => {
    if (a.validate !== undefined) {
      const file = a.validate;
      return run(
        io,
        a,
        async (ctx) => {
          const summary = await readSummaryText(io, file);
          return (await import('../../commands/compact.js')).validateCompaction(ctx, { summary, file, session: a.session, transcript: a.transcript });
        },
        renderValidate,
      );
    }
    return run(
      io,
      a,
      async (ctx) => (await import('../../commands/compact.js')).compact(ctx, { session: a.session, transcript: a.transcript, offline: a.offline }),
      (d) => renderCompact(d, (t) => io.err(t)),
    );
  },
});
