// A setting's number changed, said in other words (issue 25 §2.1, scope truth55): a number and a unit of time or size,
// the setting known by the word of its role in the same clause (a timeout, a cap, a backoff, an interval, a lifetime, a
// delay, a retention) and by its subject's words, the newer saying another number of the same kind. judge54's unseen set
// missed every such pair ("Poll timeout is 15 s (was 60 s)" over "…long-polls Telegram with a 60 s timeout"). And what must
// stay apart: another setting of the same subject, another subject, another scope, a wider setting beside a narrower one, a
// plan, a second value kept, a number of another kind.
import { describe, expect, it } from 'vitest';
import { factShape, supersedes } from '../../src/memory/long-term.js';

const says = (newer: string, older: string) => supersedes(newer, factShape(newer), factShape(older));

describe('a setting given another number', () => {
  it.each([
    ['The webhook timeout is now 20 seconds', 'Webhook calls time out after 5 seconds'],
    ['Upload size cap raised to 50 MB', 'Uploads are capped at 10 MB'],
    ['The importer retry backoff went from 2 to 30 seconds after the rate-limit incidents', 'The importer retry backoff is 2 seconds'],
    ['Search index TTL is 6 hours (was 24 hours) so that renamed products show up the same day', 'The search index expires after 24 hours'],
    ['The thumbnail worker polls the queue with a 250ms interval', 'The thumbnail worker polls the queue at an interval of 2 s'],
    ['fetch_feed() timeout increased to 45 seconds so that slow mirrors finish', 'fetch_feed() waits at most 10 seconds for a mirror'],
    ['Audit log retention is 90 days', 'Audit log entries are retained for 30 days'],
  ])('"%s" replaces "%s"', (newer, older) => {
    expect(says(newer, older)).toBe(true);
  });

  it.each([
    // Another setting of the same subject, or another subject.
    ['The API read timeout is 30 seconds', 'The API connect timeout is 5 seconds'],
    ['The database query timeout is 10 s', 'The webhook timeout is 30 s'],
    ['The login backoff grows to at most 120 s', 'The poll timeout is 15 s'],
    // Another scope.
    ['Staging requests time out after 60 seconds', 'Production requests time out after 10 seconds'],
    // A wider setting beside a narrower one: both hold.
    ['Requests time out after 15 seconds by default', 'Blackjack HTTP requests time out after 6 seconds'],
    // A plan.
    ['We will raise the upload cap to 50 MB', 'Uploads are capped at 10 MB'],
    // Both numbers said by the newer: one more value, not another.
    ['Webhooks time out after 5 seconds, or 30 seconds for batch deliveries', 'Webhooks time out after 5 seconds'],
    // A number of another kind, or no role word: what the number is of is not said.
    ['The upload cap is 500 files', 'Uploads are capped at 10 MB'],
    ['A canary receives 5% of the traffic for 10 minutes', 'A canary is promoted after 30 minutes'],
  ])('"%s" does not replace "%s"', (newer, older) => {
    expect(says(newer, older)).toBe(false);
  });
});
