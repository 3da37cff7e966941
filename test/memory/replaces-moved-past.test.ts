// The judgement "a newer fact replaces an older one" (supersedes, src/memory/long-term.ts) on the
// forms heldout49.json's lines took that lead49 missed or got wrong (scope truth49): a thing moved
// to a place ("Build documentation has moved to the wiki" over "…is in the docs folder"), what was
// before said in a clause of its own ("…; it was previously only called from marks.lua"), the old
// names of "(formerly known as X or Y)" and a newer line that says more of the thing, a state
// "switched on", an exception ("…disabled in production unless the flag is set"), an aside after
// the new place (", re-exported above"), a place that opens before a word of the subject ("in the
// meta table"), a doing in the old thing's place ("instead of passing as parameter"), and a state
// named as the old thing ("…now off by default, instead of on"), which says a flip and nothing
// more. Real lines (origins in heldout49.json); the traps were written with them.
import { describe, expect, it } from 'vitest';
import { factShape, supersedes } from '../../src/memory/long-term.js';

const says = (newer: string, older: string) => supersedes(newer, factShape(newer), factShape(older));

describe('moves, the past said apart, and the other forms of heldout49', () => {
  it.each([
    // A thing moved to a place, where the older fact says only where it is.
    ['Note: Build documentation has moved to the wiki.', 'Build documentation is in the docs folder'],
    ["'crypto' import was moved to the API route (app/api/portal-credentials/route.ts) to prevent Turbopack client bundle errors.", "The 'crypto' import is in the shared portal module"],
    ['The WebSocket manager has been moved to websocket.js to avoid duplication.', 'The WebSocket manager lives in api.js'],
    // What was before, in a clause of its own.
    ['marks.apply() is now called from _paint(); it was previously only called from marks.lua itself on toggle.', 'marks.apply() is only called from marks.lua on toggle'],
    ['We deploy with Fly.io now; we used to deploy with Heroku pipelines.', 'We deploy with Heroku pipelines'],
    // "(formerly known as X or Y)": each name before; the newer may say more of the thing.
    ['Skytable (formerly known as TerrabaseDB or Skybase) is a free and open-source NoSQL database written by Sayan Nandan.', 'TerrabaseDB is a free and open-source NoSQL database'],
    ['Generate complex Graph or Tree seeded Synthetic Datasets with DeepFabric (formerly known as promptwright).', 'Synthetic datasets are generated with promptwright'],
    // A state switched on; an exception is no part of where a state holds.
    ['Cache texture recycling is now off by default.', 'Cache texture recycling is switched on by default'],
    ['Admin routes (backend/app/api/v1/admin.py) are now disabled in production unless the ENABLE_ADMIN_ROUTES flag is set.', 'Admin routes are enabled in production'],
    // What is added after a comma; a place that opens before a word of the subject; a doing in the old thing's place.
    ['ui_theme_from_settings now lives in crate::ui::theme, re-exported above.', 'ui_theme_from_settings lives in the palette module'],
    ['Meta data is now stored in config.json.', 'Meta data is stored in the meta table'],
    ['GcmHelper.init() is changed, sender ID is now configured in XML instead of passing as parameter.', 'The sender ID is passed as a parameter to GcmHelper.init()'],
    ['Files are now uploaded to S3 instead of storing on disk', 'Files are stored on disk'],
    // A state named as the old thing: judged as a flip.
    ['Public pages are now off by default for a new tournament, instead of on.', 'Public pages are on by default for a new tournament'],
    // "to" and a word in lower case after the new place say what for, whatever they name.
    ["CORS is now configured in SecurityConfig.java to avoid conflicts with Spring Security's CORS handling.", 'CORS is configured in WebConfig.java'],
    // A reason before the subject with no comma (flipfinal47's miss); the place itself moved (closing48's); "Moved X outside Y to Z" (final47's).
    ['Due to considerable interference in classic environments audio notifications are now disabled by default', 'Audio notifications are enabled by default'],
    ['The multicore branch of this project has been moved to a separate repository: Protothread-multicore.', 'The multicore work lives on the multicore branch of this project'],
    ['Moved 3rd_party_stubs outside the src directory to ./.3rd_party_stubs', '3rd_party_stubs live in the src directory'],
    // A gone thing with what for after it ("to ensure …"), a time before it with no comma, the word of its kind (closing48's and heldout49's).
    ['Native anchor scrolling was replaced with GSAP ScrollToPlugin to ensure smooth navigation compatible with ScrollTrigger.', 'Navigation uses native anchor scrolling'],
    ['Since Forge 1.19.2 the FluidAttributes system was replaced with FluidType, a proper registry object.', 'Custom fluids are described with FluidAttributes'],
    ['The function Client(token) is deprecated. It is now called init(token).', 'A client is created with Client(token)'],
    // final49's, after it was measured once: a bracket is an aside; the subject after a reason's word ("since", "so").
    ['sync_statuses now defaults to the IST date (leave_today).', 'sync_statuses defaults to the UTC date'],
    ["Test for 'exceptions are not cached' removed since SDK no longer uses exceptions.", 'The SDK reports errors with exceptions'],
    ['Long-lived HA action dispatcher now uses Home Assistant background-task tracking so it no longer blocks completion of the startup phase.', 'The long-lived HA action dispatcher blocks completion of the startup phase'],
    // A sentence with no subject says the state of the previous one's.
    ['infinite_scroll was defaulting to false, contrary to its documented default value. Now defaults to true.', 'infinite_scroll defaults to false'],
    // One item of a list says the older fact with other numbers.
    ['The workspace/auth Playwright harness now uses loopback 3054, a separate build directory, explicit fixture-only environment and no server reuse.', 'The workspace/auth Playwright harness uses loopback 3000'],
  ])('"%s" replaces "%s"', (newer, older) => {
    expect(says(newer, older)).toBe(true);
  });

  it.each([
    // A state named as the old thing shares words with a fact of another claim: lead49 judged this one a replacement.
    ['Public pages are now off by default for a new tournament, instead of on.', 'Public pages of a tournament can be turned on by an arbiter'],
    // Moved to something that is no place (no article, no path); a claim that is no place; another thing; a move to come.
    ['The tests have moved to Vitest', 'The tests are in the tests folder'],
    ['The CLI has moved to the tools repo', 'The CLI is written in Go'],
    ['Note: Build documentation has moved to the wiki.', 'API documentation is in the docs folder'],
    ['The meeting might be moved to the big room', 'The meeting is in room 4'],
    ['Build documentation has moved to the wiki.', 'Build documentation is in the wiki'],
    // The past said of it, but kept; the past clause says another fact.
    ['The cache is now warmed at startup; it was previously, and still is, kept in Redis.', 'The cache is kept in Redis'],
    ['marks.apply() is now called from _paint(); it was previously only called from marks.lua itself on toggle.', 'marks.lua toggles marks on a keypress'],
    // "(formerly X or Y)" where the older says more than the newer of the thing.
    ['Skytable (formerly known as TerrabaseDB or Skybase) is a free and open-source NoSQL database.', 'Skybase stores its data on disk'],
    // Another subject switched on; an exception's own condition; another condition.
    ['Cache texture recycling is now off by default.', 'Texture caching is switched on by default'],
    ['Admin routes are now disabled unless the ENABLE_ADMIN_ROUTES flag is set.', 'Admin routes are enabled when the ENABLE_ADMIN_ROUTES flag is set'],
    ['Admin routes (backend/app/api/v1/admin.py) are now disabled in production unless the ENABLE_ADMIN_ROUTES flag is set.', 'Admin routes are enabled in development'],
    // The old thing named again after the comma; a version with its name; another subject.
    ['Sessions now live in Redis, with Postgres as a fallback', 'Sessions live in Postgres'],
    ['The API runs on Python 3.12 now with uvloop', 'The API runs on Python 3.11'],
    ['Meta data is now stored in config.json.', 'Files are indexed in the SQLite database'],
    // A doing in the old thing's place, said of another subject.
    ['Files are now uploaded to S3 instead of storing on disk', 'Logs are stored on disk'],
    ['Sender ID is now configured in XML instead of passing as parameter.', 'The API key is passed as a parameter'],
    // What for, said of another subject; a reason before another subject, or the same one under a condition; another branch, other stubs.
    ["CORS is now configured in SecurityConfig.java to avoid conflicts with Spring Security's CORS handling.", 'CSRF protection is configured in WebConfig.java'],
    ['Due to considerable interference in classic environments audio notifications are now disabled by default', 'Video notifications are enabled by default'],
    ['Due to considerable interference in classic environments audio notifications are now disabled by default', 'Audio notifications are enabled in the web app'],
    ['The multicore branch has been moved to a separate repository.', 'The multicore work lives on the main branch'],
    ['Moved 3rd_party_stubs outside the src directory to ./.3rd_party_stubs', 'Generated stubs live in the src directory'],
    // What for says where it was done, as "for backend errors" does; another thing; the gone name as a subject, not in a place.
    ['Sentry was replaced by Rollbar to report backend errors', 'Sentry reports frontend errors'],
    ['Webpack was replaced by Vite to speed up the storefront build', 'Webpack builds the admin bundle'],
    ['Native anchor scrolling was replaced with GSAP ScrollToPlugin to ensure smooth navigation.', 'Navigation uses a hash router'],
    ['Since Forge 1.19.2 the FluidAttributes system was replaced with FluidType.', 'Custom fluids are registered with the FluidType registry'],
    ['The function Client(token) is deprecated.', 'Client(token) returns a promise'],
    // A bracket that names the old thing keeps it; another subject after "since"; "so it" of another thing; another setting.
    ['Sessions now live in Redis (Postgres stays the fallback)', 'Sessions live in Postgres'],
    ['Tests were removed since SDK no longer uses exceptions.', 'The parser reports errors with exceptions'],
    ['The dispatcher now uses background tasks so it no longer blocks the startup phase.', 'Vendor discovery blocks the startup phase'],
    ['sync_statuses now defaults to the IST date (leave_today).', 'report_dates defaults to the UTC date'],
    ['The API harness now uses loopback 3054, a separate build directory.', 'The Playwright harness uses loopback 3000'],
    ['The admin app now uses port 3054, the public app still uses port 3000.', 'The public app uses port 3000'],
    ['The exporter was rewritten in Rust. Now enabled by default.', 'The importer is disabled by default'],
    ['infinite_scroll was defaulting to false. Now defaults to true in the mobile app.', 'infinite_scroll defaults to false'],
  ])('"%s" does not replace "%s"', (newer, older) => {
    expect(says(newer, older)).toBe(false);
  });
});
