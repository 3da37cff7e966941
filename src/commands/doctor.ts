import { accessSync, constants, existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { GitMemoryError } from '../errors.js';
import { pendingMemoryPaths } from '../git/commit.js';
import { hookStates } from '../git/hook-status.js';
import { memoryOff, type OffSwitch } from '../git/off-switch.js';
import { driverStatus, DRIVER, DRIVER_COMMAND } from '../git/merge-config.js';
import { anOperation, findRepo, isOperation, operationInProgress, theOperation, type Repo } from '../git/repo.js';
import { loadConfig } from '../memory/config.js';
import { CHOOSE_HINT, chooseProvider, readTotalUsage } from '../llm/index.js';
import { hasConflictMarkers } from '../memory/conflict-markers.js';
import { CorruptFileError } from '../memory/frontmatter.js';
import { parseTasks } from '../memory/tasks.js';
import { readHeldTasks } from '../memory/tasks-held.js';
import { AGENT_HOOKS_RAN_PREFIX, AGENT_HOOKS_SEEN_FILE, CONFIG_FILE, LOCK_FILE, MEMORY_DIR, PRIMER_FILE, TASKS_FILE } from '../paths.js';
import { readState } from '../fs/state.js';
import { readTextOrNull } from '../fs/read-file.js';
import { ADAPTERS } from '../agents/registry.js';
import { agentWiring } from './agent-wiring.js';
import type { Ctx, Result } from './context.js';

/** One finding: `problem`s make doctor exit 1 and always come with a fix. */
export interface Check {
  id: string;
  level: 'ok' | 'info' | 'problem';
  message: string;
  fix?: string;
}

export interface DoctorData {
  ok: boolean;
  root: string;
  hooks: { dir: string; husky: boolean; hooksPath: string | null };
  /** The switch that has git-memory off here (GIT_MEMORY=0, memory.enabled=false), or null where it is on. */
  off: OffSwitch | null;
  checks: Check[];
}

/** What the off switch means, said first: every other check may be fine and still nothing is kept. */
function offCheck(off: OffSwitch | null): Check[] {
  if (!off) return [];
  const where = off === 'GIT_MEMORY=0' ? 'in this shell (GIT_MEMORY=0 in the environment)' : 'in this clone (git config memory.enabled false)';
  return [
    {
      id: 'off',
      level: 'info',
      message: `git-memory is OFF ${where}: the git hooks and agent hooks do nothing, sessions are not recorded and commands do nothing`,
      fix: off === 'GIT_MEMORY=0' ? 'unset GIT_MEMORY (or set it to 1)' : 'git config --unset memory.enabled',
    },
  ];
}

/** Where `git-memory` is found the way the hooks look for it (husky also adds node_modules/.bin). */
function findCommand(env: NodeJS.ProcessEnv, extra: string[]): string | null {
  for (const dir of [...extra, ...(env.PATH ?? '').split(delimiter)].filter(Boolean)) {
    try {
      accessSync(join(dir, 'git-memory'), constants.X_OK);
      return join(dir, 'git-memory');
    } catch {
      /* not here */
    }
  }
  return null;
}

async function hookChecks(repo: Repo, env: NodeJS.ProcessEnv): Promise<{ checks: Check[]; where: DoctorData['hooks'] }> {
  const { where, hooks, stray } = await hookStates(repo);
  const checks: Check[] = [];
  const command = findCommand(env, where.husky ? [join(repo.root, 'node_modules', '.bin')] : []);
  checks.push(
    command
      ? { id: 'command', level: 'ok', message: `git-memory found at ${command}` }
      : { id: 'command', level: 'problem', message: 'git-memory is not on PATH: the hooks and the merge driver skip themselves', fix: 'npm ci && npm link in a clone of git-memory (it is not in the npm registry yet)' },
  );
  for (const h of hooks) {
    const id = `hook:${h.hook}`;
    const init = 'git memory init';
    if (!h.installed) checks.push({ id, level: 'problem', message: `${h.hook}: no git-memory block in ${h.path}${h.exists ? '' : ' (no such file)'}`, fix: init });
    else if (!h.current) checks.push({ id, level: 'problem', message: `${h.hook}: the block in ${h.path} is from another version`, fix: `${init} (refreshes the block, nothing else)` });
    else if (!h.runs) {
      const fix = where.husky ? 'npx husky (rewrites .husky/_/)' : `chmod +x ${h.path}`;
      checks.push({ id, level: 'problem', message: `${h.hook}: ${h.path} is installed but git will not run it`, fix });
    } else checks.push({ id, level: 'ok', message: `${h.hook}: ${h.path}${h.chained ? ' (your own hook is chained)' : ''}` });
  }
  for (const path of stray) {
    checks.push({ id: 'hook:stray', level: 'info', message: `${path} holds a git-memory block, but git runs hooks from ${where.dir}`, fix: `remove the block between the git-memory markers in ${path}` });
  }
  return { checks, where: { dir: where.dir, husky: where.husky, hooksPath: where.hooksPath } };
}

async function driverChecks(repo: Repo): Promise<Check[]> {
  const s = await driverStatus(repo);
  const checks: Check[] = [];
  if (!s.driver) checks.push({ id: 'merge-driver', level: 'problem', message: `merge driver ${DRIVER} is not configured: TASKS.md merges line by line`, fix: 'git memory init' });
  else if (s.driver !== DRIVER_COMMAND) checks.push({ id: 'merge-driver', level: 'problem', message: `merge.${DRIVER}.driver is not the command this version expects`, fix: 'git memory init' });
  else checks.push({ id: 'merge-driver', level: 'ok', message: `merge driver ${DRIVER} configured` });
  if (s.attributeApplies === DRIVER) checks.push({ id: 'attributes', level: 'ok', message: `${TASKS_FILE} uses merge=${DRIVER}` });
  else checks.push({ id: 'attributes', level: 'problem', message: `${TASKS_FILE} does not use the merge driver (merge attribute: ${s.attributeApplies ?? 'unset'})`, fix: 'git memory init, then commit .openclaw_memory/.gitattributes' });
  return checks;
}

function fileChecks(repo: Repo): Check[] {
  const checks: Check[] = [];
  if (!existsSync(join(repo.root, MEMORY_DIR))) checks.push({ id: 'memory', level: 'problem', message: `${MEMORY_DIR}/ does not exist`, fix: 'git memory init' });
  try {
    const loaded = loadConfig(repo.root);
    checks.push({ id: 'config', level: 'ok', message: loaded.path ? `${CONFIG_FILE} parses` : `no ${CONFIG_FILE}: defaults apply` });
    for (const w of loaded.warnings) checks.push({ id: 'config', level: 'info', message: w, fix: `edit ${CONFIG_FILE}; .openclaw_memory.toml.example lists every key` });
  } catch (e) {
    if (!(e instanceof GitMemoryError)) throw e;
    checks.push({ id: 'config', level: 'problem', message: e.message, fix: `edit ${CONFIG_FILE}; ${e.hint ?? ''}`.trim() });
  }
  for (const path of [TASKS_FILE, PRIMER_FILE]) {
    const text = readTextOrNull(join(repo.root, path));
    if (text === null) continue;
    if (hasConflictMarkers(text)) {
      checks.push({ id: 'conflict', level: 'problem', message: `${path} has conflict markers`, fix: 'git memory resolve' });
      continue;
    }
    if (path !== TASKS_FILE) continue;
    try {
      parseTasks(text, path);
      checks.push({ id: 'tasks', level: 'ok', message: `${path} parses` });
    } catch (e) {
      if (!(e instanceof CorruptFileError)) throw e;
      checks.push({ id: 'tasks', level: 'problem', message: e.message, fix: `fix the line by hand; expected shape:\n${e.expected}` });
    }
  }
  const lock = join(repo.stateDir, LOCK_FILE);
  const held = readTextOrNull(lock); // read once: a lock let go meanwhile is simply not shown
  if (held !== null) {
    const holder = held.split('\n')[0];
    checks.push({ id: 'lock', level: 'info', message: `${lock} is held by process ${holder}`, fix: 'wait for it; a lock whose process is gone is taken over automatically' });
  }
  return checks;
}

/**
 * For each agent `init --agent` set up, the instruction file it reads that holds our section (the
 * files `init --agent` and `uninstall --agent` choose too). A missing section is information: the
 * hooks still hand the agent its primer.
 */
function agentChecks(repo: Repo): Check[] {
  const wired = agentWiring(repo).agents;
  return [...wired.filter((w) => w.reads.length).map((w): Check => {
    const title = ADAPTERS[w.agent].title;
    const id = `agent:${w.agent}`;
    if (w.section) return { id, level: 'ok', message: `${title} reads the git-memory section in ${w.section}` };
    return { id, level: 'info', message: `${title} reads ${w.reads.join(', ')}, and none holds the git-memory section (how to use the memory)`, fix: `git memory init --agent ${w.agent}` };
  }), ...wired.filter((w) => w.outdated.length).map((w): Check => ({
    id: `agent-hooks-current:${w.agent}`,
    level: 'info',
    message: `${ADAPTERS[w.agent].title}'s hook commands in ${w.outdated.join(', ')} are from an older git-memory: they work, and today's do less at each session's start and end`,
    fix: `git memory init --agent ${w.agent} (rewrites git-memory's own hook entries, nothing else)`,
  })), ...hooksRanChecks(repo, wired)];
}

const isSeen = (v: unknown): v is Record<string, string> => !!v && typeof v === 'object' && !Array.isArray(v);

/**
 * Whether each agent wired with hooks has run them here: its SessionStart hook notes it (hook/agent/
 * session-start.ts). An agent that never did is told what it needs, where trust stands in the way
 * (Codex CLI, Gemini CLI): a project not trusted runs no hook at all, silently for git-memory.
 */
function hooksRanChecks(repo: Repo, wired: ReturnType<typeof agentWiring>['agents']): Check[] {
  const seen = { ...(readState(repo.stateDir, AGENT_HOOKS_SEEN_FILE, isSeen) ?? {}) };
  // A start served without node notes it in a file of its own (hook/agent/kept-start.ts): the later one counts.
  for (const w of wired) {
    const ran = readTextOrNull(join(repo.stateDir, `${AGENT_HOOKS_RAN_PREFIX}${w.agent}`))?.trim();
    if (ran && (!seen[w.agent] || Date.parse(ran) > Date.parse(seen[w.agent]!))) seen[w.agent] = ran;
  }
  return wired
    .filter((w) => ADAPTERS[w.agent].sessionStartOutput && ADAPTERS[w.agent].config.some((c) => w.paths.includes(c.path)))
    .map((w): Check => {
      const a = ADAPTERS[w.agent];
      const id = `agent-hooks:${w.agent}`;
      if (seen[w.agent]) return { id, level: 'ok', message: `${a.title} hooks ran here (last session start ${seen[w.agent]})` };
      return {
        id,
        level: 'info',
        message: `${a.title} hooks have not run in this worktree yet: no ${a.title} session start reached git-memory`,
        fix: a.trust ?? `start a ${a.title} session here; if this stays, check that git-memory is on the PATH ${a.title} runs hooks with`,
      };
    });
}

/**
 * Which model is in use and what it has cost in this worktree; where none was chosen, how to choose.
 * "auto" (the old default) is named: it used to pick a model on its own, and now picks none.
 */
async function modelCheck(repo: Repo, env: NodeJS.ProcessEnv): Promise<Check[]> {
  let llm;
  try {
    llm = loadConfig(repo.root).config.llm;
  } catch {
    return []; // the config check says what is wrong with the file
  }
  const c = await chooseProvider(llm, env);
  const t = readTotalUsage(repo.stateDir);
  const spent = t.calls ? `; ${t.calls} call${t.calls > 1 ? 's' : ''} so far, $${t.cost.toFixed(t.cost < 0.01 ? 4 : 2)}` : '';
  if (c.provider) return [{ id: 'model', level: 'ok', message: `model: ${c.provider} (${c.reason})${spent}` }];
  if (c.chosen) return [{ id: 'model', level: c.reason.includes('not') ? 'info' : 'ok', message: `model: none (${c.reason})${spent}` }];
  const auto = llm.provider === 'auto'
    ? ': [llm] provider = "auto" was the default, which sent transcript excerpts to whichever of claude or ANTHROPIC_API_KEY was there; it now means no model'
    : '';
  return [{ id: 'model', level: 'info', message: `model: none chosen, nothing is sent anywhere${auto}${spent}`, fix: CHOOSE_HINT }];
}

/**
 * Checks the git side of git-memory in this repository: where hooks are and whether each of ours
 * will run, the merge driver and its attribute, the config, the memory files, pending commits, and
 * which instruction file of each agent set up holds our section.
 * Every problem comes with the command that fixes it.
 */
export async function doctor(ctx: Ctx): Promise<Result<DoctorData>> {
  const repo = findRepo(ctx.cwd, ctx.env);
  const [hooks, driver, pending] = await Promise.all([hookChecks(repo, ctx.env), driverChecks(repo), pendingMemoryPaths(repo)]);
  const off = memoryOff(ctx.cwd, ctx.env);
  const checks = [...offCheck(off), ...hooks.checks, ...driver, ...fileChecks(repo), ...(await modelCheck(repo, ctx.env)), ...agentChecks(repo)];
  if (pending.length) checks.push({ id: 'pending', level: 'info', message: `memory changes not committed yet: ${pending.join(', ')}`, fix: 'git memory commit' });
  const held = readHeldTasks(repo.stateDir);
  if (held) {
    const op = operationInProgress(repo);
    checks.push({
      id: 'tasks-waiting',
      level: 'info',
      message: `a task change made during ${isOperation(held.op) ? anOperation(held.op) : 'a git operation'} waits in ${repo.stateDir}, not yet in ${TASKS_FILE}`,
      fix: op ? `finish or abort ${theOperation(op)}, then git memory commit` : 'git memory commit',
    });
  }
  return { data: { ok: checks.every((c) => c.level !== 'problem'), root: repo.root, hooks: hooks.where, off, checks }, warnings: [] };
}
