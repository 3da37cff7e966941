import { randomBytes } from 'node:crypto';
import { localDate, localIso, localTime } from '../../clock.js';
import { UsageError } from '../../errors.js';
import { git } from '../../git/git.js';
import { explicitIdent, type GitVars } from '../../git/vars.js';
import { headCommit, isFullId } from '../../git/head.js';
import { currentBranch } from '../../git/repo.js';
import { readSessionEnded } from '../../git/session-ended.js';
import { clearSessionStart, readSessionStart, type SessionStart } from '../../git/session-state.js';
import { noteTaken, splitMarked } from '../../git/session-marks.js';
import { otherWorktreeCommits, sessionReflogCommits, splitReflog, splitReflogSince } from '../../git/session-commits.js';
import type { SpoolClaim, SpoolEntry } from '../../git/spool.js';
import { fillSpool } from '../../git/spool-fill.js';
import { createExclusive } from '../../fs/atomic.js';
import type { Lang } from '../../memory/headings.js';
import { parseSession, serializeSession, SESSION_MAX_BYTES, sessionSuffix, type Session } from '../../memory/session.js';
import type { Summary } from '../../memory/summary.js';
import { applyTaskInputs, type TaskChange } from '../../memory/task-update.js';
import { serializeTasks } from '../../memory/tasks.js';
import { guardText, SecretFoundError, type GuardConfig } from '../../safety/guard.js';
import { sessionPath, TASKS_FILE } from '../../paths.js';
import { writablePath } from '../../worktree-path.js';
import type { Opened } from '../context.js';
import { readTasksForUpdate, writeTasks, type TasksRead } from './commit-memory.js';
import { previousSessionOf, sameSession } from '../previous-session.js';
import { redactAll } from './redact-summary.js';

export interface SessionWritten {
  /** The session written; or, when `alreadyRecorded`, the branch's previous session it repeats. */
  session: { id: string; path: string; commits: number; alreadyRecorded: boolean };
  tasks: TaskChange[];
  /** The files this session wrote itself (the session, TASKS.md when it changed and was written). */
  own: string[];
  /** Whether the secret scan redacted anything in the session file (`redact` mode). */
  redacted: boolean;
  warnings: string[];
}

/**
 * Who wrote the session: the agent, and the git author (asked before the lock is taken, awaited
 * once the task list is scanned: the scan's first run overlaps git's answer).
 */
export interface SessionAuthor {
  agent: string;
  author: Promise<string | undefined>;
  /**
   * The agent session this writes, when known: only its own recorded start is its base and is
   * cleared (another session may have started meanwhile: git/session-state.ts).
   */
  session?: string;
  /**
   * The folders the session's transcript worked in (its ledger's cwd and cwds): its commits in this
   * repository's other worktrees (a Claude Code worktree after EnterWorktree) are the session's too.
   */
  dirs?: readonly { dir: string; at: string }[];
  /** The time of the transcript's last record: without a recorded start, no commit after it (and its slack) is the session's. */
  until?: string;
}

/**
 * The git author's name and email, for the session's frontmatter: from git's variables where they
 * name it (see explicitIdent), else from `git var GIT_AUTHOR_IDENT`, which fails (no author) where
 * a commit would.
 */
export async function sessionAuthor(o: Opened, vars: Promise<GitVars | null>): Promise<string | undefined> {
  const known = await vars.then((v) => v && explicitIdent(v, 'author', process.env)).catch(() => null);
  const ident = known ?? (await git(['var', 'GIT_AUTHOR_IDENT'], { cwd: o.repo.root, allowFail: true }));
  return ident === null || ident === undefined ? undefined : identName(ident) || undefined;
}

/**
 * "Name <email>" of git's ident "Name <email> 1700000000 +0000": its date cut off, read in linear
 * time (a pattern searched from every blank was quadratic in a run of blanks inside `user.name`:
 * 5.6 s for 60k of them, at every `end`).
 */
export function identName(ident: string): string {
  const text = ident.trimEnd();
  const zone = text.search(/\s[+-]\d{4}$/);
  if (zone < 0) return text.trim();
  const before = text.slice(0, zone).trimEnd();
  const seconds = before.search(/\s\d+$/);
  return seconds < 0 ? text.trim() : before.slice(0, seconds).trim();
}

const unique = (xs: string[]) => [...new Set(xs)];

/**
 * The spool's entries with the commits HEAD's reflog shows for the session (git/session-commits.ts): a
 * commit made before the session started is not the session's, and one made since joins even when
 * no post-commit hook ran (Gemini CLI runs its shell with `core.hooksPath=''`). Without a recorded
 * start, the reflog split at the transcript's first record when there is one, else the spool as it is.
 */
