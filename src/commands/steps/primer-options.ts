import type { Config } from '../../memory/config.js';
import type { PrimerOptions } from '../../memory/primer.js';

/** How the config sizes the primer; `maxTokens` when a caller caps it below the config's. */
export function primerOptions(config: Config, maxTokens = config.primer.max_tokens): PrimerOptions {
  return {
    maxTokens,
    minTokens: Math.min(config.primer.min_tokens, maxTokens),
    commits: config.primer.commits,
    hotFiles: config.primer.hot_files,
    lang: config.journal.language,
  };
}
