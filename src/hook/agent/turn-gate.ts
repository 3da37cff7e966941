// The end of an agent's turn without node (issue 24, section 3). Each turn's end (Claude Code's and
// Codex's Stop, Gemini CLI's AfterAgent) applies the notes' thresholds, and most turns meet none: a
// node process each time was most of what a wired session cost beside the agent. The hook command
// (agents/hook-command.ts) first runs TURN_END_SH, a POSIX sh script this file writes into the state
// dir, which decides from the transcript's new lines alone whether an extraction could be due; only
// then (or when in any doubt) does it start `git-memory hook agent stop`.
//
// What makes that exact or conservative: the thresholds (notes/thresholds.ts) are never met unless
// the context reached `need` tokens (turnGateNeed, written by the last node run beside the offset it
// read the transcript to), and the context is what a model response's usage says, written in the
// transcript as numbers under known keys. The script takes, for every line appended since, the sum
// of those numbers (more than the context when a line holds several), and starts node when one
// reaches `need`, when a line marks a compaction or holds a key in a form it does not read, when the
// transcript shrank or is another, and when the config or the session's state changed since.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { TURN_END_GIT_PATH } from '../../agents/hook-command.js';
import type { Config } from '../../memory/config.js';
import type { Repo } from '../../git/repo.js';
import { writeAtomic } from '../../fs/atomic.js';
import { compactionMark } from '../../notes/thresholds.js';
import type { NotesState } from '../../notes/store.js';
import { CONFIG_FILE, SESSIONS_DIR, sessionDirName } from '../../paths.js';
import { emptyLedger, type Ledger } from '../../transcripts/ledger.js';
import { codexFiresSessionEnd } from '../../agents/codex-version.js';
import { readAwaitedEnd, sessionEndSeen, writeAwaitedEnd } from './session-state.js';

/** The script's name in the state dir (the hook command's TURN_END_GIT_PATH), and the gate's in a session's state dir. */
export const TURN_END_SCRIPT = basename(TURN_END_GIT_PATH);
export const TURN_GATE_FILE = 'turn-gate';

/**
 * The smallest context (tokens) at which the thresholds could be met, whatever the tool calls and
 * pauses; 0 when they could be met without the context growing at all (then node runs every turn).
 * Met needs the context at `minimum_message_tokens_to_init` before the first notes, and grown by
 * `minimum_tokens_between_update` over the base: the last notes' context, or 0 after a compaction.
 */
export function turnGateNeed(ledger: Ledger, state: NotesState | null, cfg: Config['session_memory']): number {
  const between = cfg.minimum_tokens_between_update;
  const initialised = !!state && state.extractions > 0;
  let need: number;
  if (!initialised) need = Math.max(cfg.minimum_message_tokens_to_init, between);
  else {
    // A compaction not yet seen by the notes makes the base 0 below the last notes' context (only).
    const mark = compactionMark(ledger);
    const compacted = state.compactions === undefined ? mark.compactions > 0 : mark.compactions !== state.compactions || mark.last_compaction !== (state.last_compaction ?? '');
    need = compacted && between < state.last_tokens ? between : state.last_tokens + between;
  }
  return ledger.context_tokens >= need ? 0 : need;
}

/**
 * The script the hook command runs (`sh turn-end.sh AGENT`, in the agent's working directory, the
 * hook payload on stdin). Whenever it cannot tell, it hands the payload to node.
 */
