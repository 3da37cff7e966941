// Deterministic text for the generated bench repository: source paths (skewed so a few are hot),
// commit subjects, and what agents write into sessions. Same seed, same repository.

/** mulberry32: small, fast, seedable. */
export function prng(seed) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const pick = (rand, xs) => xs[Math.floor(rand() * xs.length)];

const MODULES = ['api', 'billing', 'invoices', 'payments', 'auth', 'db', 'webhooks', 'jobs', 'notifications', 'reports', 'customers', 'plans'];
const STEMS = ['index', 'routes', 'service', 'model', 'schema', 'repository', 'errors', 'types', 'validate', 'format', 'client', 'cache', 'queue', 'retry', 'handlers', 'mapper', 'policy', 'events'];
const EXTRA = ['package.json', 'tsconfig.json', 'README.md', 'docs/architecture.md', 'docs/api.md', 'docs/runbook.md', '.github/workflows/ci.yml', 'docker-compose.yml', 'Dockerfile', 'migrations/README.md', 'scripts/seed.ts', 'scripts/release.sh'];

/** About 300 repository paths; each module has sources, tests and a few migrations. */
export function sourcePaths() {
  const paths = [...EXTRA];
  for (const m of MODULES) {
    for (const s of STEMS) paths.push(`src/${m}/${s}.ts`);
    for (const s of STEMS.slice(0, 5)) paths.push(`test/${m}/${s}.test.ts`);
  }
  for (let i = 1; paths.length < 300; i++) paths.push(`migrations/${String(i).padStart(4, '0')}_change.sql`);
  return paths;
}

/** Zipf-like picker (weight 1/rank^s) over a shuffled copy of the paths: a few files are hot. */
export function skewedPicker(rand, paths, s = 1.1) {
  const order = [...paths].sort(() => rand() - 0.5);
  const cumulative = [];
  let total = 0;
  order.forEach((_, i) => cumulative.push((total += 1 / (i + 1) ** s)));
  return () => {
    const x = rand() * total;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid] < x) lo = mid + 1;
      else hi = mid;
    }
    return order[lo];
  };
}

const FIXES = ['off-by-one in pagination', 'race when two workers claim a job', 'rounding of tax amounts', 'null customer on deleted accounts', 'timezone drift in due dates', 'retry storm after a 503', 'stale cache after plan change', 'missing index on lookups', 'flaky snapshot test', 'currency code casing'];
const FEATURES = ['proration for mid-cycle upgrades', 'idempotency keys', 'structured logging', 'request tracing', 'bulk export', 'dunning emails', 'webhook signature checks', 'rate limiting', 'soft deletes', 'audit trail'];
const CHORES = ['split into smaller functions', 'use the shared error type', 'remove dead code', 'rename for clarity', 'tighten types', 'move helpers next to their callers'];
const DEPS = ['zod', 'pg', 'fastify', 'pino', 'vitest', 'typescript', 'stripe', 'ioredis'];

