import { REFLOG_PREFIX } from './commit.js';
import { git } from './git.js';
import type { SpoolCommit, SpoolEntry } from './spool-codec.js';

/** Ids per git call: far under any command-line limit; a session's spool rarely holds more. */
const BATCH = 2000;

/** HEAD reflog entries read to find the user's commit behind a memory commit (newest first). */
const REFLOG_DEPTH = 5000;

const RECORD = '\x1e';
const FIELD = '\x1f';

export interface CommitFacts {
  subject: string;
  /** Author time, strict ISO 8601 (what older hooks recorded as `at`). */
  at: string;
  files: string[];
}

/**
 * Subject, author time and changed paths of each commit, one `git log` for them all. An id that
 * names no commit here any more (rewritten while no hook ran, then gc'd; another clone's) is left
 * out: `--ignore-missing` drops it instead of failing the call. `-z` keeps every path byte for
 * byte; a merge lists no paths (git shows none without a diff option for merges).
 */
export async function commitFacts(cwd: string, shas: readonly string[]): Promise<Map<string, CommitFacts>> {
  const facts = new Map<string, CommitFacts>();
  const ids = [...new Set(shas.filter((s) => /^[0-9a-f]{40,64}$/.test(s)))];
  for (let i = 0; i < ids.length; i += BATCH) {
    const out = await git(
      [
        'log',
        '--no-walk=unsorted',
        '--ignore-missing',
        '--no-show-signature',
        '--no-renames',
        '--name-only',
        '-z',
        `--format=${RECORD}%H${FIELD}%aI${FIELD}%s`,
        ...ids.slice(i, i + BATCH),
      ],
      { cwd, allowFail: true },
    );
    for (const record of (out ?? '').split(RECORD)) {
      const end = record.indexOf('\0');
      const [sha, at, ...subject] = (end < 0 ? record : record.slice(0, end)).split(FIELD);
      if (!sha || at === undefined || !subject.length) continue;
      const files = end < 0 ? [] : record.slice(end + 1).replace(/^\n/, '').split('\0').filter(Boolean);
      facts.set(sha, { subject: subject.join(FIELD), at, files });
    }
  }
  return facts;
}

/**
 * For each memory commit among `shas` (its HEAD reflog entry starts with REFLOG_PREFIX), the
 * user's commit it was recorded in place of: the nearest older reflog entry that is not a memory
 * commit, or null where there is none. The shell hook reads HEAD without the reflog; an `end`
 * beside the user may have committed memory on top of the user's commit before the hook ran, and
 * this is the choice the node hook makes at once (post-commit.ts), made here instead.
 */
export async function usersBehindMemory(cwd: string, shas: readonly string[]): Promise<Map<string, string | null>> {
  const out = await git(['log', '-g', '-n', String(REFLOG_DEPTH), '--no-show-signature', `--format=%H${FIELD}%gs`, 'HEAD'], { cwd, allowFail: true });
  const entries = (out ?? '').split('\n').flatMap((l) => {
    const at = l.indexOf(FIELD);
    return at < 0 ? [] : [{ sha: l.slice(0, at), ours: l.slice(at + 1).startsWith(REFLOG_PREFIX) }];
  });
  const wanted = new Set(shas);
  const found = new Map<string, string | null>();
  entries.forEach((e, i) => {
    if (!e.ours || !wanted.has(e.sha) || found.has(e.sha)) return;
    found.set(e.sha, entries.slice(i + 1).find((o) => !o.ours)?.sha ?? null);
  });
  return found;
}

/**
 * The spool's commit entries completed for folding. Lines the shell hook wrote (no subject) whose
 * id is a memory commit become the user's commit behind it, or are dropped where there is none.
 * Then subject, files and time are filled where a line does not carry them. A subject a line has is
 * kept: it is what node read when it recorded the commit, or what post-rewrite set after a reword.
 * A commit git no longer has keeps what the line holds.
 */
export async function fillSpool(cwd: string, entries: readonly SpoolEntry[]): Promise<SpoolEntry[]> {
  const fromShell = entries.flatMap((e) => (e.type === 'commit' && e.subject === undefined ? [e.sha] : []));
  const behind = fromShell.length ? await usersBehindMemory(cwd, fromShell) : new Map<string, string | null>();
  const resolved = entries.flatMap((e): SpoolEntry[] => {
    if (e.type !== 'commit' || e.subject !== undefined || !behind.has(e.sha)) return [e];
    const user = behind.get(e.sha);
    return user ? [{ ...e, sha: user }] : [];
  });
  const wanted = resolved.flatMap((e) => (e.type === 'commit' && (e.subject === undefined || e.files === undefined || e.at === undefined) ? [e.sha] : []));
  if (!wanted.length) return resolved;
  const facts = await commitFacts(cwd, wanted);
  return resolved.map((e): SpoolEntry => {
    if (e.type !== 'commit') return e;
    const f = facts.get(e.sha);
    if (!f) return e;
    const filled: SpoolCommit = { ...e, subject: e.subject ?? f.subject, at: e.at ?? f.at, files: e.files ?? f.files };
    return filled;
  });
}
