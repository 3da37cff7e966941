import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { localDate, now } from '../clock.js';
import { UsageError } from '../errors.js';
import { hookStates } from '../git/hook-status.js';
import { HOOKS_PATH_KEY, installHooks } from '../git/hooks.js';
import { DRIVER_KEYS, installAttributes, installDriverConfig, readConfigKeys, type ChangeResult } from '../git/merge-config.js';
import { assertMemoryCheckedOut, findRepo } from '../git/repo.js';
import { loadConfig } from '../memory/config.js';
import { withProvider } from '../memory/config-edit.js';
import { CHOOSE_HINT, chooseProvider, readTotalUsage, type TotalUsage } from '../llm/index.js';
import { configText, ignoreLines, ignoreText } from '../memory/skeleton.js';
import { serializeTasks } from '../memory/tasks.js';
import { CONFIG_FILE, JOURNAL_DIR, MEMORY_GITIGNORE, TASKS_FILE } from '../paths.js';
import { writablePath } from '../worktree-path.js';
import { parseAgents } from '../agents/registry.js';
import type { AgentSetup } from './agent-setup.js';
import { openRepo, type Ctx, type Result } from './context.js';

export interface InitOptions {
  language?: string;
  hooks: boolean;
  /** Agents to wire up (`--agent claude,codex` or `all`). */
  agents?: string[];
  /** Also register the MCP server for those agents. */
  mcp?: boolean;
  /** `--model`: the user's choice of model, written to `[llm] provider`. */
  model?: string;
}

/** The model in use after init, and what it has cost in this worktree. */
export interface InitModel {
  provider: string | null;
  /** `[llm] provider` as configured ("unset" when absent). */
  setting: string;
  chosen: boolean;
  reason: string;
  hint?: string;
  total: TotalUsage;
}

export interface InitData {
  root: string;
  files: { path: string; result: 'created' | 'updated' | 'unchanged' }[];
  hooks: { hook: string; path: string; result: string }[];
  /** The TASKS.md merge driver: `.gitattributes` line and git config. */
  mergeDriver: { attributes: ChangeResult; config: ChangeResult };
  /** Agent configuration written by `--agent`, or null. */
  agents: AgentSetup | null;
  model: InitModel;
}

const MODEL_CHOICES = ['anthropic', 'claude-cli', 'none'];

/**
 * Whether the repository around `ctx.cwd` already says which model may be used ([llm] provider
 * anthropic, claude-cli or none): init asks the question on a terminal only where it does not. A
 * config it cannot read counts as not said (init itself then says what is wrong).
 */
export function modelChoiceMade(ctx: Ctx): boolean {
  try {
    const provider = loadConfig(findRepo(ctx.cwd, ctx.env).root).config.llm.provider;
    return MODEL_CHOICES.includes(provider);
  } catch {
    return false;
  }
}

