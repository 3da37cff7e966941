import type { Config } from '../memory/config.js';
import type { LlmUsage } from './types.js';

/** US dollars for `usage` at the `[llm]` prices (per million tokens; Claude Haiku 4.5 by default). */
export function costOf(usage: LlmUsage, cfg: Config['llm']): number {
  const dollars =
    usage.input * cfg.price_input + usage.output * cfg.price_output + usage.cache_read * cfg.price_cache_read + usage.cache_write * cfg.price_cache_write;
  return dollars / 1e6;
}
