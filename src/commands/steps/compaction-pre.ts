/**
 * PreCompact's own step: what must survive the compaction, from the ledger and TASKS.md. Apart from
 * the rest of the compaction steps (compaction-hooks.ts), so that the PreCompact hook, which the
 * agent waits for, sets up only the modules it runs: not the summary's checks, the hot files'
 * scoring, the notes or the prepared state, which its worker and SessionStart load.
 */
import { mustKeep, mustKeepText } from '../../compact/must-keep.js';
import { readTaskListKeeping } from '../../memory/tasks-file.js';
import { readHeldTasks } from '../../memory/tasks-held.js';
import { redactQuickOnce } from '../../safety/quick-redact.js';
import { advanceLedger } from '../../transcripts/index.js';
import type { AgentName, Ledger } from '../../transcripts/ledger.js';
import type { Opened } from '../context.js';
import type { HookSession } from './compaction-prepared.js';

/** Agents with a transcript reader. */
export const LEDGER_AGENTS = new Set<string>(['claude', 'codex', 'gemini']);

/** The session's ledger brought up to date, or null for an agent without a transcript reader. */
export function hookLedger(o: Opened, s: HookSession): Ledger | null {
  if (!LEDGER_AGENTS.has(s.agent)) return null;
  return advanceLedger(o.repo.stateDir, s.sessionId, s.transcriptPath, { agent: s.agent as AgentName, repoRoot: o.repo.root }).ledger;
}

/**
 * PreCompact: the must-keep text (≤ 2,000 characters), its secrets redacted; '' when there is nothing
 * to say. The ledger is read on from the tool-use hook's hot state with the must-keep digest of its
 * older entries (advance.ts `digest`), not put together with ledger.json and written whole again.
 */
export function preCompactText(o: Opened, s: HookSession): string {
  const ledger = LEDGER_AGENTS.has(s.agent) ? advanceLedger(o.repo.stateDir, s.sessionId, s.transcriptPath, { agent: s.agent as AgentName, repoRoot: o.repo.root, lean: true, digest: true }).ledger : null;
  if (!ledger) return '';
  let tasks: string[] = [];
  try {
    tasks = readTaskListKeeping(o.repo.root, readHeldTasks(o.repo.stateDir)).list.tasks.filter((t) => t.status === 'todo' || t.status === 'in_progress' || t.status === 'blocked').map((t) => `${t.task} (${t.status.replace('_', ' ')}, ${t.id})`);
  } catch {
    /* no readable TASKS.md: the ledger's todo list still counts */
  }
  return redactQuickOnce(mustKeepText(mustKeep(ledger, tasks)));
}
