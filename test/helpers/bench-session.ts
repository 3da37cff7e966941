const J = '.openclaw_memory/journal';

const REQUESTS = ['Migrate sessions to Redis', 'Harden webhook signature verification', 'Annual plans with discounts', 'Alert on webhook lag'];

/**
 * A session file (path, text) in the bench generator's shape (bench/gen-memory.mjs): the same
 * frontmatter keys, headings and stock lines, so that two sessions are alike enough (~85%) for git
 * to pair a deleted one with a new one as a rename. The tests' usual short sessions are too unlike
 * to be paired. `n` picks the request (one of four).
 */
export function benchSession(day: string, hhmm: string, agent: string, suffix: string, n = 1): [string, string] {
  const path = `${J}/${day}/${hhmm.replace(':', '')}-${agent}-${suffix}.md`;
  const text = `---
session: ${day.replace(/-/g, '')}-${hhmm.replace(':', '')}-${suffix}
date: ${day}
time: "${hhmm}"
agent: ${agent}
author: Lukas Berg <lukas@example.com>
branch: main
base: 76f51fb
---

## Session ${hhmm}

### Request
${REQUESTS[n % REQUESTS.length]}

### Learned
- Tax rates come from the tax service, cached for 10 minutes
- Staging uses the sandbox provider; its webhooks arrive from a different IP range

### Completed
- Fixed the duplicate webhook handling
- Nightly export split into per-tenant jobs

### Next steps
- Add an alert on webhook lag
- Document the idempotency rules in docs/api.md

### Commits
- 32cedaa feat(plans): bulk export
- 536e11c Fix rounding of tax amounts in docs api
`;
  return [path, text];
}
