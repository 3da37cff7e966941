/**
 * Slots: a fact that fills a role (what CI runs on, where the app is deployed, which test runner,
 * package manager, logger, ORM, email provider…) with one value, and a newer fact that fills the
 * same role with another. "We deploy with Heroku pipelines" and, later, "Fly.io hosts the app now"
 * name two tools of one kind (hosting) for the same role: the newer replaces the older, whatever
 * words say the change. The phrase rules of long-term.ts read how a change is said; this reads
 * what is said: the values (by a lexicon of tools of the same kind, and by shape: a port), and the
 * role by the kind of tool and the words around it. Cue words ("now", "instead", "no longer") are
 * extra evidence only, where the role alone is not enough (kinds a project has several of: two
 * databases, two languages).
 *
 * Pure; each text is read once (cached by text). The lexicon is compiled on first use: most
 * primers never compare two facts that name a tool.
 */

/**
 * Tools by kind. A kind is one role a project fills once (a CI, a host, a package manager of one
 * ecosystem); the ecosystems are apart (pytest and Jest are both test runners, of two languages:
 * a project may have both). A name may be of several kinds (Redis: a cache, a store, a queue; Ruff
 * and Biome: linters and formatters). Aliases after `=`: "travis-ci=travis".
 */
const KINDS: Record<string, string> = {
  ci: 'travis travis-ci=travis travis_ci=travis circleci circle-ci=circleci github-actions gh-actions=github-actions ghactions=github-actions gha=github-actions gitlab-ci buildkite jenkins appveyor teamcity drone-ci azure-pipelines bitbucket-pipelines semaphoreci woodpecker-ci concourse',
  host: 'heroku fly.io vercel netlify railway render.com=render digitalocean linode dokku elastic-beanstalk cloud-run app-engine azure-app-service cloudflare-pages cloudflare-workers firebase-hosting surge.sh=surge fargate ecs aws-lambda=lambda lambda pythonanywhere hetzner ovh github-pages gh-pages=github-pages readthedocs read-the-docs=readthedocs gitlab-pages kubernetes k8s=kubernetes nomad docker-swarm',
  docs: 'mkdocs sphinx docusaurus jekyll hugo vitepress gitbook mdbook docsify typedoc jsdoc gatsby',
  db: 'postgres postgresql=postgres pg=postgres mysql mariadb sqlite sqlite3=sqlite mongodb mongo=mongodb dynamodb cassandra cockroachdb firestore couchdb oracle mssql sql-server=mssql planetscale supabase neon redis clickhouse leveldb rocksdb realm',
  cache: 'redis memcached varnish',
  queue: 'kafka rabbitmq sqs nats redis-pub/sub=redis-pubsub redis-pubsub sidekiq celery bullmq bull resque delayed-job good-job goodjob=good-job solid-queue rq kinesis zeromq activemq google-pub/sub=pubsub pubsub hangfire',
  test_js: 'jest vitest mocha jasmine ava tape karma uvu node:test',
  test_py: 'pytest unittest nose nose2',
  test_rb: 'rspec minitest',
  e2e: 'cypress playwright selenium puppeteer webdriverio testcafe nightwatch',
  build_js: 'webpack vite rollup esbuild parcel tsup tsc swc babel turbopack rspack snowpack browserify gulp grunt webpacker create-react-app=cra cra microbundle unbuild',
  pm_js: 'npm yarn pnpm bun',
  pm_py: 'pip poetry uv pipenv conda pip-tools pdm rye hatch',
  lint_js: 'eslint tslint jshint jslint biome oxlint standardjs',
  lint_py: 'flake8 pylint ruff pyflakes pycodestyle',
  fmt_js: 'prettier biome dprint',
  fmt_py: 'black yapf autopep8 ruff',
  logger: 'logrus zap zerolog winston pino bunyan log4j logback loguru structlog serilog nlog log4net',
  orm: 'sqlalchemy peewee prisma typeorm sequelize drizzle knex mikro-orm mongoose hibernate activerecord gorm diesel sqlx ecto entity-framework dapper objection',
  auth: 'auth0 clerk keycloak okta cognito firebase-auth supabase-auth nextauth next-auth=nextauth passport devise lucia authentik',
  mail: 'sendgrid mailgun postmark aws-ses=ses amazon-ses=ses ses mailchimp mandrill sparkpost resend mailjet brevo sendinblue',
  chat: 'slack discord gitter matrix zulip mattermost',
  state: 'redux mobx zustand recoil jotai vuex pinia react-context=context context-api=context xstate ngrx',
  proxy: 'nginx caddy traefik haproxy envoy',
  errors: 'sentry rollbar bugsnag honeybadger raygun airbrake',
  metrics: 'prometheus datadog new-relic newrelic=new-relic statsd cloudwatch honeycomb',
  ui: 'react vue vuejs=vue vue.js=vue angular angularjs svelte preact ember backbone jquery solidjs htmx',
  meta: 'next.js=next nextjs=next nuxt remix astro gatsby sveltekit',
  css: 'tailwind tailwindcss=tailwind bootstrap bulma sass scss=sass less styled-components emotion itcss foundation mui material-ui=mui chakra',
  web_py: 'django flask fastapi pyramid tornado bottle starlette',
  web_js: 'express fastify koa hapi nestjs',
  web_rb: 'rails sinatra hanami',
  container: 'docker podman containerd vagrant',
  iac: 'terraform pulumi cloudformation ansible chef puppet cdk',
  storage: 's3 gcs cloudflare-r2=r2 r2 azure-blob minio backblaze b2',
  search: 'elasticsearch opensearch algolia meilisearch typesense solr',
  http_js: 'axios got superagent node-fetch ky',
  http_py: 'requests httpx aiohttp urllib3',
  http_rs: 'reqwest ureq hyper',
  dates: 'moment moment.js=moment momentjs=moment dayjs day.js=dayjs date-fns luxon',
  flags: 'launchdarkly unleash flagsmith growthbook',
  analytics: 'google-analytics plausible mixpanel amplitude posthog matomo fathom',
  pay: 'stripe paypal braintree paddle adyen',
  license: 'mit apache-2.0=apache apache-2=apache apache bsd isc mpl gpl gplv2=gpl2 gpl-2.0=gpl2 gpl2 gplv3=gpl3 gpl-3.0=gpl3 gpl3 agpl agplv3=agpl lgpl unlicense',
  forge: 'github gitlab bitbucket sourceforge gitea codeberg',
  templates: 'jade pug ejs handlebars mustache jinja jinja2=jinja erb haml slim nunjucks liquid twig',
  appserver: 'gunicorn uvicorn puma unicorn passenger waitress hypercorn',
  monorepo: 'turborepo lerna nx rush',
  procs: 'pm2 systemd supervisor supervisord=supervisor forever nodemon',
  images: 'imagemagick sharp pillow graphicsmagick libvips wkhtmltopdf weasyprint',
  cdn: 'cloudflare fastly cloudfront akamai',
  vm: 'nvm fnm volta asdf mise pyenv rbenv',
  runtime: 'node node.js=node nodejs=node deno bun',
  format: 'yaml toml json ini xml hcl',
};
/** Kinds a project has several of at once (two databases, a cache beside a store, two forges): their values replace only where the role is shown too (a word shared, a cue). */
const SEVERAL = new Set(['db', 'cache', 'queue', 'storage', 'forge', 'format', 'container', 'cdn', 'ui', 'meta', 'host']);

/** Written in capitals or as one letter, a word is a name only so written: "Go", "C", "Rust" (a language), read case-sensitively. */
const LANGS = new Map<string, string>([
  ['Go', 'go'], ['Golang', 'go'], ['golang', 'go'], ['Rust', 'rust'], ['Python', 'python'], ['Ruby', 'ruby'], ['Java', 'java'], ['Kotlin', 'kotlin'],
  ['Scala', 'scala'], ['C', 'c'], ['C++', 'cpp'], ['C#', 'csharp'], ['Elixir', 'elixir'], ['PHP', 'php'], ['Swift', 'swift'], ['TypeScript', 'typescript'],
  ['JavaScript', 'javascript'], ['Dart', 'dart'], ['Zig', 'zig'], ['Haskell', 'haskell'], ['Clojure', 'clojure'], ['Perl', 'perl'], ['Lua', 'lua'],
]);

interface Value {
  kind: string;
  name: string;
  /** Names which thing the subject is ("Jest snapshots"), not what fills the role. */
  attributive?: boolean;
}
interface Read {
  values: Value[];
  /** Content words (lower case, a crude stem), the values' words left out: the role's evidence. */
  words: Set<string>;
  scopes: Set<string>;
  /** Says a change was made ("now", "switched", "instead", "no longer", "from … to"). */
  changed: boolean;
  /** Says the old way stays, or a change that may come, or something added beside: never a replacement. */
  kept: boolean;
  /** Says a plan, a condition, an option or a question (what an older fact must not be to be replaced): narrower than kept, which is "still", "keeps", "also"… of a newer. */
  hedged: boolean;
  negated: boolean;
  /** The content words before the first value or verb: the subject ("Campaign drafts"). */
  subject: string[];
  /** What the fact says it is for ("for security alerts"): the first word after "for" that is no reason. */
  purpose: string[];
}

interface Entry {
  canon: string;
  kinds: string[];
}
/**
 * The lexicon's names, each under the form a text is read as (a dash a space: "github actions"), and its own ("github-actions")
 * too, one entry for both; `starts`: each name's first two letters, where a name can begin; `longest`: the longest name.
 */
