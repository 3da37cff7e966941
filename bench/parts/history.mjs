// Issue 25's "Done when" on the multi-week, two-branch history the tests use
// (test/helpers/dream-history.ts: 42 sessions over three weeks, main and feature/billing, merged on
// day 17; facts repeated in other words, contradicted, stated about a file edited later). Built here
// as the tests build it, dreamt on both branches (feature/billing in its own worktree first, then
// main), and measured for what a user relies on: the facts in MEMORY.md, contradictions left
// current, stale marks right and wrong, a forgotten fact (by `git memory forget` and by deleting its
// line) staying out after a later session says it again and another dream, and the primer's
// Recent context. Figures, not pass/fail: `node bench/parts/history.mjs` runs it alone.
import { build } from 'esbuild';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { BUNDLE_OPTIONS, ROOT, WORK_DIR } from '../bundle.mjs';

/** The tests' history helper, bundled with bench/history-repo.mjs in place of its vitest-bound ./repo.js. */
async function historyModules() {
  const outfile = join(WORK_DIR, 'lib', 'history.mjs');
  await build({
    stdin: {
      contents: [
        "export { dreamHistory } from './test/helpers/dream-history.ts';",
        "export { place } from './bench/history-repo.mjs';",
        "export { parseLongTerm } from './src/memory/long-term.ts';",
        "export { serializeSession } from './src/memory/session.ts';",
      ].join('\n'),
      resolveDir: ROOT,
      loader: 'ts',
    },
    outfile,
    ...BUNDLE_OPTIONS,
    plugins: [{ name: 'bench-repo', setup: (b) => b.onResolve({ filter: /^\.\/repo\.js$/ }, (a) => (a.importer.endsWith('dream-history.ts') ? { path: join(ROOT, 'bench', 'history-repo.mjs') } : undefined)) }],
  });
  return import(pathToFileURL(outfile).href);
}

