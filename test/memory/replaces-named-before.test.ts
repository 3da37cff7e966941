// The judgement "a newer fact replaces an older one" (supersedes, src/memory/long-term.ts) where a
// changelog line names what was before in its own way (scope truth48, heldout48.json's misses on
// lead48): the value before in a bracket ("default port is now 4711 (was 4312)"), a rename ("X was
// renamed to Y"), a removal said with what stands in its place and no "was" ("DbContext removed in
// favor of ADO.NET"), a list of old names ("from Travis and Appveyor"), the old thing before "but
// instead", a default set to the opposite boolean ("now defaults to True"), one clause of several
// with other numbers ("…is now Go 1.4. Go 1.1 support is deprecated…"), a name with a colon
// ("debian:buster-slim"); and three left by earlier sets (final46, final47, heldout47). Real lines (origins in the
// fixtures); the traps were written with them.
import { describe, expect, it } from 'vitest';
import { factShape, supersedes } from '../../src/memory/long-term.js';

const says = (newer: string, older: string) => supersedes(newer, factShape(newer), factShape(older));

describe('what was before, named by the newer line', () => {
  it.each([
    // The value before, in a bracket.
    ['BREAKING — default port is now 4711 (was 4312).', 'The default port is 4312'],
    ['query_taxa() default behavior changed: exact_match parameter now defaults to TRUE (was FALSE)', 'The exact_match parameter of query_taxa() defaults to FALSE'],
    ['setup claude now defaults to project-local (was global)', 'setup claude defaults to a global installation'],
    // A rename: the old name, where the older fact names it in a place.
    ['The OutboxRelay was renamed to RelayMessagesThroughConsumer but available under a backward compatibility extension/alias.', 'Outbox messages are relayed by the OutboxRelay'],
    ['proxy-connect was renamed to connect in SDK v1.4.2.', 'The gateway is registered with the proxy-connect command'],
    ['The plugin_hooks configuration option was renamed to plugin-hooks.', 'Plugin hooks are configured with the plugin_hooks option in bolt.yaml'],
    ['Renamed the `lint` script to `check`', 'CI lints the code with the `lint` script'],
    // A removal with what stands in its place, no "was".
    ['DbContext removed in favor of native ADO.NET + FluentMigrator.', 'Repositories use an Entity Framework DbContext'],
    // Where the gone thing was, a file by its name.
    ['The top-level SerialPort section in appsettings.json has been replaced by a nested CommandStation section', 'The serial port is configured in the top-level SerialPort section of appsettings.json'],
    // A list of old names: each is gone.
    ['Migrated from Travis and Appveyor to GitHub Actions. This required several changes in package dependencies for development.', 'Windows tests run on Appveyor'],
    // The old thing ends where the new one is said.
    ['DateTime(time_t) no longer defaults to UNKNOWN but instead defaults to UTC.', 'DateTime(time_t) defaults to an UNKNOWN timezone'],
    // A default set to the other boolean.
    ['Connection pool pre-ping now defaults to True to detect broken connections in managed databases.', 'Connection pool pre-ping defaults to False'],
    // One clause of several says the older fact with other numbers.
    ['Minimum supported version is now Go 1.4. Go 1.1 support is deprecated, but should still build.', 'The minimum supported version is Go 1.1'],
    ['The daemon is now built with Go 1.26.4, which patches two standard-library vulnerabilities.', 'The daemon is built with Go 1.26.3'],
    // A colon inside a name is no clause's end.
    ['Docker image is now based on debian:buster-slim.', 'The Docker image is based on debian:buster'],
    // Left by earlier sets: a state word before the gone thing is no part of it; a bracket in the subject is an aside and "supports" says
    // what "accepts" does; a removal of what the older fact says is never that fact again.
    ['Removed deprecated react-scripts', 'Scripts run through react-scripts'],
    ['The VDR v1 createDID (POST /internal/vdr/v1/did) no longer supports the controller and selfControl fields', 'The VDR v1 createDID operation accepts the controller and selfControl fields'],
    ['Dropped Python 3.4/3.5 Support', 'Python 3.4 and 3.5 are supported'],
    // final48's misses on its one measurement (a tuning set since): a rename's reason is no place, where it was renamed is no part of the
    // name, a "from" after a second "to" names no old thing, the bracket's own old claim, "depends on" said as "queries".
    ['The rgb/image topic has been renamed to rgb/image_raw for consistency.', 'The RGB image is published on the rgb/image topic'],
    ['The display() method in the LinkedList class has been renamed to print_list().', 'LinkedList prints its nodes with display()'],
    ['The ready event has been renamed to clientReady to distinguish it from the gateway READY event.', 'The bot starts on the ready event'],
    ['ClusterConfig.offload_to_cpu is now wired to CLI argument (previously hardcoded False).', 'ClusterConfig.offload_to_cpu is hardcoded to False'],
    ['Network preview IP detection no longer depends on Google DNS.', 'Network preview IP detection queries Google DNS'],
    // Left by flip47 and truth47: "was X but is now Y" names the state before; a thing that is no name, where the older fact says nothing else.
    ['Setting the selection when the MarkupWKWebView is opened (which updates the MarkupToolbar) was automatic but is now optional', 'Setting the selection when the MarkupWKWebView is opened is automatic'],
    ['Logger is now a concrete type instead of an interface', 'Logger is an interface'],
    // closing48's misses on its one measurement: the same fact said with the name or state before in a bracket, "(formerly X)".
    ['drift (formerly moor) gives type-safe SQL.', 'moor gives type-safe SQL'],
    ['The architecture diagrams are drawn with diagrams.net (formerly draw.io).', 'The architecture diagrams are drawn with draw.io'],
    ['The user query keeps its data for 10 minutes with gcTime (formerly cacheTime).', 'The user query keeps its data for 10 minutes with cacheTime'],
    ['Active development is focused on CDP Private Cloud Base (formerly CDP-DC) deployments.', 'Active development is focused on CDP-DC deployments'],
    ['The Portfolio Summary tab is integrated (formerly a separate component).', 'Portfolio Summary is a separate component'],
  ])('"%s" replaces "%s"', (newer, older) => {
    expect(says(newer, older)).toBe(true);
  });

  it.each([
    // The bracket's old value of another subject.
    ['The staging port is now 4000 (was 3000)', 'The production port is 3000'],
    ['Exports are now written as CSV (was JSON)', 'API responses are JSON'],
    // A rename where it was renamed; the old name as the older fact's subject.
    ['The `build` script was renamed to `compile` in the admin app', 'The storefront is bundled with the `build` script'],
    ['The OutboxRelay was renamed to RelayMessagesThroughConsumer', 'The OutboxRelay retries failed messages three times'],
    // A removal in a place the older fact is not.
    ['Webpack removed in favor of Vite in the storefront', 'The admin app is built with Webpack'],
    ['Replaced ESLint and Prettier with Biome in the admin app', 'The storefront is linted with ESLint'],
    // "but instead" of another subject.
    ['Checkout no longer uses Stripe but instead uses Adyen', 'Refunds go through Stripe'],
    // A default of another setting, or under a condition.
    ['Pool recycling now defaults to True', 'Connection pool pre-ping defaults to False'],
    ['Pre-ping now defaults to True in the test suite', 'Pre-ping defaults to False'],
    // A clause of several with other numbers about another thing; a hedged clause.
    ['The minimum supported version is now Go 1.4; the maximum supported version is Go 1.22', 'The maximum supported version is Go 1.22'],
    ['We plan to raise the minimum supported version to Go 1.22. Until then it stays Go 1.21.', 'The minimum supported version is Go 1.21'],
    ['The API now runs on Node 20. The worker should move to Node 22 soon.', 'The worker runs on Node 18'],
    // A gone thing the older fact has as its subject, not in a place; another field or another endpoint; the same removal again.
    ['Removed deprecated config keys', 'Config keys are read from config.yaml'],
    ['The API no longer supports XML', 'The API accepts JSON'],
    ['The importer (CSV only) no longer accepts gzip files', 'The exporter supports gzip files'],
    ['Removed the Flow types', 'Removed the Flow types'],
    // A rename for a place the older fact does not name; a rename in another class; another importer; a "from" of the new thing's reason.
    ['The `build` script was renamed to `compile` for the admin app', 'The storefront is bundled with the `build` script'],
    ['The display() method in the Tree class has been renamed to print_tree().', 'LinkedList prints its nodes with display()'],
    ['The importer no longer depends on pandas', 'The exporter depends on pandas'],
    ['Exports are now written to S3 (previously written to disk)', 'Logs are written to disk'],
    ['Moved the docs to docs/ to keep them apart from the wiki', 'The FAQ lives on the wiki'],
    // "was X" of another place; a common noun where the older fact says more of it, or of another subject.
    ['Builds were flaky on Windows but are now stable', 'Builds are flaky on macOS'],
    ['Tests mock the mailer now instead of the database', 'Tests use a real database'],
    ['Prices are shown in euros now instead of cents', 'Prices are stored in cents'],
    ['Logger is now a concrete type instead of an interface', 'The HTTP client is an interface'],
    // "(formerly X)" where the older fact says more than the newer of X, or of another thing.
    ['The architecture diagrams are drawn with diagrams.net (formerly draw.io).', 'The architecture diagrams are exported as PNG'],
    ['Redis (formerly Memcached) caches sessions', 'Memcached caches API responses'],
    ['drift (formerly moor) gives type-safe SQL.', 'moor needs a build_runner step'],
  ])('"%s" does not replace "%s"', (newer, older) => {
    expect(says(newer, older)).toBe(false);
  });
});
