// How often a user's `git commit` fails on its first try while `git memory end` runs beside it in
// the same worktree (issue 10, item 26). Not part of `npm run bench`: it is a stress run.
//
//   node bench/commit-beside-end.mjs [path/to/git-memory.js] [user commits, default 100] [pause ms, default 100]
//
// One loop makes the user's commits (write a file, `git add`, `git commit`), a random pause of up to
// twice the given one between them; another
// runs `end` after `end` until the user is done. Prints the failures by git's message.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { cleanEnv } from '../test/helpers/clean-env.mjs';

const BIN = resolve(process.argv[2] ?? join(import.meta.dirname, '..', 'dist', 'git-memory.js'));
const N = Number(process.argv[3] ?? 100);
const PAUSE = Number(process.argv[4] ?? 100);
const dir = mkdtempSync(join(tmpdir(), 'gm-beside-'));
const env = cleanEnv({ OPENCLAW_MEMORY_HOME: mkdtempSync(join(tmpdir(), 'gm-home-')) });

function run(cmd, args) {
  return new Promise((done) => {
    const child = spawn(cmd, args, { cwd: dir, env });
    let err = '';
    child.stderr.on('data', (b) => (err += b));
    child.on('close', (code) => done({ code, err }));
  });
}
const git = (...args) => run('git', args);
const must = async (p) => {
  const r = await p;
  if (r.code !== 0) throw new Error(r.err);
};

await must(git('init', '-q', '-b', 'main'));
for (const [k, v] of [['user.name', 'Jane Doe'], ['user.email', 'jane@example.com'], ['commit.gpgSign', 'false'], ['gc.auto', '0']]) await must(git('config', k, v));
writeFileSync(join(dir, 'README.md'), '# beside\n');
await must(git('add', 'README.md'));
await must(git('commit', '-q', '-m', 'Initial commit'));
await must(run(process.execPath, [BIN, 'init', '--no-hooks']));
await must(git('add', '.'));
await must(git('commit', '-q', '-m', 'Set up git-memory'));

let userDone = false;
let ends = 0;
let endFailures = 0;
const endLoop = (async () => {
  while (!userDone) {
    const r = await run(process.execPath, [BIN, 'end', '--summary', JSON.stringify({ request: `Session ${ends}`, completed: ['Did it'] })]);
    ends++;
    if (r.code !== 0) {
      endFailures++;
      console.log(`  end failed: ${r.err.trim().split("\n")[0]}`);
    }
  }
})();

const failures = new Map();
const fail = (step, err) => {
  const kind = `${step}: ${/index\.lock/.test(err) ? 'index.lock exists' : /cannot lock ref/.test(err) ? 'cannot lock ref HEAD' : err.trim().split('\n')[0]}`;
  failures.set(kind, (failures.get(kind) ?? 0) + 1);
};
let failed = 0;
for (let i = 0; i < N; i++) {
  await new Promise((r) => setTimeout(r, Math.random() * 2 * PAUSE));
  writeFileSync(join(dir, `user-${i}.txt`), `change ${i}\n`);
  const add = await git('add', `user-${i}.txt`);
  if (add.code !== 0) {
    fail('git add', add.err);
    failed++;
    continue;
  }
  const commit = await git('commit', '-q', '-m', `User change ${i}`);
  if (commit.code !== 0) {
    fail('git commit', commit.err);
    failed++;
  }
}
userDone = true;
await endLoop;
const lost = (await new Promise((done) => {
  const c = spawn('git', ['log', '--format=%s'], { cwd: dir, env });
  let out = '';
  c.stdout.on('data', (b) => (out += b));
  c.on('close', () => done(out));
})).split('\n').filter((s) => s.startsWith('User change')).length;
console.log(`${BIN}\nuser commit attempts: ${N}, failed on first try: ${failed} (${((100 * failed) / N).toFixed(1)}%); user commits in history: ${lost}`);
for (const [k, n] of failures) console.log(`  ${n} × ${k}`);
console.log(`ends run beside: ${ends}, failed: ${endFailures}`);
rmSync(dir, { recursive: true, force: true });