async function sessionEntries(
  o: Opened,
  entries: SpoolEntry[],
  start: SessionStart | null,
  dirs: SessionAuthor['dirs'],
  others: ReadonlySet<string>,
  until?: string,
): Promise<{ entries: SpoolEntry[]; elsewhere: boolean; later: SpoolEntry[] }> {
  // No start recorded (no SessionStart hook ran) but a transcript: the session began at its first
  // record and ended at its last (an `end --from-notes` run the next day takes nothing made since).
  const began = !start && dirs?.length ? Math.min(...dirs.map((d) => Math.floor(Date.parse(d.at) / 1000)).filter(Number.isFinite)) : NaN;
  const ended = !start && until ? Math.floor(Date.parse(until) / 1000) : NaN;
  const last = Number.isFinite(ended) ? ended : undefined;
  const split = splitReflog(o.repo, start) ?? (Number.isFinite(began) ? splitReflogSince(o.repo, began, last) : null);
  // Another agent session's commits (its mark) are not this one's, though its window holds them.
  const notOthers = (shas: string[]) => (others.size ? shas.filter((sha) => !others.has(sha)) : shas);
  const elsewhere = dirs?.length ? notOthers(await otherWorktreeCommits(o.repo, dirs, startSeconds(start), start?.head ?? null, { own: !split, ...(split ? {} : { until: last }) })) : [];
  // The spool's commits made after the transcript's last record go back to the spool, for the end they belong to.
  const later = split?.after ? entries.filter((e) => e.type === 'commit' && split.after!.has(e.sha)) : [];
  if (later.length) entries = entries.filter((e) => !later.includes(e));
  const add = (kept: SpoolEntry[], shas: string[]) => {
    const have = new Set(kept.flatMap((e) => (e.type === 'commit' ? [e.sha] : [])));
    const more = shas.filter((sha) => !have.has(sha));
    return { entries: [...kept, ...more.map((sha): SpoolEntry => ({ type: 'commit', sha }))], elsewhere: more.some((sha) => elsewhere.includes(sha)), later };
  };
  if (!split) return add(entries, elsewhere);
  const during = notOthers(await sessionReflogCommits(o.repo, split, start?.head ?? null));
  const kept = entries.filter((e) => e.type !== 'commit' || !split.before.has(e.sha) || during.includes(e.sha));
  return add(kept, [...during, ...elsewhere]);
}

/** The commits in the order they were made (their author dates: each worktree's list is in order, not the lists together); the other entries as they are. */
function byTimeMade(entries: SpoolEntry[]): SpoolEntry[] {
  // A commit without a date keeps the place of the one before it.
  let last = -Infinity;
  const commits = entries.flatMap((e, i) => {
    if (e.type !== 'commit') return [];
    const t = e.at ? Date.parse(e.at) : NaN;
    if (Number.isFinite(t)) last = t;
    return [{ e, i, t: last }];
  });
  const sorted = commits.sort((a, b) => a.t - b.t || a.i - b.i);
  let next = 0;
  return entries.map((e) => (e.type === 'commit' ? sorted[next++]!.e : e));
}

/**
 * The recorded start's time ("YYYY-MM-DD HH:MM", local) in seconds (a resumed session's: what the
 * session file before it listed is not listed again); null when none, unreadable, or later than the
 * clock (GIT_MEMORY_NOW set ahead: the reflog holds the clock's times).
 */
function startSeconds(start: SessionStart | null): number | null {
  const t = start ? Date.parse(start.at.replace(' ', 'T')) : NaN;
  return Number.isFinite(t) && t <= Date.now() ? Math.floor(t / 1000) : null;
}

/** What a session lists for a recorded commit git no longer has and whose line carried no subject. */
export const UNKNOWN_SUBJECT = '(commit not found in this repository)';

/**
 * The notes without a "Files changed: X" that Completed says already ("Changed X", as a summary
 * from the notes writes it when the session completed nothing else): the same list twice in a
 * row is noise in the PR a teammate reads. A longer list than Completed's stays.
 */
function withoutRepeatedFiles(notes: string[], completed: readonly string[]): string[] {
  const said = new Set(completed.flatMap((c) => (c.startsWith('Changed ') ? [c.slice('Changed '.length)] : [])));
  return said.size ? notes.filter((n) => !(n.startsWith('Files changed: ') && said.has(n.slice('Files changed: '.length)))) : notes;
}

