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
    const own = env.ANTHROPIC_BASE_URL || undefined;
    const refused = committedEndpointRefused(cfg, apiKey, own);
    if (refused) return { provider: null, reason: refused, chosen: true };
    // The project's setting first (checked above), then the environment the SDK itself reads.
    const baseURL = cfg.base_url || own;
    return { provider: 'anthropic', reason: `[llm] provider = "anthropic", key from ${cfg.api_key_env}`, chosen: true, apiKey, ...(baseURL ? { baseURL } : {}) };
  }
  const { findClaudeCli } = await import('./claude-cli.js');
  const cliPath = findClaudeCli(env);
  if (cliPath) return { provider: 'claude-cli', reason: `[llm] provider = "claude-cli", ${cliPath}`, chosen: true, cliPath };
  return { provider: null, reason: '[llm] provider = "claude-cli", but claude is not on PATH', chosen: true };
}

/** The Messages API's own host: where the SDK sends a request when no base URL is given. */
export const ANTHROPIC_HOST = 'api.anthropic.com';

/** `url` parsed, or null when it is no http(s) URL. */
function parseUrl(url: string): URL | null {
  try {
    const u = new URL(url);
    return u.protocol === 'https:' || u.protocol === 'http:' ? u : null;
  } catch {
    return null;
  }
}

/** This machine by name: `localhost`, 127.0.0.0/8 or ::1 (and its IPv4-mapped form). Nothing sent there leaves it. */
function isLoopback(u: URL): boolean {
  const h = u.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return h === 'localhost' || h.endsWith('.localhost') || /^127(?:\.\d{1,3}){3}$/.test(h) || h === '::1' || /^::ffff:(?:127\.|7f[0-9a-f]{2}:)/.test(h);
}

/** What a message may show of a URL: its origin, never a user or password in it. */
function shownUrl(url: string): string {
  const u = parseUrl(url);
  return u ? u.origin : 'a value that is not an http(s) URL';
}

/**
 * Why `[llm]` as the repository's config gives it must not be used, or null. The config is committed
 * (DESIGN §3): a repository cloned from anyone chooses its `base_url` and `api_key_env`, and the
 * request carries the session's transcript and the key. So a `base_url` is used only where nothing
 * leaves the machine (loopback), at the Messages API's own host, or when the user's own
 * ANTHROPIC_BASE_URL names the same place; and a variable other than ANTHROPIC_API_KEY is sent to the
 * Messages API only when it holds an Anthropic key (`sk-ant-`), not whatever token the clone named.
 */
function committedEndpointRefused(cfg: Config['llm'], apiKey: string, own: string | undefined): string | null {
  let dest = own ? parseUrl(own) : null; // the user's own choice, or the SDK's default (null)
  if (cfg.base_url) {
    const u = parseUrl(cfg.base_url);
    const mine = !!u && !!dest && u.origin === dest.origin;
    if (!u || !(isLoopback(u) || (u.protocol === 'https:' && u.hostname.toLowerCase() === ANTHROPIC_HOST) || mine)) {
      return `[llm] base_url (${shownUrl(cfg.base_url)}) is not used: the config is committed, and a URL in it could send your transcripts and key anywhere; to confirm it, set ANTHROPIC_BASE_URL to the same URL`;
    }
    dest = u;
  }
  const vendor = !dest || dest.hostname.toLowerCase() === ANTHROPIC_HOST;
  if (vendor && cfg.api_key_env !== 'ANTHROPIC_API_KEY' && !apiKey.startsWith('sk-ant-')) {
    return `[llm] api_key_env = "${cfg.api_key_env}" holds no Anthropic API key (sk-ant-…): it is not sent to the Messages API`;
  }
  return null;
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