export const TURN_END_SH = `# git-memory: the end of an agent's turn, decided without node where the notes'
# thresholds cannot be met (written by git-memory; see src/hook/agent/turn-gate.ts).
agent=$1
in=$(cat)
run() { printf '%s\\n' "$in" | git-memory hook agent stop --agent "$agent"; exit 0; }
case $agent in claude|codex|gemini) ;; *) run ;; esac
# The session's id and transcript, read in sh (no process): a key held once, its string value with
# no escape in it; anything else is node's to read.
jv() {
  case $in in *"\\"$1\\":\\""*) v=\${in#*"\\"$1\\":\\""} ;; *"\\"$1\\": \\""*) v=\${in#*"\\"$1\\": \\""} ;; *) run ;; esac
  case $v in *"\\"$1\\""*) run ;; esac
  v=\${v%%\\"*}
  case $v in ''|*\\\\*|*[[:cntrl:]]*) run ;; esac
}
jv session_id; sid=$v
jv transcript_path; tp=$v
case $sid in ''|.*|*[!A-Za-z0-9._-]*) run ;; esac
[ \${#sid} -le 128 ] || run
case $0 in */*) gate=\${0%/*} ;; *) gate=. ;; esac
gate="$gate/${SESSIONS_DIR}/$sid/${TURN_GATE_FILE}"
[ -f "$gate" ] || run
{ read -r off; read -r need; read -r path; read -r conf; } < "$gate" || run
[ "$path" = "$tp" ] || run
case $tp in *.jsonl) ;; *) run ;; esac
case $off$need in ''|*[!0-9]*) run ;; esac
[ "$need" -gt 0 ] || run
[ -f "$tp" ] || run
[ -z "$(find "\${gate%/*}" "$conf" -type f -newer "$gate" -print 2>/dev/null)" ] || run
size=$(($(wc -c < "$tp"))) || run
[ "$size" -ge "$off" ] || run
[ "$size" -gt "$off" ] || exit 0
tail -c +$((off + 1)) "$tp" | awk -v agent="$agent" -v need="$need" '
  # The sum of the numbers under key k in s; -1 when k is there in a form not read.
  function sum(s, k,   i, t, v) {
    t = 0
    while ((i = index(s, "\\"" k "\\"")) > 0) {
      s = substr(s, i + length(k) + 2)
      if (match(s, /^ *: *[0-9]+ *[,}]/)) { v = substr(s, 1, RLENGTH - 1); sub(/^ *: */, "", v); t += v }
      else if (!match(s, /^ *: *null *[,}]/)) return -1
    }
    return t
  }
  # The same within each object under key o (a flat one); -1 when o holds no object or null.
  function within(s, o, k1, k2, k3, k4,   i, j, t, v, part) {
    t = 0
    while ((i = index(s, "\\"" o "\\"")) > 0) {
      s = substr(s, i + length(o) + 2)
      if (match(s, /^ *: *null *[,}]/)) continue
      if (!match(s, /^ *: *\\{/)) return -1
      s = substr(s, RLENGTH + 1)
      j = index(s, "}")
      if (!j) return -1
      part = substr(s, 1, j)
      if (index(part, "{")) return -1
      v = sum(part, k1); if (v < 0) return -1; t += v
      v = sum(part, k2); if (v < 0) return -1; t += v
      if (k3 != "") { v = sum(part, k3); if (v < 0) return -1; t += v }
      if (k4 != "") { v = sum(part, k4); if (v < 0) return -1; t += v }
    }
    return t
  }
  {
    if (agent == "claude") {
      if (index($0, "\\"compact_boundary\\"") || index($0, "\\"isCompactSummary\\"")) exit 1
      t = 0
      n = split("input_tokens output_tokens cache_read_input_tokens cache_creation_input_tokens", keys, " ")
      for (k = 1; k <= n; k++) { v = sum($0, keys[k]); if (v < 0) exit 1; t += v }
    } else if (agent == "codex") {
      if (index($0, "\\"compacted\\"")) exit 1
      t = within($0, "last_token_usage", "input_tokens", "output_tokens", "", "")
    } else {
      # A rewind: node. A $set (0.61 writes one of lastUpdated after every message, and one of the
      # session context at the start of a chat) is not read by the ledger node reads (transcripts/gemini.ts):
      # whatever usage it holds is summed as on any line, more than node counts. No quote mark here: sh.
      if (index($0, "\\"$rewindTo\\"")) exit 1
      t = within($0, "tokens", "input", "cached", "output", "thoughts")
    }
    if (t < 0 || t >= need + 0) exit 1
  }' || run
exit 0
`;

/** The script in the state dir, this version's. Throws where it cannot be written. */
export function ensureTurnEndScript(repo: Repo): void {
  const script = join(repo.stateDir, TURN_END_SCRIPT);
  if (!existsSync(script) || readFileSync(script, 'utf8') !== TURN_END_SH) writeAtomic(repo.stateDir, script, TURN_END_SH, { durable: false });
}

