// One notes update (DESIGN §13): advance the ledger, check the thresholds (unless manual), take the
// session's lock, then let the model edit the sections or fill them from the ledger, and write the
// notes, their state and the model's usage.
import { now } from '../clock.js';
import { guardText } from '../safety/guard.js';
import type { Config } from '../memory/config.js';
import { estimateTokens } from '../llm/tokens.js';
import { recordUsage } from '../llm/usage.js';
import type { Llm } from '../llm/types.js';
import { advanceLedger, renderTranscript } from '../transcripts/index.js';
import type { AgentName, Ledger } from '../transcripts/ledger.js';
import { extractWithModel, reconcileNotes, systemPrompt, updateMessage, updateTool } from './extract.js';
import { LOCK_STALE_MS, withSessionLock } from './lock.js';
import { sectionFromLedger } from './offline.js';
import { notesPath, readNotes, readNotesState, writeNotes, type NotesState } from './store.js';
import { loadNotesConfig, memoryHome, parseNotes, renderNotes } from './template.js';
import { checkThresholds, compactionMark } from './thresholds.js';

export interface UpdateNotesInput {
  stateDir: string;
  sessionId: string;
  /** The agent's transcript file. */
  transcript: string;
  agent: AgentName;
  repoRoot: string;
  config: Config;
  env: NodeJS.ProcessEnv;
  /** The user files' home (OPENCLAW_MEMORY_HOME); its `session-memory/config/` holds a custom template and prompt. */
  home?: string;
  /** No model, whatever `[llm]` says. */
  offline?: boolean;
  /** A manual update: the thresholds do not apply. */
  manual?: boolean;
}

export interface UpdateNotesResult {
  updated: boolean;
  source: 'model' | 'ledger' | 'none';
  reason: string;
  notes: string | null;
}

/** How the update reads the transcript: the ledger readers, or a test's own. */
export interface LedgerSource {
  /** Reads what was appended since the last call: the whole ledger and the byte offset reached. */
  advance(): { ledger: Ledger; to: number };
  /** The compact rendering of bytes [from, to) for the model, at most maxChars characters. */
  render(from: number, to: number, maxChars: number): string;
  /** Opens the model (null: none); defaults to openLlm. */
  openModel?(): Promise<Llm | null>;
}

/** Sections the ledger states exactly: a fallback refreshes them even over a model's text. */
const LEDGER_OWNED = new Set(['current state', 'files and functions', 'workflow', 'errors & corrections', 'worklog']);
/** Room kept in a request beside the transcript (tool definition, wrapping, the reply's tool calls sent back). */
const REQUEST_MARGIN_TOKENS = 1500;

/**
 * Notes from the ledger. Over notes a model wrote, the sections the ledger states exactly are
 * refreshed and the model's other sections kept (its task description beats the ledger's list).
 */
export function ledgerNotes(ledger: Ledger, template: string, previous: string | null, previousSource: NotesState['source'] | undefined): string {
  const parsed = parseNotes(reconcileNotes(previous, template));
  for (const s of parsed.sections) {
    const fresh = sectionFromLedger(ledger, s.heading);
    if (previousSource !== 'model' || LEDGER_OWNED.has(s.heading.toLowerCase()) || !s.body) s.body = fresh || (previousSource === 'model' ? s.body : '');
  }
  return renderNotes(parsed);
}

