// The judgement "a newer fact replaces an older one" (supersedes, src/memory/long-term.ts) on lines
// as public CHANGELOGs, ADRs and migration notes write them (issue 25 §2.1, scope truth46;
// test/fixtures/supersedes/heldout46.json has each line's repository and path): a plural and its
// singular ("dependencies"/"dependency management"), what changed between the verb and "from"
// ("Switched the build tool from webpack to vite"), "Renamed … from", an old thing said with its
// kind or its purpose ("instead of traditional pip for dependency management", "multiple linting
// tools (flake8, …)"), a named thing that is only said to be gone ("requirements.txt was replaced
// by pyproject.toml"), a lower-case documentation tool ("with mkdocs now"), a name alone in the
// old one's place ("Use GitHub Actions instead of TravisCI"); and the traps each of
// those rules must not fall into.
import { describe, expect, it } from 'vitest';
import { factShape, supersedes } from '../../src/memory/long-term.js';

const says = (newer: string, older: string) => supersedes(newer, factShape(newer), factShape(older));

describe('replacements said the way changelogs say them', () => {
  it.each([
    // "dependencies" and "dependency" are one word (real45's miss, the scope's example).
    ['We now use uv for dependency management', 'Dependencies are managed with pip and requirements.txt'],
    // What changed stands between the verb and "from"; the noun of a verb is the verb ("management"/"manage").
    ['Switched the build tool from webpack to vite', 'The build tool is webpack'],
    ['Changed CI from Travis to GitHub Actions', 'CI runs on Travis'],
    ['Switched Job Server dependency management from pip and pip-tools to uv', 'Job Server uses pip and pip-tools to manage Python dependencies'],
    ['Renamed this package from mortar_mixins to mortar_sqlalchemy', 'This package is named mortar_mixins'],
    // The old thing with its kind, its purpose, the project as the speaker.
    ['The project now uses uv instead of traditional pip for dependency management', 'Dependencies are installed with pip from requirements.txt'],
    ['Migrated build and development tooling from traditional tox to uv and tox-uv', 'Build and development tooling runs on tox'],
    ['Replaced multiple linting tools (flake8, pylint, black, isort) with ruff', 'Python code is linted with flake8, pylint, black and isort'],
    // A named thing said only to be gone.
    ['requirements.txt was replaced by pyproject.toml', 'Dependencies are listed in requirements.txt'],
    ['Chart.js was replaced by ECharts', 'Charts are drawn with Chart.js'],
    // A documentation tool written in lower case.
    ['Documentation is now generated with mkdocs', 'Documentation is generated with Sphinx'],
    // A name alone in the old one's place, which the older fact names in a place (real46.json).
    ['Use GitHub Actions instead of TravisCI', 'CI runs on TravisCI'],
    ['Use the Req library instead of HTTPoison', 'The client uses HTTPoison over :httpc'],
    ['Jason instead of Poison for parsing results', 'Results are parsed with Poison'],
    ['Use Vitest instead of Jest', 'Tests run with Jest'],
    // "We've" says no word of its own.
    ["We've switched our supported FreeBSD from 12.1 to 12.2", 'Corral supports FreeBSD 12.1'],
  ])('"%s" replaces "%s"', (newer, older) => {
    expect(says(newer, older)).toBe(true);
  });

  it.each([
    // Another table, API or file changed.
    ['Migrated the orders table from MySQL to Postgres', 'The users table lives in MySQL'],
    ['Moved the production API from Heroku to Fly.io', 'The staging API is deployed to Heroku'],
    ['Renamed the config file from gm.json to gm.toml', 'The CLI binary is called gm'],
    // Gone from one place, for one use, or a part of it.
    ['Redis was removed from the test setup', 'Sessions live in Redis'],
    ['Replaced Webpack with Vite in the storefront', 'Webpack builds the admin bundle'],
    ['Sentry was replaced by Rollbar for backend errors', 'Sentry reports frontend errors'],
    ['The Redis session cache was removed', 'Rate limits are kept in Redis'],
    ['Removed Jest snapshots', 'Jest runs the unit tests'],
    // The kind word that is the subject; a list in brackets the older does not name.
    ['The new API uses FastAPI instead of Flask', 'The legacy API is served by Flask'],
    ['Replaced the old linters (flake8, pylint) with ruff', 'Python code is formatted with black'],
    // What a tool can do is no decision; another claim; an addition.
    ['uv is a single tool that can replace pip, pip-tools and venv', 'Job Server uses pip and pip-tools to manage Python dependencies'],
    ['The docs site is now built with mkdocs', 'The docs site is hosted on Netlify'],
    ['The project structure remains the same, only the build tooling has changed', 'The project is built with Webpack'],
    // A name alone in the old one's place replaces no fact where the old thing is the subject, or where the clause says more.
    ['Use pnpm instead of npm', 'npm scripts are listed in package.json'],
    ['Use Vitest instead of Jest', 'Jest snapshots live in __snapshots__'],
    ['Use GitHub Actions instead of TravisCI', 'TravisCI badges are shown in the README'],
    ['Keep secrets in Vault, not S3', 'Store uploaded files in S3'],
    ['Use the staging database instead of production', 'Reports are read from production'],
  ])('"%s" does not replace "%s"', (newer, older) => {
    expect(says(newer, older)).toBe(false);
  });
});