let lexicon: { names: Map<string, Entry>; starts: Set<string>; longest: number } | undefined;
function lex() {
  if (lexicon) return lexicon;
  // Plain loops over the lists, no letter tree and no expression: built in a fresh process in ~0.3 ms, where a tree of Maps took
  // 3-4 ms (and one expression of the 900-odd names 4-7 ms to compile), in every process that reads a fact (a clone's first primer).
  const names = new Map<string, Entry>();
  const starts = new Set<string>();
  let longest = 0;
  for (const kind in KINDS) {
    const list = KINDS[kind]!;
    let from = 0;
    while (from < list.length) {
      let to = list.indexOf(' ', from);
      if (to < 0) to = list.length;
      const item = list.slice(from, to);
      from = to + 1;
      const eq = item.indexOf('=');
      const raw = eq < 0 ? item : item.slice(0, eq);
      const spaced = raw.includes('-') ? raw.replaceAll('-', ' ') : raw;
      let e = names.get(spaced);
      if (!e) {
        e = { canon: eq < 0 ? raw : item.slice(eq + 1), kinds: [] };
        names.set(spaced, e);
        if (spaced !== raw) names.set(raw, e);
        starts.add(spaced.slice(0, 2));
        if (spaced.length > longest) longest = spaced.length;
      }
      if (!e.kinds.includes(kind)) e.kinds.push(kind);
    }
  }
  lexicon = { names, starts, longest };
  return lexicon;
}

/** `\s` of an expression, or a dash: what a space of a name matches. */
function separator(c: number): boolean {
  return c === 45 || c === 32 || (c >= 9 && c <= 13) || c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;
}
/** `\w` of an expression. */
function wordChar(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
}

/**
 * The lexicon's names in `text`, left to right, none overlapping: at each place no word, `@`, `/`, `.` or `-` is
 * before, the longest name there that no word, `@`, `/` or `-` follows, nor a dot and a word ("next" in
 * "next.js" is not a name of its own). Letters are compared lower-cased, one at a time (a letter lower-cased into
 * two is no letter of a name); a space of a name matches one or more spaces or dashes of the text.
 */
function* lexiconIn(text: string, { names, starts, longest }: NonNullable<typeof lexicon>): Generator<{ 0: string; index: number }> {
  let i = 0;
  const n = text.length;
  while (i < n) {
    const before = i > 0 ? text.charCodeAt(i - 1) : -1;
    if (before >= 0 && (wordChar(before) || before === 64 || before === 47 || before === 46 || before === 45)) {
      i++;
      continue;
    }
    let said = '';
    let j = i;
    let found = -1;
    while (j < n && said.length <= longest) {
      const c = text.charCodeAt(j);
      if (separator(c)) {
        if (!said) break;
        said += ' ';
        while (j < n && separator(text.charCodeAt(j))) j++;
        continue;
      }
      const low = text[j]!.toLowerCase();
      if (low.length !== 1) break;
      said += low;
      j++;
      if (said.length === 2 && !starts.has(said)) break;
      if (said.length >= 2 && names.has(said)) {
        const next = j < n ? text.charCodeAt(j) : -1;
        const blocked = wordChar(next) || next === 64 || next === 47 || next === 45 || (next === 46 && j + 1 < n && wordChar(text.charCodeAt(j + 1)));
        if (!blocked) found = j;
      }
    }
    if (found > i) {
      yield { 0: text.slice(i, found), index: i };
      i = found;
    } else i++;
  }
}

const STOP = new Set(
  'a an the and or of to in on at by for with from into onto via is are was were be been being has have had do does did it its this that these those we our us you your they their there here as now no not any all also than then so but if when which who what where how use uses used using run runs ran running instead longer switched switch moved move migrated migrate replaced replace replaces swapped swap changed change went over default defaults by done via through new old same only still gone removed dropped deprecated project app application repo repository codebase'.split(
    ' ',
  ),
);
const SCOPES = new Map<string, string>(
  Object.entries({
    frontend: 'frontend', 'front-end': 'frontend', client: 'frontend', ui: 'frontend', web: 'frontend', browser: 'frontend',
    backend: 'backend', 'back-end': 'backend', server: 'backend', api: 'backend',
    mobile: 'mobile', ios: 'ios', android: 'android', desktop: 'desktop',
    cli: 'cli', sdk: 'sdk', bot: 'bot', extension: 'extension', gateway: 'gateway', admin: 'admin', storefront: 'storefront', dashboard: 'dashboard', checkout: 'checkout', new: 'new', staging: 'staging', production: 'production', prod: 'production', preview: 'preview',
    dev: 'dev', development: 'dev', local: 'dev', locally: 'dev',
    unit: 'unit', e2e: 'e2e', 'end-to-end': 'e2e',
    docs: 'docs', documentation: 'docs', blog: 'blog', marketing: 'marketing', landing: 'marketing',
    worker: 'worker', workers: 'worker', cron: 'cron', analytics: 'analytics', logs: 'logs', logging: 'logs',
    windows: 'windows', linux: 'linux', macos: 'macos', mac: 'macos',
    legacy: 'legacy', internal: 'internal', public: 'public', css: 'css', styles: 'css', images: 'images', uploads: 'uploads',
    sessions: 'sessions', session: 'sessions', cache: 'cache', caching: 'cache', cached: 'cache', search: 'search', jobs: 'jobs', queue: 'jobs', emails: 'emails', email: 'emails',
    storybook: 'storybook', python: 'python', rust: 'rust', go: 'go', typescript: 'typescript', javascript: 'javascript',
  }),
);
/** Words that say a change was made (extra evidence where the role alone is not enough). */
/** Chinese words of a scope (escaped: the code-cached bundles stay ASCII): 前端 后端 营销 移动 文档 后台 测试环境 生产. */
const HAN_SCOPES: [string, string][] = [['\u524d\u7aef', 'frontend'], ['\u540e\u7aef', 'backend'], ['\u8425\u9500', 'marketing'], ['\u79fb\u52a8', 'mobile'], ['\u6587\u6863', 'docs'], ['\u540e\u53f0', 'admin'], ['\u6d4b\u8bd5\u73af\u5883', 'staging'], ['\u751f\u4ea7', 'production']];
/** The old way kept, a change not made yet, something added beside, or a choice one may make. */
/**
 * Words said, read without a regular expression: the four lists below were expressions of 60-odd words each, which V8
 * compiled at their first use in each process (~6.5 ms of a clone's first primer). A list: alternatives split by `|`; in
 * one, words split by a space stand for words with one or more spaces between (`\\s+`); a word ending in `*` is any word
 * it begins. Letters compared lower-cased; a word is a run of `\\w` (an expression's `\\b…\\b`).
 */
