/**
 * The one model interface (DESIGN §10). Every model call in git-memory goes through an `Llm` from
 * `openLlm` (src/llm/index.ts); a caller that gets `null` takes its deterministic path.
 * This file is types only, so callers can name them without loading any provider.
 */

export type ProviderName = 'anthropic' | 'claude-cli';

/** One content block of a message, in the Messages API's shape (the subset git-memory sends). */
export type LlmBlock =
  | { type: 'text'; text: string; cache?: boolean }
  | { type: 'tool_use'; id: string; name: string; input: unknown }
  | { type: 'tool_result'; tool_use_id: string; content: string; is_error?: boolean };

export interface LlmMessage {
  role: 'user' | 'assistant';
  content: string | LlmBlock[];
}

export interface LlmTool {
  name: string;
  description: string;
  /** JSON Schema of the input object. */
  input_schema: { type: 'object'; properties: Record<string, unknown>; required?: string[] };
}

export interface LlmRequest {
  /** What the call is for, recorded with its usage: 'notes' | 'compact' | 'dream'. */
  purpose: string;
  /** The stable prefix (instructions, template): marked for prompt caching by the anthropic provider. */
  system: string;
  messages: LlmMessage[];
  tools?: LlmTool[];
  /** Capped by `[llm] max_output_tokens`. */
  max_tokens?: number;
}

export interface LlmUsage {
  input: number;
  output: number;
  cache_read: number;
  cache_write: number;
}

export interface LlmResult {
  /** The text blocks joined. */
  text: string;
  tool_calls: { id: string; name: string; input: unknown }[];
  stop_reason: string;
  usage: LlmUsage;
  /** US dollars at the configured prices. */
  cost: number;
  /** The assistant message as sent back (for a follow-up request carrying tool results). */
  message: LlmMessage;
  /** Who answered: recorded with the usage. */
  provider?: ProviderName;
}

export interface Llm {
  provider: ProviderName;
  model: string;
  /**
   * One request. Secrets in every text block are redacted before it leaves the machine, the input is
   * refused above `[llm] max_input_tokens` (estimated), and errors surface as LlmError after the
   * SDK's bounded retries.
   */
  complete(req: LlmRequest): Promise<LlmResult>;
}

/** A model call that failed (overloaded, timed out, refused, unreachable): callers fall back to the deterministic path. */
export class LlmError extends Error {
  constructor(
    message: string,
    readonly kind: 'overloaded' | 'timeout' | 'rate_limit' | 'auth' | 'too_large' | 'connection' | 'bad_response' | 'other',
  ) {
    super(message);
    this.name = 'LlmError';
  }
}
