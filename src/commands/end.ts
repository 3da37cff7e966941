import { detectAgent } from '../agents/registry.js';
import { EXIT, fsErrorWords, GitMemoryError, isWrongKindOfPath, UsageError } from '../errors.js';
import { PRIMER_FILE } from '../paths.js';
import { withLock } from '../fs/lock.js';
import { localDate, localIso } from '../clock.js';
import { notePending } from '../git/pending.js';
import { currentBranch } from '../git/repo.js';
import { claimSpool } from '../git/spool.js';
import { readGitVars } from '../git/vars.js';
import { markSessionEnded, type Covered, type SessionEnded } from '../git/session-ended.js';
import type { Summary } from '../memory/summary.js';
import type { TaskChange } from '../memory/task-update.js';
import type { Opened, Result } from './context.js';
import { commitFailed, commitMessage, commitPending, guardCommitSummary, refusedWarning, startPending, type CommitOutcome, type RefusedFile } from './steps/commit-memory.js';
import { rebuildPrimer, type PrimerUnwritten } from './steps/rebuild-primer.js';
import { mark } from '../trace.js';
import { sessionAuthor, writeSession } from './steps/write-session.js';

export interface EndOptions {
  /** The session's summary, decoded and checked by the front door (CLI, MCP tool, agent hook). */
  summary: Summary;
  agent?: string;
  /**
   * The agent session this ends, when known: recorded, so the automatic end does not write it again
   * (`covered`: how far into its transcript the automatic end wrote it).
   */
  session?: { id: string; by: SessionEnded['by']; covered?: Covered; dirs?: readonly { dir: string; at: string }[]; until?: string };
}

export interface EndData {
  /** The session written; or, when `alreadyRecorded`, the branch's previous session it repeats. */
  session: { id: string; path: string; commits: number; alreadyRecorded: boolean };
  tasks: TaskChange[];
  /**
   * The git operation in progress that a task change waits for: TASKS.md is left as it is and the
   * change is held in the state directory until `git memory commit` or the next `end` after it.
   */
  tasksWaiting: CommitOutcome['tasksWaiting'];
  commit: { sha: string; paths: string[] } | null;
  /** Pending memory changes committed beside this session's own files (named, never silent). */
  also: string[];
  /** Changed memory files that cannot be read: left out of the commit. */
  unreadable: { path: string; reason: string }[];
  /** Pending memory files this session did not write that hold a secret: left out of the commit. */
  refused: RefusedFile[];
  waiting: CommitOutcome['waiting'];
  /** The git lock file that kept the commit from being made (waiting: locked). */
  lock?: string;
  /** What made the commit fail once the files were written (waiting: failed). */
  error?: string;
  pending: string[];
  primer: { path: string | null; tokens: number; unwritten?: PrimerUnwritten };
}

/** Which agent wrote the session: --agent, $GIT_MEMORY_AGENT, or what the environment tells. */
export function agentName(flag: string | undefined, env: NodeJS.ProcessEnv): string {
  const raw = flag ?? env.GIT_MEMORY_AGENT ?? detectAgent(env) ?? 'agent';
  const name = raw.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 24);
  if (!name) throw new UsageError(`--agent must contain letters or digits, found ${JSON.stringify(raw)}`);
  return name;
}

/** A memory commit made on a detached HEAD: where it is, and how to keep it. */
export const detachedWarning = (sha: string) =>
  `HEAD is detached: memory commit ${sha.slice(0, 7)} is on no branch, and the next checkout leaves it behind; keep it with \`git switch -c NAME\` or \`git branch NAME ${sha.slice(0, 7)}\`, or push it with \`git push origin HEAD:BRANCH\``;

/**
 * Ends a session: writes its journal file (write-once), folds the spool into it, updates tasks,
 * rebuilds the primer and commits the memory change on the current branch, all with the one
 * repository the front door opened. Every text is scanned before anything is written.
 */
