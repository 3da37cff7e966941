import { spawn } from 'node:child_process';
import { serializeSession, type Session } from '../../src/memory/session.js';
import { serializeTasks, type Task } from '../../src/memory/tasks.js';
import { headId, makeMemoryRepo, type TestRepo } from './repo.js';

/** A fact the sessions state, and what a new agent must be told of it after the dream. */
export interface TruthFact {
  id: string;
  /** What the primer must say (a distinctive part of the fact's newest wording). */
  expect: string;
  /** Text the primer must not state as holding (the contradicted older version). */
  notExpect?: string;
  /** The fact's file changed after it was stated: the primer marks it. */
  stale?: boolean;
}

export interface DreamHistory {
  repo: TestRepo;
  sessions: Session[];
  tasks: Task[];
  facts: TruthFact[];
  /** The last next steps of each branch. */
  nextSteps: string[];
  /** "Now" after the history: the day after its last session. */
  now: string;
}

interface Said {
  kind: 'learned' | 'decisions' | 'notes';
  text: string;
}

/** What sessions say, by session number (0-based): repeated in other words, and contradicted. */
function statements(i: number): Said[] {
  const out: Said[] = [];
  const L = (text: string) => out.push({ kind: 'learned', text });
  const D = (text: string) => out.push({ kind: 'decisions', text });
  // C1: a convention said six times, in three wordings.
  if ([2, 9, 15, 24, 33, 39].includes(i)) {
    L(['Run the auth tests with --runInBand: they share one database', 'auth tests must run with --runInBand because they share the database', 'Always run the auth tests with --runInBand (they share the database)'][i % 3]!);
  }
  // D1: a decision, contradicted later (newer wins).
  if (i === 5) D('Sessions expire after 30 minutes of inactivity (src/auth/session.ts)');
  if (i === 27) D('Sessions expire after 60 minutes of inactivity (src/auth/session.ts)');
  // D3: a decision reversed (the opposite sense).
  if (i === 7) D('Use pnpm to install dependencies');
  if (i === 23) D('Do not use pnpm to install dependencies');
  if (i === 24) D('Dependencies are installed with npm ci');
  // D2, C3: facts of the feature branch, repeated there.
  if ([17, 25, 29].includes(i)) D(['Invoices are stored in cents as integers, never floats', 'Store invoice amounts as integer cents, never as floats', 'Invoices are stored in cents as integers, never floats'][[17, 25, 29].indexOf(i)]!);
  if ([19, 29].includes(i)) L('Billing webhooks are verified with the Stripe-Signature header');
  // G1: a gotcha, twice.
  if ([11, 30].includes(i)) L(i === 11 ? 'Never renumber files in db/migrations/: they run in file-name order' : 'Files in db/migrations/ run in file-name order, never renumber them');
  // G3: a relative date that must become absolute.
  if (i === 19) L('The payment sandbox was down yesterday; retry before assuming a bug');
  // C2: a convention.
  if ([13, 35].includes(i)) L('Feature flags live in config/flags.json');
  // P1: the user's preference, twice.
  if ([4, 31].includes(i)) L('The user prefers small pull requests with one change each');
  // S1: a fact about a file that is edited later.
  if (i === 9) L('Rebuild the search index after changing src/search/tokenize.ts');
  // G4: a gotcha stated late (in the primer's window).
  if (i === 38) L('The CSV export times out above 50k rows; page it');
  // Noise: what git records anyway.
  if (i === 21) L('Add refund endpoint');
  return out;
}

const AREAS: Record<string, string[]> = { main: ['src/auth', 'src/api', 'test', 'src/search'], 'feature/billing': ['src/billing', 'test'] };
/** Sessions whose commit is to a named file: S1's file (made, then edited after the fact) and D1's. */
const NAMED: Record<number, string> = { 5: 'src/auth/session.ts', 9: 'src/search/tokenize.ts', 27: 'src/auth/session.ts', 40: 'src/search/tokenize.ts' };

/**
 * A realistic history for the dream: 42 sessions over three weeks (2026-11-01 to 2026-11-21) on
 * two branches (feature/billing forks on day 8 and is merged on day 17), each with a real commit
 * (dated that day) and its journal file committed after it, with facts repeated in other words,
 * contradicted, stated about a file edited later, and noise that git already records.
 *
 * Made by one `git fast-import` (history.ts's way), not ~250 git processes: the commits are those
 * that writing each file, `git add`, `git commit` (dated with GIT_AUTHOR_DATE/GIT_COMMITTER_DATE),
 * `checkout` of the branch and `merge --no-ff` made, ids included (a session names its commit's
 * short id, read back from fast-import as it goes). Only the reflog differs: one entry a branch.
 */