interface Said {
  one: Set<string>;
  begins: string[];
  /** By first word: the words after it. */
  more: Map<string, string[][]>;
}
function listOf(spec: string): Said {
  const said: Said = { one: new Set(), begins: [], more: new Map() };
  for (const alt of spec.split('|')) {
    const ws = alt.split(' ');
    if (ws.length === 1) {
      if (alt.endsWith('*')) said.begins.push(alt.slice(0, -1));
      else said.one.add(alt);
      continue;
    }
    const rest = said.more.get(ws[0]!) ?? [];
    rest.push(ws.slice(1));
    said.more.set(ws[0]!, rest);
  }
  return said;
}
/** A text's words (runs of `\\w`), lower-cased, with where each is. */
interface Words {
  w: string[];
  at: number[];
  end: number[];
}
function wordsOf(text: string): Words {
  const out: Words = { w: [], at: [], end: [] };
  let i = 0;
  const n = text.length;
  while (i < n) {
    if (!wordChar(text.charCodeAt(i))) {
      i++;
      continue;
    }
    let j = i + 1;
    while (j < n && wordChar(text.charCodeAt(j))) j++;
    out.w.push(text.slice(i, j).toLowerCase());
    out.at.push(i);
    out.end.push(j);
    i = j;
  }
  return out;
}
/** Whether text[a, b) is one or more of `\\s` (no dash). */
function spacesOnly(text: string, a: number, b: number): boolean {
  if (b <= a) return false;
  for (let k = a; k < b; k++) {
    const c = text.charCodeAt(k);
    if (c === 45 || !separator(c)) return false;
  }
  return true;
}
function saysAny(list: Said, text: string, ws: Words): boolean {
  for (let i = 0; i < ws.w.length; i++) {
    const w = ws.w[i]!;
    if (list.one.has(w)) return true;
    for (const b of list.begins) if (w.startsWith(b)) return true;
    const more = list.more.get(w);
    if (!more) continue;
    for (const rest of more) {
      let ok = i + rest.length < ws.w.length;
      for (let k = 0; ok && k < rest.length; k++) ok = ws.w[i + 1 + k] === rest[k] && spacesOnly(text, ws.end[i + k]!, ws.at[i + 1 + k]!);
      if (ok) return true;
    }
  }
  return false;
}
/** Whether words i and i+1 are joined by exactly `gap`. */
function joinedBy(text: string, ws: Words, i: number, first: string, gap: string, second: string): boolean {
  return ws.w[i] === first && ws.w[i + 1] === second && ws.end[i]! + gap.length === ws.at[i + 1] && text.startsWith(gap, ws.end[i]!);
}
let lists: { changed: Said; kept: Said; hedged: Said; negated: Said } | undefined;
function saidLists() {
  return (lists ??= {
    /** Words that say a change was made (extra evidence where the role alone is not enough); "from … to", "port … to", "these days", "any more" apart (changedSaid). */
    changed: listOf(
      'now|nowadays|instead|switch|switched|switches|switching|swap|swapped|swapping|swaps|moved|moves|moving|exclusively|migrated|migrates|migrating|migration|replaced|replaces|replacing|replace|change|changed|changes|went|converted|rewrote|rewritten|transitioned|adopted|no longer|anymore|gone|removed|dropped|deprecated|retired|abandoned|in favor of|in favour of|became',
    ),
    /** The old way kept, a change not made yet, something added beside, or a choice one may make. */
    kept: listOf(
      'will|going to|copy|copied|copies|mirror|mirrored|mirrors|sync|synced|syncs|backed up|also|too|as well|in addition|additionally|alongside|besides|both|fallback|fall back|optional|optionally|alternative|alternatively|still|remain|remains|keep|keeps|kept|stay|stays|stayed|continue|continues|plan|plans|planned|planning|consider|considers|considered|considering|might|may|could|should|would|maybe|perhaps|propose|proposed|proposal|if|unless|whether|evaluate|evaluated|evaluating|try|tried|trying|experiment|experimental|experimenting|spike|prototype|poc|trial|todo|once|when|until|currently|in progress|ongoing|underway|partially|gradually|is migrating|are migrating|analysis|research|investigat*|support|supports|supported|can|allow|allows|option|either|except|only for|for now|temporary|temporarily|wrapper|plugin|adapter|integration with|compatib*|rejected|declined|later|eventually|someday',
    ),
    /** Narrower than kept: a plan, a condition, an option or a question (what an older fact must not be to be replaced). */
    hedged: listOf(
      'also|too|as well|alongside|fallback|fall back|optional|optionally|alternative|alternatively|plan|planned|planning|consider|considers|considered|considering|might|may|could|should|would|maybe|perhaps|propose|proposed|proposal|if|unless|whether|evaluate|evaluated|evaluating|try|tried|trying|experiment|experimental|experimenting|trial|todo|once|when|until|only for|for now|temporary|temporarily|rejected|declined',
    ),
    negated: listOf('not|never|no|without'),
  });
}
const CHANGED_SIGNS = ['->', '\u2192', '\u73b0\u5728', '\u6539\u7528', '\u8fc1\u79fb', '\u6362\u6210', '\u4e0d\u518d', '\u53d6\u4ee3', '\u66ff\u6362', '\u6539\u4e3a'];
/** "port the client to", "from Heroku to": small expressions, run only where their first word is. */
const PORTED_TO = /\bport(?:ed|ing)?\s+(?:[\w-]+\s+){0,3}to\b/i;
const FROM_TO = /\bfrom\s+\S+(?:\s+\S+)?\s+to\b/i;
function changedSaid(text: string, ws: Words): boolean {
  if (saysAny(saidLists().changed, text, ws)) return true;
  for (const sign of CHANGED_SIGNS) if (text.includes(sign)) return true;
  let from = false;
  let to = false;
  for (let i = 0; i < ws.w.length; i++) {
    const w = ws.w[i]!;
    if (joinedBy(text, ws, i, 'these', ' ', 'days')) return true;
    if (w === 'any' && ws.w[i + 1] === 'more' && ws.at[i + 1]! - ws.end[i]! === 1 && spacesOnly(text, ws.end[i]!, ws.at[i + 1]!)) return true;
    if ((w === 'port' || w === 'ported' || w === 'porting') && PORTED_TO.test(text)) return true;
    if (w === 'from') from = true;
    else if (w === 'to') to = true;
  }
  return from && to && FROM_TO.test(text);
}
/** "not", "never", "no", "without", "don't", "doesn't", "didn't", "isn't", "aren't", "wasn't", "n't". */
function negatedSaid(text: string, ws: Words): boolean {
  if (saysAny(saidLists().negated, text, ws)) return true;
  for (let i = 0; i + 1 < ws.w.length; i++) {
    if (ws.w[i + 1] !== 't') continue;
    const w = ws.w[i]!;
    if ((w === 'don' || w === 'doesn' || w === 'didn' || w === 'isn' || w === 'aren' || w === 'wasn' || w === 'n') && joinedBy(text, ws, i, w, "'", 't')) return true;
  }
  return false;
}

/** The old value named after a word that says it is gone (in the newer fact). */
const GONE_BEFORE = /\b(?:instead\s+of|rather\s+than|in\s+place\s+of|from|off|replac(?:ed|es|ing|e)|swap(?:ped|ping)?(?:\s+out)?|drop(?:ped)?|remov(?:ed|e)|retir(?:ed|e)|deprecat(?:ed|e)|no\s+longer(?:\s+\w+){0,2}|not|ditch(?:ed)?|abandon(?:ed)?)\s+(?:(?:previously|formerly)\s+)?(?:using\s+)?(?:(?:the|our|its|a|an|all)\s+)?(?:(?:classic|old|legacy|former|previous|existing|traditional|alternatives\s+like|tools\s+like)\s+)?$/i;
/** A value joined to the one before it in a list ("Redux or MobX", "aiohttp and requests", "pip + venv"): gone where that one is. */
const JOINED = /^\s*(?:,|\/|\+|and|or|&)\s*(?:(?:the|our)\s+)?$/i;
const GONE_AFTER = /^\s*(?:is|are|was|were|has\s+been|have\s+been|got|will\s+be)?\s*(?:now\s+)?(?:fully\s+|entirely\s+|completely\s+)?(?:gone|removed|dropped|retired|deprecated|abandoned|->|\u2192)|^\s*(?:(?:is|are|was|were|has\s+been|have\s+been|got|will\s+be)\s+(?:now\s+)?(?:fully\s+|entirely\s+|completely\s+)?replaced|replaced\s+by)\b|^\s*(?:->|\u2192)/i;

/** Role words of a kind, for names of several kinds (Ruff lints and formats, Redis caches, stores and queues). */
const ROLE: Record<string, RegExp> = {
  lint_js: /\blint/i, lint_py: /\blint/i, fmt_js: /\bformat/i, fmt_py: /\bformat/i,
  cache: /\bcach/i, queue: /\b(?:queue|jobs?|pub\/?sub|events?|messag|broker|workers?)\b/i, db: /\b(?:stor|database|db\b|data\b|persist|tables?\b)/i,
  pm_js: /\b(?:install|packages|dependenc|lockfile|package\s+manager)/i, runtime: /\b(?:runtime|runs?\s+on)\b/i,
};
/** Words of the role a kind fills, said in both facts, are the role shown as a word shared is ("We deploy with Heroku" / "Fly.io hosts the app"). */
const ROLE_WORDS: Record<string, RegExp> = {
  host: /\b(?:deploy\w*|host\w*|serv(?:e|es|ed)|runs?\s+on|live[sd]?\s+on)\b/i,
  orm: /\b(?:orm|database|db|quer\w+|models?)\b/i,
  db: /\b(?:stor\w*|database|db|persist\w*|kept|keeps?|lives?)\b/i,
  cache: /\bcach\w*/i,
  queue: /\b(?:queue\w*|jobs?|events?|messages?|broker|publish\w*)\b/i,
  ci: /\b(?:ci|builds?|pipelines?|continuous\s+integration|workflows?)\b/i,
  logger: /\blog\w*/i,
  pm_js: /\b(?:packages?|dependenc\w+|install\w*|lock\s?files?)\b/i,
  pm_py: /\b(?:packages?|dependenc\w+|install\w*|lock\s?files?|requirements)\b/i,
};

/** A word that says which of its kind a subject is: the word before a head noun ("orders table", "admin bundle", "Ruby versions"). */
const QUALIFIED = /(?:^|\b(?:[Tt]he|[Oo]ur|[Aa]n?|[Ii]ts|[Tt]heir|[Tt]his|[Tt]hese|[Aa]ll)\s+|(?<=^|\s)(?=[A-Z]))([A-Za-z][\w.-]*)\s+(?:table|tables|bundle|bundles|app|apps|site|service|services|api|cluster|package|module|page|pages|suite|bucket|versions?|code|scripts?|sdk|dependencies|workers?|queue|builds?|image|images|binary|binaries|docs|repo|project)\b/g;
/** The head nouns QUALIFIED needs (it is case-sensitive): a text with none of them is not matched against it. */
const QUALIFIED_HEADS = ['table', 'bundle', 'app', 'site', 'service', 'api', 'cluster', 'package', 'module', 'page', 'suite', 'bucket', 'version', 'code', 'script', 'sdk', 'dependencies', 'worker', 'queue', 'build', 'image', 'binar', 'docs', 'repo', 'project'];
const DET_OR_VERB = new Set('main whole entire every each own single one two all some web latest new old current newer older first next last previous same other'.split(' '));

