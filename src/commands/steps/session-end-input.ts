import { UsageError } from '../../errors.js';
import { openAgentSession } from '../../git/agent-session.js';
import { readSessionEnded } from '../../git/session-ended.js';
import { namesItsSession, shellSession } from '../../git/session-marks.js';
import { agentOfShell } from '../../agents/registry.js';
import type { Summary } from '../../memory/summary.js';
import type { Opened } from '../context.js';
import type { EndOptions } from '../end.js';
import { commandDirs } from '../../transcripts/command-dirs.js';
import { workedIn, type Ledger } from '../../transcripts/ledger.js';

export interface SessionEndChoice {
  /** End from the session's notes (`end --from-notes`). */
  fromNotes?: boolean;
  /** The agent session (default: the one open in this worktree, as its SessionStart hook recorded it). */
  session?: string;
  /** Asked by the agent's own tool (`memory_session_end`): the open session is the caller's. */
  agentTool?: boolean;
}

/**
 * What `end` writes for an agent session, whichever front door asked: the session's notes
 * (`fromNotes`), or the explicit summary — and with both, or with a summary in a session that has
 * notes, the summary wins and the notes fill only what it left empty. The session is named in the
 * result, so the automatic end at SessionEnd does not write it again. Without an agent session, a
 * summary is the plain end it always was.
 */
export async function sessionEndInput(o: Opened, explicit: Summary | null, choice: SessionEndChoice, known?: string): Promise<Omit<EndOptions, 'agent'> & { agent?: string }> {
  const open = openAgentSession(o.repo.stateDir);
  // Run from an agent's shell, the session that shell says (two may be open in one worktree: the
  // one recorded as open is the one that started last); else the open one, where the shell may be
  // its agent's: one whose shells name no session (Gemini CLI, Cursor, Aider), or the agent a
  // variable it sets for its commands says (an older Claude Code, CLAUDECODE; an older Codex, its
  // launcher's or sandbox's mark; never a hint such as CODEX_HOME, which a terminal's profile sets). A shell that names no session beside an open Claude
  // Code or Codex session is a terminal: its `end` is its own, not theirs (`--from-notes` ends
  // the open one, whose notes it asks for; so does the agent's MCP tool, whose server's environment
  // names no session).
  const shellsOpen = open && (choice.fromNotes || choice.agentTool || !namesItsSession(open.agent) || agentOfShell(o.env) === open.agent);
  const sessionId = choice.session ?? shellSession(o.env) ?? (shellsOpen ? open.sessionId : undefined);
  const transcript = open?.sessionId === sessionId ? open?.transcriptPath : known;
  // Loaded only for an agent session: a plain `end` does not pay for the transcript and notes code.
  const notes = () => Promise.all([import('./notes-summary.js'), import('./session-from-notes.js')]);
  if (choice.fromNotes) {
    // No session open (its SessionEnd closed it): the session `git memory notes` shows, the one
    // recorded last, else the one whose notes changed last.
    if (!sessionId) {
      const { resolveNotesSession } = await import('./notes-session.js');
      const found = (() => {
        try {
          return resolveNotesSession(o.repo.stateDir, {});
        } catch {
          return null;
        }
      })();
      if (found) return sessionEndInput(o, explicit, { ...choice, session: found.id }, found.transcript ?? undefined);
    }
    if (!sessionId) throw new UsageError('no agent session to end from its notes', "name one with --session ID (the agent's session id); an agent's SessionStart hook records the open one");
    const [{ notesSummary }, { fillSummary }] = await notes();
    const got = await notesSummary(o, { sessionId, transcript, tasks: explicit?.tasks });
    // A summary given beside --from-notes wins anyway: with no notes to fill it, it is the session.
    if (!got && explicit) return { summary: explicit, session: { id: sessionId, by: 'summary' } };
    if (!got) {
      throw new UsageError(`session ${sessionId} has no notes and no transcript read yet`, 'the agent hooks keep them (`git memory init --agent claude`); end it with --summary instead');
    }
    return { summary: explicit ? fillSummary(explicit, got.summary) : got.summary, agent: got.agent, session: { id: sessionId, by: explicit ? 'summary' : 'notes', ...dirsOf(got.ledger) } };
  }
  if (!explicit) throw new UsageError('give the session summary, or end from the notes (--from-notes)');
  if (!sessionId) return { summary: explicit };
  const [{ notesSummary }, { fillSummary }] = await notes();
  // A follow-up of a session the automatic end wrote already: the notes (the whole session) were
  // used there; what the turns since changed is this one's (issue 25 §1), nothing of the rest.
  const ended = readSessionEnded(o.repo.stateDir, sessionId);
  const after = ended?.by === 'auto' ? ended.covered : undefined;
  if (after) {
    const part = o.config.session_memory.enabled ? await notesSummary(o, { sessionId, transcript, after }).catch(() => null) : null;
    const files = part?.summary.notes.filter((n) => n.startsWith('Files changed:')) ?? [];
    return { summary: explicit.notes.length || !files.length ? explicit : { ...explicit, notes: files }, session: { id: sessionId, by: 'summary', ...dirsOf(part?.ledger) } };
  }
  // The session's notes as they are (no model call): only real notes fill, never the ledger's guess.
  const got = o.config.session_memory.enabled ? await notesSummary(o, { sessionId, transcript }).catch(() => null) : null;
  return { summary: got?.source === 'notes' ? fillSummary(explicit, got.summary) : explicit, session: { id: sessionId, by: 'summary', ...dirsOf(got?.ledger) } };
}

/** The folders the session's transcript worked in, for its commits in other worktrees, and when it ended (write-session.ts). */
function dirsOf(ledger: Ledger | undefined): { dirs?: { dir: string; at: string }[]; until?: string } {
  const dirs = ledger ? [...workedIn(ledger), ...commandDirs(ledger.cwd, ledger.commands)] : [];
  // With its last record's time: a session with no recorded start ends there (write-session.ts).
  return dirs.length ? { dirs, ...(ledger?.updated ? { until: ledger.updated } : {}) } : {};
}
