// Generates the bench repository: N code commits over a year plus a year of git-memory sessions,
// streamed through one `git fast-import`, then `git-memory init` for the hook. Cached in .bench/
// by parameters. Run alone: node bench/gen-repo.mjs [commits] [sessions]
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { BENCH_DIR, ROOT } from './bundle.mjs';
import { AGENTS, PEOPLE, pick, prng, sessionText, skewedPicker, sourcePaths, subjectFor } from './content.mjs';
import { data, FastImport } from './fast-import.mjs';
import { memoryFormats, sessionFile, stampTasks, tasksAt, utcDate, utcTime } from './gen-memory.mjs';
import { cleanEnv } from './measure.mjs';
import { initRepo } from './workspace.mjs';

/** Bump when the generated content changes, so cached repositories are rebuilt. */
const GEN_VERSION = 2;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const YEAR_START = Date.UTC(2025, 11, 1);
const YEAR_DAYS = 365;
/** "Now" for every bench run: the evening of the generated year's last day (a Monday), so the primer's window has sessions. */
export const BENCH_NOW = new Date(YEAR_START + (YEAR_DAYS - 1) * DAY + 19 * HOUR).toISOString();
/** The built binary; `git-memory init` installs the post-commit hook in generated repositories. */
export const BIN = join(ROOT, 'dist', 'git-memory.js');
/**
 * Where the L and XL repositories are kept (GIT_MEMORY_BENCH_CACHE): outside the checkout, since
 * they take minutes to generate (XL: a million commits) and every worktree can share them.
 */
export const SIZE_CACHE_DIR = process.env.GIT_MEMORY_BENCH_CACHE ?? join(homedir(), '.cache', 'git-memory-bench');

/** `total` event times over the year, weekdays busier than weekends, each day between `from` and `from + hours`. */
function schedule(rand, total, fromHour, hours, step = 1000) {
  const weights = Array.from({ length: YEAR_DAYS }, (_, d) => ([0, 6].includes(new Date(YEAR_START + d * DAY).getUTCDay()) ? 0.2 : 1));
  const sum = weights.reduce((a, b) => a + b, 0);
  const times = [];
  let acc = 0;
  weights.forEach((w, d) => {
    const count = Math.round(acc + (total * w) / sum) - Math.round(acc);
    acc += (total * w) / sum;
    const day = [];
    for (let i = 0; i < count; i++) day.push(Math.floor((YEAR_START + d * DAY + fromHour * HOUR + rand() * hours * HOUR) / step) * step);
    times.push(...day.sort((a, b) => a - b));
  });
  return times;
}

const fileText = (path, revision) =>
  `${path}\nrevision ${revision}\n${Array.from({ length: 12 }, (_, i) => `line ${i + 1} of ${path}: unchanged context`).join('\n')}\n`;
const hex = (rand, n) => Array.from({ length: n }, () => Math.floor(rand() * 16).toString(16)).join('');