/** updateNotes over any ledger source (see LedgerSource). */
export async function runNotesUpdate(input: UpdateNotesInput, source: LedgerSource): Promise<UpdateNotesResult> {
  const { stateDir, sessionId, config } = input;
  if (!config.session_memory.enabled && !input.manual) {
    return { updated: false, source: 'none', reason: '[session_memory] enabled = false', notes: readNotes(stateDir, sessionId) };
  }
  const result = await withSessionLock(stateDir, sessionId, async (held): Promise<UpdateNotesResult> => {
    const started = Date.now();
    const { ledger, to } = source.advance();
    const state = readNotesState(stateDir, sessionId);
    const previous = readNotes(stateDir, sessionId);
    if (!input.manual) {
      const check = checkThresholds(ledger, state, config.session_memory);
      if (!check.extract) return { updated: false, source: 'none', reason: check.reason, notes: previous };
    }
    const { template, prompt } = loadNotesConfig(input.home ?? memoryHome(input.env));
    const current = reconcileNotes(previous, template);
    const path = notesPath(stateDir, sessionId);
    // The part of the transcript the notes have not seen: from their own offset (the ledger may have
    // been advanced by others), or from the start for a new or replaced transcript.
    const from = state && state.transcript === input.transcript && state.last_offset <= to ? state.last_offset : 0;
    let notes: string;
    let src: 'model' | 'ledger';
    let reason: string;
    let fallback: string | undefined;
    let model: string | undefined;
    const llm = await (source.openModel?.() ??
      import('../llm/index.js').then(({ openLlm }) => openLlm(config.llm, input.env, { offline: input.offline, allowlist: config.secrets.allowlist })));
    if (llm) {
      const lang = config.journal.language;
      const fixed = estimateTokens(systemPrompt(template, lang) + JSON.stringify(updateTool()) + JSON.stringify(updateMessage({ notes: current, notesPath: path, transcript: '', prompt, lang })));
      const maxChars = Math.max(2000, Math.floor((config.llm.max_input_tokens - fixed - REQUEST_MARGIN_TOKENS) * 3.5));
      const transcript = source.render(from, to, maxChars);
      try {
        const r = await extractWithModel({
          llm,
          notes: current,
          template,
          notesPath: path,
          transcript,
          prompt,
          lang,
          deadline: started + LOCK_STALE_MS / 2,
          onResponse: (res) => recordUsage(stateDir, sessionId, 'notes', res),
        });
        notes = r.notes;
        src = 'model';
        model = llm.model;
        reason = `${llm.provider} ${llm.model} updated ${r.changed.length ? [...new Set(r.changed)].join(', ') : 'no section'}${r.refused ? `; ${r.refused} call${r.refused > 1 ? 's' : ''} refused` : ''}`;
      } catch (e) {
        if ((e as Error).name !== 'LlmError') throw e;
        fallback = (e as Error).message;
        notes = ledgerNotes(ledger, template, previous, state?.model ? 'model' : state?.source);
        src = 'ledger';
        reason = `filled from the ledger: the model call failed (${fallback})`;
      }
    } else {
      notes = ledgerNotes(ledger, template, previous, state?.model ? 'model' : state?.source);
      src = 'ledger';
      reason = input.offline ? 'filled from the ledger (offline)' : 'filled from the ledger (no model configured or available)';
    }
    // Notes stay in the state dir, but they are read into journal entries and prompts: no secret
    // is kept in them, whatever the transcript held.
    const guarded = await guardText(notes, 'notes.md', { mode: 'redact', allowlist: config.secrets.allowlist, keepMachineText: true });
    if (!held()) return { updated: false, source: 'none', reason: 'the extraction ran over 60 s and a newer one took over: its result was dropped', notes: readNotes(stateDir, sessionId) };
    const next: NotesState = {
      extractions: (state?.extractions ?? 0) + 1,
      last_tokens: ledger.context_tokens,
      last_tool_calls: ledger.tool_calls,
      ...compactionMark(ledger),
      last_offset: to,
      transcript: input.transcript,
      updated: now(input.env).toISOString(),
      source: src,
      // Kept across ledger fills: the notes still hold what that model wrote.
      ...(model || state?.model ? { model: model ?? state!.model } : {}),
      ...(fallback ? { fallback } : {}),
    };
    writeNotes(stateDir, sessionId, guarded.text, next);
    return { updated: true, source: src, reason, notes: guarded.text };
  });
  return result ?? { updated: false, source: 'none', reason: 'another notes update for this session is still running (waited 15 s)', notes: readNotes(stateDir, sessionId) };
}

/**
 * Updates the session's notes from its transcript (see runNotesUpdate): reads what the transcript
 * gained since the last call, and renders the part the notes have not seen for the model.
 */
export function updateNotes(input: UpdateNotesInput): Promise<UpdateNotesResult> {
  const { stateDir, sessionId, transcript, agent, repoRoot } = input;
  return runNotesUpdate(input, {
    advance: () => advanceLedger(stateDir, sessionId, transcript, { agent, repoRoot }),
    render: (from, to, maxChars) => renderTranscript(transcript, { agent, from, to, maxChars, repoRoot }),
  });
}