const PATH = /(?:^|[\s`'"(])((?:~|\.{1,2})?\/[\w.\-/]*\w|[\w.-]+\/[\w.\-/]*\w|\.?[\w-]+(?:\.[\w-]+)*\.(?:ya?ml|json|toml|ini|cfg|conf|env|py|ts|js|mjs|rb|md|txt|lock|xml|gradle|properties))(?=$|[\s`'",;:)]|\.(?:\s|$))/g;
/** Verbs of where a thing is: shared by two facts about two paths, they show no role ("Routes live in…" / "Config lives in…"). */
const PLACE_VERBS = new Set('live lives lived stored store kept keep written write read reads defined define set configured declared located found saved put placed go goes loaded'.split(' ').map(crude));

const HAN = /[\u4e00-\u9fff]/;
const DIGIT = /\d/;
/** A port: "port 3000", ":8080", "PORT=3000", "port is now 8080", "SMTP_PORT defaults to 587", "binds 8080", "listens on 8647". */
const PORT_SHAPES = /\bport\s+(\d{2,5})\b|(?<![\w.])(?:localhost)?:(\d{4,5})\b|\b(?:[a-z]+_)?port\s*(?:=\s*|(?:is\s+|was\s+|defaults\s+to\s+|set\s+to\s+|now\s+)+)(\d{2,5})\b|\b(?:binds?|bound\s+to|listens?\s+on|listening\s+on)\s+(?:port\s+)?(\d{2,5})\b/gi;
/** Tools named by a common English word ("sharp edges", "black box", "standard output"): a name only where no lower-case noun follows. */
const COMMON = new Set('sharp black standard got request requests ava tape nose jade pug slim less bull realm neon passenger forever supervisor emotion foundation ember backbone mocha jasmine matrix puppet chef ky hyper rush segment lambda render go'.split(' '));
/** A value that names which thing the subject is ("Jest snapshots live…", "Travis CI badges are shown…", "npm scripts are listed…"): not the slot. */
const ATTRIBUTIVE = /^\s+[a-z][\w-]*\s+(?:are|is|was|were|live|lives|go|goes|get|gets|stay|stays|sit|sits|must|should|can|have|has|need|needs)\b/;
/** "for security alerts", "for the event hub": what the newer is for. */
const FOR = /\bfor\s+(?:the\s+|our\s+|all\s+|its\s+)?([a-z][\w-]*)/gi;
/** Words after "for" that say why, not what for. */
const WHY = new Set('speed performance simplicity consistency security-reasons reasons reason better faster smaller simpler now good clarity reliability stability maintainability cost example instance'.split(' '));

const reads = new Map<string, Read>();

/** A crude stem: "processes" and "process", "resized" and "resizing", "queries" and "query" meet. */
function crude(w: string): string {
  if (w.length <= 4) return w;
  if (w.endsWith('ies')) return `${w.slice(0, -3)}y`;
  if (/(?:ss|x|ch|sh)es$/.test(w)) return w.slice(0, -2);
  if (w.endsWith('s') && !w.endsWith('ss')) return w.slice(0, -1);
  return w.replace(/(?:ing|ed|e)$/, '');
}

/** A fact's values and where they are: the reader's first stage, cheap (a letter tree and small shapes), enough to tell that two facts fill no slot of one kind. */
interface Scan {
  values: Value[];
  at: { start: number; end: number; canon: string }[];
  /** "The Python tests": a language before a noun is a scope. */
  langScopes: string[];
}
const scans = new Map<string, Scan>();

function scan(text: string): Scan {
  let r = scans.get(text);
  if (r) return r;
  if (scans.size > 4096) scans.clear();
  const lexicon = lex();
  const { names } = lexicon;
  const values: Value[] = [];
  const at: { start: number; end: number; canon: string }[] = [];
  const langScopes: string[] = [];
  for (const m of lexiconIn(text, lexicon)) {
    const said = m[0].toLowerCase().replace(/\s+/g, ' ');
    const entry = names.get(said) ?? names.get(said.replace(/-/g, ' '));
    if (!entry) continue;
    const after = text.slice(m.index! + m[0].length);
    if (COMMON.has(said) && m[0] === said && /^\s+(?!(?:now|for|and|or|instead|to|in|on|as|is|are|was|were|since|then|with|by|from|at|of)\b)[a-z]/.test(after)) continue;
    // "the npm package", "an npm module": the registry, not the package manager.
    if (entry.kinds.includes('pm_js') && /^\s+(?:package|packages|registry|module|modules|org)\b/i.test(text.slice(m.index! + m[0].length))) continue;
    // A name of several kinds is of those the text's role words say ("formatted with ruff": a formatter, not a linter).
    const attributive = ATTRIBUTIVE.test(after);
    const roled = entry.kinds.length > 1 ? entry.kinds.filter((k) => ROLE[k]?.test(text)) : [];
    for (const kind of roled.length ? roled : entry.kinds) values.push({ kind, name: entry.canon, ...(attributive ? { attributive } : {}) });
    at.push({ start: m.index!, end: m.index! + m[0].length, canon: entry.canon });
  }
  for (const m of text.matchAll(/(?<![\w#+])(?:Go|Golang|golang|Rust|Python|Ruby|Java|Kotlin|Scala|C\+\+|C#|C|Elixir|PHP|Swift|TypeScript|JavaScript|Dart|Zig|Haskell|Clojure|Perl|Lua)(?![\w#+]|\.\w)/g)) {
    // "C" is a language only after "in"/"with" ("written in C"), not a grade or a drive.
    if (m[0] === 'C' && !/\b(?:in|with|to|from)\s+$/i.test(text.slice(0, m.index))) continue;
    // "The Python tests", "Our Rust HTTP client": a language before a noun says which, a scope, not a value of the slot.
    if (/^\s+(?!(?:is|are|was|were|and|or|for|to|with|in|on|at|by|as|now|instead|since|code)\b)[a-z][\w-]*/i.test(text.slice(m.index! + m[0].length))) {
      langScopes.push(`lang:${LANGS.get(m[0])!}`);
      continue;
    }
    values.push({ kind: 'lang', name: LANGS.get(m[0])! });
    at.push({ start: m.index!, end: m.index! + m[0].length, canon: LANGS.get(m[0])! });
  }
  // Names that are common words in lower case ("render", "segment", "fly"): names only when written with a capital.
  for (const m of text.matchAll(/(?<![\w.-])(Render|Segment|Fly)(?![\w-]|\.\w)/g)) {
    const [kind, name] = m[1] === 'Segment' ? ['analytics', 'segment'] : ['host', m[1]!.toLowerCase() === 'fly' ? 'fly.io' : 'render'];
    if (at.some((a) => a.start <= m.index! && m.index! < a.end)) continue;
    values.push({ kind: kind!, name: name! });
    at.push({ start: m.index!, end: m.index! + m[0].length, canon: name! });
  }
  // A port by its shape: "port 3000", "on :8080", "PORT=3000", "the default port is now 8080", "binds 8080".
  // (Only where a word or sign of one is: most facts compile no port expression.)
  const low = text.toLowerCase();
  for (const m of low.includes('port') || low.includes(':') || low.includes('bind') || low.includes('listen') ? text.matchAll(PORT_SHAPES) : []) {
    const name = m[1] ?? m[2] ?? m[3] ?? m[4]!;
    if (at.some((a) => a.start <= m.index! && m.index! < a.end)) continue;
    values.push({ kind: 'port', name });
    // The longer shapes are the number alone: their words ("binds", "listens on", "is now") stay the fact's.
    const start = m[1] ?? m[2] ? m.index! : m.index! + m[0].length - name.length;
    at.push({ start, end: m.index! + m[0].length, canon: name });
  }
  // A path or a file by its shape: "/var/log/app", "~/.jjconfig", "config/app.yml", "pyproject.toml".
  for (const m of text.matchAll(PATH)) {
    const start = m.index! + m[0].length - m[1]!.length;
    if (at.some((a) => start < a.end && a.start < start + m[1]!.length)) continue;
    values.push({ kind: 'path', name: m[1]!.replace(/\/+$/, '') });
    at.push({ start, end: start + m[1]!.length, canon: m[1]!.replace(/\/+$/, '') });
  }
  r = { values, at, langScopes };
  scans.set(text, r);
  return r;
}

/** The whole reading of a fact (its second stage): what the role and the change are, read only for two facts that hold values of one kind. */
function read(text: string): Read {
  let r = reads.get(text);
  if (r) return r;
  if (reads.size > 4096) reads.clear();
  const { values, at, langScopes } = scan(text);
  let masked = text;
  for (const a of at) masked = masked.slice(0, a.start) + ' '.repeat(a.end - a.start) + masked.slice(a.end);
  const lower = masked.toLowerCase();
  const words = new Set<string>();
  const scopes = new Set<string>();
  for (const w of lower.match(/[a-z][a-z0-9-]*/g) ?? []) {
    const s = SCOPES.get(w);
    if (s) scopes.add(s);
    if (!STOP.has(w) && w.length > 1) words.add(crude(w));
  }
  for (const [w, scope] of HAN_SCOPES) if (text.includes(w)) scopes.add(scope);
  for (const l of langScopes) scopes.add(l);
  // "Integration tests" is a scope; "Continuous Integration" is CI's own name.
  if (/\bintegration\s+test/i.test(text)) scopes.add('integration');
  // What a subject is of: "the orders table", "the storefront bundle", "Ruby versions", "Python code".
  for (const m of QUALIFIED_HEADS.some((h) => text.includes(h)) ? text.matchAll(QUALIFIED) : []) {
    const q = m[1]!.toLowerCase();
    if (!STOP.has(q) && !DET_OR_VERB.has(q)) scopes.add(`of:${q}`);
  }
  const subject: string[] = [];
  for (const w of masked.toLowerCase().split(/\s+/)) {
    if (/^(?:is|are|was|were|now|use|uses|used|run|runs|go|goes|live|lives|get|gets|has|have|\s*)$/.test(w) || /^\s*$/.test(w.replace(/[^a-z]/g, ''))) {
      if (subject.length || /^\s*$/.test(w)) break;
      continue;
    }
    const c = w.replace(/[^a-z-]/g, '');
    if (c && !STOP.has(c)) subject.push(crude(c));
  }
  const purpose: string[] = [];
  if (lower.includes('for')) for (const m of masked.matchAll(FOR)) if (!WHY.has(m[1]!.toLowerCase()) && !STOP.has(m[1]!.toLowerCase())) purpose.push(crude(m[1]!.toLowerCase()));
  const ws = wordsOf(text);
  r = { subject, purpose, values, words, scopes, changed: changedSaid(text, ws), kept: text.includes('?') || saysAny(saidLists().kept, text, ws), hedged: text.includes('?') || saysAny(saidLists().hedged, text, ws), negated: negatedSaid(text, ws) };
  reads.set(text, r);
  return r;
}

/**
 * GONE_BEFORE and GONE_AFTER, run only where a word they need is in the slice (a plain substring test, lower-cased: each
 * expression needs one of these letters as they stand), so that most facts never compile them.
 */
const GONE_BEFORE_NEEDS = ['instead', 'rather', 'place', 'from', 'off', 'replac', 'swap', 'drop', 'remov', 'retir', 'deprecat', 'no', 'ditch', 'abandon'];
const GONE_AFTER_NEEDS = ['gone', 'removed', 'dropped', 'retired', 'deprecated', 'abandoned', 'replaced', '->', '\u2192'];
/** 'from' where the slice ends with "from" after no verb of leaving: the value is the one before only if "to" and another value follow (namedGone). */
function goneBefore(slice: string): boolean | 'from' {
  const low = slice.toLowerCase();
  const m = GONE_BEFORE_NEEDS.some((w) => low.includes(w)) ? GONE_BEFORE.exec(slice) : null;
  if (!m) return false;
  // "from X" names the one before only after a verb of leaving ("moved from", "migrated away from") or with "to Y" after it:
  // "served from GitHub Pages", "loaded from S3" say where a thing is now.
  if (!/^from\b/i.test(m[0])) return true;
  const before = /([a-z]+)\s*$/i.exec(slice.slice(0, m.index));
  const w = before?.[1]!.toLowerCase();
  return w && (w === 'away' || w === 'over' || saidLists().changed.one.has(w)) ? true : 'from';
}
function goneAfter(slice: string): boolean {
  const low = slice.toLowerCase();
  return GONE_AFTER_NEEDS.some((w) => low.includes(w)) && GONE_AFTER.test(slice);
}

/** Whether the newer text names `canon` as the thing gone ("instead of X", "from X", "X is gone", "X -> Y"). */
function namedGone(text: string, canon: string): boolean {
  const at = scan(text).at.slice().sort((a, b) => a.start - b.start);
  const before = at.map((a) => goneBefore(text.slice(Math.max(0, a.start - 60), a.start)));
  const gone = at.map((a, i) => before[i] === true || goneAfter(text.slice(a.end, a.end + 40)));
  // "from the ITCSS architecture to TailwindCSS": "from X", then "to" and a value later in the clause.
  for (let i = 0; i + 1 < at.length; i++) if (before[i] === 'from' && /^[^,;.]{0,40}?\bto\s/i.test(text.slice(at[i]!.end, at[i + 1]!.start))) gone[i] = true;
  // "Travis to GHactions", "from CircleCI to GitHub Actions": a value with "to" and the next value after it is the one before.
  for (let i = 0; i + 1 < at.length; i++) if (/^\s*to\s+(?:now\s+)?(?:using\s+)?(?:the\s+)?$/i.test(text.slice(at[i]!.end, at[i + 1]!.start))) gone[i] = true;
  // A list is gone as one: "instead of Redux or MobX", "Redux and Context API will be fully removed".
  for (let i = 1; i < at.length; i++) if (gone[i - 1] && JOINED.test(text.slice(at[i - 1]!.end, at[i]!.start))) gone[i] = true;
  for (let i = at.length - 2; i >= 0; i--) if (gone[i + 1] && JOINED.test(text.slice(at[i]!.end, at[i + 1]!.start))) gone[i] = true;
  return at.some((a, i) => a.canon === canon && gone[i]);
}

/** Whether the newer text negates `canon` where it names it ("not npm", "no longer uses Jest", "without Redux"). */
function negatedBefore(text: string, canon: string): boolean {
  const at = scan(text).at;
  return at.some((a) => a.canon === canon && /\b(?:not|no\s+longer(?:\s+\w+){0,2}|without|never(?:\s+\w+)?)\s+(?:the\s+|our\s+)?$/i.test(text.slice(Math.max(0, a.start - 40), a.start)));
}

/**
 * A setting's number, read by its shape: a number and a unit of time or size ("30 seconds", "500ms", "8 MB", "from 30 to
 * 180 seconds"), the setting by the word of its role in the same clause (a timeout, a cap, a backoff, an interval, a
 * lifetime, a delay, a retention) and by the words around it: "The Blackjack HTTP timeout is now 15 seconds" over
 * "Blackjack HTTP requests time out after 6 seconds". Read word by word (no expression: a first primer compiles none).
 */
const UNITS = new Map<string, [string, number]>();
for (const [dim, list] of [
  ['time', 'ms:1 msec:1 msecs:1 millisecond:1 milliseconds:1 s:1000 sec:1000 secs:1000 second:1000 seconds:1000 min:60000 mins:60000 minute:60000 minutes:60000 h:3600000 hr:3600000 hrs:3600000 hour:3600000 hours:3600000 day:86400000 days:86400000 week:604800000 weeks:604800000'],
  ['size', 'byte:1 bytes:1 kb:1024 kib:1024 mb:1048576 mib:1048576 gb:1073741824 gib:1073741824 tb:1099511627776 tib:1099511627776'],
] as const)
  for (const u of list.split(' ')) {
    const [name, factor] = u.split(':') as [string, string];
    UNITS.set(name, [dim, Number(factor)]);
  }
/** Words of a setting's role, by role: one role shared says two numbers are of one setting (with the subject's words). */
const QUANTITY_ROLES = new Map<string, string>();
for (const [role, list] of [
  ['timeout', 'timeout timeouts deadline deadlines wait waits waited'],
  ['cap', 'cap caps capped limit limits limited max maximum'],
  ['backoff', 'backoff backoffs'],
  ['interval', 'interval intervals every'],
  ['lifetime', 'ttl expire expires expiry expiration lifetime'],
  ['delay', 'delay delays delayed debounce throttle'],
  ['retention', 'retention retain retained purged'],
] as const)
  for (const w of list.split(' ')) QUANTITY_ROLES.set(w, role);
/** Words of a clause that are neither its subject nor its role: verbs of setting a number, what a number is said with. */
const QUANTITY_VERBS = new Set('raised increased decreased lowered reduced bumped went set changed now is are was were be been to from at after within up most least out off back times time timed each per accepts accept allows allow holds hold takes take size duration length value'.split(' '));
/** A number is no longer the setting's after these: "(was 60 s)", "from 30 to 180 seconds", "instead of 5 s". */
const QUANTITY_GONE = new Set('was were from previously formerly of than replacing'.split(' '));
/** Words that end a clause: a reason or a purpose after the setting ("so that …", "since …") is about something else. */
const CLAUSE_ENDS = new Set('so since because which while whereas'.split(' '));

interface Quantity {
  dim: string;
  value: number;
  /** The word of its number. */
  word: number;
  /** Its clause, as word indexes [from, to). */
  from: number;
  to: number;
}
function numberAt(w: string): { n: number; unit: string } | null {
  let k = 0;
  while (k < w.length && w.charCodeAt(k) >= 48 && w.charCodeAt(k) <= 57) k++;
  if (k === 0) return null;
  return { n: Number(w.slice(0, k)), unit: w.slice(k) };
}
function quantitiesOf(text: string, ws: Words): Quantity[] {
  const out: Quantity[] = [];
  // Clauses: split at ':', ';' or ',' between two words, and before a word of CLAUSE_ENDS.
  const clauseOf: number[] = [];
  let clause = 0;
  for (let i = 0; i < ws.w.length; i++) {
    if (i > 0) {
      const gap = text.slice(ws.end[i - 1]!, ws.at[i]!);
      if (/[:;,]/.test(gap) || CLAUSE_ENDS.has(ws.w[i]!)) clause++;
    }
    clauseOf.push(clause);
  }
  const bounds = (i: number): [number, number] => {
    let a = i;
    while (a > 0 && clauseOf[a - 1] === clauseOf[i]) a--;
    let b = i;
    while (b < ws.w.length && clauseOf[b] === clauseOf[i]) b++;
    return [a, b];
  };
  for (let i = 0; i < ws.w.length; i++) {
    const num = numberAt(ws.w[i]!);
    if (!num) continue;
    let n = num.n;
    let next = i + 1;
    // "1.5 s": a decimal point between two words.
    if (!num.unit && next < ws.w.length && ws.at[next] === ws.end[i]! + 1 && text[ws.end[i]!] === '.' && numberAt(ws.w[next]!)) {
      const frac = numberAt(ws.w[next]!)!;
      n = Number(`${num.n}.${ws.w[next]!.slice(0, ws.w[next]!.length - frac.unit.length)}`);
      num.unit = frac.unit;
      next++;
    }
    let unit = num.unit ? UNITS.get(num.unit) : undefined;
    if (num.unit && !unit) continue;
    if (!unit && next < ws.w.length) {
      const gap = text.slice(ws.end[next - 1]!, ws.at[next]!);
      if (gap === ' ' || gap === '-' || gap === '\u00a0') unit = UNITS.get(ws.w[next]!);
      // "from 30 to 180 seconds", "43-44 s": a bare number takes the unit of the number after it.
      if (!unit && (ws.w[next] === 'to' || ws.w[next] === 'and' || ws.w[next] === 'or' || gap === '-')) {
        const j = ws.w[next] === 'to' || ws.w[next] === 'and' || ws.w[next] === 'or' ? next + 1 : next;
        const other = j < ws.w.length ? numberAt(ws.w[j]!) : null;
        if (other) unit = other.unit ? UNITS.get(other.unit) : j + 1 < ws.w.length ? UNITS.get(ws.w[j + 1]!) : undefined;
      }
    }
    if (!unit) continue;
    const [from, to] = bounds(i);
    out.push({ dim: unit[0], value: n * unit[1], word: i, from, to });
  }
  return out;
}
/** The roles said in words [from, to): "time out", "back off" as one word. */
function rolesIn(ws: Words, from: number, to: number): Set<string> {
  const roles = new Set<string>();
  for (let i = from; i < to; i++) {
    const w = ws.w[i]!;
    const role = QUANTITY_ROLES.get(w);
    if (role) roles.add(role);
    const after = i + 1 < to ? ws.w[i + 1] : undefined;
    if (after === 'out' && (w === 'time' || w === 'times' || w === 'timed')) roles.add('timeout');
    if (after === 'off' && (w === 'back' || w === 'backs' || w === 'backed')) roles.add('backoff');
  }
  return roles;
}
function quantityGone(ws: Words, q: Quantity): boolean {
  const before = ws.w[q.word - 1];
  return !!before && (QUANTITY_GONE.has(before) || (before === 'than' && ws.w[q.word - 2] === 'rather'));
}
/** A word of a setting's subject: no number, unit, role, verb of setting, word of change or stop word. */
function subjectWord(w: string): boolean {
  return !(numberAt(w) || UNITS.has(w) || STOP.has(w) || QUANTITY_VERBS.has(w) || QUANTITY_ROLES.has(w) || saidLists().changed.one.has(w));
}
/** Whether the newer text gives a setting the older gives a number another number of its kind (quantityReplaces' rules above). */
function quantityReplaces(newerText: string, olderText: string): boolean {
  const nws = wordsOf(newerText);
  const ows = wordsOf(olderText);
  const newer = quantitiesOf(newerText, nws);
  if (!newer.length) return false;
  const older = quantitiesOf(olderText, ows);
  if (!older.length) return false;
  const olderWords = new Set<string>();
  for (const w of ows.w) olderWords.add(crude(w));
  const newerWords = new Set<string>();
  for (const w of nws.w) newerWords.add(crude(w));
  if (olderText.includes('?') || saysAny(saidLists().hedged, olderText, ows) || negatedSaid(olderText, ows)) return false;
  // A condition, a plan or an option anywhere in the newer ("If the proxy is slow, the timeout can be 60 s"): no change made.
  if (newerText.includes('?') || saysAny(saidLists().hedged, newerText, nws)) return false;
  for (const nq of newer) {
    if (quantityGone(nws, nq)) continue;
    const roles = rolesIn(nws, nq.from, nq.to);
    if (!roles.size) continue;
    for (const oq of older) {
      if (oq.dim !== nq.dim || oq.value === nq.value) continue;
      const olderRoles = rolesIn(ows, oq.from, oq.to);
      if (![...roles].some((r) => olderRoles.has(r))) continue;
      // The older's number said again and not as the one before: both may hold ("a 30 s timeout for reads, 60 s for writes").
      if (newer.some((q) => q.dim === oq.dim && q.value === oq.value && !quantityGone(nws, q))) continue;
      // The newer's number already the older's: nothing changed.
      if (older.some((q) => q.dim === nq.dim && q.value === nq.value)) continue;
      // The newer's clause: kept, planned or negated says no change made; a word of another scope or subject, another setting.
      const clause = newerText.slice(nws.at[nq.from]!, nws.end[nq.to - 1]!);
      const cws = wordsOf(clause);
      if (saysAny(saidLists().kept, clause, cws) || negatedSaid(clause, cws)) continue;
      let subject = 0;
      let other = false;
      for (let i = nq.from; i < nq.to; i++) {
        const w = nws.w[i]!;
        if (w.length < 2 || !subjectWord(w)) continue;
        // "a request", "per call": what a number is counted by.
        if ((nws.w[i - 1] === 'a' || nws.w[i - 1] === 'an' || nws.w[i - 1] === 'per' || nws.w[i - 1] === 'each') && i - 2 >= 0 && UNITS.has(nws.w[i - 2]!)) continue;
        const scope = SCOPES.get(w);
        if (scope && !olderWords.has(crude(w))) {
          other = true;
          break;
        }
        if (olderWords.has(crude(w))) subject++;
        else {
          other = true;
          break;
        }
      }
      if (other || !subject) continue;
      // The older's own subject words the newer does not say: more than one, and the newer's setting may be another, wider one
      // ("Requests time out after 15 seconds by default" beside "Blackjack HTTP requests time out after 6 seconds"), unless the
      // newer names the older's number as the one before ("Poll timeout is 15 s (was 60 s)").
      let unsaid = 0;
      for (let i = oq.from; i < oq.to; i++) {
        const w = ows.w[i]!;
        if (w.length < 2 || !subjectWord(w)) continue;
        if (!newerWords.has(crude(w))) unsaid++;
      }
      if (unsaid > 1 && !newer.some((q) => q.dim === oq.dim && q.value === oq.value && quantityGone(nws, q))) continue;
      return true;
    }
  }
  return false;
}

/** The fact's first word where it is a name by its shape (a domain "benshi.me", an identifier "api_v2", "camelCase"), lower-cased; else ''. */
function nameFirst(text: string): string {
  const first = text.slice(0, (text.indexOf(' ') + 1 || text.length + 1) - 1).replace(/(?:'s|\u2019s)?[,:;]?$/, '');
  return /^[\w-]+(?:[._][\w-]+)+$|^[a-z]+[A-Z]\w*$/.test(first) && !/^\d+(?:\.\d+)*$/.test(first) ? first.toLowerCase() : '';
}

/**
 * Whether two paths of one file name are two owners' files, not one file moved: a folder only one has is a scope
 * ("api/config.yml", "worker/config.yml") or a word only one fact says ("Billing settings live in services/billing/…").
 */
function otherOwner(a: string, b: string, newer: Read, older: Read): boolean {
  const segs = (p: string) => p.split('/').slice(0, -1).filter(Boolean).map((x) => x.toLowerCase());
  const sa = segs(a);
  const sb = segs(b);
  for (const x of [...sa.filter((s) => !sb.includes(s)), ...sb.filter((s) => !sa.includes(s))]) {
    if (SCOPES.has(x)) return true;
    if (newer.words.has(crude(x)) !== older.words.has(crude(x))) return true;
  }
  return false;
}

/** Whether both facts name one tool (of a kind other than a path): a subject shared, where its name is no word ("Prometheus reads …"). */
function namedBoth(newer: Read, older: Read): boolean {
  return newer.values.some((v) => v.kind !== 'path' && older.values.some((o) => o.kind === v.kind && o.name === v.name));
}

/** Words of a port's role ("listens", "serves", "binds"): shared, they say nothing of which service. */
const PORT_ROLE = new Set('port listen serv serve bind bound run runs default connect us use expos fall back'.split(' '));
/** "(it was 465)", "formerly 8080", "from 3000": a number named as the one before. */
/** The words that name a value as the one before: "(was 4312)", "formerly 465". */
const WAS = new Set(['was', 'were', 'formerly', 'previously']);
function numberWas(text: string, n: string): boolean {
  const ws = wordsOf(text);
  for (let i = 1; i < ws.w.length; i++) if (ws.w[i] === n && WAS.has(ws.w[i - 1]!)) return true;
  return false;
}
/** Words written in capitals, three letters or more ("PORT", "SMTP_PORT", "DATABASE_URL"): a variable or a name. */
function capitalsOf(text: string): Set<string> {
  const out = new Set<string>();
  for (const m of text.matchAll(/\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*\b/g)) if (m[0].length >= 3) out.add(m[0]);
  return out;
}
/**
 * Whether two facts of a port say one subject ('same'), another ('other'), or neither shows ('none'): each content word of the newer's clause of its port (no word of a port's role)
 * is the older's, or of a scope the older names ("The server's default port" / "The backend serves the API"), and no tool is
 * named there the older does not name ("The Redis container binds 6380" beside "The app container listens on port 3000"); and
 * something is shared (a word, a named thing, a variable: "pm_monitor.py listens on port 8647" / "…pm_monitor.py serves on port 8080").
 */
function portSubject(nt: string, ot: string, nv: Value, newer: Read, older: Read): 'same' | 'other' | 'none' {
  const { at } = scan(nt);
  const port = at.find((a) => a.canon === nv.name);
  if (!port) return 'none';
  // The port's clause: from the last stop, ';', ',' or '(' before it to the first after it.
  let from = port.start;
  while (from > 0 && !';,!?()'.includes(nt[from - 1]!) && !(nt[from - 1] === '.' && /\s/.test(nt[from] ?? ''))) from--;
  let to = port.end;
  while (to < nt.length && !';,!?()'.includes(nt[to]!) && !(nt[to] === '.' && /\s|$/.test(nt[to + 1] ?? ''))) to++;
  for (const a of at) if (a.start >= from && a.end <= to && a.canon !== nv.name && !older.values.some((o) => o.name === a.canon)) {
    const v = newer.values.find((x) => x.name === a.canon);
    if (v && v.kind !== 'path' && v.kind !== 'port') return 'other';
  }
  let masked = nt.slice(from, to);
  for (const a of at) if (a.start >= from && a.end <= to) masked = masked.slice(0, a.start - from) + ' '.repeat(a.end - a.start) + masked.slice(a.end - from);
  let said = 0;
  for (const w of masked.toLowerCase().match(/[a-z][a-z0-9-]*/g) ?? []) {
    if (STOP.has(w) || w.length < 2) continue;
    const c = crude(w);
    if (PORT_ROLE.has(c) || PORT_ROLE.has(w) || GENERIC.has(c)) continue;
    const scope = SCOPES.get(w);
    if (older.words.has(c) || (scope && older.scopes.has(scope))) said++;
    else return 'other';
  }
  if (said) return 'same';
  if (newer.values.some((v) => v.kind !== 'port' && older.values.some((o) => o.kind === v.kind && o.name === v.name))) return 'same';
  const caps = capitalsOf(ot);
  for (const c of capitalsOf(nt)) if (caps.has(c)) return 'same';
  return 'none';
}
/** Whether each fact names a variable ("SMTP_SSL", "DIRECT_URL") the other does not: two settings, each of its own. */
function variablesApart(nt: string, ot: string): boolean {
  const vars = (t: string) => [...capitalsOf(t)].filter((c) => c.includes('_'));
  const a = vars(nt);
  const b = vars(ot);
  return a.some((v) => !b.includes(v)) && b.some((v) => !a.includes(v));
}

/** "maintains", "maintainer", "looks after", "took over": the role of who keeps a thing (not "unmaintained"). */
const MAINTAIN = /\bmaintain(?:s|ed|er|ers|ing)?\b|\blook(?:s|ed|ing)?\s+after\b|\btook\s+over\b|\btakes\s+over\b/i;
function maintainSaid(text: string): boolean {
  const low = text.toLowerCase();
  return (low.includes('maint') || low.includes('after') || low.includes('over')) && MAINTAIN.test(text);
}
/** A person's or an organisation's name by its shape: words with a capital ("Indrajeet Patil", "D. J. Hawkey Jr.", "X.Org"). */
const PERSON = /(?<![\w.])[A-Z][\w'\u00c0-\u024f-]*(?:\.[A-Z][\w'\u00c0-\u024f-]*)*\.?(?:\s+(?:[A-Z][\w'\u00c0-\u024f-]*\.?|de|van|von|der|da|le))*/g;
/** Words a fact of maintaining says that are neither the thing maintained nor who. */
const MAINTAIN_WORDS = new Set('maintain maintainer maintenanc look took take after over sinc packag project library'.split(' '));
/**
 * Whether the newer fact names another maintainer of the thing the older says who maintains: "Michael Sevestre is
 * ospsuite.utils' maintainer" over "ospsuite.utils is maintained by Indrajeet Patil", "X.Org took over libXaw3d's
 * maintenance" over "D. J. Hawkey Jr. maintains libXaw3d". Both say the role; a thing's name shared (no word of the
 * role, no capitalised name); the older's names none of the newer's, and the newer names one the older does not.
 * Not one who started or created it ("Kaleb Keithley originated libXaw3d": no role), not one added ("also maintains").
 */
function maintainerReplaces(nt: string, ot: string): boolean {
  const newer = read(nt);
  if (newer.kept || newer.negated) return false;
  const older = read(ot);
  if (older.hedged || older.negated) return false;
  const names = (t: string) => {
    const out: string[] = [];
    for (const m of t.matchAll(PERSON)) {
      const n = m[0].replace(/\.$/, '');
      if (n.length < 2 || STOP.has(n.toLowerCase()) || MAINTAIN_WORDS.has(crude(n.toLowerCase()))) continue;
      out.push(n.toLowerCase().replace(/\s+/g, ' '));
    }
    return out;
  };
  const inText = (n: string, t: string) => t.toLowerCase().replace(/\s+/g, ' ').includes(n);
  // A name both say is the thing maintained ("SCSSPHP", "WiringPi"), not who.
  const nn = names(nt).filter((n) => !inText(n, ot));
  const on = names(ot).filter((n) => !inText(n, nt));
  // The older's maintainer named in the newer: the same, or one more beside.
  if (!on.length || on.some((n) => inText(n, nt))) return false;
  if (!nn.some((n) => !inText(n, ot))) return false;
  // The thing maintained: a word both say outside every name and the role.
  const things = (t: string, ns: string[]) => {
    let rest = t.toLowerCase().replace(/\s+/g, ' ');
    for (const n of ns) rest = rest.replace(n, ' ');
    return new Set((rest.match(/[a-z][\w.+-]*[\w+]/g) ?? []).map((w) => w.replace(/(?:'s|\u2019s)$/, '')).filter((w) => w.length > 2 && !STOP.has(w) && !MAINTAIN_WORDS.has(crude(w))));
  };
  // Every one the newer names is the older's ("The Payments team maintains the checkout service" names another service).
  // The newer's clause of the role, its asides left out ("Sean Reifschneider (tummy.com) looks after python-memcached; issues go to …").
  const clause = nt.replace(/\([^()]*\)/g, ' ').split(/;|,\s/).find((c) => MAINTAIN.test(c)) ?? nt;
  const a = things(clause, nn);
  const b = things(ot, on);
  if (!a.size) return false;
  for (const w of a) if (!b.has(w)) return false;
  return true;
}

/** A configuration's words, as crude() leaves them: "config", "configured", "configuration", "settings", "preferences". */
const CONFIG_STEMS = new Set('config configur configuration setting preferenc pref conf'.split(' '));
/** Parts of a path that name no subject: folders and names any project has, extensions. */
const PATH_PARTS_GENERIC = new Set('src lib app config conf settings prefs etc usr local home root'.split(' '));
/**
 * Whether the newer fact puts one subject's configuration in another file or folder: both facts say a word of
 * configuration, and the two paths name one subject (a part both paths have that no project's layout has:
 * "taproot" in ".taproot/settings.yaml" and ".taproot.yaml", "newrelic" in "config/newrelic.php" and
 * "config/laravel-newrelic.php"), or a word of the subject both facts say ("BuildRunner"), with no folder of
 * another owner ("api/config.yml", "worker/config.yml"). Not a file of another role beside it ("gtm's user themes
 * are in ~/.config/gtm/themes/": no word of configuration said).
 */
function configMoved(nv: Value, olds: Value[], newer: Read, older: Read): boolean {
  // Said in words, or by the file's name ("config.json", "prefs.json", "~/.eslintrc").
  const named = (r: Read) => r.values.some((v) => v.kind === 'path' && /(?:^|[/._-])(?:config|conf|settings|prefs|preferences)(?:[._-]|$)|\/\.\w+rc$|^\.\w+rc$/i.test(v.name));
  const says = (r: Read) => [...r.words].some((w) => CONFIG_STEMS.has(w)) || named(r);
  if (!says(newer) || !says(older)) return false;
  // A path's parts without its file's extension ("config/telescope.lua": config, telescope).
  const parts = (p: string) => new Set(p.toLowerCase().replace(/\.[a-z0-9]{1,6}$/, '').split(/[/._~<>*-]+/).filter((x) => x.length > 1 && !PATH_PARTS_GENERIC.has(x)));
  const mine = parts(nv.name);
  let noun = false;
  for (const w of newer.words) if (older.words.has(w) && !CONFIG_STEMS.has(w) && !GENERIC.has(w) && !PLACE_VERBS.has(w) && !SCOPES.has(w) && w !== 'root' && w !== 'file') noun = true;
  for (const o of olds) {
    if (o.name === nv.name || otherOwner(nv.name, o.name, newer, older)) continue;
    if (noun || [...parts(o.name)].some((x) => mine.has(x))) return true;
  }
  return false;
}

/** An environment variable by its shape: capitals joined by "_" ("WEBHOOK_SECRET", "DORA_WEB_UPGRADER_SECRET"). */
const VARIABLE = /\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b/;
const VARIABLES = /\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b/g;
/** Words that say how a variable gives its value, not what the value is. */
const VARIABLE_VERBS = new Set('hold holds held read reads set sets stored comes given gives variable environment value named called kept keeps provides contains loaded'.split(' '));
/**
 * Whether the newer fact names another variable for what the older's variable holds: "DORA_WEB_UPGRADER_SECRET
 * holds the webhook secret" over "The upgrade webhook's secret is read from WEBHOOK_SECRET". Each names one variable,
 * another; the older's is not in the newer; what the newer says it holds is two words or more, all the older's
 * (so "AWS_ACCESS_KEY_ID holds the key" leaves "AWS_SECRET_ACCESS_KEY holds the key": one word says too little).
 */
function variableRenamed(nt: string, ot: string): boolean {
  const nv = [...new Set(nt.match(VARIABLES))];
  const ov = [...new Set(ot.match(VARIABLES))];
  if (nv.length !== 1 || ov.length !== 1 || nv[0] === ov[0] || nt.includes(ov[0]!)) return false;
  const newer = read(nt);
  if (newer.kept || newer.negated) return false;
  const older = read(ot);
  if (older.hedged || older.negated) return false;
  const words = (t: string, v: string) => {
    const out = new Set<string>();
    for (const w of t.replace(v, ' ').toLowerCase().replace(/(?:'s|\u2019s)\b/g, '').match(/[a-z][a-z0-9-]*/g) ?? []) {
      if (w.length < 3 || STOP.has(w) || VARIABLE_VERBS.has(w)) continue;
      out.add(crude(w));
    }
    return out;
  };
  const a = words(nt, nv[0]!);
  const b = words(ot, ov[0]!);
  if (a.size < 2) return false;
  for (const w of a) if (!b.has(w)) return false;
  return true;
}

/** Words of a role that say nothing of which (generic verbs and nouns of any fact). */
const GENERIC = new Set('tool tools code file files thing stuff way setup config configured'.split(' '));

/**
 * Whether `newerText` fills a role `olderText` fills with another value of the same kind: the
 * older's value is not named by the newer, or named as gone; no scope the older lacks; nothing
 * kept, planned or added beside. Kinds a project has several of need a word of the role shared
 * and a word of change too.
 */
/** A fact's opening condition, by its names: "On Raspberry Pi OS Bookworm …", "For Windows …", "Under Python 2 …". */
const OPENING_CONDITION = /^\s*(?:On|For|In|Under|With)\s+(?:the\s+)?([A-Z][\w.+-]*(?:\s+(?:[A-Z0-9][\w.+-]*))*)/;
/** Whether both facts open with a condition and the two name nothing in common. */
function conditionsApart(newerText: string, olderText: string): boolean {
  const n = OPENING_CONDITION.exec(newerText)?.[1];
  const o = n && OPENING_CONDITION.exec(olderText)?.[1];
  if (!n || !o) return false;
  const names = new Set(o.toLowerCase().split(/\s+/));
  return !n.toLowerCase().split(/\s+/).some((w) => names.has(w));
}
export function slotReplaces(newerText: string, olderText: string): boolean {
  // Chinese facts are read by the phrase rules only: this reader knows English scopes and cues.
  if (HAN.test(newerText) || HAN.test(olderText)) return false;
  // Each fact said under a condition of its own ("On Bullseye the boot settings are in /boot/config.txt" beside "On Raspberry
  // Pi OS Bookworm … /boot/firmware/config.txt"; "On macOS …" beside "On Linux …"): two cases, both true.
  if (conditionsApart(newerText, olderText)) return false;
  // No value of the newer's kinds in the older with another name: no slot filled anew, whatever else they say (and the second stage's expressions are not compiled).
  // A setting's number by its shape, read apart: its words are no tool's.
  if (DIGIT.test(newerText) && DIGIT.test(olderText) && quantityReplaces(newerText, olderText)) return true;
  // Who maintains a thing, by the shape of a name: read apart, only where both facts say a word of maintaining.
  if (maintainSaid(newerText) && maintainSaid(olderText) && maintainerReplaces(newerText, olderText)) return true;
  // A setting's variable by its shape ("WEBHOOK_SECRET"): read apart, only where both facts name one.
  if (newerText.includes('_') && olderText.includes('_') && VARIABLE.test(newerText) && VARIABLE.test(olderText) && variableRenamed(newerText, olderText)) return true;
  const newerValues = scan(newerText).values;
  if (!newerValues.length) return false;
  const olderValues = scan(olderText).values;
  if (!newerValues.some((n) => olderValues.some((o) => o.kind === n.kind && o.name !== n.name && !o.attributive))) return false;
  const newer = read(newerText);
  if (newer.kept) return false;
  const older = read(olderText);
  if (older.hedged || older.negated) return false;
  // The newer narrows to a scope the older does not name ("The docs site deploys on Netlify" beside "We deploy with Heroku"): another role.
  // What each says its subject is of ("the orders table", "the users table"; "Node versions", "Ruby versions"): where both say one, one at least in common.
  let ofNewer = false;
  let ofBoth = false;
  let ofOlder = false;
  for (const s of newer.scopes) {
    if (s.startsWith('of:')) {
      ofNewer = true;
      if (older.scopes.has(s)) ofBoth = true;
    } else if (!older.scopes.has(s)) return false;
  }
  for (const s of older.scopes) if (s.startsWith('of:')) ofOlder = true;
  if (ofNewer && ofOlder && !ofBoth) return false;
  const shared = [...newer.words].some((w) => older.words.has(w) && !GENERIC.has(w));
  const sharedNoun = [...newer.words].some((w) => older.words.has(w) && !GENERIC.has(w) && !PLACE_VERBS.has(w));
  // The rest of the two facts nearly the same ("Staging deploys go to Heroku" / "… go to Render"): the frame said again with another value.
  let both = 0;
  for (const w of newer.words) if (older.words.has(w)) both++;
  const sameFrame = both > 0 && both / (newer.words.size + older.words.size - both) >= 0.5;
  for (const nv of newer.values) {
    const olds = older.values.filter((v) => v.kind === nv.kind && v.name !== nv.name && !v.attributive);
    if (!olds.length) continue;
    // A value the newer names as gone is no new one ("Vitest replaced Jest": Jest).
    if (namedGone(newerText, nv.name)) continue;
    // The newer's value is the older's too ("Postgres and Redis" / "Redis now"): no new value in this kind.
    if (older.values.some((v) => v.kind === nv.kind && v.name === nv.name)) continue;
    const restated = olds.filter((o) => newer.values.some((v) => v.name === o.name));
    // Every old value of the kind the newer still names must be named as gone.
    if (restated.length && !restated.every((o) => namedGone(newerText, o.name))) continue;
    // A negation the change does not explain may be of the new value ("We do not use Vitest", "Implementation NOT started"): only one before an old value.
    // A port is said of its own clause: a negation elsewhere ("…; no environment variable is needed") is of something else.
    if (newer.negated && (nv.kind !== 'port' || negatedBefore(newerText, nv.name)) && !restated.some((o) => negatedBefore(newerText, o.name))) continue;
    // What the newer is for, where the older does not say it ("…replaced by Rollbar for security alerts" over "Sentry reports performance errors"): a narrower role.
    if (newer.purpose.some((w) => !older.words.has(w) && !ROLE_WORDS[nv.kind]?.test(w))) continue;
    // A subject the older does not have, for kinds a project has several of ("Campaign drafts are now stored in PostgreSQL" over "Campaigns are stored in SQLite").
    // Where one named thing is hosted, said of that thing again first ("lambdasoftware.be is served from GitHub Pages" over
    // "lambdasoftware.be is hosted on Hetzner"): its host, whatever words say the change (its name is the subject both say).
    const sameHead = nv.kind === 'host' && nameFirst(newerText) !== '' && nameFirst(newerText) === nameFirst(olderText);
    if (SEVERAL.has(nv.kind) && !sameHead && newer.subject.some((w) => !older.words.has(w))) continue;
    const role = shared || !!ROLE_WORDS[nv.kind]?.test(newerText) && ROLE_WORDS[nv.kind]!.test(olderText);
    if (nv.kind === 'path') {
      if (configMoved(nv, olds, newer, older)) return true;
      // One file's name in another folder ("/boot/config.txt", "/boot/firmware/config.txt"): the file moved, said of one subject (a
      // word or a named tool shared), with or without a word of change. Not a folder: "src/" and "lib/src/" may both be.
      const base = (p: string) => p.slice(p.lastIndexOf('/') + 1);
      const file = base(nv.name);
      if (nv.name.includes('/') && file.includes('.') && (sharedNoun || namedBoth(newer, older)) && olds.some((o) => o.name.includes('/') && base(o.name) === file && !otherOwner(nv.name, o.name, newer, older))) return true;
      // Two folders of one parent ("cypress/e2e", "cypress/quarantine"): part of the things moved, the rest staying, as often as all.
      const top = (p: string) => p.replace(/^[~.]*\//, '').split('/')[0];
      if (nv.name.includes('/') && olds.some((o) => o.name.includes('/') && top(o.name) === top(nv.name))) continue;
      if (!(sharedNoun && (newer.changed || restated.length))) continue;
    } else if (nv.kind === 'port') {
      // One service listens on one port: another port said of it replaces the older, with or without a word of change, where
      // the older's port is named as the one before ("(it was 465)"), or where both say one subject (portSubject) and no two
      // variables apart ("DATABASE_URL … 6543" beside "DIRECT_URL … 5432": two connections).
      const before = olds.some((o) => namedGone(newerText, o.name) || numberWas(newerText, o.name));
      // The newer names which port was before ("Default port is now 4711 (was 4312)"): only the fact of that port is replaced,
      // not another's ("The metrics port is 9090").
      if (!before && wordsOf(newerText).w.some((w, i, ws) => w !== nv.name && /^\d{2,5}$/.test(w) && WAS.has(ws[i - 1] ?? ''))) continue;
      if (!before) {
        const subject = portSubject(newerText, olderText, nv, newer, older);
        if (subject === 'other' || (subject === 'same' ? variablesApart(newerText, olderText) : !(role && (newer.changed || restated.length || sameFrame)))) continue;
      }
    } else if (SEVERAL.has(nv.kind) || nv.kind === 'lang') {
      // A host said of the very subject the older says it of ("Production is Vercel…" over "Production runs from the Procfile on Heroku").
      const sameSubject = nv.kind === 'host' && newer.subject.length > 0 && newer.subject.length === older.subject.length && newer.subject.every((w) => older.subject.includes(w));
      if (!(role && (newer.changed || restated.length || sameFrame || sameHead || sameSubject))) continue;
    } else if (!role && !newer.changed && !restated.length) continue;
    return true;
  }
  return false;
}