export async function dreamHistory(): Promise<DreamHistory> {
  const repo = await makeMemoryRepo({ now: '2026-11-22T09:00:00', until: 'file' });
  const schedule: { day: number; branch: string }[] = [];
  for (let day = 1; day <= 21; day++) {
    if (day >= 8 && day <= 16) schedule.push({ day, branch: 'main' }, { day, branch: 'feature/billing' });
    else schedule.push({ day, branch: 'main' }, { day, branch: 'main' });
  }
  const base = headId(repo.dir, repo.git);
  const importer = fastImport(repo);
  /** Each branch's tip (a mark, or the set-up commit) and the files its commits added. */
  const tips: Record<string, string> = { main: base };
  const added: Record<string, Map<string, string>> = { main: new Map() };
  let mark = 0;
  const commit = (branch: string, when: string, message: string, files: Record<string, string>, merge?: string): string => {
    // git reads GIT_*_DATE in the environment's time zone, UTC (testEnv).
    const at = `${Date.parse(`${when}Z`) / 1000} +0000`;
    const env = repo.env;
    let cmd = `commit refs/heads/${branch}\nmark :${++mark}\nauthor ${env.GIT_AUTHOR_NAME} <${env.GIT_AUTHOR_EMAIL}> ${at}\ncommitter ${env.GIT_COMMITTER_NAME} <${env.GIT_COMMITTER_EMAIL}> ${at}\n${data(`${message}\n`)}from ${tips[branch]}\n`;
    if (merge) cmd += `merge ${merge}\n`;
    for (const [path, text] of Object.entries(files)) {
      cmd += `M 100644 inline ${path}\n${data(text)}`;
      added[branch]!.set(path, text);
    }
    importer.write(`${cmd}\n`);
    tips[branch] = `:${mark}`;
    return tips[branch]!;
  };
  const sessions: Session[] = [];
  /** The sessions' commits, full ids. */
  const ids: string[] = [];
  let current = 'main';
  for (let i = 0; i < schedule.length; i++) {
    const { day, branch } = schedule[i]!;
    if (day === 17 && current !== 'main' && branch === 'main') {
      // git merge --no-ff: the feature's files join main's (they touch different files).
      const theirs = added['feature/billing']!;
      const files = Object.fromEntries([...theirs].filter(([p, t]) => added.main!.get(p) !== t));
      commit('main', '2026-11-17T08:00:00', 'Merge feature/billing', files, tips['feature/billing']);
      current = 'main';
    }
    if (!(branch in tips)) {
      // git checkout -b: the branch starts where main is, with main's files.
      tips[branch] = tips[current]!;
      added[branch] = new Map(added[current]);
    }
    current = branch;
    const date = `2026-11-${String(day).padStart(2, '0')}`;
    const time = `${String(9 + (i % 2) * 5).padStart(2, '0')}:${String((i * 7) % 60).padStart(2, '0')}`;
    // Each session's work is a file of its own in an area (areas recur), except where a fact names one.
    const areas = AREAS[branch]!;
    const file = NAMED[i] ?? `${areas[i % areas.length]}/step-${i + 1}.ts`;
    const subject = i === 21 ? 'Add refund endpoint' : `${branch === 'main' ? 'Work on' : 'Billing:'} ${file} (${i + 1})`;
    const when = `${date}T${time}:00`;
    const code = commit(branch, when, subject, { [file]: `// ${subject}\n` });
    // What `git rev-parse --short HEAD` said: checked against git once all is written.
    const id = await importer.mark(code);
    ids.push(id);
    const sha = id.slice(0, 7);
    const said = statements(i);
    const s: Session = {
      id: `${date.replace(/-/g, '')}-${time.replace(':', '')}-s${String(i).padStart(5, '0')}`,
      date,
      time,
      agent: 'claude',
      author: i % 3 ? 'Jane Doe <jane@example.com>' : 'Bob Li <bob@example.com>',
      branch,
      request: `Session ${i + 1}: ${subject}`,
      learned: said.filter((x) => x.kind === 'learned').map((x) => x.text),
      decisions: said.filter((x) => x.kind === 'decisions').map((x) => x.text),
      completed: [i === 21 ? 'Add refund endpoint' : `Changed ${file} for step ${i + 1}`],
      next_steps: [`Continue with step ${i + 2} of ${branch}`],
      notes: [],
      commits: [{ sha, subject }],
    };
    if (i === 41) s.next_steps = ['Wire the refund webhook to the ledger', 'Write the migration guide for v2'];
    if (i === 31) s.next_steps = ['Add currency rounding tests for invoices'];
    // Later sessions carry on from the step before: those next steps are taken up.
    s.completed.push(...sessions.filter((p) => p.branch === branch).slice(-1).flatMap((p) => p.next_steps.filter((n) => n.startsWith('Continue'))));
    sessions.push(s);
    const path = `.openclaw_memory/journal/${date}/${time.replace(':', '')}-claude-${s.id.slice(-6)}.md`;
    commit(branch, when, `memory: ${s.request}`, { [path]: serializeSession(s, 'en') });
  }
  const tasks: Task[] = [
    { id: 't-a001', task: 'Refund flow end to end', status: 'in_progress', progress: 'endpoint done', next_step: 'webhook', related_files: [] },
    { id: 't-a002', task: 'Migration guide for v2', status: 'todo', related_files: [] },
    { id: 't-a003', task: 'Invoice PDF rendering', status: 'blocked', progress: 'waiting on fonts licence', related_files: [] },
    { id: 't-a004', task: 'Session timeout change', status: 'done', related_files: [] },
  ];
  commit(current, '2026-11-21T18:00:00', 'memory: tasks', {
    '.openclaw_memory.toml': '[project]\nname = "acme-api"\ndescription = "Billing and auth API for Acme"\n',
    '.openclaw_memory/TASKS.md': serializeTasks({ updated: '2026-11-21', tasks }, 'en'),
  });
  await importer.done();
  // The work tree and index as after the last commit on main (a checkout from the set-up commit).
  repo.git('read-tree', '-m', '-u', base, 'HEAD');
  const short = repo.git('log', '--no-walk=unsorted', '--format=%h', ...ids).trim().split('\n');
  if (short.some((id, k) => id !== sessions[k]!.commits[0]!.sha)) throw new Error('dreamHistory: a short commit id is not the one git gives');
  const facts: TruthFact[] = [
    { id: 'C1', expect: '--runInBand' },
    { id: 'D1', expect: '60 minutes', notExpect: '30 minutes' },
    { id: 'D3', expect: 'Do not use pnpm', notExpect: 'Use pnpm to install' },
    { id: 'D3b', expect: 'npm ci' },
    { id: 'D2', expect: 'cents' },
    { id: 'C3', expect: 'Stripe-Signature' },
    { id: 'G1', expect: 'db/migrations/' },
    { id: 'G3', expect: 'was down on 2026-11-09' },
    { id: 'C2', expect: 'config/flags.json' },
    { id: 'P1', expect: 'small pull requests' },
    { id: 'S1', expect: 'Rebuild the search index', stale: true },
    { id: 'G4', expect: 'CSV export times out' },
  ];
  return { repo, sessions, tasks, facts, nextSteps: ['Wire the refund webhook to the ledger', 'Write the migration guide for v2', 'Add currency rounding tests for invoices'], now: '2026-11-22T09:00:00' };
}