/** Streams the whole history into `git fast-import` running in `dir`. */
async function streamHistory(dir, env, { commits, sessions, seed, files: fileCount }) {
  const fmt = await memoryFormats();
  const codeRand = prng(seed);
  const memRand = prng(seed + 1); // sessions do not depend on the commit count: same journal in every size
  const paths = sourcePaths();
  const pickPath = skewedPicker(codeRand, paths);
  const srcPaths = paths.filter((p) => p.startsWith('src/'));
  const codeTimes = schedule(codeRand, commits, 8, 11);
  const sessionTimes = schedule(prng(seed + 2), sessions, 9, 9.5, 60_000);

  const fi = new FastImport(dir, env);
  let mark = 0;
  const commit = async (who, ms, message, files) => {
    const ident = `${who} ${Math.floor(ms / 1000)} +0000`;
    let text = `commit refs/heads/main\nmark :${++mark}\nauthor ${ident}\ncommitter ${ident}\n${data(message)}`;
    for (const [path, content] of files) text += `M 100644 inline ${path}\n${data(content)}`;
    await fi.write(`${text}\n`);
    return mark;
  };
  const revisions = new Map(paths.map((p) => [p, 0]));
  // Larger sizes (L, XL) have a tree of `files` paths, as a big codebase does; the extra files are
  // in the first commit only, so commits and sessions are those of the smaller sizes.
  const extra = Array.from({ length: Math.max(0, (fileCount ?? 0) - paths.length) }, (_, i) => `lib/part${String(Math.floor(i / 500)).padStart(3, '0')}/file${i}.ts`);
  const rootFiles = [
    ...paths.map((p) => [p, fileText(p, 0)]),
    ...extra.map((p) => [p, fileText(p, 0)]),
    [fmt.CONFIG_FILE, fmt.configText('acme-billing', 'en', 'Billing API for Acme: invoices, payments and webhooks')],
    [fmt.MEMORY_GITIGNORE, fmt.ignoreText(fmt.ignoreLines(false))],
  ];
  let base = await commit(PEOPLE[0], YEAR_START + 7 * HOUR, 'Initial import of the billing service\n', rootFiles);
  let since = [];
  let tasks = [];
  let next = 0;
  for (let s = 0; s <= sessions; s++) {
    const until = s < sessions ? sessionTimes[s] : Infinity;
    for (; next < codeTimes.length && codeTimes[next] < until; next++) {
      const touched = [...new Set([pickPath(), ...(codeRand() < 0.4 ? [pickPath()] : []), ...(codeRand() < 0.15 ? [pickPath()] : [])])];
      const subject = subjectFor(codeRand, touched[0]);
      const files = touched.map((p) => (revisions.set(p, revisions.get(p) + 1), [p, fileText(p, revisions.get(p))]));
      since.push({ mark: await commit(pick(codeRand, PEOPLE), codeTimes[next], `${subject}\n`, files), subject });
    }
    if (s === sessions) break;
    const at = new Date(sessionTimes[s]);
    const listed = since.slice(-10);
    const [baseSha, ...shas] = await fi.marks([base, ...listed.map((c) => c.mark)]);
    const body = sessionText(memRand);
    const author = pick(memRand, PEOPLE);
    const file = sessionFile(fmt, {
      at,
      agent: pick(memRand, AGENTS),
      suffix: hex(memRand, 6),
      author,
      base: baseSha.slice(0, 7),
      body,
      commits: listed.map((c, i) => ({ sha: shas[i].slice(0, 7), subject: c.subject })),
    });
    const files = [[file.path, file.text]];
    const now = tasksAt(fmt, s / sessions, srcPaths);
    if (JSON.stringify(now.map((t) => [t.id, t.status])) !== JSON.stringify(tasks.map((t) => [t.id, t.status]))) {
      tasks = stampTasks(now, tasks, `${utcDate(at)}T${utcTime(at)}`);
      files.push([fmt.TASKS_FILE, fmt.serializeTasks({ updated: utcDate(at), tasks }, 'en')]);
    }
    base = await commit(author, at.getTime(), `memory: ${body.request}\n\nSession: ${file.path}\n`, files);
    since = [];
  }
  await fi.done();
}

/**
 * The bench repository for these parameters, generated unless cached. Returns its directory and
 * how long generation took (0 when cached).
 * @param {{ commits?: number, sessions?: number, seed?: number, bin?: string }} [opts]
 */
export async function generateRepo({ commits = 20_000, sessions = 1000, seed = 7, files, cacheDir = BENCH_DIR, bin = BIN } = {}) {
  const dir = join(cacheDir, `repo-c${commits}-s${sessions}${files ? `-f${files}` : ''}-r${seed}-v${GEN_VERSION}`);
  const infoPath = (repo) => join(repo, '.git', 'bench-info.json');
  if (existsSync(infoPath(dir))) return { dir, seconds: 0, cached: true, ...JSON.parse(readFileSync(infoPath(dir), 'utf8')) };
  const t0 = performance.now();
  // Built under a private name and renamed into place: a bench started alongside never sees half a repository.
  const tmp = `${dir}.tmp-${process.pid}`;
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(tmp, { recursive: true });
  const env = cleanEnv({ GIT_MEMORY_NOW: BENCH_NOW });
  const git = (...args) => execFileSync('git', args, { cwd: tmp, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  git('init', '-q', '-b', 'main');
  for (const [k, v] of [['user.name', 'Jane Doe'], ['user.email', 'jane@example.com'], ['commit.gpgSign', 'false'], ['gc.auto', '0']]) git('config', k, v);
  await streamHistory(tmp, env, { commits, sessions, seed, files });
  git('reset', '-q', '--hard');
  initRepo(tmp, bin, env);
  const info = { commits: Number(git('rev-list', '--count', 'HEAD').trim()), sessions, generatedSeconds: (performance.now() - t0) / 1000 };
  writeFileSync(infoPath(tmp), JSON.stringify(info));
  if (existsSync(dir) && !existsSync(infoPath(dir))) rmSync(dir, { recursive: true, force: true }); // an interrupted older run
  try {
    renameSync(tmp, dir);
  } catch (e) {
    if (e.code !== 'ENOTEMPTY' && e.code !== 'EEXIST') throw e;
    rmSync(tmp, { recursive: true, force: true }); // another run finished first; its copy is the same
  }
  return { dir, seconds: info.generatedSeconds, cached: false, ...info };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [commits, sessions, files] = process.argv.slice(2).map(Number);
  const cacheDir = files ? SIZE_CACHE_DIR : undefined;
  const got = await generateRepo({ commits: commits || undefined, sessions: sessions || undefined, files: files || undefined, cacheDir });
  console.log(`${got.dir}: ${got.commits} commits, ${got.sessions} sessions${got.cached ? ' (cached)' : `, generated in ${got.seconds.toFixed(1)} s`}`);
}
