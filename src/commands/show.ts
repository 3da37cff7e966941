import { UsageError } from '../errors.js';
import { redactQuickDeep } from '../safety/redact-deep.js';
import { unquotePath } from '../git/quoted-path.js';
import { git } from '../git/git.js';
import type { Repo } from '../git/repo.js';
import type { Session } from '../memory/session.js';
import { open, type Ctx, type Result } from './context.js';
import { allSessions, sessionView, skippedWarnings, type SessionView } from './steps/all-sessions.js';

export interface ShowData {
  session: SessionView;
  /** The session's commits as git has them now: subject and files; `missing` when this clone lacks the commit (rebased away, not fetched). */
  commits: { sha: string; subject: string; files: string[]; missing?: true }[];
}

/** The session `ref` names: its id, its file path (or the path it was folded from), or a part of its id only one session has; `latest` (or none) for the newest. */
export function pickSession(sessions: Session[], ref: string | undefined): Session {
  if (!sessions.length) throw new UsageError('no sessions in the journal yet', 'a session is written by `git memory end` (the agent hooks run it at the end of each session)');
  if (ref === undefined || ref === 'latest') return sessions.at(-1)!;
  const key = ref.replace(/\\/g, '/').replace(/^\.\//, '');
  // A folded session (`git memory fold`) is still named by the file it was folded from.
  const named = (p: string | undefined) => p !== undefined && (p === key || key.endsWith(`/${p}`));
  const exact = sessions.find((s) => s.id === key || (!s.origin && named(s.path))) ?? sessions.find((s) => named(s.origin));
  if (exact) return exact;
  const part = sessions.filter((s) => s.id.includes(key));
  if (part.length === 1) return part[0]!;
  if (part.length > 1) {
    throw new UsageError(`${part.length} sessions match ${JSON.stringify(ref)}`, `name one: ${part.slice(-5).map((s) => s.id).join(', ')}${part.length > 5 ? ', …' : ''}`);
  }
  throw new UsageError(`no session matches ${JSON.stringify(ref)}`, '`git memory sessions` lists them, with their ids');
}

const RS = '\x1e';

/** Subject and files of each commit, in one git process; commits this clone lacks are marked missing. */
async function commitDetails(repo: Repo, commits: Session['commits']): Promise<ShowData['commits']> {
  if (!commits.length) return [];
  const check = await git(['cat-file', '--batch-check=%(objectname) %(objecttype)'], { cwd: repo.root, input: `${commits.map((c) => c.sha).join('\n')}\n` });
  const found = new Map<string, string>();
  check.split('\n').forEach((line, i) => {
    const [full, type] = line.split(' ');
    if (type === 'commit' && commits[i]) found.set(commits[i]!.sha, full!);
  });
  const known = [...new Set(found.values())];
  const details = new Map<string, { subject: string; files: string[] }>();
  if (known.length) {
    const out = await git(['log', '--no-walk=unsorted', '--no-renames', '--name-only', `--format=${RS}%H%n%s`, ...known], { cwd: repo.root });
    for (const block of out.split(RS).slice(1)) {
      const [sha, subject, ...files] = block.split('\n');
      details.set(sha!, { subject: subject ?? '', files: files.filter(Boolean).map(unquotePath) });
    }
  }
  return commits.map((c) => {
    const d = found.has(c.sha) ? details.get(found.get(c.sha)!) : undefined;
    return d ? { sha: c.sha, subject: d.subject, files: d.files } : { sha: c.sha, subject: c.subject, files: [], missing: true as const };
  });
}

/** One session with its commits' subjects and files. */
export async function show(ctx: Ctx, opts: { session?: string }): Promise<Result<ShowData>> {
  const o = open(ctx);
  const read = allSessions(o.repo.root);
  const s = pickSession(read.sessions, opts.session);
  // As the primer shows memory: a secret committed past the scan (`--no-verify`) redacted (stop 53).
  return { data: redactQuickDeep({ session: sessionView(s), commits: await commitDetails(o.repo, s.commits) }), warnings: [...o.warnings, ...skippedWarnings(read)] };
}
