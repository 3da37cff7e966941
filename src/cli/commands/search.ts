import type { Argv, CommandModule } from 'yargs';
import { run, type GlobalArgs, type Io } from '../io.js';
import { SEARCH_OPTIONS } from '../options/search.js';
import type { SearchData } from '../../commands/search.js';
import { indexProgress, type ProgressStream } from '../progress.js';
import { childProcess } from '../../child-process.js';
import { spawnDetached } from '../../git/light-spawn.js';
import { withoutEmail } from '../../linear.js';
import type { Repo } from '../../git/repo.js';

export interface SearchArgs extends GlobalArgs {
  query: string[];
  since?: string;
  until?: string;
  author?: string;
  branch?: string;
  limit: number;
}

/** What a search answered from a partial index says (search/live.ts): which part, and when to ask again. */
const partialLine = (d: SearchData) =>
  d.partial ? `(the search index is still being built: ${d.partial.files === 1 ? `the newest journal file, of ${d.partial.from}, was` : `the newest ${d.partial.files} journal files, back to ${d.partial.from}, were`} searched; ask again in a few seconds for all of them)\n`
  : d.unchecked ? '(the search index was searched as stored while it is checked against the journal in the background: sessions written since it was last updated may be missing; ask again in a few seconds)\n'
  : '';

export function renderSearch(d: SearchData): string {
  if (!d.results.length) return `no session matches "${d.query}" (${d.sessions} session${d.sessions === 1 ? '' : 's'} searched)\n${partialLine(d)}`;
  const lines: string[] = [];
  for (const h of d.results) {
    const who = [h.agent, h.author && withoutEmail(h.author), h.branch].filter(Boolean).join(', ');
    // A superseded fact is history: it says so, the agent reading it does not take it as current.
    const mark = h.superseded ? `  [superseded${h.superseded.until ? ` ${h.superseded.until}` : ''}: not current]` : '';
    lines.push(`${h.date} ${h.time}  ${h.path}  (${who})`, `    ${h.section.replace('_', ' ')}: ${h.snippet}${mark}`);
  }
  lines.push('', `${d.results.length} of ${d.total} matching session${d.total === 1 ? '' : 's'}; ${d.sessions} searched`);
  return `${lines.join('\n')}\n${partialLine(d)}`;
}

/**
 * Standard error as the index's progress writes to it, made only when a build or update reports:
 * node makes process.stderr on first use, which was ~1 ms of a warm search that writes nothing there.
 */
const STDERR: ProgressStream = {
  get isTTY() {
    return process.stderr.isTTY;
  },
  write: (text) => process.stderr.write(text),
};

/** The hidden argument of the detached process that builds the whole index (see startIndexBuild). */
export const BUILD_INDEX_ARG = '--build-index';

/**
 * Starts `git-memory search --build-index` detached in the worktree's root (it outlives this
 * command); its pid, or null where it did not start. The argument is read by the lean start-up
 * (cli/lean/search.ts).
 */
function startIndexBuild(repo: Repo): number | null {
  const argv = [process.argv[1]!, 'search', BUILD_INDEX_ARG];
  try {
    const pid = spawnDetached(process.execPath, argv, repo.root, process.env);
    if (pid !== null) return pid;
    const child = childProcess().spawn(process.execPath, argv, { cwd: repo.root, env: process.env, detached: true, stdio: 'ignore' });
    child.unref();
    return child.pid ?? null;
  } catch {
    return null;
  }
}

/**
 * Runs a search for parsed arguments; shared by yargs and the lean path. In a fresh clone (no
 * index stored) the newest journal files answer at once, saying so, and a detached process builds
 * the whole index (search/background.ts); where it cannot (a read-only git directory) the index
 * is built here first, as before.
 */
export function runSearch(io: Io, a: SearchArgs): Promise<void> {
  return run(
    io,
    { _: ['search'], ...a },
    async (ctx) => {
      const [{ search }, { buildElsewhere }] = await Promise.all([import('../../commands/search.js'), import('../../search/background.js')]);
      return search(
        ctx,
        { query: a.query.join(' '), since: a.since, until: a.until, author: a.author, branch: a.branch, limit: a.limit },
        { progress: indexProgress(STDERR), buildElsewhere: (repo) => buildElsewhere(repo.stateDir, () => startIndexBuild(repo)) },
      );
    },
    renderSearch,
  );
}

export const searchCommand = (io: Io): CommandModule<GlobalArgs, SearchArgs> => ({
  command: 'search <query..>',
  describe: 'Search past sessions (BM25 over request, learned, completed, next steps, decisions, notes)',
  builder: (y: Argv<GlobalArgs>) =>
    y
      .positional('query', { type: 'string', array: true, describe: 'Words to look for', default: undefined })
      .options(SEARCH_OPTIONS)
      .example('git memory search refresh token', 'best matches first, newest first on ties')
      .example('git memory search webhook --since 2026-01-01 --author jane --json', '') as unknown as Argv<SearchArgs>,
  handler: (a) => runSearch(io, a),
});
