// The judgement "a newer fact replaces an older one" (supersedes, src/memory/long-term.ts) on
// changelog lines with no subject but the change itself (issue 25 §2, scope truth47;
// test/fixtures/supersedes/heldout47.json has each real line's repository and path): "Migrated from
// Travis CI to GitHub actions", "Removed support of codecov", "Removed the tempdir dev dependency in
// favour of tempfile", "We've removed Webpacker", "Removed ulog and exposed *zap.Logger directly"
// name an old thing and nothing else; it replaces a fact that names that thing whole in a place
// ("runs on Travis CI", "reported to codecov", "use the tempdir dev dependency"), whether or not it
// is written as a name. Also: "is now X" ("rust edition is now 2018"), a bracket's own clause
// ("(use base64, not binary)"), a list written with a slash ("Jest/ts-jest"). And the traps each of
// those rules must not fall into (written before they were run).
import { describe, expect, it } from 'vitest';
import { factShape, supersedes } from '../../src/memory/long-term.js';

const says = (newer: string, older: string) => supersedes(newer, factShape(newer), factShape(older));

describe('changes said with no subject of their own', () => {
  it.each([
    // A move from a thing the older fact names in a place, a list written with a slash.
    ['Migrated from Travis CI to GitHub actions', 'CI runs on Travis CI'],
    ['Migrated from Jest/ts-jest to Vitest', 'Tests run with Jest and ts-jest'],
    // A removal of a thing written in lower case, with its usage, its dependency, what stands in its place.
    ['Removed support of codecov', 'Coverage is reported to codecov'],
    ['Removed usage of codecov', 'Test coverage is uploaded to codecov'],
    ['Removed the tempdir dev dependency in favour of tempfile', 'Tests use the tempdir dev dependency'],
    ['Dropped the dependency on the more_assertive_nose library', 'Assertions use the more_assertive_nose library'],
    ['Removed ulog and exposed *zap.Logger directly', 'Services log through ulog'],
    ['Removed the Isomorphic-fetch package', 'Requests are sent with the isomorphic-fetch package'],
    // The speaker's contraction; a second clause after "and".
    ["We've removed Webpacker", 'JavaScript is bundled with Webpacker'],
    ['Sass has been removed and CSS is now processed through postcss only', 'Stylesheets are compiled with Sass'],
    // "is now X": the time word between the place and its thing.
    ['rust edition is now "2018"', 'The rust edition is 2015'],
    ["Zap's import path is now \"go.uber.org/zap\"", "Zap's import path is github.com/uber-go/zap"],
    // Where the gone thing was is no word of it.
    ['The password_file option in the [mqtt] section has been deprecated. Use the password option instead.', 'The MQTT password is read from the password_file option'],
    // A bracket opens a clause of its own.
    ['Modified database schema for faster indexing (use base64, not binary, add index)', 'Fingerprint hashes are stored in the database as binary'],
  ])('"%s" replaces "%s"', (newer, older) => {
    expect(says(newer, older)).toBe(true);
  });

  it.each([
    // The old thing is the older fact's subject, or only part of what it names.
    ['Migrated from Travis CI to GitHub Actions', 'Travis CI badges are shown in the README'],
    ['Migrated from Jest to Vitest', 'Jest snapshots live in __snapshots__'],
    ['Removed Jest snapshots', 'Jest runs the unit tests'],
    ['Removed the README section on Docker', 'Local development runs on Docker'],
    ['Removed the old API endpoints', 'Mobile clients call the API endpoints'],
    // What for, or where, it was removed: the thing the older fact names may be another one.
    ['Removed a workaround for the Safari bug', 'The date picker uses a workaround for the Firefox bug'],
    ['Removed Docker from the test setup', 'Production runs on Docker'],
    ['Migrated from MySQL to Postgres for the orders service', 'Analytics run on MySQL'],
    ['Sentry was removed and Rollbar is used for backend errors', 'Sentry reports frontend errors'],
    // Where the gone thing was: the older fact's may be another place.
    ['The Redis cache in the checkout service was removed', 'The Redis cache in the search service holds results'],
    ['The Sentry integration in the admin app was removed', 'Errors in the storefront are reported through the Sentry integration'],
    // A bracket's clause is about the clause it stands in.
    ['Sessions are cached (use Redis, not Memcached)', 'Rate limits are kept in Memcached'],
    // "is now" with a thing that is no name, an addition.
    ['The CSV export is now faster', 'The CSV export is streamed'],
    ['Cuttlefish is now compatible (builds, runs) with Erlang 24', 'Cuttlefish builds and runs with Erlang 23'],
    // "in favour of" names the new thing, not the old.
    ['Deprecated the --url option in favour of --url-v4', 'Requests go through the --url-v4 option'],
    // "support for" is the thing's use, not the thing (final47: main judged this one a replacement).
    ['Removed support for Python 3.7.', 'Python 3.8 is supported'],
    // A dependency on something else.
    ['Dropped the dependency on lodash', 'Dates are formatted with date-fns'],
  ])('"%s" does not replace "%s"', (newer, older) => {
    expect(says(newer, older)).toBe(false);
  });
});
