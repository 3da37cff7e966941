// The judgement "a newer fact replaces an older one" (supersedes, src/memory/long-term.ts) on the
// roots heldout51.json's misses shared with earlier held-out sets (scope truth51): an arrow as the
// change ("CI: Travis -> GitHub Actions", "Rename fly.toml → fly.production.toml"), a gerund that
// opens a changelog line ("migrating from travis ci to github actions"), ", replacing the former X",
// a name written joined ("TravisCI" / "Travis CI"), a removal's second doing and its reason ("Remove
// jQuery and switch to using WebGL2", "Drop support for Python 3.8 since …"), a relative clause or a
// purpose after a moved-from thing ("Move off Yarn 1 which was EOL…"), a list joined by "+", the
// speaker's choice ("We chose Vitest … instead of Jest"), a quantifier in the subject ("most
// configuration values have moved…"), ", and" before a clause's own subject, an old thing that is all
// the older fact says, a role ("MongoDB is the primary database"), what the reader is told after a comma
// (", you should rename…"), "Changed X with Y" and a migration's completion said first ("This release
// completes the migration off X"). And what they must not do
// (traps written with them): "unittest" is not "Unit Tests", an arrow after words that are no name, a
// moved-from thing's place after it, a plan ("will"), another claim of the same name.
import { describe, expect, it } from 'vitest';
import { factShape, supersedes } from '../../src/memory/long-term.js';

const says = (newer: string, older: string) => supersedes(newer, factShape(newer), factShape(older));

