import { leastRun, needleLiterals } from './needle-literals.js';
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

/**
 * For each secret rule, in RULES' order, the least length of the longest run of non-blank
 * characters in any text the rule finds a secret in (the larger of what its needle and its pattern
 * say): a line with no run that long is skipped without compiling either. Baked into the bundles
 * as __GIT_MEMORY_NEEDLE_RUNS__, as the strings are.
 */
export function needleRuns(): number[] {
  return RULES.map((rule) => Math.max(leastRun(rule.needle), leastRun(rule.pattern)));
}
