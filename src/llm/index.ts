// The one model client (DESIGN §10). `openLlm` opens the provider the user chose in `[llm]`;
// null means no model, and the caller takes its deterministic path. Providers are imported only
// when one is opened, so importing this file loads no SDK.
import type { Config } from '../memory/config.js';
import type { Llm, ProviderName } from './types.js';

export { estimateTokens } from './tokens.js';
export { readUsage, readTotalUsage, recordUsage, type UsageRecord, type TotalUsage } from './usage.js';
export { costOf } from './cost.js';
export { LlmError, type Llm, type LlmRequest, type LlmResult, type LlmUsage } from './types.js';

export interface OpenLlmOptions {
  /** `--offline`: no model, whatever the config says. */
  offline?: boolean;
  /** `[secrets] allowlist`: values the request redaction leaves alone. */
  allowlist?: readonly string[];
}

export interface ProviderChoice {
  provider: ProviderName | null;
  /** Why this provider, or why none: shown by `notes`, `doctor`, `init` and the status line. */
  reason: string;
  /** Whether the user chose (`[llm] provider` is "anthropic", "claude-cli" or "none"). */
  chosen: boolean;
  apiKey?: string;
  baseURL?: string;
  cliPath?: string;
}

/** How to choose, said wherever no choice was made. */
export const CHOOSE_HINT = 'git memory init --model anthropic|claude-cli|none (or set [llm] provider in .openclaw_memory.toml)';

/**
 * Which provider `[llm]` and the environment give, without loading one. Only the user's choice opens
 * a model (DESIGN §10): `anthropic` needs the key in `api_key_env` (ANTHROPIC_API_KEY), `claude-cli`
 * needs `claude` on PATH. An unset provider, and "auto" (the old default, which took whichever was
 * installed without asking), are no choice: no model, whatever the environment holds. A key in the
 * environment or `claude` on PATH is not consent: a Codex user's transcript must not go to another
 * vendor because a binary happens to be installed.
 */
export async function chooseProvider(cfg: Config['llm'], env: NodeJS.ProcessEnv, opts: OpenLlmOptions = {}): Promise<ProviderChoice> {
  if (opts.offline) return { provider: null, reason: 'offline', chosen: cfg.provider === 'anthropic' || cfg.provider === 'claude-cli' || cfg.provider === 'none' };
  if (cfg.provider === 'none') return { provider: null, reason: 'no model: [llm] provider = "none"', chosen: true };
  if (cfg.provider === 'unset') return { provider: null, reason: 'no model chosen ([llm] provider is not set)', chosen: false };
  if (cfg.provider === 'auto') {
    return { provider: null, reason: 'no model chosen: [llm] provider = "auto" (the old default) no longer picks one on its own', chosen: false };
  }
  if (cfg.provider === 'anthropic') {
    const apiKey = env[cfg.api_key_env];
    if (!apiKey) return { provider: null, reason: `[llm] provider = "anthropic", but ${cfg.api_key_env} is not set`, chosen: true };
    // The project's setting first, then the environment the SDK itself reads.
    const baseURL = cfg.base_url || env.ANTHROPIC_BASE_URL || undefined;
    return { provider: 'anthropic', reason: `[llm] provider = "anthropic", key from ${cfg.api_key_env}`, chosen: true, apiKey, ...(baseURL ? { baseURL } : {}) };
  }
  const { findClaudeCli } = await import('./claude-cli.js');
  const cliPath = findClaudeCli(env);
  if (cliPath) return { provider: 'claude-cli', reason: `[llm] provider = "claude-cli", ${cliPath}`, chosen: true, cliPath };
  return { provider: null, reason: '[llm] provider = "claude-cli", but claude is not on PATH', chosen: true };
}

/** The model the user chose in `[llm]`, or null (none chosen, `provider = "none"`, not available, or offline). */
export async function openLlm(config: Config['llm'], env: NodeJS.ProcessEnv, opts: OpenLlmOptions = {}): Promise<Llm | null> {
  const choice = await chooseProvider(config, env, opts);
  if (choice.provider === 'anthropic') {
    const { anthropicLlm } = await import('./anthropic.js');
    return anthropicLlm(config, { apiKey: choice.apiKey!, ...(choice.baseURL ? { baseURL: choice.baseURL } : {}), allowlist: opts.allowlist ?? [] });
  }
  if (choice.provider === 'claude-cli') {
    const { claudeCliLlm } = await import('./claude-cli.js');
    return claudeCliLlm(config, choice.cliPath!, env, opts.allowlist ?? []);
  }
  return null;
}
