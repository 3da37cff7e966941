import { now } from '../clock.js';
import type { ExitCode } from '../errors.js';
import { loadConfig, type Config } from '../memory/config.js';
import { findRepo, type Repo } from '../git/repo.js';

/** What every command handler gets: where it runs and its environment. No globals, no chdir. */
export interface Ctx {
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** Reads all of standard input (for `-` arguments). */
  readStdin: () => Promise<Buffer>;
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
}

/** Finds the repository and loads its config; the common first step of a command. */
export function open(ctx: Ctx): Opened {
  const repo = findRepo(ctx.cwd, ctx.env);
  const { config, warnings, path } = loadConfig(repo.root, repo.stateDir);
  return { repo, config, warnings, configPath: path, now: now(ctx.env), env: ctx.env };
}
