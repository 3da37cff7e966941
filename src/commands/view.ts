import { existsSync, readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { staleMarks, type StaleMark } from '../dream/staleness.js';
import { shallowBoundary } from '../git/shallow.js';
import { readSessionEnded } from '../git/session-ended.js';
import { currentBranch } from '../git/repo.js';
import { readUsage } from '../llm/usage.js';
import { redactQuick } from '../safety/quick-redact.js';
import { redactQuickDeep } from '../safety/redact-deep.js';
import { parseLongTerm, type LongTermEntry } from '../memory/long-term.js';
import type { Task } from '../memory/tasks.js';
import { readTaskListKeeping } from '../memory/tasks-file.js';
import { readHeldTasks } from '../memory/tasks-held.js';
import { memoryFileText, symlinkMessage } from '../worktree-path.js';
import { localIso } from '../clock.js';
import { LONG_TERM_FILE, SESSIONS_DIR } from '../paths.js';
import { open, type Ctx, type Result } from './context.js';
import { allSessions, sessionView, skippedWarnings, type SessionView } from './steps/all-sessions.js';
import { rebuildPrimer } from './steps/rebuild-primer.js';

/** What the model calls of the agent session that wrote a journal entry cost, where recorded. */
export interface Spend {
  calls: number;
  cost: number;
  input: number;
  output: number;
}

export interface ViewData {
  project: string;
  branch: string | null;
  generatedAt: string;
  sessions: (SessionView & { spend?: Spend })[];
  tasks: Task[];
  /** MEMORY.md's facts with what may make them stale; null when there is no MEMORY.md. */
  memory: { entries: (LongTermEntry & { stale: StaleMark | null })[] } | null;
  /** What the next agent gets at start. */
  primer: string;
}

/**
 * Model spend per journal file: each agent session's usage record (`<stateDir>/sessions/<id>/`),
 * joined to the journal file its end wrote. Sessions ended without a model have none.
 */
function spendByFile(stateDir: string): Map<string, Spend> {
  const out = new Map<string, Spend>();
  let dirs: string[] = [];
  try {
    dirs = readdirSync(join(stateDir, SESSIONS_DIR));
  } catch {
    return out;
  }
  for (const dir of dirs) {
    const ended = readSessionEnded(stateDir, dir);
    if (!ended) continue;
    const u = readUsage(stateDir, dir);
    if (!u.calls) continue;
    out.set(ended.path, { calls: u.calls, cost: u.cost, input: u.usage.input + u.usage.cache_read + u.usage.cache_write, output: u.usage.output });
  }
  return out;
}

/** Everything the memory page shows, read from the working tree and this clone's state; nothing written. */
export async function view(ctx: Ctx): Promise<Result<ViewData>> {
  const o = open(ctx);
  const { root, stateDir } = o.repo;
  const read = allSessions(root);
  const spend = spendByFile(stateDir);
  const sessions = read.sessions.map((s) => {
    const v = sessionView(s);
    const got = s.path ? spend.get(s.path) : undefined;
    return got ? { ...v, spend: got } : v;
  });
  const tasks = readTaskListKeeping(root, readHeldTasks(stateDir)).list.tasks;
  // Not through a link: the page would carry what it points to (a teammate's commit can make it ~/.ssh/id_rsa).
  const { text, link } = memoryFileText(root, LONG_TERM_FILE);
  let memory: ViewData['memory'] = null;
  const warnings = [...o.warnings, ...skippedWarnings(read)];
  if (link) warnings.push(`${LONG_TERM_FILE} not shown: ${symlinkMessage(link)}`);
  if (text !== null) {
    try {
      const doc = parseLongTerm(text, LONG_TERM_FILE);
      const marks = await staleMarks(root, doc.entries, { rev: 'HEAD', exists: (p) => existsSync(join(root, p)), shallow: shallowBoundary(o.repo.commonDir) }).catch(() => doc.entries.map(() => null));
      memory = { entries: doc.entries.map((e, i) => ({ ...e, stale: marks[i] ?? null })) };
    } catch (e) {
      warnings.push(`${LONG_TERM_FILE} not shown: ${(e as Error).message}`);
    }
  }
  const primer = await rebuildPrimer(o, { write: false, recordStart: false });
  // The branch is git's text, named as the primer's header names it: a token in it redacted.
  const shownBranch = (b: string | null) => b && redactQuick(b);
  warnings.push(...primer.warnings.filter((w) => !o.warnings.includes(w)));
  return {
    // What the page shows of the memory files, as the primer shows them: a secret a teammate committed
    // past the pre-commit scan (`--no-verify`) stood whole in the page's JSON (stop 53).
    data: redactQuickDeep({ project: o.config.project.name || basename(root), branch: shownBranch(currentBranch(o.repo)), generatedAt: localIso(o.now), sessions, tasks, memory, primer: primer.data.markdown }),
    warnings,
  };
}
