import type { Argv, CommandModule } from 'yargs';
import { run, type GlobalArgs, type Io } from '../io.js';
import type { NotesData, NotesUpdateData } from '../../commands/notes.js';

interface Args extends GlobalArgs {
  action: string;
  session?: string;
  transcript?: string;
  offline?: boolean;
  'if-due'?: boolean;
}

const dollars = (n: number) => `$${n < 0.01 && n > 0 ? n.toFixed(4) : n.toFixed(2)}`;

/** The footer: where the notes are, how big, how made, and what the model cost. */
function about(d: NotesData): string[] {
  const lines = [`notes: ${d.path}${d.exists ? `, about ${d.tokens} tokens` : ' (none yet)'}`];
  if (d.extractions) {
    const by = d.source === 'model' ? `the model (${d.model})` : `the ledger${d.fallback ? ` (the model failed: ${d.fallback})` : ''}`;
    lines.push(`${d.extractions} update${d.extractions > 1 ? 's' : ''}, the last at ${d.updated} by ${by}`);
  }
  lines.push(`session ${d.session} (${d.chosen_by === 'option' ? 'from --session' : d.chosen_by === 'active' ? 'the active agent session' : d.chosen_by === 'recent' ? 'the latest session' : 'from its transcript'})`);
  const u = d.usage;
  lines.push(
    u.calls
      ? `model cost: ${u.calls} call${u.calls > 1 ? 's' : ''}, ${u.usage.input + u.usage.cache_read + u.usage.cache_write} input tokens (${u.usage.cache_read} from cache), ${u.usage.output} output, ${dollars(u.cost)}`
      : 'model cost: none',
  );
  if (d.total.calls) lines.push(`model cost so far in this clone: ${d.total.calls} call${d.total.calls > 1 ? 's' : ''}, ${dollars(d.total.cost)}`);
  lines.push(d.provider.name ? `model for updates: ${d.provider.name} (${d.provider.reason})` : `no model for updates: ${d.provider.reason}; notes are filled from the transcript's ledger`);
  if (d.provider.hint) lines.push(`to use a model: ${d.provider.hint}`);
  if (!d.automatic) lines.push('automatic updates are off ([session_memory] enabled = false); `git memory notes update` still works');
  return lines;
}

/** The notes alone on stdout (`git memory notes > notes.md` is the notes); where they are and what they cost on stderr. */
function renderShow(io: Io, d: NotesData): string {
  const has = !!d.notes && !d.empty;
  io.err(`${has ? '' : 'no notes yet for this session: `git memory notes update` writes them now\n'}${about(d).map((l) => `# ${l}`).join('\n')}\n`);
  return has ? `${d.notes!.trimEnd()}\n` : '';
}

function renderUpdate(d: NotesUpdateData): string {
  const head = d.changed ? `notes updated from ${d.via === 'model' ? 'the model' : 'the ledger'}: ${d.reason}` : `notes not updated: ${d.reason}`;
  return `${[head, ...about(d)].join('\n')}\n`;
}

export const notesCommand = (io: Io): CommandModule<GlobalArgs, Args> => ({
  command: 'notes [action]',
  describe: "Show or update the agent session's notes (show | update)",
  builder: (y: Argv<GlobalArgs>) =>
    y
      .positional('action', { type: 'string', choices: ['show', 'update'], default: 'show' })
      .option('session', { type: 'string', describe: 'The agent session id (default: the active session, else the latest)' })
      .option('transcript', { type: 'string', describe: "update: the session's transcript file (default: the one its hooks recorded)" })
      .option('offline', { type: 'boolean', describe: 'update: no model call; fill the notes from the transcript alone' })
      .option('if-due', { type: 'boolean', describe: 'update: only when the [session_memory] thresholds say so, as the agent hooks do' })
      .example('git memory notes', "the active session's notes, with their size and model cost")
      .example('git memory notes update --offline', 'update them now from the transcript, without a model')
      .example('git memory notes update --transcript ~/.claude/projects/acme/4f2a.jsonl', '')
      .epilog(
        'Session notes are 10 sections (Current State, Files and Functions, Errors & Corrections, Worklog…) kept per agent session in ' +
          '.git/git-memory/sessions/<id>/notes.md, never committed. The agent hooks update them as the context grows ([session_memory] in ' +
          '.openclaw_memory.toml); `update` does it now, whatever the thresholds. With the model you chose ([llm] provider; `git memory init --model`) it edits ' +
          "the sections through one tool, given the notes and the part of the transcript they have not seen, with secrets redacted; " +
          "without one, or when the call fails, they are filled from the transcript's ledger.",
      ),
  handler: (a) =>
    run(
      io,
      a,
      async (ctx) => {
        const [{ open }, notes] = await Promise.all([import('../../commands/context.js'), import('../../commands/notes.js')]);
        const o = open(ctx);
        if (a.action === 'update') return notes.notesUpdate(o, { session: a.session, transcript: a.transcript, offline: a.offline, ifDue: a['if-due'] });
        if (a.transcript || a.offline || a['if-due']) throw new (await import('../../errors.js')).UsageError('--transcript, --offline and --if-due go with `notes update`', 'git memory notes update --transcript PATH --offline');
        return notes.notesShow(o, { session: a.session });
      },
      (d) => ('changed' in d ? renderUpdate(d as NotesUpdateData) : renderShow(io, d)),
    ),
});
