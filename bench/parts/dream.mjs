// Long-term memory's cost on the primer's path (issue 15): the primer with a 200-line MEMORY.md
// whose entries are anchored to files of the large repository, against floor B; and the median of
// the staleness check's one git call on its own.
import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const SECTIONS = ['Conventions', 'Decisions', 'Gotchas', 'User preferences', 'Open leads'];

/** A MEMORY.md of `lines` lines: entries anchored to real files, recorded at commits spread over history. */
function memoryFile(files, commits, lines) {
  const out = ['# Long-term memory', '', '> Consolidated by `git memory dream`.'];
  let n = 0;
  for (let s = 0; out.length < lines; s++) {
    out.push('', `## ${SECTIONS[s % SECTIONS.length]}`, '');
    for (let i = 0; i < 38 && out.length < lines; i++, n++) {
      const file = files[(n * 7) % files.length];
      const at = commits[Math.min(commits.length - 1, 50 + ((n * 13) % 1500))];
      out.push(`- Fact ${n} about ${file}: keep the handler pure and return errors as values <!-- sessions: 20261101-0900-b${String(n).padStart(5, '0')}; files: ${file}; at: ${at}; date: 2026-10-${String(1 + (n % 28)).padStart(2, '0')}; seen: ${1 + (n % 4)} -->`);
    }
  }
  return `${out.join('\n')}\n`;
}

export async function run({ summary, workCopy, env, BIN, big, measure, printTable, ratio, timingRows, runs, git }) {
  const plain = workCopy(big, 'dream-plain');
  const dir = workCopy(big, 'dream');
  const files = git(dir, 'ls-files', '--', ':!.openclaw_memory').split('\n').filter(Boolean);
  const commits = git(dir, 'log', '--format=%h', '-n', '2000').split('\n');
  const text = memoryFile(files, commits, 200);
  writeFileSync(join(dir, '.openclaw_memory', 'MEMORY.md'), text);
  git(dir, 'add', '.openclaw_memory/MEMORY.md');
  git(dir, 'commit', '-q', '-m', 'memory: a 200-line MEMORY.md');
  const anchored = [...new Set([...text.matchAll(/files: ([^;]+);/g)].map((m) => m[1]))].sort();
  // The staleness check's own git call, as the primer asks it (dream/staleness-query.ts): of the facts
  // it tries (~30 of the 200 lines), from their oldest anchor. It was timed from the oldest anchor of
  // the whole file (51 commits back, 5.6 ms), where the primer walks ~780 commits (~16 ms).
  const kept = join(dir, '.git', 'git-memory', 'staleness.json');
  execFileSync(process.execPath, [BIN, 'primer', '--no-write'], { cwd: dir, env, stdio: 'ignore' });
  const [, at, , asked] = JSON.parse(JSON.parse(readFileSync(kept, 'utf8')).key);
  // Where that call's cost is (speed54, valgrind instructions of git, 779 commits, 24 files): 112 M;
  // the walk alone (rev-list --count) 25 M; the same range's --name-only without a pathspec 91 M.
  // Asking it without the pathspec and picking the files in node (where the range is a line of
  // single-parent commits) saved git 21 M and cost node 34 M after git's answer: not done. The
  // commits walked, not the pathspec, are the cost. A commit-graph with changed-path filters took
  // it to 92 M: git 2.39 uses the filters for a pathspec of one path only (33 M -> 4.6 M).
  const walked = git(dir, 'rev-list', '--count', `${at}..HEAD`);
  const node = (name, args, extra = {}) => ({ name, cmd: process.execPath, args, cwd: dir, env, ...extra });
  const floor = ['-e', `require('child_process').execFileSync('git',${JSON.stringify(['log', '-n', '50'])})`];
  const r = measure(
    [
      node('floorB', floor),
      { ...node('primerPlain', [BIN, 'primer']), cwd: plain },
      node('primer', [BIN, 'primer']),
      node('primerFresh', [BIN, 'primer'], { before: () => rmSync(kept, { force: true }) }),
      { name: 'stale', cmd: 'git', args: ['log', '-n400', '--no-renames', '--name-only', '--format=%x1e%H%x1f%cs', `${at}..HEAD`, '--', ...asked], cwd: dir, env },
    ],
    { runs, warmup: 2 },
  );
  printTable(['command', 'median', 'p90', 'runs'], timingRows(r, {
    floorB: 'floor B: node -e execFileSync(git log -n 50)',
    primerPlain: 'git-memory primer without MEMORY.md (today)',
    primer: `git-memory primer with a 200-line MEMORY.md (${anchored.length} anchored files; check kept per HEAD)`,
    primerFresh: 'the same, staleness not kept (its git call runs beside the log)',
    stale: `staleness git call, the primer's: log -n400 <oldest anchor tried>..HEAD (${walked} commits) -- ${asked.length} files`,
  }));
  const primerRatio = r.primer.median / r.floorB.median;
  const plainRatio = r.primerPlain.median / r.floorB.median;
  summary.note('primer without MEMORY.md / floor B (today, same runs)', ratio(plainRatio));
  const freshRatio = r.primerFresh.median / r.floorB.median;
  summary.add('primer with 200-line MEMORY.md / floor B', ratio(primerRatio), primerRatio, { max: 1.5 }, '≤ 1.50×');
  summary.add('…staleness not kept / floor B', ratio(freshRatio), freshRatio, { max: 1.5 }, '≤ 1.50×');
  summary.note('staleness git call, median (one bounded call)', `${r.stale.median.toFixed(1)} ms`);

  // One dream over the whole journal (the first dream reads every session), offline.
  const t0 = performance.now();
  const out = git(dir, 'memory', 'dream', '--offline', '--force', '--json');
  const took = performance.now() - t0;
  const d = JSON.parse(out);
  console.log(`  dream --offline over ${d.sessions} sessions: ${took.toFixed(0)} ms, MEMORY.md ${d.lines} lines, ${d.entries} entries`);
  summary.note(`dream over ${d.sessions} sessions (offline, first dream)`, `${(took / 1000).toFixed(1)} s`);
}
