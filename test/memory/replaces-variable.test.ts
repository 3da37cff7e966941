// A setting read from another environment variable, said in other words (issue 25 §2.1): judge55's unseen
// set missed "DORA_WEB_UPGRADER_SECRET holds the webhook secret" over "The upgrade webhook's secret is read
// from WEBHOOK_SECRET" (no word of change). A variable by its shape (capitals joined by "_"), what it holds
// by the words around it: two words or more, all the older's. Another environment, another key, a second
// name kept working stay two facts.
import { describe, expect, it } from 'vitest';
import { factShape, supersedes } from '../../src/memory/long-term.js';

const says = (newer: string, older: string) => supersedes(newer, factShape(newer), factShape(older));

describe('a setting read from another variable', () => {
  it.each([
    ['DORA_WEB_UPGRADER_SECRET holds the webhook secret', "The upgrade webhook's secret is read from WEBHOOK_SECRET"],
    ['The database URL is read from DB_URL', 'The database URL is read from DATABASE_URL'],
    ['SENTRY_DSN_URL gives the Sentry endpoint', 'The Sentry endpoint comes from SENTRY_ENDPOINT'],
  ])('"%s" replaces "%s"', (newer, older) => {
    expect(says(newer, older)).toBe(true);
  });

  it.each([
    ['AWS_ACCESS_KEY_ID holds the key', 'AWS_SECRET_ACCESS_KEY holds the key'],
    ['STRIPE_SECRET_KEY holds the Stripe secret', 'WEBHOOK_SECRET holds the webhook secret'],
    ["NEW_RELIC_API_KEY still works as the key's variable", 'The New Relic license key is read from NEW_RELIC_LICENSE_KEY'],
    ['The staging database URL is read from STAGING_DB_URL', 'The database URL is read from DATABASE_URL'],
    ['The test database URL comes from TEST_DATABASE_URL', 'The database URL is read from DATABASE_URL'],
  ])('"%s" leaves "%s"', (newer, older) => {
    expect(says(newer, older)).toBe(false);
  });
});
