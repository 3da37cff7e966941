// The judgement "a newer fact replaces an older one" (supersedes, src/memory/long-term.ts) for what
// stop 43's rule left (issue 25 §2.1): a statement that names no old thing ("We deploy with Fly.io
// now") replaces the older statement of the same subject and verb with another thing in the same
// place, and nothing where two things stand side by side or the subject differs; a parallel form
// ("X, not Y") whose claim differs from the older one's ("shown" against "stored") replaces
// nothing; a name with a hyphen is one name; the Chinese forms.
import { describe, expect, it } from 'vitest';
import { factShape, namesMore, supersedes } from '../../src/memory/long-term.js';

const says = (newer: string, older: string) => supersedes(newer, factShape(newer), factShape(older));

describe('a newer statement that names no old thing', () => {
  it.each([
    ['We deploy with Fly.io now', 'We deploy with Heroku pipelines'],
    ['We use Vitest for the tests now', 'Tests run with Jest'],
    ['From now on the nightly export is uploaded to Backblaze B2', 'The nightly export is uploaded to Amazon S3'],
    ['Screenshots are compared with Lost Pixel these days', 'Screenshots are compared with Percy'],
    ['We moved the job queue over to BullMQ', 'The job queue runs on Bee-Queue'],
    ['We lint with Biome now', 'We lint with ESLint and Prettier'],
    ['We switched the monorepo to Nx', 'The monorepo is managed with Lerna'],
    ['We switched the session cache to Redis', 'The session cache lives in Memcached'],
  ])('"%s" replaces "%s"', (newer, older) => {
    expect(says(newer, older)).toBe(true);
  });

  it.each([
    // side by side
    ['We also deploy the docs with Netlify now', 'We deploy the API with Heroku'],
    ['We deploy preview builds with Vercel now', 'We deploy with Heroku pipelines'],
    // another subject of the same kind
    ['End-to-end tests run with Playwright now', 'Tests run with Jest'],
    ['Audit logs are shipped to S3 now', 'Logs are shipped to Papertrail'],
    // another place: "in" GitHub Actions is not what "with" Jest says
    ['Tests now run in GitHub Actions', 'Tests run with Jest'],
    // another claim
    ['Config is validated with Zod now', 'Config is read from config.yaml'],
    ['The API runs on Node 20 now', 'The API is written in TypeScript'],
    // "now" that adds
    ['Sentry now groups error reports by release', 'Error reports go to Sentry'],
    ['Realtime updates now go over socket.io with the Redis adapter', 'Realtime updates go over socket.io'],
    // a change that may come
    ['We might move the job queue to BullMQ', 'The job queue runs on Bee-Queue'],
    // not a thing of the kind in that place: a common word, a time, a version against a name
    ['Tests now run with coverage', 'Tests run with Jest'],
    ['We deploy on Kubernetes now', 'We deploy on Fridays'],
    ['We build with Node 22 now', 'We build with Docker'],
  ])('"%s" does not replace "%s"', (newer, older) => {
    expect(says(newer, older)).toBe(false);
  });
});

describe('a parallel form whose claim is another', () => {
  it('"shown in euros, not cents" leaves "stored in cents"; "stored in euros, not cents" replaces it', () => {
    expect(says('Prices are shown in euros, not cents', 'Prices are stored in cents')).toBe(false);
    expect(says('Images are served from CloudFront, not S3', 'Images are uploaded to S3')).toBe(false);
    expect(says('Prices are stored in euros now, not cents', 'Prices are stored in cents')).toBe(true);
    expect(says('Sessions now live in Redis, not Postgres', 'Sessions are stored in Postgres, table user_sessions')).toBe(true);
  });
});

describe('names with hyphens, dots, slashes and scopes', () => {
  it('"markdown-it" is a name the older fact does not have, not "markdown" again', () => {
    expect(namesMore('marked was replaced by markdown-it for the Markdown previews', factShape('marked renders the Markdown previews'))).toBe(true);
    expect(says('marked was replaced by markdown-it for the Markdown previews', 'marked renders the Markdown previews')).toBe(true);
    expect(says('Markdown is rendered with markdown-it now', 'Markdown is rendered with marked')).toBe(true);
    expect(says('Data fetching uses @tanstack/query now', 'Data fetching uses SWR')).toBe(true);
    expect(says('markdown-it now renders tables with the markdown-it-multimd-table plugin', 'Markdown is rendered with markdown-it')).toBe(false);
  });
});

describe('Chinese', () => {
  it.each([
    ['测试现在改用 Vitest 运行', '测试使用 Jest 运行'],
    ['部署已从 Heroku 迁移到 Fly.io', '部署使用 Heroku'],
    ['日志不再发送到 Papertrail，改为发送到 Datadog', '日志发送到 Papertrail'],
    ['Webpack 已移除，项目改用 Vite 打包', '项目使用 Webpack 打包'],
    ['支付现在通过 Stripe 处理', '支付通过 Braintree 处理'],
  ])('"%s" replaces "%s"', (newer, older) => {
    expect(says(newer, older)).toBe(true);
  });

  it.each([
    ['端到端测试现在改用 Playwright 运行', '测试使用 Jest 运行'],
    ['我们计划从 Heroku 迁移到 Fly.io', '部署使用 Heroku'],
    ['审计日志现在发送到 S3', '日志发送到 Papertrail'],
  ])('"%s" does not replace "%s"', (newer, older) => {
    expect(says(newer, older)).toBe(false);
  });
});
