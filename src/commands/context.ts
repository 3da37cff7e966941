import { now } from '../clock.js';
import type { ExitCode } from '../errors.js';
import { loadConfig, parseConfig, type Config } from '../memory/config.js';
import { basename } from 'node:path';
import { assertMemoryCheckedOut, findRepo, memoryAbsent, type Repo } from '../git/repo.js';

/**
 * Where a request runs and its environment: what `open()` needs. No globals, no chdir. Standard
 * input is the front door's: it decodes what a handler needs from it (a summary, a task list, text).
 */
export interface Ctx {
  cwd: string;
  env: NodeJS.ProcessEnv;
}

/**
 * A handler's answer: data for `--json` and the renderer, plus warnings for stderr. `exit` is how
 * the process ends when the answer is a finding rather than an error (lint problems, a secret, a
 * merge conflict); absent means EXIT.ok. Only the CLI's run() applies it.
 */
export interface Result<T> {
  data: T;
  warnings: string[];
  exit?: ExitCode;
}

export interface Opened {
  repo: Repo;
  config: Config;
  warnings: string[];
  /** The config file read, or null when all defaults apply. */
  configPath: string | null;
  /** Keys whose wrong value was replaced by the default (`section.key`); said among the warnings. */
  configDefaulted: string[];
  now: Date;
  env: NodeJS.ProcessEnv;
  /** Where the request started: relative paths the user typed are resolved against it. */
  cwd: string;
  /**
   * Where set, the paths of the working tree the primer asked about and whether each was there
   * (MEMORY.md's anchors): a session's start keeps them in its freshness key (hook/agent/kept-start.ts).
   */
  existsSeen?: Map<string, boolean>;
}

/**
 * Finds the repository and loads its config: once per request, by the front door or the handler it
 * calls first; shared steps (commands/steps/) take the result instead of opening again.
 */
export function open(ctx: Ctx): Opened {
  return openRepo(ctx, findRepo(ctx.cwd, ctx.env));
}

/**
 * `open()` for a caller that found the repository itself (to tell its errors from the config's).
 * Refused where a sparse checkout leaves the memory folder out (git/sparse.ts).
 */
export function openRepo(ctx: Ctx, repo: Repo): Opened {
  assertMemoryCheckedOut(repo);
  return openChecked(ctx, repo);
}

function openChecked(ctx: Ctx, repo: Repo): Opened {
  const { config, warnings, path, defaulted } = loadConfig(repo.root, repo.stateDir);
  return { repo, config, warnings, configPath: path, configDefaulted: defaulted, now: now(ctx.env), env: ctx.env, cwd: ctx.cwd };
}

/**
 * `open()` for what must go on whatever the config says (the primer at a session's start): a
 * config that cannot be read or parsed at all gives every key its default, said among the
 * warnings, where open() fails.
 */
export function openAnyConfig(ctx: Ctx): Opened {
  const repo = findRepo(ctx.cwd, ctx.env);
  // A sparse checkout (or a wrong GIT_DIR) that leaves memory out: the primer goes on without it, and says why.
  const absent = memoryAbsent(repo);
  const leftOut = absent ? [`${absent[0]}: ${absent[1]}`] : [];
  try {
    const o = openChecked(ctx, repo);
    return leftOut.length ? { ...o, warnings: [...leftOut, ...o.warnings] } : o;
  } catch (e) {
    const { config } = parseConfig('', '', basename(repo.root));
    const warnings = [`${(e as Error).message.split('\n', 1)[0]}: every config key has its default`];
    return { repo, config, warnings, configPath: null, configDefaulted: ['*'], now: now(ctx.env), env: ctx.env, cwd: ctx.cwd };
  }
}