const data = (text: string) => `data ${Buffer.byteLength(text)}\n${text}\n`;

/** A `git fast-import` writing into `repo`, told commands as they come; `mark` asks a mark's commit id. */
function fastImport(repo: TestRepo) {
  const git = spawn('git', ['fast-import', '--quiet', '--done'], { cwd: repo.dir, env: repo.env, stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  git.stderr.on('data', (d: Buffer) => void (stderr += d));
  const ended = new Promise<void>((resolve, reject) => {
    git.on('error', reject);
    git.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`git fast-import failed (${code}): ${stderr}`))));
  });
  ended.catch(() => {});
  const lines: string[] = [];
  const waiting: ((line: string) => void)[] = [];
  let rest = '';
  git.stdout.on('data', (d: Buffer) => {
    rest += d.toString('utf8');
    for (let nl = rest.indexOf('\n'); nl >= 0; nl = rest.indexOf('\n')) {
      const line = rest.slice(0, nl);
      rest = rest.slice(nl + 1);
      const w = waiting.shift();
      if (w) w(line);
      else lines.push(line);
    }
  });
  return {
    write: (text: string) => void git.stdin.write(text),
    mark(mark: string): Promise<string> {
      git.stdin.write(`get-mark ${mark}\n`);
      const got = lines.shift();
      return got !== undefined ? Promise.resolve(got) : Promise.race([new Promise<string>((resolve) => waiting.push(resolve)), ended.then(() => Promise.reject(new Error('git fast-import ended')))]);
    },
    async done(): Promise<void> {
      git.stdin.end('done\n');
      await ended;
    },
  };
}
