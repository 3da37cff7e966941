import { isRecord, readState, writeState } from '../../fs/state.js';
import { pathsInTrees } from '../../git/in-trees.js';
import { IN_TREES_FILE } from '../../paths.js';

/** What the state directory keeps: for one set of commits, the paths asked and which of them their trees hold. */
interface Kept {
  commits: string[];
  in: string[];
  out: string[];
}
const strings = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string');
const isKept = (v: unknown): v is Kept => isRecord(v) && strings(v.commits) && strings(v.in) && strings(v.out);

/**
 * pathsInTrees, its answers kept in `stateDir` for the same commits: a commit's tree never changes,
 * so a session start asks git only about session files it has not asked about before (a new
 * session since the last start), and nothing once every one was asked.
 */
export async function keptPathsInTrees(root: string, stateDir: string, commits: readonly string[], paths: readonly string[]): Promise<Set<string>> {
  const was = readState(stateDir, IN_TREES_FILE, isKept);
  const same = was && was.commits.length === commits.length && was.commits.every((c, i) => c === commits[i]);
  const known = { in: new Set(same ? was.in : []), out: new Set(same ? was.out : []) };
  const ask = paths.filter((p) => !known.in.has(p) && !known.out.has(p));
  if (ask.length) {
    const found = await pathsInTrees(root, commits, ask);
    for (const p of ask) (found.has(p) ? known.in : known.out).add(p);
    try {
      writeState(stateDir, IN_TREES_FILE, { commits: [...commits], in: [...known.in], out: [...known.out] } satisfies Kept);
    } catch {
      /* asked again next time (a read-only git directory) */
    }
  }
  return new Set(paths.filter((p) => known.in.has(p)));
}