/** Summary lists plus the items `git memory log` queued, and the commits the hook recorded. */
function fold(summary: Summary, spool: SpoolEntry[]) {
  const logged = (kind: string) => spool.flatMap((e) => (e.type === 'log' && e.kind === kind ? [e.text] : []));
  const seen = new Set<string>();
  const commits = spool.flatMap((e) => {
    if (e.type !== 'commit' || seen.has(e.sha)) return [];
    seen.add(e.sha);
    // The full id: an abbreviated one names several objects once a history is large (0.6% of 7-character
    // ids at 210k commits); GitHub and `git log` show it short where people read it.
    return [{ sha: e.sha, subject: e.subject ?? UNKNOWN_SUBJECT }];
  });
  return {
    request: summary.request,
    learned: unique([...logged('learned'), ...summary.learned]),
    decisions: unique([...logged('decision'), ...summary.decisions]),
    completed: unique([...logged('completed'), ...summary.completed]),
    next_steps: unique([...logged('next_step'), ...summary.next_steps]),
    notes: withoutRepeatedFiles(unique([...logged('note'), ...summary.notes]), summary.completed),
    commits,
  };
}

/**
 * Keeps a session under SESSION_MAX_BYTES. A long list of recorded commits is shortened (the
 * history has them all); text the agent wrote that is too long is refused (exit 2).
 */
function fitSessionCap(body: ReturnType<typeof fold>, render: (b: ReturnType<typeof fold>) => string): void {
  const size = () => Buffer.byteLength(render(body));
  if (size() <= SESSION_MAX_BYTES) return;
  const all = body.commits;
  let keep = all.length;
  while (keep > 0 && size() > SESSION_MAX_BYTES) {
    keep = Math.floor(keep / 2);
    body.commits = [...all.slice(0, keep), { sha: '', subject: `… and ${all.length - keep} more commits (see git log)` }];
  }
  if (size() > SESSION_MAX_BYTES) {
    throw new UsageError(`the session would be ${size()} bytes; a session is capped at ${SESSION_MAX_BYTES} (16 KB)`, 'summarise: keep each item to a line or two');
  }
}

/**
 * The session file's text through the gate (guardText). A recorded commit's subject and the branch
 * name are git's text, not the caller's: a secret in them is in the repository already and cannot be
 * taken out of this input, so in `block` mode it would refuse this `end` and every later one (the
 * commit stays in the spool, the branch stays checked out). Refused, they are redacted whatever the
 * mode and the file scanned again: a secret anywhere else still refuses it.
 */
async function guardSession(session: Session, path: string, guard: GuardConfig, lang: Lang) {
  const text = (s: Session) => serializeSession(s, lang);
  try {
    return await guardText(text(session), path, guard);
  } catch (e) {
    if (!(e instanceof SecretFoundError)) throw e;
    const gits = [...session.commits.map((c) => c.subject), session.branch ?? ''];
    const clean = await redactAll(gits, guard.allowlist);
    const changed = clean.flatMap((s, i) => (s === gits[i] ? [] : [{ s, what: i < session.commits.length ? 'commit' : 'branch' }]));
    if (!changed.length) throw e;
    const commits = session.commits.map((c, i) => ({ ...c, subject: clean[i]! }));
    const guarded = await guardText(text({ ...session, commits, ...(session.branch ? { branch: clean.at(-1)! } : {}) }), path, guard);
    const rules = [...new Set(changed.flatMap(({ s }) => [...s.matchAll(/\[REDACTED:([^\]]{1,100})\]/g)].map((m) => m[1]!)))];
    const n = changed.filter((c) => c.what === 'commit').length;
    const where = [...(n ? [`the subject of ${n === 1 ? 'a recorded commit' : `${n} recorded commits`}`] : []), ...(changed.some((c) => c.what === 'branch') ? ['the branch name'] : [])].join(' and ');
    guarded.warnings.push(`${path}: redacted ${rules.join(', ')} in ${where} (already in git: rewrite or rename it, and rotate the credential if it was pushed)`);
    return guarded;
  }
}

/**
 * Writes a session's journal file (write-once) with the spool folded in, updates TASKS.md and
 * clears its recorded start (never a start another session recorded since). Runs under the memory lock with the spool claimed by the
 * caller, who commits or aborts the claim with the rest of its work: the claim is committed here
 * as soon as the session file holds the spool's entries. Every text is scanned before it is written.
 */
