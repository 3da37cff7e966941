import { UsageError } from '../errors.js';
import { git } from './git.js';

/** The two revisions a review compares, as full ids, with the names the user gave. */
export interface RevRange {
  base: string;
  head: string;
  baseName: string;
  headName: string;
}

/** What to add when `rev` names a remote this clone does not have (`origin/main` in a clone without remotes). */
async function noRemote(cwd: string, rev: string): Promise<string> {
  // A remote's name as `git remote add` takes one: no option (`--output=x/y` names none), no blank.
  const m = /^(?:refs\/remotes\/)?([^-/.~^:\s][^/.~^:\s]*)\//.exec(rev);
  if (!m) return '';
  const remotes = ((await git(['remote'], { cwd, allowFail: true })) ?? '').split('\n').filter(Boolean);
  // `feature/x` with branches under feature/ is a branch name mistyped, not a remote.
  if (remotes.includes(m[1]!) || (await git(['for-each-ref', '--count=1', '--format=x', `refs/heads/${m[1]}/`], { cwd, allowFail: true }))?.trim()) return '';
  return remotes.length
    ? `: this clone has no remote named ${m[1]} (its remotes: ${remotes.join(', ')})`
    : `: this clone has no remote (\`git remote add ${m[1]} URL\` and \`git fetch\` add one; or name a local branch, e.g. main...HEAD)`;
}

/** Whether this clone is shallow (`git clone --depth`, a CI checkout): commits before its depth are not here. */
async function shallow(cwd: string): Promise<boolean> {
  return (await git(['rev-parse', '--is-shallow-repository'], { cwd, allowFail: true }))?.trim() === 'true';
}

/** How to bring the missing history into a shallow clone. */
const DEEPEN = 'deepen it with `git fetch --deepen=100` (more if needed) or fetch the whole history with `git fetch --unshallow`';

async function verify(cwd: string, rev: string): Promise<string> {
  const sha = (await git(['rev-parse', '-q', '--verify', `${rev}^{commit}`], { cwd, allowFail: true }))?.trim();
  if (!sha) {
    const remote = await noRemote(cwd, rev);
    // A commit before a shallow clone's depth (a commit id, `HEAD~50`) is missing, not unknown.
    if (!remote && (await shallow(cwd)))
      throw new UsageError(`unknown revision ${JSON.stringify(rev)}: this clone is shallow, and the commit may be before its depth`, `${DEEPEN}; a branch it lacks: \`git fetch origin NAME\``);
    throw new UsageError(`unknown revision ${JSON.stringify(rev)}${remote}`, 'give a branch, tag or commit, e.g. `git memory diff origin/main...HEAD`');
  }
  return sha;
}

async function mergeBase(cwd: string, a: string, b: string): Promise<string> {
  const sha = (await git(['merge-base', a, b], { cwd, allowFail: true }))?.trim();
  if (!sha) {
    // In a shallow clone the common commit is usually just before the depth.
    if (await shallow(cwd)) throw new UsageError(`${a} and ${b} have no common history in this clone: it is shallow, and their merge base may be before its depth`, `${DEEPEN}; or compare the two directly with \`git memory diff A..B\``);
    throw new UsageError(`${a} and ${b} have no common history`, 'compare two revisions directly with `git memory diff A..B`');
  }
  return sha;
}

/**
 * The repository's default branch: the remote's HEAD (`origin/HEAD`), else origin/main or
 * origin/master, else a local main or master, else `init.defaultBranch`. Null when none exists.
 */
export async function defaultBranch(cwd: string): Promise<string | null> {
  const remoteHead = (await git(['symbolic-ref', '-q', '--short', 'refs/remotes/origin/HEAD'], { cwd, allowFail: true }))?.trim();
  const configured = (await git(['config', '--get', 'init.defaultBranch'], { cwd, allowFail: true }))?.trim();
  const candidates = [remoteHead, 'origin/main', 'origin/master', 'main', 'master', configured].filter((c): c is string => !!c);
  for (const c of candidates) {
    if ((await git(['rev-parse', '-q', '--verify', `${c}^{commit}`], { cwd, allowFail: true })) !== null) return c;
  }
  return null;
}

/**
 * Reads `A...B` (merge base of A and B, up to B), `A..B` (A up to B) or `A` (same as `A...HEAD`);
 * without a range, the default branch's merge base with HEAD up to HEAD, as a pull request shows.
 */
export async function resolveRange(cwd: string, spec?: string): Promise<RevRange> {
  if (!spec) {
    const branch = await defaultBranch(cwd);
    if (!branch) throw new UsageError('no default branch found (origin/HEAD, main or master)', 'name the base: `git memory diff <base>...HEAD`');
    return resolveRange(cwd, `${branch}...HEAD`);
  }
  const three = spec.indexOf('...');
  const two = spec.indexOf('..');
  if (three >= 0 || two < 0) {
    const [a, b] = three >= 0 ? [spec.slice(0, three), spec.slice(three + 3)] : [spec, ''];
    const headName = b || 'HEAD';
    const [aSha, head] = await Promise.all([verify(cwd, a || 'HEAD'), verify(cwd, headName)]);
    return { base: await mergeBase(cwd, aSha, head), head, baseName: `merge base of ${a || 'HEAD'} and ${headName}`, headName };
  }
  const [a, b] = [spec.slice(0, two) || 'HEAD', spec.slice(two + 2) || 'HEAD'];
  const [base, head] = await Promise.all([verify(cwd, a), verify(cwd, b)]);
  return { base, head, baseName: a, headName: b };
}
