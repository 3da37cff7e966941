import { appendFileSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { writeAtomic } from '../fs/atomic.js';
import { SESSION_ENV_VARS, SESSION_TAKEN_FILE } from '../paths.js';
import { ownSessionStart } from './session-state.js';
import type { SpoolEntry } from './spool-codec.js';

/**
 * Which agent session made a commit, where two run in one worktree at once (two Claude Code
 * windows, Claude Code beside Codex). The agents tell their shell commands the session they run in
 * (checked on the real binaries: Claude Code 2.1.332 exports CLAUDE_CODE_SESSION_ID, Codex 0.171
 * CODEX_THREAD_ID, each the session_id its hooks receive; Gemini CLI 0.61 sets only GEMINI_CLI=1
 * and runs its shell with no git hooks), so the post-commit hook marks the spool line with it, and
 * an `end` records only its own session's marked commits. A commit with no mark (a terminal, an
 * agent that says nothing, a hook of an older version) is attributed as before: to every session
 * whose window (its recorded start to its end) holds it.
 */


/** An id the hook's shell block writes as it is (no JSON escaping): the agents' ids are UUIDs. */
export const MARKABLE_SESSION = /^[A-Za-z0-9_-]{1,128}$/;

/** The agents whose shells name their session (SESSION_ENV_VARS): a shell that names none is not theirs. */
const NAMING_AGENTS: ReadonlySet<string> = new Set(['claude', 'codex']);
export const namesItsSession = (agent: string) => NAMING_AGENTS.has(agent);

/** The agent session the environment's shell runs in, or undefined (none, or an id that is not plain). */
export function shellSession(env: NodeJS.ProcessEnv): string | undefined {
  for (const name of SESSION_ENV_VARS) {
    const v = env[name];
    if (v) return MARKABLE_SESSION.test(v) ? v : undefined;
  }
  return undefined;
}

const markOf = (e: SpoolEntry): string | undefined => (typeof e.session === 'string' && e.session ? e.session : undefined);

/** The newest records read back (a few per session: the file is trimmed past TAKEN_MAX_BYTES). */
const TAKEN_MAX_BYTES = 64 * 1024;

/** The commits other sessions' ends recorded as theirs (their marks); without a session, every session's. */
function takenByOthers(stateDir: string, sessionId: string | undefined): Set<string> {
  let text: string;
  try {
    text = readFileSync(join(stateDir, SESSION_TAKEN_FILE), 'utf8');
  } catch {
    return new Set();
  }
  const out = new Set<string>();
  for (const line of text.split('\n')) {
    const m = /^([0-9a-f]{40,64}) (\S+)$/.exec(line);
    if (m && m[2] !== sessionId) out.add(m[1]!);
  }
  return out;
}

export interface MarkedSplit {
  /** The entries this session's end records: its own, the unmarked, and those of a session no longer open. */
  mine: SpoolEntry[];
  /** Entries of another session still open (its start slot is there): left in the spool for its own end. */
  keep: SpoolEntry[];
  /** Commits another session marked (kept back, or recorded by its end already): never this session's, whatever the reflog says. */
  others: Set<string>;
}

/**
 * Splits the spool for the end of `sessionId`. Another session's marked entry stays in the spool
 * while that session is open (its start slot holds it); once its slot is gone without its end having
 * taken the entry (the agent was killed; slots go after START_SLOT_DAYS), it is attributed as an
 * unmarked one. Without a session (`git memory end` typed in a terminal) the same holds: the
 * terminal's own work is the unmarked entries, never an open agent session's (stop 55).
 */
export function splitMarked(stateDir: string, entries: readonly SpoolEntry[], sessionId: string | undefined): MarkedSplit {
  const open = new Map<string, boolean>();
  const isOpen = (s: string) => {
    if (!open.has(s)) open.set(s, ownSessionStart(stateDir, s) !== null);
    return open.get(s)!;
  };
  const mine: SpoolEntry[] = [];
  const keep: SpoolEntry[] = [];
  for (const e of entries) {
    const mark = markOf(e);
    if (mark !== undefined && mark !== sessionId && isOpen(mark)) keep.push(e);
    else mine.push(e);
  }
  const others = takenByOthers(stateDir, sessionId);
  for (const e of keep) if (e.type === 'commit') others.add(e.sha);
  // A commit this session marked is its own even where another end listed it (an older version's).
  for (const e of mine) if (e.type === 'commit' && markOf(e) === sessionId) others.delete(e.sha);
  return { mine, keep, others };
}

/**
 * Notes the commits `sessionId`'s end recorded that carried its mark, so a session ending later
 * whose window holds them (its reflog since its start) leaves them out. One append; the file is cut
 * to its newer half when it outgrows TAKEN_MAX_BYTES. A write error only loses the note (the later
 * end then lists the commit as well, as before).
 */
export function noteTaken(stateDir: string, sessionId: string, entries: readonly SpoolEntry[]): void {
  const shas = [...new Set(entries.flatMap((e) => (e.type === 'commit' && markOf(e) === sessionId ? [e.sha] : [])))];
  if (!shas.length) return;
  const path = join(stateDir, SESSION_TAKEN_FILE);
  try {
    mkdirSync(stateDir, { recursive: true });
    appendFileSync(path, shas.map((sha) => `${sha} ${sessionId}\n`).join(''));
    if ((statSync(path, { throwIfNoEntry: false })?.size ?? 0) > TAKEN_MAX_BYTES) {
      const text = readFileSync(path, 'utf8');
      const cut = text.indexOf('\n', text.length - TAKEN_MAX_BYTES / 2);
      writeAtomic(stateDir, path, text.slice(cut + 1), { durable: false });
    }
  } catch {
    /* only the note is lost */
  }
}