/** A commit subject about the file it touches. */
export function subjectFor(rand, path) {
  const thing = path.replace(/^(src|test)\//, '').replace(/\.(test\.)?[a-z]+$/, '').replace('/', ' ');
  const scope = path.split('/')[1] ?? 'repo';
  const r = rand();
  if (r < 0.3) return `Fix ${pick(rand, FIXES)} in ${thing}`;
  if (r < 0.5) return `Add ${pick(rand, FEATURES)} to ${thing}`;
  if (r < 0.62) return `Refactor ${thing}: ${pick(rand, CHORES)}`;
  if (r < 0.7) return `Bump ${pick(rand, DEPS)} to ${1 + Math.floor(rand() * 9)}.${Math.floor(rand() * 20)}.${Math.floor(rand() * 10)}`;
  if (r < 0.8) return `fix(${scope}): ${pick(rand, FIXES)}`;
  if (r < 0.9) return `feat(${scope}): ${pick(rand, FEATURES)}`;
  return `Update tests for ${thing}`;
}

export const PEOPLE = ['Jane Doe <jane@example.com>', 'Wei Chen <wei@example.com>', 'Amara Okafor <amara@example.com>', 'Lukas Berg <lukas@example.com>', 'Priya Nair <priya@example.com>'];
export const AGENTS = ['claude-code', 'claude-code', 'claude-code', 'codex', 'gemini', 'cursor'];

const REQUESTS = ['Add proration to plan changes', 'Fix double charge on webhook retry', 'Speed up the monthly invoice run', 'Move receipts to the new email service', 'Investigate failing nightly export', 'Add idempotency keys to the payments API', 'Clean up the customer merge flow', 'Support annual plans with discounts', 'Harden webhook signature verification', 'Write the runbook for failed payouts', 'Migrate sessions to Redis', 'Reduce p99 latency of GET /invoices'];
const LEARNED = ['Invoice totals are computed in minor units; never round before summing', 'The payments provider retries webhooks for 72 hours with exponential backoff', 'Tax rates come from the tax service, cached for 10 minutes', 'The nightly export runs on the jobs queue with a 30 minute lock', 'Customer ids are UUIDv7, so they sort by creation time', 'Tests need TZ=UTC; the fixtures assume it', 'Plan changes are applied at the next billing anchor unless prorated', 'The migrations folder is append-only; never edit an applied migration', 'Redis keys are namespaced by tenant: t:<tenant>:…', 'Refunds above 500 EUR need a second approval', 'The API returns 409 for a reused idempotency key with a different body', 'Staging uses the sandbox provider; its webhooks arrive from a different IP range'];
const COMPLETED = ['Added proration calculation with tests', 'Fixed the duplicate webhook handling', 'Indexed invoices by (customer_id, due_date)', 'Wrote the failed-payout runbook', 'Moved receipt rendering to the email service', 'Added idempotency middleware', 'Removed the legacy customer merge endpoint', 'Annual plan discounts behind a feature flag', 'Signature check now uses constant-time compare', 'Cut GET /invoices p99 from 480 ms to 120 ms', 'Sessions stored in Redis with a 7 day TTL', 'Nightly export split into per-tenant jobs'];
const NEXT = ['Backfill proration for existing subscriptions', 'Add an alert on webhook lag', 'Load-test the invoice run with 50k customers', 'Remove the feature flag after a week in production', 'Document the idempotency rules in docs/api.md', 'Delete the old receipt templates', 'Review the refund approval flow with finance', 'Add metrics for export job duration', 'Rotate the webhook signing secret in staging', 'Write a migration to drop the unused column'];
const DECISIONS = ['Keep amounts as integers in minor units everywhere', 'Use the outbox pattern for webhook delivery', 'Prefer per-tenant jobs over one global job', 'Feature flags live in the config service, not env vars'];

/** The text parts of one session (request, learned, completed, next steps, decisions). */
export function sessionText(rand) {
  const some = (xs, min, max) => {
    const n = min + Math.floor(rand() * (max - min + 1));
    return [...new Set(Array.from({ length: n }, () => pick(rand, xs)))];
  };
  return {
    request: pick(rand, REQUESTS),
    learned: some(LEARNED, 1, 3),
    decisions: rand() < 0.25 ? some(DECISIONS, 1, 1) : [],
    completed: some(COMPLETED, 1, 3),
    next_steps: some(NEXT, 1, 3),
    notes: [],
  };
}

/** The task list's story: when each task appears, starts, finishes (as a fraction of the sessions). */
export const TASK_PLAN = [
  ['Add proration to plan changes', 0.02, 0.05, 0.2],
  ['Idempotency keys for the payments API', 0.05, 0.1, 0.3],
  ['Migrate sessions to Redis', 0.1, 0.2, 0.45],
  ['Runbook for failed payouts', 0.2, 0.3, 0.5],
  ['Annual plans with discounts', 0.3, 0.5, null],
  ['Per-tenant nightly export', 0.4, 0.6, null],
  ['Alert on webhook lag', 0.5, 0.85, null],
  ['Refund approval flow with finance', 0.6, 0.9, null, 'blocked'],
  ['Load-test the invoice run with 50k customers', 0.7, null, null],
  ['Drop the unused legacy columns', 0.8, null, null],
  ['Rotate webhook signing secrets', 0.9, null, null],
  ['Document idempotency rules in docs/api.md', 0.95, null, null],
];
