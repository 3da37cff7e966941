// The dream at three sizes (issue 28 items 1 and 2), apart from the sizes part (sizes.mjs), which it
// feeds: at S, L and (with `--xl` or BENCH_XL=1) XL,
// - the first dream over the whole journal (what every clone met before MEMORY.md said what it took
//   in), timed: wall and CPU (user+sys, its git processes included). Past `[journal] fold_at` it
//   also folds the journal's past months, in a commit of its own;
// - the commit ids it could not resolve (short ids several commits start with, or missing), each
//   reported in a warning;
// - the dream in a fresh clone of the repository that dreamt: it continues from what the committed
//   MEMORY.md took in, so it reads no session again.
// The dream's commits are kept beside the repository (`<repo>.dreamt.bundle`): the sizes part starts
// from them instead of dreaming again.
// Alone: node bench/parts/sizes-dream.mjs [S] [L] [XL]      (after `npm run build`)
import { execFileSync, spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { keepDreamt, load, settleWorkers, sizeCopy, sizeRepos, timed } from './sizes.mjs';

/** Targets of item 1 on this machine, on the dream's CPU time (user+sys): ≤ 30 s at 10k sessions, ≤ 3 min at 50k. */
const TARGET_S = { L: 30, XL: 180 };

export async function run({ summary, ws, env, BIN, big, xl, printTable, only }) {
  const git = (cwd, ...args) => execFileSync('git', args, { cwd, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  const rows = [];
  for (const [name, repo] of (await sizeRepos(big, xl, BIN)).filter(([n]) => !only || only.includes(n))) {
    const loadAt = load();
    const t0 = performance.now();
    const step = () => `${((performance.now() - t0) / 1000).toFixed(0)} s`;
    const dir = sizeCopy(ws, repo, `dream-${name}`);
    console.log(`  ${name}: working copy at ${step()}`);
    // The copy's writes reach the disk first: the fold's unlinks otherwise wait behind that writeback
    // (14.7 s of blocked unlinks in one L dream timed right after its copy).
    spawnSync('sync', [], { stdio: 'ignore' });
    await settleWorkers(env); // nothing of an earlier part or size running while the dream is timed
    const dream = timed(process.execPath, [BIN, 'dream', '--offline', '--force', '--json'], dir, env);
    const d = JSON.parse(dream.stdout);
    const unresolved = (dream.stderr.match(/names commit [0-9a-f]+, which several commits start with/g) ?? []).length;
    const missing = (dream.stderr.match(/names commit [0-9a-f]+, which is not in this clone/g) ?? []).length;
    keepDreamt(repo, dir, env, BIN, { sessions: d.sessions, lines: d.lines, entries: d.entries, folded: d.fold?.folded ?? 0, dreamS: dream.ms / 1000, dreamCpuS: dream.cpu / 1000 });
    const loadMid = load();
    console.log(`  ${name}: dreamt and kept at ${step()}`);
    // A fresh clone of it dreams: it continues from what its committed MEMORY.md took in.
    const clone = join(ws.dir, `dream-${name}-clone`);
    git(ws.dir, 'clone', '-q', dir, clone);
    const again = timed(process.execPath, [BIN, 'dream', '--offline', '--force', '--json'], clone, env);
    const a = JSON.parse(again.stdout);
    rmSync(clone, { recursive: true, force: true });
    rmSync(dir, { recursive: true, force: true });
    console.log(`  ${name}: clone dreamt, copies removed at ${step()}`);
    rows.push({
      name,
      commits: repo.commits,
      sessions: repo.sessions,
      load: `${loadAt} → ${loadMid}`,
      dream: { s: dream.ms / 1000, cpuS: dream.cpu / 1000, sessions: d.sessions, lines: d.lines, folded: d.fold?.folded ?? 0, foldDays: d.fold?.days ?? 0 },
      clone: { s: again.ms / 1000, cpuS: again.cpu / 1000, sessions: a.sessions, committed: a.commit !== null },
      unresolved,
      missing,
    });
  }
  printTable(
    ['size', 'first dream: wall / CPU', 'sessions, MEMORY.md, folded', 'dream in a clone: wall / CPU', 'ids unresolved', 'load'],
    rows.map((x) => [
      `${x.name} (${x.commits} commits, ${x.sessions} sessions)`,
      `${x.dream.s.toFixed(1)} / ${x.dream.cpuS.toFixed(1)} s`,
      `${x.dream.sessions}, ${x.dream.lines} lines, ${x.dream.folded} files into ${x.dream.foldDays} days`,
      `${x.clone.s.toFixed(1)} / ${x.clone.cpuS.toFixed(1)} s, ${x.clone.sessions} sessions${x.clone.committed ? ' (committed!)' : ''}`,
      `${x.unresolved} ambiguous, ${x.missing} missing`,
      x.load,
    ]),
  );
  for (const x of rows) {
    const target = TARGET_S[x.name];
    const label = `${x.name}: first dream over ${x.dream.sessions} sessions, CPU (wall ${x.dream.s.toFixed(1)} s at load ${x.load})`;
    if (target) summary.add(label, `${x.dream.cpuS.toFixed(1)} s`, x.dream.cpuS, { max: target }, `≤ ${target} s`);
    else summary.note(label, `${x.dream.cpuS.toFixed(1)} s`);
    summary.add(`${x.name}: dream in a fresh clone, sessions read again`, String(x.clone.sessions), x.clone.sessions, { equals: 0 }, '0 (incremental)');
    // The generated sessions name their commits by 7-digit ids, as sessions did before full ids:
    // 461 are ambiguous at L, 10,382 at XL. Each is resolved by the session's date and branch;
    // any left is reported in a warning (counted here), never dropped without a word.
    summary.add(`${x.name}: short commit ids the dream could not resolve (each reported in a warning)`, `${x.unresolved} ambiguous, ${x.missing} missing`, x.unresolved + x.missing, { equals: 0 }, '0');
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { standalone } = await import('./sizes.mjs');
  await standalone(run);
}
