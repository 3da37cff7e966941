import { git } from '../git/git.js';
import { findRepo } from '../git/repo.js';
import { resolveRange } from '../git/revisions.js';
import { diffLines, type DiffLine } from '../memory/line-diff.js';
import { factShape, matchesForgotten, parseLongTerm } from '../memory/long-term.js';
import { buildPrimer, type Primer } from '../memory/primer.js';
import { diffTasks, summarizeSession, type SessionSummary, type TasksDiff } from '../memory/memory-diff.js';
import { renderMemoryDiff } from '../memory/render-diff.js';
import { JOURNAL_DIR, LONG_TERM_FILE } from '../paths.js';
import { redactQuickDeep } from '../safety/redact-deep.js';
import type { Ctx, Result } from './context.js';
import { gatherPrimer } from './steps/gather-primer.js';
import type { MemorySource } from './steps/memory-source.js';
import { primerOptions } from './steps/primer-options.js';
import { journalDay, revisionSource, treeSessions } from './steps/revision-source.js';

export interface DiffOptions {
  /** `A...B`, `A..B` or `A`; default: merge base with the default branch up to HEAD. */
  range?: string;
}

export interface DiffData {
  base: { sha: string; name: string };
  head: { sha: string; name: string };
  sessions: SessionSummary[];
  tasks: TasksDiff;
  /** Facts MEMORY.md lists under Forgotten at head and not at base (`git memory forget`, or a dream after a hand deletion). */
  forgotten: string[];
  primer: { changed: boolean; base: string; head: string; diff: DiffLine[] };
  markdown: string;
}

/** The facts MEMORY.md's text lists under Forgotten (none where there is no file, or it does not parse). */
function forgottenIn(text: string | null): string[] {
  if (!text) return [];
  try {
    return parseLongTerm(text, LONG_TERM_FILE).entries.filter((e) => e.section === 'forgotten').map((e) => e.text);
  } catch {
    return []; // the primer at that revision says why
  }
}

/** Journal files added or changed between two revisions, with their new blob ids. */
async function journalChanges(root: string, base: string, head: string) {
  const out = await git(['diff', '--raw', '--no-abbrev', '--no-renames', '-z', base, head, '--', JOURNAL_DIR], { cwd: root });
  const fields = out.split('\0');
  const changes: { path: string; blob: string; oldBlob: string; status: string }[] = [];
  for (let i = 0; i + 1 < fields.length; i += 2) {
    const m = /^:\d+ \d+ ([0-9a-f]+) ([0-9a-f]+) ([AMDT])/.exec(fields[i]!);
    if (m && journalDay(fields[i + 1]!)) changes.push({ oldBlob: m[1]!, blob: m[2]!, status: m[3]!, path: fields[i + 1]! });
  }
  return changes;
}

/**
 * Sessions present at head and not at base: new session files, and new blocks in legacy day files.
 * A session folded into a day file (`git memory fold`) is the same session it was as a file: a
 * fold in the range adds none.
 */
async function addedSessions(root: string, base: string, head: string, warnings: string[]): Promise<SessionSummary[]> {
  const all = await journalChanges(root, base, head);
  const changes = all.filter((c) => c.status !== 'D');
  const after = await treeSessions(root, changes);
  const gone = all.filter((c) => c.status !== 'A');
  const before = await treeSessions(root, gone.map((c) => ({ path: c.path, blob: c.oldBlob })));
  for (const c of [...after.corrupt, ...before.corrupt]) warnings.push(`skipped ${c.message}`);
  // A block of a legacy day file has no id of its own (its id counts the blocks): its file, time and request say which it is.
  const key = (s: { id: string; path?: string; origin?: string; time: string; request: string }) =>
    s.origin || !/-day\d+$/.test(s.id) ? `id\0${s.id}` : `${s.path}\0${s.time}\0${s.request}`;
  const known = new Set(before.sessions.map(key));
  return after.sessions.filter((s) => !known.has(key(s))).map((s) => summarizeSession(s, s.path ?? ''));
}

