import { now } from '../clock.js';
import type { ExitCode } from '../errors.js';
import { loadConfig, type Config } from '../memory/config.js';
import { findRepo, type Repo } from '../git/repo.js';

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
  now: Date;
  env: NodeJS.ProcessEnv;
  /** Where the request started: relative paths the user typed are resolved against it. */
  cwd: string;
}

/**
 * Finds the repository and loads its config: once per request, by the front door or the handler it
 * calls first; shared steps (commands/steps/) take the result instead of opening again.
 */
export function open(ctx: Ctx): Opened {
  return openRepo(ctx, findRepo(ctx.cwd, ctx.env));
}

/** `open()` for a caller that found the repository itself (to tell its errors from the config's). */
export function openRepo(ctx: Ctx, repo: Repo): Opened {
  const { config, warnings, path } = loadConfig(repo.root, repo.stateDir);
  return { repo, config, warnings, configPath: path, now: now(ctx.env), env: ctx.env, cwd: ctx.cwd };
}