/**
 * After a node run of the turn's end: the gate for the script, `need` (turnGateNeed) with the
 * offset the ledger read the transcript to, and the script itself where it is missing or another
 * version's. Where the turn's end must always run node (a Codex Stop that ends the session), no
 * gate: `need` 0. Never fails: without a gate the script runs node.
 */
export function writeTurnGate(repo: Repo, sessionId: string, transcript: string, offset: number, need: number): void {
  try {
    ensureTurnEndScript(repo);
    const gate = join(repo.stateDir, SESSIONS_DIR, sessionDirName(sessionId), TURN_GATE_FILE);
    // A path the script cannot hold on one line gets no gate (node runs).
    if (/[\n\r]/.test(transcript) || /[\n\r]/.test(repo.root)) return;
    writeAtomic(repo.stateDir, gate, `${offset}\n${need}\n${transcript}\n${join(repo.root, CONFIG_FILE)}\n`, { durable: false });
  } catch {
    /* a read-only state dir: node runs at every turn's end, as before */
  }
}

/**
 * Whether this agent's turn's end may be decided without node: Claude Code's Stop and Gemini CLI's
 * AfterAgent only apply the thresholds; Codex's Stop too once its SessionEnd was seen, or for the
 * session that waits for it before any was (session-state.ts AwaitedEnd); otherwise it may end the
 * session (hook.ts stopRecordsTurn). Gemini's recording holds its last message back until the next
 * starts: the ledger node reads counts it already (transcripts/read.ts ledgerOf), so `need` is 0 when
 * it reaches the threshold.
 */
export function turnGated(agent: string, stateDir: string, sessionId?: string): boolean {
  if (agent === 'claude' || agent === 'gemini') return true;
  return agent === 'codex' && (sessionEndSeen(stateDir, agent) || (!!sessionId && readAwaitedEnd(stateDir, agent)?.sessionId === sessionId));
}

/**
 * Codex's SessionStart before any SessionEnd was seen in the worktree: a session whose rollout says
 * its Codex fires SessionEnd (0.171 on; the rollout is written before SessionStart runs) waits for it,
 * as its first Stop would otherwise have decided in node (hook.ts stopRecordsTurn), so that its
 * turns' ends only apply the thresholds and can be gated. Not while an earlier session still waits:
 * that one's Stop records it (node).
 */
function codexClaimsEnd(stateDir: string, sessionId: string, transcript: string): boolean {
  if (sessionEndSeen(stateDir, 'codex')) return true;
  const awaited = readAwaitedEnd(stateDir, 'codex');
  if (awaited) return awaited.sessionId === sessionId;
  return codexFiresSessionEnd(transcript) && writeAwaitedEnd(stateDir, 'codex', { sessionId, transcriptPath: transcript });
}

/**
 * SessionStart of a session never read before: the gate for its first turn's end, from the start of
 * its transcript (whatever a fork or a resume under a new id copied into it is read too). A session
 * read before gets its gate from the node run at its next turn's end.
 */
export function gateNewSession(agent: string, repo: Repo, cfg: Config['session_memory'], sessionId: string, transcript: string): void {
  if (!cfg.enabled || (agent !== 'claude' && agent !== 'codex' && agent !== 'gemini')) return;
  if (existsSync(join(repo.stateDir, SESSIONS_DIR, sessionDirName(sessionId)))) {
    // A session read before (a resume): its gate comes from its next node run, the script is this version's now.
    if (turnGated(agent, repo.stateDir, sessionId)) {
      try {
        ensureTurnEndScript(repo);
      } catch {
        /* a read-only state dir: node runs at every turn's end */
      }
    }
    return;
  }
  if (agent === 'codex' && !codexClaimsEnd(repo.stateDir, sessionId, transcript)) return;
  writeTurnGate(repo, sessionId, transcript, 0, turnGateNeed(emptyLedger(agent, sessionId), null, cfg));
}

/** The session's gate, for tests and `notes`: null when there is none. */
export function readTurnGate(repo: Repo, sessionId: string): { offset: number; need: number } | null {
  const gate = join(repo.stateDir, SESSIONS_DIR, sessionDirName(sessionId), TURN_GATE_FILE);
  if (!statSync(gate, { throwIfNoEntry: false })) return null;
  const [offset, need] = readFileSync(gate, 'utf8').split('\n').map(Number);
  return { offset, need };
}