/** primer.days by default: the days of sessions the primer's Recent context covers. */
const WINDOW_DAYS = 3;
const PATHS = /\b[\w.-]+(?:\/[\w.-]+)+\b/g;
const dayBefore = (date) => new Date(Date.parse(`${date}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
/** What a session said, as the dream must keep it: "yesterday" made absolute. */
const said = (s) => [...s.learned, ...s.decisions].join('\n').replace(/\byesterday\b/g, `on ${dayBefore(s.date)}`);

export async function run({ summary, ws, printTable }) {
  const m = await historyModules();
  m.place.dir = join(ws.dir, 'history');
  mkdirSync(m.place.dir, { recursive: true });
  const t0 = performance.now();
  const h = await m.dreamHistory();
  const { repo } = h;
  const built = (performance.now() - t0) / 1000;
  const billing = join(m.place.dir, 'billing-worktree');
  repo.git('worktree', 'add', '-q', billing, 'feature/billing');
  const branches = [
    { name: 'feature/billing', cwd: billing },
    { name: 'main', cwd: repo.dir },
  ];
  const dream = async (cwd, env) => {
    const r = await repo.run(['dream', '--offline', '--json'], { cwd, env });
    if (r.code !== 0) throw new Error(`dream failed in ${cwd}: ${r.stderr}`);
    return JSON.parse(r.stdout);
  };
  const git = (cwd, ...args) => repo.git('-C', cwd, ...args);
  const liveEntries = (cwd) => m.parseLongTerm(git(cwd, 'show', 'HEAD:.openclaw_memory/MEMORY.md')).entries.filter((e) => e.section !== 'superseded' && e.section !== 'forgotten');
  const primer = async (cwd, env) => {
    const r = await repo.run(['primer', '--json'], { cwd, env });
    if (r.code !== 0) throw new Error(`primer failed in ${cwd}: ${r.stderr}`);
    return JSON.parse(r.stdout).markdown;
  };

  // Dreams on both branches: feature/billing first, in its worktree (its watermark must not stop
  // main's dream from taking in main's sessions), then main.
  const rows = [];
  const t1 = performance.now();
  for (const b of branches) b.report = await dream(b.cwd);
  const dreamt = (performance.now() - t1) / 1000;
  for (const b of branches) {
    const subjects = new Set(git(b.cwd, 'log', '--format=%s').split('\n'));
    const sessions = h.sessions.filter((s) => subjects.has(`memory: ${s.request}`));
    const expected = h.facts.filter((f) => sessions.some((s) => said(s).includes(f.expect)));
    const live = liveEntries(b.cwd);
    const holding = (text) => live.filter((e) => e.text.includes(text)).length;
    const once = expected.filter((f) => holding(f.expect) === 1).length;
    const twice = expected.filter((f) => holding(f.expect) > 1).length;
    // A contradiction both of whose sides this branch's sessions said, the older still current.
    const contradictions = expected.filter((f) => f.notExpect && sessions.some((s) => said(s).includes(f.notExpect))).map((f) => holding(f.notExpect));
    const md = await primer(b.cwd);
    const shown = expected.filter((f) => md.includes(f.expect));
    // A stale mark is right when a file the fact's session names changed after that session's commit on this branch.
    const stale = { right: 0, wrong: 0, missing: 0 };
    for (const f of shown) {
      const s = [...sessions].reverse().find((x) => said(x).includes(f.expect));
      const files = [...new Set(said(s).match(PATHS) ?? [])].filter((p) => /\.\w+$/.test(p));
      const changed = files.some((p) => git(b.cwd, 'log', '--format=%h', `${s.commits[0].sha}..HEAD`, '--', p).trim() !== '');
      const marked = /may be stale/.test(md.split('\n').find((l) => l.includes(f.expect)) ?? '');
      if (marked && changed) stale.right++;
      else if (marked) stale.wrong++;
      else if (changed) stale.missing++;
    }
    const recent = md.split('## Recent context')[1]?.split(/\n## /)[0] ?? null;
    b.figures = { last: sessions.at(-1).date, sessions: sessions.length, dreamt: b.report.sessions ?? 0, expected: expected.length, once, twice, contradictions: contradictions.reduce((x, y) => x + y, 0), contradictionPairs: contradictions.length, shown: shown.length, stale, recentItems: recent === null ? 0 : recent.split('\n').filter((l) => l.startsWith('- ')).length };
  }
  const col = (f) => branches.map((b) => f(b.figures));
  rows.push(['sessions on the branch / taken in by its dream', ...col((x) => `${x.sessions} / ${x.dreamt}`)]);
  rows.push(['facts in MEMORY.md, once each / facts its sessions said', ...col((x) => `${x.once} / ${x.expected}`)]);
  rows.push(['facts held more than once', ...col((x) => x.twice)]);
  rows.push(['contradictions left current (older side live) / said on the branch', ...col((x) => `${x.contradictions} / ${x.contradictionPairs}`)]);
  rows.push(['primer: facts shown / facts its sessions said', ...col((x) => `${x.shown} / ${x.expected}`)]);
  rows.push(['primer: stale marks right / wrong / missing', ...col((x) => `${x.stale.right} / ${x.stale.wrong} / ${x.stale.missing}`)]);
  rows.push([`primer: items under Recent context (its window: the last ${WINDOW_DAYS} days to ${h.now.slice(0, 10)})`, ...col((x) => `${x.recentItems} (last session ${x.last})`)]);
  console.log(`  42 sessions over three weeks on two branches, built in ${built.toFixed(1)} s; dreams (offline) on both branches in ${dreamt.toFixed(1)} s:`);
  printTable(['figure', ...branches.map((b) => b.name)], rows);

  // Forgetting, on main: one fact by `git memory forget`, one by deleting its line by hand; then a
  // later session says both again (and one new fact), and the next dream runs.
  const later = { GIT_MEMORY_NOW: '2026-11-23T09:00:00' };
  const byForget = h.facts.find((f) => f.id === 'P1');
  const byHand = h.facts.find((f) => f.id === 'C2');
  const f1 = await repo.run(['forget', byForget.expect, '--json'], { env: later });
  if (f1.code !== 0) throw new Error(`forget failed: ${f1.stderr}`);
  const memory = repo.read('.openclaw_memory/MEMORY.md');
  repo.write('.openclaw_memory/MEMORY.md', memory.split('\n').filter((l) => !l.includes(byHand.expect)).join('\n'));
  repo.git('commit', '-q', '-am', 'memory: remove a wrong fact by hand');
  const restated = [...h.sessions].reverse();
  const text = (f) => said(restated.find((s) => said(s).includes(f.expect))).split('\n').find((l) => l.includes(f.expect));
  const fresh = 'Retries of the payment webhook back off exponentially, capped at 30 s';
  const s = { ...h.sessions.at(-1), id: '20261122-1000-s00042', date: '2026-11-22', time: '10:00', branch: 'main', request: 'Session 43: webhook retries', learned: [text(byForget), text(byHand), fresh], decisions: [], completed: ['Changed src/billing/webhooks.ts'], next_steps: [], commits: [] };
  repo.write('.openclaw_memory/journal/2026-11-22/1000-claude-s00042.md', m.serializeSession(s, 'en'));
  repo.git('add', '--', '.openclaw_memory/journal/2026-11-22/1000-claude-s00042.md');
  repo.git('commit', '-q', '-m', `memory: ${s.request}`);
  const found = async (f) => {
    const r = await repo.run(['search', ...f.expect.split(' '), '--json'], { env: later });
    if (r.code !== 0) throw new Error(`search failed: ${r.stderr}`);
    return JSON.parse(r.stdout).results.filter((x) => JSON.stringify(x).includes(f.expect)).length;
  };
  const gone = [byForget, byHand];
  /** Which of the forgotten facts show again: [by forget, by hand] for MEMORY.md, the primer and search. */
  const measure = async () => {
    const live = liveEntries(repo.dir);
    const md = await primer(repo.dir, later);
    const counts = await Promise.all(gone.map(found));
    return { memory: gone.map((f) => live.some((e) => e.text.includes(f.expect))), primer: gone.map((f) => md.includes(f.expect)), search: counts.map((n) => n > 0), kept: live.some((e) => e.text === fresh) };
  };
  const before = await measure();
  // The session is one, a day old: the dream is not due yet, so it is run by hand.
  const again = await repo.run(['dream', '--offline', '--force', '--json'], { env: later });
  if (again.code !== 0) throw new Error(`dream failed: ${again.stderr}`);
  const took = JSON.parse(again.stdout).sessions ?? 0;
  const after = await measure();
  const show = (xs) => `${xs.filter(Boolean).length} / 2${xs.some(Boolean) ? ` (${gone.filter((_, i) => xs[i]).map((f) => (f === byForget ? 'by forget' : 'by hand')).join(', ')})` : ''}`;
  console.log('  forgetting on main: one fact by `git memory forget`, one by deleting its line; then a session says both again (and one new fact), then a dream:');
  printTable(['figure', 'before that dream', 'after it'], [
    ['forgotten facts back in MEMORY.md', show(before.memory), show(after.memory)],
    ['forgotten facts in the primer', show(before.primer), show(after.primer)],
    ['forgotten facts found by search', show(before.search), show(after.search)],
    ['the session\'s new fact in MEMORY.md', before.kept ? 'yes' : 'no', `${after.kept ? 'yes' : 'no'} (the dream took in ${took} session${took === 1 ? '' : 's'})`],
  ]);
  const back = { memory: after.memory.filter(Boolean).length, primer: after.primer.filter(Boolean).length, search: after.search.filter(Boolean).length };
  const [fb, mn] = branches.map((b) => b.figures);
  summary.note('history (42 sessions, 2 branches): facts in MEMORY.md once each, main / feature/billing', `${mn.once}/${mn.expected} / ${fb.once}/${fb.expected}`);
  summary.note('history: contradictions left current, main / feature/billing', `${mn.contradictions} / ${fb.contradictions}`);
  summary.note('history: stale marks right / wrong / missing, main', `${mn.stale.right} / ${mn.stale.wrong} / ${mn.stale.missing}`);
  summary.note('history: stale marks right / wrong / missing, feature/billing', `${fb.stale.right} / ${fb.stale.wrong} / ${fb.stale.missing}`);
  summary.note('history: primer Recent context items, main / feature/billing', `${mn.recentItems} / ${fb.recentItems}`);
  summary.note('history: forgotten facts back (MEMORY.md, primer, search) after a session restates them', `${back.memory}/2, ${back.primer}/2, ${back.search}/2`);
}

// `node bench/parts/history.mjs`: this part alone, without the generated repositories of the whole bench.
if (import.meta.url === `file://${process.argv[1]}`) {
  const { printTable, Summary } = await import('../report.mjs');
  const { freshWorkspace } = await import('../workspace.mjs');
  const summary = new Summary();
  const ws = freshWorkspace();
  try {
    await run({ summary, ws, printTable });
  } finally {
    ws.dispose();
  }
}