/**
 * The primer as it would be built from a revision: its own config, journal window, TASKS.md and
 * history. User files are personal and left out (the source has none), so it can be shown in a
 * pull request.
 */
async function primerAt(src: MemorySource, at: Date, warnings: string[]): Promise<Primer> {
  const config = await src.config();
  const got = await gatherPrimer(src, at, config.primer.days);
  warnings.push(...got.warnings);
  return buildPrimer(got.input, primerOptions(config));
}

/**
 * The head commit's date (its committer's: when that state of memory was made). Both primers are
 * built as of it, so a pull request's diff reads the same whatever day it is viewed: its sessions
 * stay in the window, its next steps and staleness as they were.
 */
async function commitDate(root: string, sha: string): Promise<Date> {
  return new Date((await git(['show', '-s', '--format=%cI', sha], { cwd: root })).trim());
}

/** The primer without its provenance line (branch, commit, time), which always differs. */
const primerLines = (markdown: string) => markdown.split('\n').filter((l, i, all) => !(l.startsWith('> ') && all.slice(0, i).every((x) => !x.startsWith('> '))));

/**
 * What a range changes in memory, for review: sessions added, tasks added/closed/changed/removed,
 * and the primer at base against the primer at head, all read from git objects (no checkout, so it
 * runs in CI on a shallow merge checkout as well as locally, whatever is checked out), as of the
 * head commit's date: the same commits give the same output.
 */
export async function diff(ctx: Ctx, opts: DiffOptions): Promise<Result<DiffData>> {
  // Read from git objects alone: a bare repository does too.
  const repo = findRepo(ctx.cwd, ctx.env, { allowBare: true });
  const range = await resolveRange(repo.root, opts.range);
  const warnings: string[] = [];
  const at = await commitDate(repo.root, range.head);
  const baseMemory = revisionSource(repo.root, range.base, warnings);
  const headMemory = revisionSource(repo.root, range.head, warnings);
  const [added, baseTasks, headTasks, basePrimer, headPrimer, baseLong, headLong] = await Promise.all([
    addedSessions(repo.root, range.base, range.head, warnings),
    baseMemory.tasks(),
    headMemory.tasks(),
    primerAt(baseMemory, at, warnings),
    primerAt(headMemory, at, warnings),
    baseMemory.longTerm(),
    headMemory.longTerm(),
  ]);
  // What the range forgot: a session it adds may say it, and is shown saying it, marked.
  const before = forgottenIn(baseLong).map(factShape);
  const forgotten = redactQuickDeep(forgottenIn(headLong).filter((t) => !matchesForgotten(t, before)));
  const gone = forgottenIn(headLong).map(factShape);
  // What the range's memory says, as the primer says it (which redacts what it reads): a secret a
  // teammate committed past the scan (`--no-verify`) stood whole in the pull request's comment
  // (stop 54). Redacted after the comparisons (a fact is matched as written), before the markdown
  // escapes it (`ghp\_…` is no token to a rule).
  const sessions = redactQuickDeep(
    added.map((s) => {
      const said = [...s.learned, ...s.decisions].filter((t) => matchesForgotten(t, gone));
      return said.length ? { ...s, forgotten: said } : s;
    }),
  );
  const tasks = redactQuickDeep(diffTasks(baseTasks.list, headTasks.list));
  const lines = diffLines(primerLines(basePrimer.markdown), primerLines(headPrimer.markdown));
  const primer = { changed: lines.some((l) => l.op !== ' '), base: basePrimer.markdown, head: headPrimer.markdown, diff: lines };
  const base = { sha: range.base, name: range.baseName };
  const head = { sha: range.head, name: range.headName };
  const markdown = renderMemoryDiff({ base, head, sessions, tasks, forgotten, primer });
  return { data: { base, head, sessions, tasks, forgotten, primer, markdown }, warnings: [...new Set(warnings)] };
}
