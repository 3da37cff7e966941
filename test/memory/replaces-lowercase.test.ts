// The judgement "a newer fact replaces an older one" (supersedes, src/memory/long-term.ts) for what
// stop 44's rule left (issue 25 §2.1, scope truth45): the noun of the verb ("Session storage" over
// "stored"), a time word before the subject of "X, not Y" ("Nightly backups use WAL-G, not
// pg_dump"), a new thing written in lower case ("with uv now"; a tool's name, or a word in
// backticks), a name with capitals whose word repeats the subject ("Tokens Studio", "Secret
// Manager"), and item 5's reading: the same subject, verb and place said "now" with another named
// thing is a replacement whatever the two things' kinds ("with Bazel now" over "with Docker").
import { describe, expect, it } from 'vitest';
import { factShape, supersedes } from '../../src/memory/long-term.js';

const says = (newer: string, older: string) => supersedes(newer, factShape(newer), factShape(older));

describe('the noun of a verb is the verb', () => {
  it.each([
    ['Session storage switched to Redis', 'Sessions are stored in Postgres'],
    ['File storage moved to Cloudflare R2', 'Uploaded files are stored in S3'],
    ['Deployment moved to Fly.io', 'We deploy to Heroku'],
    ['API docs moved to Redoc', 'The API is documented in Swagger UI'],
  ])('"%s" replaces "%s"', (newer, older) => {
    expect(says(newer, older)).toBe(true);
  });
  it.each([
    ['File storage costs moved to the infra budget', 'Uploaded files are stored in S3'],
    ['Deployment moved to Fridays', 'We deploy to Heroku'],
    ['Docs deployment moved to Netlify', 'We deploy the API to Heroku'],
    ['Session storage now also uses Redis for caching', 'Sessions are stored in Postgres'],
  ])('"%s" does not replace "%s"', (newer, older) => {
    expect(says(newer, older)).toBe(false);
  });
});

describe('a time word before the subject of "X, not Y"', () => {
  it('"Nightly backups use WAL-G, not pg_dump" replaces "Backups run with pg_dump every night"', () => {
    expect(says('Nightly backups use WAL-G, not pg_dump', 'Backups run with pg_dump every night')).toBe(true);
  });
  it('"Weekly PDF reports use WeasyPrint instead of wkhtmltopdf" still replaces "Weekly reports are rendered with wkhtmltopdf"', () => {
    expect(says('Weekly PDF reports use WeasyPrint instead of wkhtmltopdf', 'Weekly reports are rendered with wkhtmltopdf')).toBe(true);
  });
  it.each([
    ['Nightly test runs use GitHub Actions, not Jenkins', 'Database backups run with pg_dump every night'],
    ['Nightly exports use Parquet, not pg_dump', 'Backups run with pg_dump every night'],
    ['Nightly web builds use Vite, not webpack', 'Mobile builds use webpack every night'],
  ])('"%s" does not replace "%s"', (newer, older) => {
    expect(says(newer, older)).toBe(false);
  });
});

describe('a new thing written in lower case', () => {
  it.each([
    ['We manage Python with uv now', 'We manage Python with Poetry'],
    ['Python dependencies are managed with uv now', 'Python dependencies are managed with pip-tools'],
    ['Packages are installed with pnpm now', 'Packages are installed with npm'],
    ['Scripts run with bun now', 'Scripts run with Node'],
    ['Python code is linted with ruff now', 'Python code is linted with flake8'],
    ['Releases are cut with `shipit` now', 'Releases are cut with Fastlane'],
    ['Video transcoding runs on AWS MediaConvert rather than our ffmpeg workers', 'Video transcoding runs on our own ffmpeg workers'],
  ])('"%s" replaces "%s"', (newer, older) => {
    expect(says(newer, older)).toBe(true);
  });
  it.each([
    // lower-case common words, and tools that add to the old one or are not in its place
    ['Tests run with coverage now', 'Tests run with pytest'],
    ['Tests run with xdist now', 'Tests run with pytest'],
    ['Scripts run with sudo now', 'Scripts run with Node'],
    ['Images are resized with sharp edges now', 'Images are resized with ImageMagick'],
    ['Releases are cut with shipit now', 'Releases are cut with Fastlane'],
    // side by side, another subject, a hedge
    ['We manage Python dependencies with Poetry and uv now', 'We manage Python dependencies with Poetry'],
    ['We manage Python versions with pyenv now', 'We manage Python dependencies with Poetry'],
    ['We plan to install packages with pnpm', 'Packages are installed with npm'],
    ['Video transcoding runs on AWS MediaConvert rather than our worker pool', 'Video transcoding runs on our own worker pool'],
  ])('"%s" does not replace "%s"', (newer, older) => {
    expect(says(newer, older)).toBe(false);
  });
});