/** Sets up a repository for git-memory. Safe to run again: it only adds what is missing. */
export async function init(ctx: Ctx, opts: InitOptions): Promise<Result<InitData>> {
  if (opts.language !== undefined && opts.language !== 'en' && opts.language !== 'zh') {
    throw new UsageError(`--language must be en or zh, found ${JSON.stringify(opts.language)}`);
  }
  if (opts.model !== undefined && !MODEL_CHOICES.includes(opts.model)) {
    throw new UsageError(`--model must be one of ${MODEL_CHOICES.join(', ')}, found ${JSON.stringify(opts.model)}`, 'git memory init --model none (no model: nothing leaves this machine)');
  }
  const agentNames = parseAgents(opts.agents ?? []);
  if (opts.mcp && !agentNames.length) throw new UsageError('--mcp registers the MCP server for the agents named with --agent', 'e.g. git memory init --agent claude --mcp');
  const repo = findRepo(ctx.cwd, ctx.env);
  // A sparse checkout leaving the committed memory out: TASKS.md "created" would replace the team's.
  assertMemoryCheckedOut(repo);
  // Refused before anything is made: a committed link would put memory outside the repository.
  for (const rel of [CONFIG_FILE, `${JOURNAL_DIR}/`, MEMORY_GITIGNORE, TASKS_FILE]) writablePath(repo.root, rel, { includeFile: true });
  const files: InitData['files'] = [];
  const configPath = join(repo.root, CONFIG_FILE);
  if (!existsSync(configPath)) {
    writeFileSync(configPath, configText(basename(repo.root), opts.language ?? 'en'));
    files.push({ path: CONFIG_FILE, result: 'created' });
  } else {
    files.push({ path: CONFIG_FILE, result: 'unchanged' });
  }
  loadConfig(repo.root); // validates an existing file before anything is changed in it
  if (opts.model !== undefined) {
    // The user's choice: the one line is written, the rest of the file kept as it is.
    const before = readFileSync(configPath, 'utf8');
    const after = withProvider(before, opts.model);
    if (after !== before) {
      writeFileSync(configPath, after);
      if (files[0]!.result === 'unchanged') files[0] = { path: CONFIG_FILE, result: 'updated' };
    }
  }
  const { config, warnings } = loadConfig(repo.root);
  // An existing config is never rewritten by init, so a different --language would do nothing.
  if (opts.language !== undefined && opts.language !== config.journal.language) {
    warnings.push(
      `--language ${opts.language} not applied: ${CONFIG_FILE} already exists and keeps [journal] language = "${config.journal.language}"; ` +
        `to change it, set language = "${opts.language}" under [journal] in ${CONFIG_FILE} (new journal files use it; existing ones stay as they are)`,
    );
  }

  mkdirSync(join(repo.root, JOURNAL_DIR), { recursive: true });
  const ignorePath = join(repo.root, MEMORY_GITIGNORE);
  const current = existsSync(ignorePath) ? readFileSync(ignorePath, 'utf8') : null;
  const have = new Set((current ?? '').split(/\r?\n/).map((l) => l.trim()));
  const missing = ignoreLines(config.primer.commit).filter((l) => !have.has(l));
  if (current === null) {
    writeFileSync(ignorePath, ignoreText(missing));
    files.push({ path: MEMORY_GITIGNORE, result: 'created' });
  } else if (missing.length) {
    writeFileSync(ignorePath, `${current.replace(/\n?$/, '\n')}${missing.join('\n')}\n`);
    files.push({ path: MEMORY_GITIGNORE, result: 'updated' });
  } else {
    files.push({ path: MEMORY_GITIGNORE, result: 'unchanged' });
  }

  const tasksPath = join(repo.root, TASKS_FILE);
  if (!existsSync(tasksPath)) {
    writeFileSync(tasksPath, serializeTasks({ updated: localDate(now(ctx.env)), tasks: [] }, config.journal.language));
    files.push({ path: TASKS_FILE, result: 'created' });
  } else {
    files.push({ path: TASKS_FILE, result: 'unchanged' });
  }

  // core.hooksPath and the merge driver's keys, read with one git process (nothing below writes
  // config before they are used); where git could not read them, each step asks git itself.
  const keys = await readConfigKeys(repo, `${HOOKS_PATH_KEY.replace('.', '\\.')}|${DRIVER_KEYS}`);
  const hooks = opts.hooks ? await installHooks(repo, keys ?? undefined) : [];
  if (!opts.hooks) {
    // --no-hooks installs none; it does not take out hooks an earlier init installed.
    const kept = (await hookStates(repo, keys ?? undefined)).hooks.filter((h) => h.installed).map((h) => h.hook);
    if (kept.length) warnings.push(`--no-hooks installs no hooks, and the ${kept.join(', ')} hook${kept.length === 1 ? '' : 's'} already installed stay; \`git memory uninstall\` removes them`);
  }
  const mergeDriver = { attributes: installAttributes(repo), config: await installDriverConfig(repo, keys ?? undefined) };
  // Opened here, with the config written above: agent setup may rebuild the primer with it.
  const agents = agentNames.length ? await (await import('./agent-setup.js')).setupAgents(openRepo(ctx, repo), agentNames, { mcp: opts.mcp }) : null;
  // A clone whose committed Aider settings read the (gitignored) primer gets it here.
  if (!agentNames.includes('aider') && existsSync(join(repo.root, '.aider.conf.yml'))) await (await import('./agent-setup.js')).primerForAider(openRepo(ctx, repo));
  const choice = await chooseProvider(config.llm, ctx.env);
  const model: InitModel = {
    provider: choice.provider,
    setting: config.llm.provider,
    chosen: choice.chosen,
    reason: choice.reason,
    ...(choice.chosen ? {} : { hint: CHOOSE_HINT }),
    total: readTotalUsage(repo.stateDir),
  };
  return { data: { root: repo.root, files, hooks, mergeDriver, agents, model }, warnings };
}
