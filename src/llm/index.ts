// The one model client (DESIGN §10). `openLlm` picks a provider from `[llm]` and the environment;
// null means no model, and the caller takes its deterministic path. Providers are imported only
// when one is opened, so importing this file loads no SDK.
import type { Config } from '../memory/config.js';
import type { Llm, ProviderName } from './types.js';

export { estimateTokens } from './tokens.js';
export { readUsage, recordUsage, type UsageRecord } from './usage.js';
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
  /** Why this provider, or why none: shown by `notes` and recorded with a fallback. */
  reason: string;
  apiKey?: string;
  baseURL?: string;
  cliPath?: string;
}

/**
 * Which provider `[llm]` and the environment give, without loading one: `anthropic` needs the key
 * in `api_key_env` (ANTHROPIC_API_KEY), `claude-cli` needs `claude` on PATH, `auto` takes the first
 * of the two that is available.
 */
export async function chooseProvider(cfg: Config['llm'], env: NodeJS.ProcessEnv, opts: OpenLlmOptions = {}): Promise<ProviderChoice> {
  if (opts.offline) return { provider: null, reason: 'offline' };
  if (cfg.provider === 'none') return { provider: null, reason: '[llm] provider = "none"' };
  const apiKey = env[cfg.api_key_env];
  if (cfg.provider === 'anthropic' || (cfg.provider === 'auto' && apiKey)) {
    if (!apiKey) return { provider: null, reason: `no API key: ${cfg.api_key_env} is not set` };
    // The project's setting first, then the environment the SDK itself reads.
    const baseURL = cfg.base_url || env.ANTHROPIC_BASE_URL || undefined;
    return { provider: 'anthropic', reason: `${cfg.api_key_env} is set`, apiKey, ...(baseURL ? { baseURL } : {}) };
  }
  const { findClaudeCli } = await import('./claude-cli.js');
  const cliPath = findClaudeCli(env);
  if (cliPath) return { provider: 'claude-cli', reason: `claude found at ${cliPath}`, cliPath };
  return {
    provider: null,
    reason: cfg.provider === 'claude-cli' ? 'claude is not on PATH' : `${cfg.api_key_env} is not set and claude is not on PATH`,
  };
}

/** The model for `[llm]`, or null (no provider available, `provider = "none"`, or offline). */
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