describe('a name with capitals whose word repeats the subject', () => {
  it.each([
    ['From now on the design tokens live in Tokens Studio', 'The design tokens live in Figma'],
    ['Secrets are kept in Secret Manager now', 'Secrets are kept in Vault'],
  ])('"%s" replaces "%s"', (newer, older) => {
    expect(says(newer, older)).toBe(true);
  });
  it.each([
    ['The icons live in Tokens Studio now', 'The design tokens live in Figma'],
    ['Secret rotation is tracked in Linear now', 'Secrets are kept in Vault'],
    ['Secrets are also kept in Secret Manager now', 'Secrets are kept in Vault'],
  ])('"%s" does not replace "%s"', (newer, older) => {
    expect(says(newer, older)).toBe(false);
  });
});

describe('item 5: another named thing in the same place, said "now", is a replacement whatever its kind', () => {
  it.each([
    ['We build with Bazel now', 'We build with Docker'],
    ['We deploy with Terraform now', 'We deploy with Kubernetes manifests'],
    ['Tests run in Docker now', 'Tests run in GitHub Actions'],
  ])('"%s" replaces "%s"', (newer, older) => {
    expect(says(newer, older)).toBe(true);
  });
  it.each([
    ['We also build with Bazel now', 'We build with Docker'],
    ['We build with Docker and Bazel now', 'We build with Docker'],
    ['We build with Node 22 now', 'We build with Docker'],
    ['We build the CLI with Bazel now', 'We build the services with Docker'],
  ])('"%s" does not replace "%s"', (newer, older) => {
    expect(says(newer, older)).toBe(false);
  });
});

describe('real lines (real45.json): two old things written "a/b", and a loose verb', () => {
  it.each([
    ['The lint job now uses ruff instead of black/isort', 'The lint job runs black and isort'],
    ['Dialogue display is now handled by NPCDialogueBubble', 'Dialogue is displayed by the PlayerController'],
  ])('"%s" replaces "%s"', (newer, older) => {
    expect(says(newer, older)).toBe(true);
  });
  it.each([
    ['The lint job now uses ruff instead of black/flake8', 'The lint job runs black and isort'],
    ['The test job now uses pytest instead of unittest/nose', 'The lint job runs black and isort'],
    ['Errors are now handled by Sentry', 'Errors are logged by Winston'],
    ['Dialogue text is now handled by Crowdin', 'Dialogue is displayed by the PlayerController'],
  ])('"%s" does not replace "%s"', (newer, older) => {
    expect(says(newer, older)).toBe(false);
  });
});

describe('"moved to" before no name (final45.json)', () => {
  it('"Feature flag storage costs moved to the platform budget" does not replace "Feature flags are stored in LaunchDarkly"', () => {
    expect(says('Feature flag storage costs moved to the platform budget', 'Feature flags are stored in LaunchDarkly')).toBe(false);
  });
  it.each([
    ['Feature flag storage moved to Flagsmith', 'Feature flags are stored in LaunchDarkly'],
    ['Error reports moved to Sentry', 'Error reports go to Rollbar'],
    ['The build cache moved to turborepo', 'The build cache lives in S3'],
  ])('"%s" replaces "%s"', (newer, older) => {
    expect(says(newer, older)).toBe(true);
  });
});

describe('a new thing with something added after it (real45.json)', () => {
  it.each([
    ['Campaigns are now stored in PostgreSQL with draft, calculated and submitted states', 'Campaigns are stored in SQLite'],
    ['We deploy with Fly.io now with preview apps on Vercel', 'We deploy with Heroku pipelines'],
  ])('"%s" replaces "%s"', (newer, older) => {
    expect(says(newer, older)).toBe(true);
  });
  it.each([
    ['Sessions are now stored in Redis with Postgres as a fallback', 'Sessions are stored in Postgres'],
    ['Payments go through Stripe now with Apple Pay enabled', 'Payments go through Stripe'],
    ['Tests now run in GitHub Actions with Node 20', 'Tests run with Jest'],
    ['Campaign drafts are now stored in PostgreSQL with a submitted state', 'Campaigns are stored in SQLite'],
  ])('"%s" does not replace "%s"', (newer, older) => {
    expect(says(newer, older)).toBe(false);
  });
});

describe('the cross pairs of a dream of heldout45 (each newer statement against every older one)', () => {
  it.each([
    // the words of change are no subject shared: only "API" is
    ['API docs moved to Redoc', 'API deployment moved to Fly.io'],
    // a day is no name after "moved to"
    ['API deployment moved to Fridays', 'API docs moved to Redoc'],
    // what moved is the subject: rotation is not storage, templates are not queueing (cross pairs of closing45 and final45)
    ['API key rotation moved to HashiCorp Vault', 'API key storage moved to HashiCorp Vault'],
    ['Email templates moved to Amazon SES', 'Email queueing moved to Amazon SQS'],
  ])('"%s" does not replace "%s"', (newer, older) => {
    expect(says(newer, older)).toBe(false);
  });
  it.each([
    ['Error reports moved to Sentry', 'Error reports moved to Rollbar last year'],
    ['The session cache moved to Redis', 'The session cache was moved to Memcached'],
  ])('"%s" still replaces "%s"', (newer, older) => {
    expect(says(newer, older)).toBe(true);
  });
});
