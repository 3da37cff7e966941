// Many commits in one git process: a history a test only reads (a log, a step over it) built with
// `git fast-import` instead of three processes a commit (add, commit, rev-parse). The commits are
// the ones repo.commit makes (same author, committer, message and files, one after the other on
// the current branch); only the reflog differs: one "fast-import" entry, not one per commit. So a
// test about what git-memory reads from the reflog makes its commits one by one.
import { execFileSync } from 'node:child_process';
import type { TestRepo } from './repo.js';

export interface FastCommit {
  message: string;
  /** Paths and their new text; null deletes the path. None: an empty commit (--allow-empty). */
  files?: Record<string, string | null>;
}

const data = (text: string) => `data ${Buffer.byteLength(text)}\n${text}\n`;

/**
 * Adds `commits` on top of the current branch, then brings the index and working tree to the new
 * HEAD the way a checkout does (a two-tree read-tree: an uncommitted change elsewhere stays).
 * Returns the new commits' ids, oldest first.
 */
export function commitMany(repo: TestRepo, commits: FastCommit[]): string[] {
  if (!commits.length) return [];
  const ref = repo.git('symbolic-ref', '-q', 'HEAD').trim();
  const from = repo.git('rev-parse', '--verify', 'HEAD').trim();
  const env = repo.env;
  const who = (name: string | undefined, email: string | undefined) => `${name} <${email}> ${Math.floor(Date.now() / 1000)} +0000`;
  let stream = '';
  commits.forEach((c, i) => {
    stream += `commit ${ref}\nmark :${i + 1}\n`;
    stream += `author ${who(env.GIT_AUTHOR_NAME, env.GIT_AUTHOR_EMAIL)}\ncommitter ${who(env.GIT_COMMITTER_NAME, env.GIT_COMMITTER_EMAIL)}\n`;
    // `git commit -m` ends the message with a newline.
    stream += data(c.message.endsWith('\n') ? c.message : `${c.message}\n`);
    if (i === 0) stream += `from ${from}\n`;
    for (const [path, text] of Object.entries(c.files ?? {})) {
      stream += text === null ? `D ${path}\n` : `M 100644 inline ${path}\n${data(text)}`;
    }
    stream += '\n';
  });
  stream += commits.map((_, i) => `get-mark :${i + 1}\n`).join('') + 'done\n';
  const out = execFileSync('git', ['fast-import', '--quiet', '--done'], { cwd: repo.dir, env, input: stream, encoding: 'utf8', stdio: ['pipe', 'pipe', 'pipe'] });
  const ids = out.trim().split('\n');
  repo.git('read-tree', '-m', '-u', from, ids[ids.length - 1]!);
  return ids;
}
