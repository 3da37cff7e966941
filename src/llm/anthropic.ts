// The `anthropic` provider: the Messages API through @anthropic-ai/sdk. The SDK is imported here,
// dynamically, and nowhere else: hooks and the primer never load it (test/build/lean-bundles).
import type { Config } from '../memory/config.js';
import { costOf } from './cost.js';
import { redactWire } from './redact.js';
import { estimateTokens } from './tokens.js';
import { LlmError, type Llm, type LlmBlock, type LlmRequest, type LlmResult } from './types.js';

type Sdk = typeof import('@anthropic-ai/sdk');

export interface AnthropicOptions {
  apiKey: string;
  /** `[llm] base_url`, else ANTHROPIC_BASE_URL, else the SDK's default. */
  baseURL?: string;
  /** `[secrets] allowlist`: values the redaction leaves alone. */
  allowlist?: readonly string[];
}

/** The wire shape of one content block, with `cache` turned into a cache breakpoint. */
function wireBlock(b: LlmBlock): Record<string, unknown> {
  if (b.type === 'text') return { type: 'text', text: b.text, ...(b.cache ? { cache_control: { type: 'ephemeral' } } : {}) };
  return { ...b };
}

/** The request body as sent, without model and max_tokens: also what the input cap is measured on. */
function wireBody(req: LlmRequest) {
  return {
    // The stable prefix (tools, then system) is cached: later requests of a session pay 10% for it.
    system: [{ type: 'text', text: req.system, cache_control: { type: 'ephemeral' } }],
    messages: req.messages.map((m) => ({ role: m.role, content: typeof m.content === 'string' ? m.content : m.content.map(wireBlock) })),
    ...(req.tools?.length ? { tools: req.tools } : {}),
  };
}

/** The SDK's error classes, by what the caller can do about them. */
function classify(sdk: Sdk, e: unknown, timedOut: boolean): LlmError {
  if (e instanceof LlmError) return e;
  const msg = (e as Error)?.message ?? String(e);
  if (timedOut || e instanceof sdk.APIConnectionTimeoutError || e instanceof sdk.APIUserAbortError) return new LlmError(`model call timed out: ${msg}`, 'timeout');
  if (e instanceof sdk.APIConnectionError) return new LlmError(`model API unreachable: ${msg}`, 'connection');
  if (e instanceof sdk.APIError) {
    const status = e.status ?? 0;
    if (status === 529 || status === 503) return new LlmError(`model API overloaded (${status})`, 'overloaded');
    if (status === 429) return new LlmError('model API rate limit reached (429)', 'rate_limit');
    if (status === 401 || status === 403) return new LlmError(`model API refused the key (${status})`, 'auth');
    if (status === 413) return new LlmError('request too large for the model API (413)', 'too_large');
    return new LlmError(`model API error ${status}: ${msg}`, 'other');
  }
  return new LlmError(`model call failed: ${msg}`, 'other');
}

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : 0);

/** An `Llm` over the Messages API. Every call: redacted, capped, timed out, usage priced. */
export function anthropicLlm(cfg: Config['llm'], opts: AnthropicOptions): Llm {
  let client: Promise<{ sdk: Sdk; api: InstanceType<Sdk['default']> }> | undefined;
  const connect = () =>
    (client ??= import('@anthropic-ai/sdk').then((sdk) => ({
      sdk,
      // The SDK's own retries (429, 5xx, connection errors), bounded; the caller's deadline bounds them all.
      api: new sdk.default({ apiKey: opts.apiKey, ...(opts.baseURL ? { baseURL: opts.baseURL } : {}), maxRetries: 2, timeout: cfg.timeout_ms }),
    })));
  return {
    provider: 'anthropic',
    model: cfg.model,
    async complete(input: LlmRequest): Promise<LlmResult> {
      // The gate: the body as it will be sent, redacted after every rendering.
      const { body } = await redactWire(wireBody(input), opts.allowlist);
      const request = input;
      const estimated = estimateTokens(JSON.stringify(body));
      if (estimated > cfg.max_input_tokens) {
        throw new LlmError(`request of about ${estimated} tokens is over [llm] max_input_tokens (${cfg.max_input_tokens})`, 'too_large');
      }
      const { sdk, api } = await connect();
      // timeout_ms bounds the whole call, the SDK's retries included.
      const abort = new AbortController();
      let timedOut = false;
      const timer = setTimeout(() => {
        timedOut = true;
        abort.abort();
      }, cfg.timeout_ms);
      let res;
      try {
        res = await api.messages.create(
          { model: cfg.model, max_tokens: Math.min(request.max_tokens ?? cfg.max_output_tokens, cfg.max_output_tokens), ...body } as never,
          { signal: abort.signal },
        );
      } catch (e) {
        throw classify(sdk, e, timedOut);
      } finally {
        clearTimeout(timer);
      }
      return toResult(res as unknown as WireMessage, cfg);
    },
  };
}

interface WireMessage {
  content?: { type: string; text?: string; id?: string; name?: string; input?: unknown }[];
  stop_reason?: string | null;
  usage?: Record<string, unknown>;
}

function toResult(res: WireMessage, cfg: Config['llm']): LlmResult {
  if (!Array.isArray(res.content)) throw new LlmError('model API answered without content', 'bad_response');
  const blocks: LlmBlock[] = [];
  const tool_calls: LlmResult['tool_calls'] = [];
  for (const b of res.content) {
    if (b.type === 'text' && typeof b.text === 'string') blocks.push({ type: 'text', text: b.text });
    else if (b.type === 'tool_use' && typeof b.id === 'string' && typeof b.name === 'string') {
      blocks.push({ type: 'tool_use', id: b.id, name: b.name, input: b.input });
      tool_calls.push({ id: b.id, name: b.name, input: b.input });
    }
  }
  const u = res.usage ?? {};
  const usage = { input: num(u.input_tokens), output: num(u.output_tokens), cache_read: num(u.cache_read_input_tokens), cache_write: num(u.cache_creation_input_tokens) };
  return {
    text: blocks.flatMap((b) => (b.type === 'text' ? [b.text] : [])).join(''),
    tool_calls,
    stop_reason: res.stop_reason ?? '',
    usage,
    cost: costOf(usage, cfg),
    message: { role: 'assistant', content: blocks },
    provider: 'anthropic',
  };
}