describe('heldout51 roots: arrows, gerunds, joined names, a removal\'s second doing', () => {
  it.each([
    // An arrow after a name alone is the change; after a verb of change it is its "to".
    ['CI: Travis -> GitHub Actions; create release binaries.', 'CI runs on Travis'],
    ['Migration: Vitest -> Jest', 'Unit tests run on Vitest'],
    ['Rename fly.toml → fly.production.toml (bare fly deploy fails)', 'Production deploys use fly.toml'],
    // A gerund opens a line as the imperative does.
    ['migrating from travis ci to github actions', 'Tests run on travis ci'],
    ['Switching the bundler from Webpack to Rspack.', 'The bundler is Webpack'],
    // ", replacing the former X": what stands in its place said first.
    ['Terraform now provisions Amazon RDS PostgreSQL 15, replacing the former MySQL instance while retaining the subnet hardening.', 'Terraform provisions an Amazon RDS MySQL instance'],
    // One name written joined and spaced.
    [':hammer: Replace TravisCI with GitHub Actions.', 'CI runs on Travis CI'],
    ['Replace TravisCI with GitHub Actions.', 'Travis CI is enabled for the project'],
    // A removal's second doing, and its reason, are no part of the thing.
    ['Remove jQuery and switch to using WebGL2.', 'The viewer uses jQuery'],
    ['Remove SQLite support entirely and standardize on PostgreSQL as the only supported database backend.', 'SQLite is a supported database backend'],
    ['Drop support for Python 3.8 since its end-of-life date is October 2024.', 'pygeoutils supports Python 3.8'],
    // A relative clause or a purpose after a moved-from thing.
    ['Move off Yarn 1 which was EOL and lacked the caching improvements in later versions.', 'Packages are installed with Yarn 1'],
    ['Switched from Create React App for a better solution with Vite as suggested by the community.', 'The template is built on Create React App'],
    // "+" lists names as "and" does; the speaker's choice has no subject of its own.
    ['Use Biome over ESLint + Prettier.', 'Code is linted with ESLint and formatted with Prettier'],
    ['We chose Vitest as the testing framework instead of Jest.', 'Tests run with Jest'],
    // A quantifier of the subject; ", and" before a clause's own subject.
    ['Version 2 introduces a breaking change: most configuration values have moved from .env to a new config.yaml file.', 'Configuration values are set in .env'],
    ['This parameter is removed, and values from environment variables are no longer split automatically.', 'Values from environment variables are split automatically with envvarSplit'],
    // An old thing that is all the older fact says (a verb of keeping aside); a role the moved-from thing played.
    ['Use embedded *zap.Logger struct approach instead of global logger variables.', 'The logger is kept in global logger variables'],
    ['Migration from MongoDB to PostgreSQL', 'MongoDB is the primary database'],
    // What the reader is told after a comma is no hedge of what was done; "Changed X with Y" is a writer's "Replaced".
    ['The environment variable WHITELIST_MODE has been replaced with LIMITED_FEDERATION_MODE, you should rename this environment variable in your configuration.', 'Limited federation mode is enabled with the WHITELIST_MODE environment variable'],
    ['Changed Create-React-App with Vite;', 'The frontend is built with Create-React-App'],
    // A migration's completion said first; a word inside a compound ("Vercel-only") is no place.
    ['feat: Complete migration from Sentry to Bugsnag for error tracking', 'Errors are tracked with Sentry'],
    ['This release completes the migration off the inherited Docker SDK: lazypodman talks to Podman natively.', 'lazypodman talks to containers through the inherited Docker SDK'],
    ['This release completes the migration from Cloudflare Pages and Netlify to a clean, Vercel-only deployment pipeline.', 'The site deploys on Cloudflare Pages'],
  ])('"%s" replaces "%s"', (newer, older) => {
    expect(says(newer, older)).toBe(true);
  });

  it.each([
    // "unittest" (a Python module) is not "Unit Tests" written joined: only an acronym or a number joins.
    ['The test job now uses pytest instead of unittest', 'Unit Tests run with Jest'],
    ['The test job now uses pytest instead of unittest', 'Jest runs the unit tests'],
    // An arrow after words that are no name, or in the middle of a sentence, says no change of a thing.
    ['Press the menu button -> Settings to open the options.', 'Options open from the menu button'],
    ['the cache -> disk flush runs hourly', 'The cache is kept in Redis'],
    // A moved-from thing with its place after it: another may stay.
    ['Switched from Heroku for the API to Fly.io.', 'The docs site is deployed on Heroku'],
    // A plan is no change yet; a removal of another thing; a second doing keeps what it names.
    ['We will replace webpack with Vite.', 'webpack bundles the frontend'],
    ['Remove jQuery and switch to using WebGL2.', 'The viewer renders with WebGL2'],
    ['Drop support for Python 3.7 since its end-of-life date is June 2023.', 'pygeoutils supports Python 3.8'],
    // A relative clause of the new thing, not the old one; the older says more than the thing.
    ['Use embedded *zap.Logger struct approach instead of global logger variables.', 'Request handlers log through global logger variables'],
    // A role of another thing; a moved-to thing's role.
    ['Migration from MongoDB to PostgreSQL', 'Redis is the primary cache'],
    ['Migration from MongoDB to PostgreSQL', 'PostgreSQL is the reporting database'],
    // "most" is still the subject's: another subject keeps its fact.
    ['Most configuration values have moved from .env to a new config.yaml file.', 'Secrets are read from .env'],
    // "we should" is still a plan; "Changed the config with…" names no thing alone.
    ['The environment variable WHITELIST_MODE should be replaced with LIMITED_FEDERATION_MODE, we should rename it in the docs.', 'Limited federation mode is enabled with the WHITELIST_MODE environment variable'],
    ['Changed the config with new defaults.', 'Settings are loaded with the config'],
    // A line that says the old way still works replaces nothing (final51's one false, lead51's too).
    ['[Jokes] with joke_enabled / dadjoke_enabled — Migrated to [Joke_Command] and [DadJoke_Command] with enabled. Both formats work; consider updating to the new format.', 'Jokes are enabled with joke_enabled in the [Jokes] section'],
    ['Renamed the --out flag to --output; the old flag is still accepted.', 'Reports are written with the --out flag'],
    // A migration under way or to come is none yet; one of another thing keeps the fact.
    ['This release starts the migration off the inherited Docker SDK.', 'lazypodman talks to containers through the inherited Docker SDK'],
    ['feat: Complete migration from Sentry to Bugsnag for error tracking', 'Uptime checks run on Pingdom'],
  ])('"%s" leaves "%s"', (newer, older) => {
    expect(says(newer, older)).toBe(false);
  });
});
