/**
 * A cheap token estimate for model requests: about four characters a token, the rule of thumb the
 * session-notes budgets are written in (seed 000: a section of 2,000 tokens is cut at 2,000 × 4
 * characters). Loads nothing, so hooks may call it to check thresholds.
 */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}
