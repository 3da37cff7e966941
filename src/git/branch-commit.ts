import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { EXIT, GitMemoryError } from '../errors.js';
import { TMP_DIR } from '../paths.js';
import { REFLOG_PREFIX } from './commit.js';
import { git } from './git.js';
import { signArgs, SIGN_TIMEOUT_MS } from './commit-sign.js';
import { nullId } from './head.js';
import type { Repo } from './repo.js';

/**
 * Commits `files` (path → content) on top of HEAD onto a new branch `branch`, without checking it
 * out: the working tree, the index and HEAD stay as they are. For a change to be reviewed in a pull
 * request. Refuses a branch that exists or a name git does not accept.
 */
export async function commitToNewBranch(repo: Repo, branch: string, files: Record<string, string>, message: string): Promise<{ sha: string; parent: string }> {
  const ok = await git(['check-ref-format', '--branch', branch], { cwd: repo.root, allowFail: true });
  if (ok === null) throw new GitMemoryError(`--branch: ${JSON.stringify(branch)} is not a valid branch name`, EXIT.usage);
  const ref = `refs/heads/${branch}`;
  if ((await git(['rev-parse', '--verify', '--quiet', ref], { cwd: repo.root, allowFail: true })) !== null) {
    throw new GitMemoryError(`branch ${branch} already exists; nothing was written`, EXIT.usage, 'name a new branch, or delete that one first');
  }
  const parent = (await git(['rev-parse', '--verify', 'HEAD^{commit}'], { cwd: repo.root })).trim();
  const tmp = join(repo.stateDir, TMP_DIR);
  mkdirSync(tmp, { recursive: true });
  const index = join(tmp, `index-branch-${process.pid}-${randomBytes(4).toString('hex')}`);
  const env = { GIT_INDEX_FILE: index };
  try {
    await git(['read-tree', parent], { cwd: repo.root, env });
    for (const [path, text] of Object.entries(files)) {
      const blob = (await git(['hash-object', '-w', '--stdin'], { cwd: repo.root, input: text })).trim();
      await git(['update-index', '--add', '--cacheinfo', `100644,${blob},${path}`], { cwd: repo.root, env });
    }
    const tree = (await git(['write-tree'], { cwd: repo.root, env })).trim();
    const sign = await signArgs(repo.root);
    const sha = (await git(['commit-tree', tree, '-p', parent, ...sign, '-F', '-'], { cwd: repo.root, input: message, ...(sign.length ? { timeoutMs: SIGN_TIMEOUT_MS } : {}) })).trim();
    // The null id (of the repository's length) as the old value: created only if nobody made the branch meanwhile.
    await git(['update-ref', '-m', `${REFLOG_PREFIX}${message.split('\n')[0]}`, ref, sha, nullId(sha)], { cwd: repo.root });
    return { sha, parent };
  } finally {
    rmSync(index, { force: true });
  }
}
