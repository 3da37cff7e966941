import { needleLiterals } from './needle-literals.js';
import { RULES } from './rules.js';

/**
 * For each secret rule, in RULES' order, the lower-case strings its needle needs (null: run the
 * needle). The build reads the patterns once and bakes this table into the bundles as
 * __GIT_MEMORY_NEEDLES__ (scripts/build.mjs; vitest.config.ts does the same for the tests), which
 * quick-redact.ts reads: reading 80 patterns' sources at every start cost ~2 ms. Nothing the
 * program runs imports this file.
 */
export function needleTable(): (string[] | null)[] {
  return RULES.map((rule) => needleLiterals(rule.needle));
}