export async function writeSession(o: Opened, claim: SpoolClaim, summary: Summary, by: SessionAuthor): Promise<SessionWritten> {
  const { agent } = by;
  const warnings: string[] = [];
  const lang = o.config.journal.language;
  const guard = { mode: o.config.secrets.mode, allowlist: o.config.secrets.allowlist, root: o.repo.root };
  const date = localDate(o.now);
  const time = localTime(o.now);
  const start = readSessionStart(o.repo.stateDir, by.session);
  // Another agent session running in this worktree keeps what its shell marked (git/session-marks.ts).
  const marks = splitMarked(o.repo.stateDir, claim.entries, by.session);
  // A line of only an id gets its subject, time and files here, in one git call for all such lines.
  const found = await sessionEntries(o, marks.mine, start, by.dirs, marks.others, by.until);
  // What stays in the spool: another open session's marked entries, and commits made after this one's transcript ended.
  const back = found.later.length ? [...marks.keep, ...found.later] : marks.keep;
  const filled = await fillSpool(o.repo.root, found.entries);
  // Commits from another worktree joined the list at its end: put in the order they were made.
  const spool = found.elsewhere ? byTimeMade(filled) : filled;
  const firstCommit = spool.find((e) => e.type === 'commit');
  // The session's base: HEAD when its primer ran, else the parent of its first commit, else HEAD;
  // as a full id (the primer and the kept log hold it abbreviated: expanded now, while it is unique).
  const full = async (rev: string) =>
    (await git(['rev-parse', '-q', '--verify', `${rev}^{commit}`], { cwd: o.repo.root, allowFail: true }))?.trim() || undefined;
  const head = headCommit(o.repo);
  const base =
    (start?.head && (isFullId(start.head) ? start.head : ((await full(start.head)) ?? start.head))) ??
    (firstCommit ? await full(`${firstCommit.sha}^`) : undefined) ??
    head ??
    (await full('HEAD'));

  let tasksText: string | undefined;
  let tasksRead: TasksRead | undefined;
  let changes: TaskChange[] = [];
  if (summary.tasks?.length) {
    tasksRead = readTasksForUpdate(o.repo);
    const applied = applyTaskInputs(tasksRead.list, summary.tasks, localIso(o.now).slice(0, 16));
    changes = applied.changes;
    const guarded = await guardText(serializeTasks(applied.list, lang), TASKS_FILE, guard);
    warnings.push(...guarded.warnings);
    tasksText = guarded.text;
  }

  const author = await by.author;
  let written: { id: string; path: string } | undefined;
  let redacted = false;
  const body = fold(summary, spool);
  const branch = currentBranch(o.repo) ?? undefined;
  const draft = (b: typeof body) => serializeSession({ id: 'x'.repeat(20), date, time, agent, author, branch, base, ...b }, lang);
  fitSessionCap(body, draft);
  // The same `end` run twice (an agent retrying, a hook and the agent both ending) writes the
  // session once: an exact repeat of the branch's previous session is not written again. Where
  // the agent session is known, only a repeat of its own: another session that did the same (the
  // same persona prompt, the same two files changed: four real Codex sessions of one evening) is a
  // session of its own.
  const { previous, place } = previousSessionOf(o.repo.root, branch, date, time);
  const own = (p: string) => !by.session || readSessionEnded(o.repo.stateDir, by.session)?.path === p;
  const repeat = previous?.path && own(previous.path) && sameSession(previous, parseSession(draft(body), 'draft')) ? previous : null;
  if (repeat) {
    written = { id: repeat.id, path: repeat.path! };
    claim.commit(back); // what the spool held is in that session already
  }
  for (let attempt = 0; !written; attempt++) {
    // Its id says its place in the minute: sessions of one minute are ordered by id (see byTime).
    const suffix = sessionSuffix(place, randomBytes(4).toString('hex').slice(0, 6));
    const id = `${date.replace(/-/g, '')}-${time.replace(':', '')}-${suffix}`;
    const path = sessionPath(date, time, agent, suffix);
    const session: Session = { id, date, time, agent, author, branch, base, ...body };
    const guarded = await guardSession(session, path, guard, lang);
    if (attempt === 0) warnings.push(...guarded.warnings);
    redacted = !!guarded.redacted;
    try {
      createExclusive(o.repo.stateDir, writablePath(o.repo.root, path), guarded.text);
      written = { id, path };
      claim.commit(back); // the spool's entries live in the session file now
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 5) throw e;
    }
  }
  // While a git operation is in progress the change is held, not written (see writeTasks).
  const tasksWritten = tasksText !== undefined && writeTasks(o.repo, tasksText, tasksRead!) === null;
  if (by.session) noteTaken(o.repo.stateDir, by.session, spool);
  clearSessionStart(o.repo.stateDir, start);
  return {
    session: { ...written, commits: repeat ? 0 : body.commits.length, alreadyRecorded: repeat !== null },
    tasks: changes,
    own: [written.path, ...(tasksWritten ? [TASKS_FILE] : [])],
    redacted,
    warnings,
  };
}
