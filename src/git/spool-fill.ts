import { git } from './git.js';
import type { SpoolCommit, SpoolEntry } from './spool-codec.js';

/** Ids per git call: far under any command-line limit; a session's spool rarely holds more. */
const BATCH = 2000;

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
 * The spool's commit entries, each line that holds only an id (no subject, or no time) completed
 * with subject, author time and changed files, in one git call for them all. Lines the hook wrote
 * whole (shell or node) are taken as they are: that is the common case, and it costs no git call.
 * A commit git no longer has keeps what its line holds.
 */
export async function fillSpool(cwd: string, entries: readonly SpoolEntry[]): Promise<SpoolEntry[]> {
  const idOnly = (e: SpoolEntry) => e.type === 'commit' && (e.subject === undefined || e.at === undefined);
  const wanted = entries.flatMap((e) => (e.type === 'commit' && idOnly(e) ? [e.sha] : []));
  if (!wanted.length) return [...entries];
  const facts = await commitFacts(cwd, wanted);
  return entries.map((e): SpoolEntry => {
    if (e.type !== 'commit' || !idOnly(e)) return e;
    const f = facts.get(e.sha);
    if (!f) return e;
    const filled: SpoolCommit = { ...e, subject: e.subject ?? f.subject, at: e.at ?? f.at, files: e.files ?? f.files };
    return filled;
  });
}
