// The judgement "a newer fact replaces an older one" (supersedes, src/memory/long-term.ts) on the
// roots heldout52.json's misses share with earlier held-out sets (scope truth52): what opens a line and
// is no subject (a time, "As of today, …", "In February 2021, …", "Starting with version 7.0.0, …"; an
// adverb before a verb of change, "Successfully migrated …", "Recently we migrated …"); a name's version
// said again in the same slot ("The minimum supported version is now Node v14" over "…Node v12",
// "Require minimum python 3.8" over "The minimum python version is 3.7"); and a slot given another value,
// named by the older fact's claim or subject whatever verb says the change ("Relicense from GPL3 to MIT"
// over "… is licensed under GPL3", "the license has been changed to the MIT License", "Default provider
// changed to postmark" over "The default email provider is AWS SES", "The project is renamed to …" over
// "The project is named …"). And what they must not do (traps written with them): a place before the
// subject is the subject's, a version beside another ("now supports", "Python 3.12 is supported"),
// more said after the version ("…16 now with pgvector"), another subject, a word that holds the claim's
// letters ("proxy-connect" is no "proxied"), a project renamed is no project hosted elsewhere.
import { describe, expect, it } from 'vitest';
import { factShape, supersedes } from '../../src/memory/long-term.js';

const says = (newer: string, older: string) => supersedes(newer, factShape(newer), factShape(older));

describe('heldout52 roots: a lead before the subject, a version in a slot, a slot given another value', () => {
  it.each([
    // A time before the subject, then a comma.
    ['As of earlier this month, Node v16 is no longer supported', 'Node v16 is supported'],
    ['As of today, the source repository of jpylyzer has moved to a new location: https://github.com/openpreserve/jpylyzer', 'The jpylyzer source repository is at https://github.com/openplanets/jpylyzer'],
    ['In February 2021, the project was moved from the `Bifravst` GitHub organization to the official Nordic Semiconductor GitHub organization', 'The project lives in the Bifravst GitHub organization'],
    ['As of March 25, 2025, the license has been changed to the MIT License.', 'This project is licensed under the GNU General Public License v3 (GPLv3)'],
    // An adverb before a verb of change.
    ['Recently we migrated over from Resque to Sidekiq', 'Background jobs are processed with Resque'],
    ['Successfully migrated from AWS SES to Postmark.', 'Emails are sent through AWS SES'],
    // A version in the same slot.
    ['The minimum supported version is now Node v14.', 'The minimum supported version is Node v12'],
    ['Upgrades the minimum version of Node.js to `v18.20.1`.', 'The minimum version of Node.js is v18.14.1'],
    ['Require minimum python 3.8', 'The minimum python version is 3.7'],
    // A slot named by the older's claim ("licensed") or subject, another value.
    ['Relicense from GPL3 to MIT', 'Mineflake is licensed under GPL3'],
    ['Updated project license from MIT to GNU Affero General Public License (AGPL) v3.', 'The project is licensed under MIT'],
    ['Change the license from the GPL-v2.0-or-later license to the more permissive MIT license.', 'php-cypher-dsl is licensed under the GPL-v2.0-or-later license'],
    ['Default provider changed to `postmark`', 'The default email provider is AWS SES'],
    ['The project is renamed to _nRF Asset Tracker_.', 'The project is named Bifravst'],
  ])('"%s" replaces "%s"', (newer, older) => {
    expect(says(newer, older)).toBe(true);
  });

  it.each([
    // A place before the subject is no time: the older fact of another place stays.
    ['In the admin app, the bundler was moved from Webpack to Vite.', 'The storefront is bundled with Webpack'],
    // "Newly created" is the subject's, no adverb before a change.
    ['Newly created cameras are now enabled by default', 'Cameras are disabled by default in the editor'],
    // A version beside another, or more said after it, or another subject.
    ['Cuttlefish now supports Erlang 22 through 24', 'Cuttlefish supports Erlang 18 and later'],
    ['Python 3.12 is now supported', 'Python 3.11 is supported'],
    ['The database runs on Postgres 16 now with pgvector', 'The database runs on Postgres 14'],
    ['The CI image now uses Node 20', 'The API runs on Node 18'],
    ['The docs site now requires Node 20', 'The API requires Node 18'],
    ['We will raise the minimum version of Node.js to v20', 'The minimum version of Node.js is v18'],
    // A slot's value changed for another subject, or a claim only spelled alike, or no claim's word at all.
    ['The docs license changed to CC-BY', 'The project is licensed under GPL'],
    ['proxy-connect was renamed to connect in SDK v1.4.2.', 'The API subdomain is proxied through Cloudflare'],
    ['Image uploads moved from S3 to Cloudflare R2', 'Static assets are uploaded to S3'],
    ['Copied the fixtures from Postgres to SQLite', 'Fixtures are stored in Postgres'],
    ['The project is renamed to nRF Asset Tracker.', 'The project is hosted on GitHub'],
    ['The project is renamed to nRF Asset Tracker.', 'The project is MIT licensed'],
    ['Default provider changed to `postmark`', 'The default port is 3000'],
  ])('"%s" leaves "%s"', (newer, older) => {
    expect(says(newer, older)).toBe(false);
  });
});
