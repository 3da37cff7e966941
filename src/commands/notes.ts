// `git memory notes [show]` and `git memory notes update`: a session's notes, what they cost, and a
// manual update (which bypasses the thresholds, as the seeds' manual extraction does).
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { UsageError } from '../errors.js';
import { CHOOSE_HINT, chooseProvider } from '../llm/index.js';
import { estimateTokens } from '../llm/tokens.js';
import { readTotalUsage, readUsage, type TotalUsage, type UsageRecord } from '../llm/usage.js';
import { notesPath, readNotes, readNotesState, type NotesState } from '../notes/store.js';
import { isEmptyTemplate, loadNotesConfig, memoryHome, parseNotes } from '../notes/template.js';
import type { Opened, Result } from './context.js';
import { resolveNotesSession, type NotesSession } from './steps/notes-session.js';

export interface NotesData {
  session: string;
  /** How the session was chosen: --session, the active agent session, the latest one, or --transcript. */
  chosen_by: NotesSession['from'];
  transcript: string | null;
  path: string;
  exists: boolean;
  /** Still the empty template (nothing extracted yet). */
  empty: boolean;
  title: string;
  tokens: number;
  sections: { heading: string; tokens: number; empty: boolean }[];
  extractions: number;
  source: NotesState['source'] | null;
  updated: string | null;
  model: string | null;
  fallback: string | null;
  usage: UsageRecord;
  /** Every model call of this worktree so far (all sessions, dream included). */
  total: TotalUsage;
  /** The model an update would use now, or why none; `chosen` false: the user has not chosen, and `hint` says how. */
  provider: { name: string | null; reason: string; chosen: boolean; hint?: string };
  /** Whether the agent hooks update the notes on their own (`[session_memory] enabled`). */
  automatic: boolean;
  notes: string | null;
}

export interface NotesUpdateData extends NotesData {
  changed: boolean;
  /** 'model' | 'ledger' | 'none' (not updated) */
  via: 'model' | 'ledger' | 'none';
  reason: string;
}

async function describe(o: Opened, s: NotesSession): Promise<NotesData> {
  const { stateDir } = o.repo;
  const notes = readNotes(stateDir, s.id);
  const state = readNotesState(stateDir, s.id);
  const parsed = parseNotes(notes ?? '');
  const choice = await chooseProvider(o.config.llm, o.env);
  const { template } = loadNotesConfig(memoryHome(o.env));
  return {
    session: s.id,
    chosen_by: s.from,
    transcript: s.transcript,
    path: notesPath(stateDir, s.id),
    exists: notes !== null,
    empty: notes === null || isEmptyTemplate(notes, template),
    title: parsed.title,
    tokens: notes ? estimateTokens(notes) : 0,
    sections: parsed.sections.map((x) => ({ heading: x.heading, tokens: estimateTokens(`# ${x.heading}\n${x.description}\n${x.body}`), empty: !x.body })),
    extractions: state?.extractions ?? 0,
    source: state?.source ?? null,
    updated: state?.updated ?? null,
    model: state?.model ?? null,
    fallback: state?.fallback ?? null,
    usage: readUsage(stateDir, s.id),
    total: readTotalUsage(stateDir),
    provider: { name: choice.provider, reason: choice.reason, chosen: choice.chosen, ...(choice.chosen ? {} : { hint: CHOOSE_HINT }) },
    automatic: o.config.session_memory.enabled,
    notes,
  };
}

/** The notes of a session, with their size, extractions and model cost. */
export async function notesShow(o: Opened, opts: { session?: string }): Promise<Result<NotesData>> {
  const s = resolveNotesSession(o.repo.stateDir, { session: opts.session });
  // A --session nothing knows (no notes folder, no transcript, not the active one): a mistyped id, not a session without notes yet.
  if (s.from === 'option' && s.transcript === null && !existsSync(dirname(notesPath(o.repo.stateDir, s.id)))) {
    throw new UsageError(
      `no agent session ${JSON.stringify(s.id.length > 80 ? `${s.id.slice(0, 80)}…` : s.id)} is known in this worktree`,
      'without --session, notes shows the active session (or the latest); `git memory notes update --session ID --transcript PATH` starts the notes of another',
    );
  }
  return { data: await describe(o, s), warnings: o.warnings };
}

/**
 * A notes update from the session's transcript: the model when there is one (and not offline), else
 * the ledger. Manual (whatever the thresholds) unless `ifDue`, which updates only when the
 * `[session_memory]` thresholds say so, as the agent hooks do.
 */
export async function notesUpdate(o: Opened, opts: { session?: string; transcript?: string; offline?: boolean; ifDue?: boolean }): Promise<Result<NotesUpdateData>> {
  const transcriptOpt = opts.transcript ? resolve(o.cwd, opts.transcript) : undefined;
  if (transcriptOpt && !existsSync(transcriptOpt)) throw new UsageError(`no transcript at ${transcriptOpt}`, 'give the path of the agent session\'s transcript file (.jsonl or .json)');
  const s = resolveNotesSession(o.repo.stateDir, { session: opts.session, transcript: transcriptOpt });
  if (!s.transcript) {
    throw new UsageError(`no transcript known for session ${s.id}`, 'give it with --transcript PATH (Claude Code: ~/.claude/projects/<project>/<session>.jsonl)');
  }
  if (!existsSync(s.transcript)) throw new UsageError(`the transcript of session ${s.id} is gone: ${s.transcript}`, 'give another with --transcript PATH');
  if (!s.agent) throw new UsageError(`cannot tell which agent wrote ${s.transcript}`, 'git-memory reads Claude Code, Codex and Gemini CLI transcripts');
  const { updateNotes } = await import('../notes/update.js');
  const r = await updateNotes({
    stateDir: o.repo.stateDir,
    sessionId: s.id,
    transcript: s.transcript,
    agent: s.agent,
    repoRoot: o.repo.root,
    config: o.config,
    env: o.env,
    home: memoryHome(o.env),
    offline: opts.offline,
    manual: !opts.ifDue,
  });
  const warnings = [...o.warnings];
  if (r.updated && r.source === 'ledger' && r.reason.includes('model call failed')) warnings.push(r.reason);
  return { data: { ...(await describe(o, s)), changed: r.updated, via: r.source, reason: r.reason }, warnings };
}