export async function end(o: Opened, opts: EndOptions): Promise<Result<EndData>> {
  const { summary } = opts;
  const agent = agentName(opts.agent, o.env);
  // Asked before the lock (concurrent `end`s wait for each other only while they write), and
  // answered while the lock is taken and git looks for pending changes.
  // git's identities and settings (asked by the entry point before end.js loaded, else now): the
  // session's author, and what the commit's object needs to be written without `git commit-tree`.
  const vars = readGitVars(o.repo.root);
  const asked = sessionAuthor(o, vars);
  asked.catch(() => undefined); // awaited below; an error before that is not a second, unhandled one
  const warnings = [...o.warnings];

  // The session file, once written: what a failure after it says is kept.
  let sessionPath: string | null = null;
  return withLock(o.repo.stateDir, async () => {
    mark('end: lock taken');
    const claim = claimSpool(o.repo.stateDir);
    // git looks for other pending memory changes while the session is written.
    const started = startPending(o.repo, localDate(o.now));
    try {
      const written = await writeSession(o, claim, summary, { agent, author: asked, ...(opts.session ? { session: opts.session.id, dirs: opts.session.dirs, until: opts.session.until } : {}) });
      sessionPath = written.session.path;
      mark('end: session written (its secret scan included)');
      warnings.push(...written.warnings);
      notePending(o.repo, written.own); // found again by the next `end` should this one not commit
      if (opts.session) {
        const { id, by, covered } = opts.session;
        markSessionEnded(o.repo.stateDir, id, { at: localIso(o.now), by, path: written.session.path, ...(covered ? { covered } : {}) });
      }
      // git makes the commit while node builds the primer (which reads what the session wrote);
      // HEAD moves once the primer is built, so the primer reads HEAD (and keeps its git log) as
      // it was, as when it was built first. A primer that fails leaves the commit unmade. With
      // `[primer] commit = true`, PRIMER.md is one of the files committed: it is written first.
      const rebuild = () => rebuildPrimer(o, { write: true, recordStart: false, yieldMidway: true, mustWrite: true });
      let built = o.config.primer.commit ? await rebuild() : null;
      await started.catch(() => undefined); // (its error is commitPending's to report)
      let primerBuilt!: (p: Promise<unknown>) => void;
      const landAfter = new Promise<unknown>((resolve) => (primerBuilt = resolve));
      // A primer that fails rejects it: the commit stops before HEAD moves, or has stopped already.
      landAfter.catch(() => undefined);
      // The request in the commit message gets the secret handling it got in the session file, which
      // holds it as it is: scanned again alone where the session's scan redacted something (the
      // session's warnings name what); else it had no secret (in `block` mode one refused `end`
      // before anything was written). commitMessage removes invisible characters and redacts with
      // the project rules either way.
      const request = written.redacted ? (await guardCommitSummary(o.config, summary.request, 'redact')).text : summary.request;
      const committing = commitPending(
        o.repo,
        commitMessage(o.config, request, [`Session: ${written.session.path}`]),
        { auto: o.config.commit.auto, allowlist: o.config.secrets.allowlist },
        // A repeat wrote no session file: the one it names is committed already. A shared primer was
        // just written: the look for pending changes may have begun before it changed.
        {
          paths: written.own.filter((p) => !written.session.alreadyRecorded || p !== written.session.path),
          ifTracked: built?.data.path ? [built.data.path] : [],
          started,
          landAfter,
          vars,
        },
      );
      committing.catch(() => undefined); // awaited below, after the primer
      if (built) primerBuilt(Promise.resolve());
      else {
        // The commit's first git processes start before the primer's reads take the thread.
        await new Promise((resolve) => setImmediate(resolve));
        const building = rebuild();
        primerBuilt(building);
        try {
          built = await building;
        } catch (e) {
          await committing.catch(() => undefined); // it stops before HEAD moves; let it clean up first
          throw e;
        }
      }
      mark('end: primer rebuilt');
      warnings.push(...built.warnings.filter((w) => !o.warnings.includes(w)));
      // The files are written: a commit that fails now leaves them pending, said as such (not as
      // an error, which would say that nothing was written); commitPending says which, where it
      // got as far as the commit, else (its look for pending changes failed) they are end's own.
      const outcome = await committing.catch((e: unknown) => commitFailed(e, { pending: written.own }));
      mark('end: memory committed');
      if (outcome.repaired) warnings.push(outcome.repaired);
      // Committed on a detached HEAD (a CI checkout, a bisect step left behind): kept, since an agent
      // there may push it (`git push origin HEAD:branch`), but the next checkout orphans it; said so.
      if (outcome.commit && currentBranch(o.repo) === null) warnings.push(detachedWarning(outcome.commit.sha));
      for (const u of outcome.unreadable) warnings.push(`not committed: ${u.path} cannot be read (${u.reason}); fix it, then run \`git memory commit\``);
      for (const r of outcome.refused ?? []) warnings.push(refusedWarning(r));
      return {
        data: {
          session: written.session,
          tasks: written.tasks,
          tasksWaiting: outcome.tasksWaiting,
          commit: outcome.commit && { sha: outcome.commit.sha, paths: outcome.commit.paths },
          also: (outcome.commit?.paths ?? []).filter((p) => !written.own.includes(p)),
          unreadable: outcome.unreadable,
          refused: outcome.refused ?? [],
          waiting: outcome.waiting,
          ...(outcome.lock ? { lock: outcome.lock } : {}),
          ...(outcome.error ? { error: outcome.error } : {}),
          pending: outcome.commit ? [] : outcome.pending,
          primer: { path: built.data.path, tokens: built.data.tokens, ...(built.data.unwritten ? { unwritten: built.data.unwritten } : {}) },
        },
        warnings,
      };
    } catch (e) {
      claim.abort();
      throw plainFsFailure(e, sessionPath);
    }
  });
}

/**
 * A file system error a user can act on (a full disk, a read-only mount) as a plain message that
 * says what was written and what to do, where it reached the user as an internal error with
 * node's words. Nothing is half-written either way: every file is replaced whole. Any other error
 * is returned as it is.
 */
function plainFsFailure(e: unknown, sessionPath: string | null): unknown {
  const words = fsErrorWords(e);
  if (!words) return e;
  const fix = words === 'no space left on device' || words === 'disk quota exceeded' ? 'once space is freed' : isWrongKindOfPath(e) ? `once what is in the way on ${(e as NodeJS.ErrnoException & { dest?: string }).dest ?? (e as NodeJS.ErrnoException).path} is moved` : 'once it can write there';
  const message = sessionPath
    ? `${words}: the session is written in ${sessionPath} but not committed, and the primer (${PRIMER_FILE}) was not rebuilt; the next \`end\` or \`git memory commit\` commits it ${fix}`
    : `${words}: the session was not written, nothing was; run \`end\` again ${fix}`;
  return new GitMemoryError(message, EXIT.error, `(${(e as Error).message})`, sessionPath ? { session: sessionPath } : undefined);
}
