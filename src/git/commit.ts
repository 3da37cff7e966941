import { existsSync, lstatSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { isDir } from '../fs/stat.js';
import { readTextOrNull } from '../fs/read-file.js';
import { randomBytes } from 'node:crypto';
import { EXIT, GitError, GitMemoryError } from '../errors.js';
import { CONFIG_FILE, LANDING_FILE, MEMORY_DIR, MEMORY_GITIGNORE, PRIMER_FILE, TMP_DIR } from '../paths.js';
import { takeEarly } from './early.js';
import { pendingStatusArgs } from './pending.js';
import { git, gitStarted, type StartedGit } from './git.js';
import { headCommit, nullId } from './head.js';
import { holdIndex, indexFiles, prepareIndex, prepareIndexEntries, type PreparedIndex } from './index-swap.js';
import { changedPaths, dirsOf, editTree, objectId, readHeadTrees, readHeadTreesLoose, TreeEditUnsupported, writeTrees, writeTreesLoose, type HeadTrees, type PathChange } from './tree-edit.js';
import type { Repo } from './repo.js';
import { attributeFilesFor, looseObjectsDir, storedAsIs, writeLooseObject, type LooseObjects } from './loose.js';
import { explicitIdent, type GitVars } from './vars.js';
import { signArgs, SIGN_TIMEOUT_MS } from './commit-sign.js';
import { mark } from '../trace.js';
import { commitsUnderWay } from './commit-under-way.js';

/**
 * How every memory commit's HEAD reflog entry begins. The post-commit hook relies on it to tell a
 * user's commit from ours (see hook/post-commit.ts): keep it stable.
 */
export const REFLOG_PREFIX = 'git-memory: ';

export interface MemoryCommit {
  sha: string;
  parent: string | null;
  paths: string[];
}

/**
 * Memory paths whose working-tree content differs from HEAD or the index. The config file counts
 * only while it is new (written by `init`); edits to a tracked config are the user's to commit.
 * `within`: look at these paths only (literal paths, a folder meaning all under it), not over the
 * whole memory folder (see pending.ts). A new file that an ignore rule hides counts too, unless the
 * memory folder's own .gitignore hides it (PRIMER.md, temporary files): a project's `.*` rule hid
 * the whole folder, and TASKS.md, the config and MEMORY.md were never committed.
 */
export async function pendingMemoryPaths(repo: Repo, within?: readonly string[]): Promise<string[]> {
  const args = pendingStatusArgs(within ?? [MEMORY_DIR, CONFIG_FILE]);
  // Started by the entry point for `end` (see startPendingEarly), when run from the root.
  const early = repo.root === process.cwd() ? await takeEarly(args, repo.root) : undefined;
  const out = early ? early.toString('utf8') : await git(args, { cwd: repo.root });
  const entries = out.split('\0').filter((e) => e.length > 3);
  const changed = entries.filter((e) => !e.startsWith('!!') && (e.slice(3) !== CONFIG_FILE || e.startsWith('??'))).map((e) => e.slice(3));
  // Ignored: the memory folder's own ignores by name (no git process in a usual repository), the rest asked of git.
  const hidden = entries.filter((e) => e.startsWith('!!') && !ownIgnored(e.slice(3))).map((e) => e.slice(3));
  return hidden.length ? [...changed, ...(await hiddenByOthers(repo, hidden))] : changed;
}

/** The files the memory folder's .gitignore (written by init) hides by name: the primer and temporary files. */
const ownIgnored = (path: string) => path === PRIMER_FILE || path.includes('.gm-tmp-');

/** Of the ignored `paths`, those a rule outside the memory folder's own .gitignore hides. */
async function hiddenByOthers(repo: Repo, paths: readonly string[]): Promise<string[]> {
  // `-v -z`: source, line, pattern and path for each path, NUL-separated (exit 1: none is ignored).
  const out = (await git(['check-ignore', '-v', '-z', '--stdin'], { cwd: repo.root, allowFail: true, input: paths.map((p) => `${p}\0`).join('') })) ?? '';
  const fields = out.split('\0');
  const hidden: string[] = [];
  for (let i = 0; i + 3 < fields.length; i += 4) if (fields[i] !== MEMORY_GITIGNORE) hidden.push(fields[i + 3]!);
  // Where the rule hides the memory folder itself, git never reads the folder's .gitignore: its
  // lines that name a file or folder (no wildcard) still keep those out.
  const own = (readTextOrNull(join(repo.root, MEMORY_GITIGNORE)) ?? '')
    .split('\n')
    .map((l) => l.trim().replace(/^\/|\/$/g, ''))
    .filter((l) => l && !/[#!*?[\\]/.test(l))
    .map((l) => `${MEMORY_DIR}/${l}`);
  return hidden.filter((p) => !own.some((o) => p === o || p.startsWith(`${o}/`)));
}

/**
 * Whether the tracked config file has changes pendingMemoryPaths leaves out (the user's edits, in
 * the working tree or staged): `git memory commit` names it, so "up to date" is not read as "all
 * memory configuration committed".
 */
export async function configEdited(repo: Repo): Promise<boolean> {
  const out = await git(pendingStatusArgs([CONFIG_FILE]), { cwd: repo.root });
  return out.split('\0').some((e) => e.length > 3 && !e.startsWith('??') && !e.startsWith('!!') && e.slice(3) === CONFIG_FILE);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits until no user's commit is under way in the worktree, or `deadline`; returns those still under way. */
async function userCommitsEnded(repo: Repo, ignore: readonly number[], deadline: number): Promise<number[]> {
  for (let delay = 20; ; delay = Math.min(delay * 2, 200)) {
    const busy = commitsUnderWay(repo.root, ignore);
    if (!busy.length || Date.now() >= deadline) return busy;
    await sleep(Math.min(delay, Math.max(deadline - Date.now(), 1)));
  }
}

/**
 * How long a memory commit waits for git's index.lock before it leaves the commit for later
 * (`indexMs`). An object, so that a test running the commit in its own process can shorten the
 * wait it would otherwise sit out; nothing else changes it.
 */
export const LOCK_WAIT = { indexMs: 3000 };
/** How long it waits on a ref lock (HEAD.lock, the branch's), on top of git's own 100 ms. */
const REF_LOCK_WAIT_MS = 600;
/** How long a memory commit keeps trying while HEAD moves under it (someone else committing). */
const HEAD_MOVING_MS = 5000;

/**
 * How long a memory commit waits for a user's `git commit` (or merge) under way in the worktree
 * (commit-under-way.ts) before it is left for later (UserCommitUnderWayError): one without a slow
 * hook or an editor ends within it. An object, so that a test in process can change it.
 */
export const COMMIT_WAIT = { ms: 2000 };

/**
 * A user's `git commit` (or merge) stayed under way in this worktree: it has read HEAD and will move
 * it expecting that value, so a memory commit landed now would fail it. Nothing was committed.
 */
export class UserCommitUnderWayError extends GitMemoryError {
  constructor(readonly pids: number[]) {
    super(`a git commit is in progress in this worktree (process ${pids.join(', ')}); the memory commit was not made`, EXIT.error, 'it lands after that commit; or run `git memory commit` once it has ended');
    this.name = 'UserCommitUnderWayError';
  }
}

/**
 * A git lock file stayed in place: another git command is running, or one was killed and left it
 * (git's own advice, naming the file). Nothing was committed.
 */
export class GitLockBusyError extends GitMemoryError {
  constructor(readonly lock: string) {
    super(
      `${lock} exists: another git process seems to be running in this repository, or one was killed; the memory commit was not made`,
      EXIT.error,
      `if no git process is running, remove ${lock} and run \`git memory commit\``,
      { lock },
    );
    this.name = 'GitLockBusyError';
  }
}

/** Test hook: a test kills the process at a chosen step to check what it leaves behind. */
function killPoint(step: string): void {
  if (process.env.GIT_MEMORY_TEST_KILL_AT === step) process.kill(process.pid, 'SIGKILL');
}

/** What each committed path becomes, read from the working tree (with the bytes read): null where this cannot say (a link, a directory). */
function worktreeChanges(root: string, paths: string[]): { changes: PathChange[]; contents: Buffer[] } | null {
  const changes: PathChange[] = [];
  const contents: Buffer[] = [];
  for (const path of paths) {
    let st;
    try {
      st = lstatSync(join(root, path));
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT' || (e as NodeJS.ErrnoException).code === 'ENOTDIR') {
        changes.push({ path, entry: null });
        continue;
      }
      throw e;
    }
    if (!st.isFile()) return null;
    const content = readFileSync(join(root, path));
    contents.push(content);
    changes.push({ path, entry: { mode: st.mode & 0o111 ? '100755' : '100644', sha: objectId('blob', content) } });
  }
  return { changes, contents };
}

/** What lets node write a memory commit's objects itself: git's variables, and where loose objects go (looseObjectsDir). */
interface ObjectWriter {
  vars: GitVars;
  objects: LooseObjects;
}

/** How one attempt makes the commit's tree, and the user's index entries that go with it. */
interface TreeMaker {
  /** HEAD (null: unborn), its tree, the tree to commit, and the paths it changes where known. */
  make(): Promise<{ parent: string | null; parentTree: string | undefined; tree: string; changed?: string[] }>;
  /** A copy of the user's index with the committed paths' entries set to the commit's (see index-swap.ts). */
  prepare(tree: string): Promise<PreparedIndex>;
}

/**
 * The tree through a temporary index: HEAD read into it, the paths added, the tree written. Its cost
 * grows with the repository; used where the tree cannot be edited directly (see tree-edit.ts).
 */
function viaIndex(repo: Repo, c: { pathspec: string; index: string; userIndex: string }): TreeMaker {
  const withIndex = { GIT_INDEX_FILE: c.index };
  return {
    async make() {
      rmSync(c.index, { force: true });
      // One process for HEAD and its tree (an unborn branch has neither).
      const [parent = null, parentTree] = ((await git(['rev-parse', 'HEAD^{commit}', 'HEAD^{tree}', '--'], { cwd: repo.root, allowFail: true })) ?? '').split('\n').filter(Boolean);
      if (parent) await git(['read-tree', parent], { cwd: repo.root, env: withIndex });
      // `-f` where every path names a file (or a deletion): the memory files a project's ignore rule
      // hides (see pendingMemoryPaths) are git-memory's to commit, and git refused them ("Use -f if
      // you really want to add them"); a folder's ignored files (PRIMER.md) are never forced in.
      const force = c.pathspec.split('\0').every((p) => !isDir(join(repo.root, p))) ? ['-f'] : [];
      await git(['add', '-A', ...force, '--pathspec-from-file=-', '--pathspec-file-nul'], { cwd: repo.root, env: withIndex, input: c.pathspec });
      const tree = (await git(['write-tree'], { cwd: repo.root, env: withIndex })).trim();
      return { parent, parentTree, tree };
    },
    prepare: (tree) => prepareIndex(repo, tree, c.pathspec, c.userIndex),
  };
}

/**
 * The tree by editing HEAD's (see tree-edit.ts): HEAD's trees along the paths (`early`, read
 * beforehand; else from loose objects, or in one `cat-file`), the blobs written here where git
 * would store the files' bytes as they are (storedAsIs), else by one `hash-object` (git applies the
 * paths' attributes, as `git add` would; its ids must be the ones computed here, or the commit goes
 * through a temporary index), the new trees as loose objects
 * (writeTreesLoose) or, where git's rules for them could differ, by one `mktree`.
 * Null where the working tree holds something other than files and deletions.
 */
function byEditing(repo: Repo, paths: string[], userIndex: string, early?: Promise<HeadTrees | null>, writer?: ObjectWriter | null): TreeMaker | null {
  const read = worktreeChanges(repo.root, paths);
  if (!read) return null;
  const { changes, contents } = read;
  const files = changes.filter((c) => c.entry);
  let blobs: Promise<void> | null = null;
  const writeBlobs = async () => {
    if (!files.length) return;
    // Stored as they are (no filter, encoding or line-ending conversion applies): written here.
    if (writer && storedAsIs(writer.vars.config, attributeFilesFor(repo, writer.vars.config, dirsOf(files.map((f) => f.path))), contents)) {
      contents.forEach((content, i) => writeLooseObject(writer.objects, 'blob', content, files[i]!.entry!.sha));
      return;
    }
    const out = (await git(['hash-object', '-w', '--stdin-paths'], { cwd: repo.root, input: `${files.map((f) => f.path).join('\n')}\n` })).split('\n').filter(Boolean);
    if (out.length !== files.length || out.some((sha, i) => sha !== files[i]!.entry!.sha)) throw new TreeEditUnsupported('git hashed the files differently (attributes or filters apply)');
  };
  return {
    async make() {
      blobs ??= writeBlobs();
      blobs.catch(() => undefined); // awaited below; a failure there is not a second, unhandled one
      const dirs = dirsOf(paths);
      // Trees read beforehand serve once, if they hold every directory edited here.
      const got = early && (await early);
      early = undefined;
      const head = got && dirs.every((d) => got.trees.has(d)) ? got : (readHeadTreesLoose(repo, dirs) ?? (await readHeadTrees(repo.root, dirs)));
      if (!head) throw new TreeEditUnsupported('the branch has no commit yet');
      const { tree, write } = editTree(head, changes);
      await Promise.all([blobs, tree === head.tree ? undefined : writer ? writeTreesLoose(writer.objects, write) : writeTrees(repo.root, write)]);
      return { parent: head.commit, parentTree: head.tree, tree, changed: changedPaths(head, changes) };
    },
    prepare: (tree) => prepareIndexEntries(repo, changes, userIndex, tree),
  };
}

/**
 * Commits the working-tree content of `paths` on top of HEAD without touching what the user
 * staged: HEAD's tree edited along the paths (or, where that cannot be done, a temporary index
 * from HEAD → add → write-tree) → commit-tree, all without any of git's locks; then, with git's
 * ref locks taken (`update-ref --stdin` prepared: compare-and-swap, retried when HEAD moved),
 * git's index.lock taken with the user's index already refreshed for those paths inside it and
 * renamed in place (see index-swap.ts), and the ref update committed. git's locks are held for
 * that moment only, never while waiting: a busy index.lock is
 * waited on from outside, and after LOCK_WAIT.indexMs the commit is left undone
 * (GitLockBusyError) rather than made with a stale index. No hooks fire.
 * Returns null when the paths already match HEAD.
 *
 * `landAfter`: the commit is made meanwhile, but HEAD moves only once it has settled (and not if
 * it fails): `end` builds the primer while git makes the commit, and the primer must read HEAD as
 * it was before it. `head`: HEAD's trees read beforehand (see readHeadTrees), used by the first
 * attempt where they hold every directory it edits; HEAD moved since, the ref update fails and
 * the next attempt reads them again. `vars`: git's identities and settings (see commitObject).
 */
export async function commitPaths(
  repo: Repo,
  paths: string[],
  message: string,
  opts: { landAfter?: Promise<unknown>; head?: Promise<HeadTrees | null>; vars?: Promise<GitVars | null>; ignore?: readonly number[] } = {},
): Promise<MemoryCommit | null> {
  const { landAfter } = opts;
  if (!paths.length) return null;
  const tmpDir = join(repo.stateDir, TMP_DIR);
  mkdirSync(tmpDir, { recursive: true });
  const tag = `${process.pid}-${randomBytes(4).toString('hex')}`;
  const index = join(tmpDir, `index-${tag}`);
  const c = { pathspec: paths.join('\0'), reflog: `${REFLOG_PREFIX}${message.split('\n')[0]}`, userIndex: join(tmpDir, `index-user-${tag}`), userBefore: join(tmpDir, `index-before-${tag}`), updates: new Set<StartedGit>(), ignore: opts.ignore ?? [] };
  const slow = () => viaIndex(repo, { ...c, index });
  // git's variables (asked early: answered by now) say once whether node may write the objects.
  const vars = opts.vars && (await opts.vars.catch(() => null));
  const objects = vars && looseObjectsDir(repo, vars.config);
  const writer = vars && objects ? { vars, objects } : null;
  let maker = byEditing(repo, paths, c.userIndex, opts.head, writer) ?? slow();
  let started = Date.now();
  /** When the wait for a user's commit under way ends (set when one is first found). */
  let userDeadline: number | null = null;
  try {
    for (let attempt = 0; ; attempt++) {
      let made;
      try {
        made = await maker.make();
      } catch (e) {
        if (!(e instanceof TreeEditUnsupported)) throw e;
        maker = slow();
        made = await maker.make();
      }
      const { parent, parentTree, tree, changed } = made;
      mark('commit: tree made');
      if (parent && parentTree === tree) return null;
      // The commit object, the user's refreshed index and the ref update's process at once: the
      // less time between reading HEAD and moving it, the less often someone else moves it first.
      const update = startUpdate(repo, c);
      const prepare = () => maker.prepare(tree);
      const [sha, prepared] = await Promise.all([commitObject(repo, { tree, parent, message }, writer), prepare()]);
      mark('commit: objects written, index prepared');
      await landAfter;
      const landed = await land(repo, { ...c, sha, parent, tree, prepare }, { prepared, update });
      if (landed === true) {
        mark('commit: landed (HEAD moved, index refreshed)');
        return { sha, parent, paths: changed ?? paths };
      }
      if (landed === 'user-commit') {
        // Waited out from outside, holding nothing; then made again on the HEAD that commit left.
        userDeadline ??= Date.now() + COMMIT_WAIT.ms;
        const busy = await userCommitsEnded(repo, c.ignore, userDeadline);
        if (busy.length) throw new UserCommitUnderWayError(busy);
        started = Date.now();
        attempt = -1;
        continue;
      }
      // A busy branch (someone committing again and again) gets a few seconds, not a few tries.
      if (attempt >= 8 && Date.now() - started > HEAD_MOVING_MS) throw new GitMemoryError('HEAD kept moving while committing memory; the files are written, run `git memory commit` later');
      await sleep(20 * (attempt + 1));
    }
  } finally {
    rmSync(index, { force: true });
    rmSync(c.userIndex, { force: true });
    rmSync(c.userBefore, { force: true });
    // An update-ref still waiting for its input (an error on the way) is told to do nothing.
    await Promise.all([...c.updates].map((u) => u.send('abort\n').catch(() => undefined)));
  }
}

/**
 * The commit object: written here (a loose object) where git would write exactly these bytes — both
 * identities named by the environment or the configuration (explicitIdent), messages in UTF-8
 * (i18n.commitEncoding), no signature asked for — else by `git commit-tree`, which applies whatever
 * else git's settings say. `git commit-tree -F -` writes the message as given; it signs only when
 * asked with -S, which it is where the user's commit.gpgSign signs every commit (commit-sign.ts).
 * A signature that fails (or waits past SIGN_TIMEOUT_MS) fails the commit: the files stay written
 * for `git memory commit`, never committed unsigned against the user's setting.
 */
async function commitObject(repo: Repo, c: { tree: string; parent: string | null; message: string }, writer: ObjectWriter | null): Promise<string> {
  const sign = await signArgs(repo.root, writer?.vars.config);
  const author = writer && explicitIdent(writer.vars, 'author', process.env);
  const committer = writer && explicitIdent(writer.vars, 'committer', process.env);
  const encoding = writer?.vars.config.get('i18n.commitencoding');
  if (!sign.length && writer && c.tree.length === 40 && author && committer && (encoding === undefined || (encoding !== null && /^utf-?8$/i.test(encoding.trim())))) {
    const body = `tree ${c.tree}\n${c.parent ? `parent ${c.parent}\n` : ''}author ${author}\ncommitter ${committer}\n\n${c.message}`;
    return writeLooseObject(writer.objects, 'commit', Buffer.from(body, 'utf8'));
  }
  return (await git(['commit-tree', c.tree, ...(c.parent ? ['-p', c.parent] : []), ...sign, '-F', '-'], { cwd: repo.root, input: c.message, ...(sign.length ? { timeoutMs: SIGN_TIMEOUT_MS } : {}) })).trim();
}

interface Landing {
  sha: string;
  parent: string | null;
  tree: string;
  /** Prepares the user's refreshed index again (it changed, or its lock was busy). */
  prepare(): Promise<PreparedIndex>;
  reflog: string;
  userIndex: string;
  /** Where the user's index as it was is kept while the refreshed one is in place ahead of the ref (swapFirst). */
  userBefore: string;
  /** update-ref processes started and not yet fed. */
  updates: Set<StartedGit>;
  /** Processes of a commit known to be past its ref update (see commitsUnderWay). */
  ignore: readonly number[];
}

/**
 * Names the memory commit about to become HEAD (paths.ts LANDING_FILE), for the shell post-commit
 * hook: one that reads this id from the ref file leaves the commit to node. Best effort: without
 * it, the hook still records a commit, and `end` reads what it is.
 */
function markLanding(repo: Repo, sha: string): void {
  try {
    writeFileSync(join(repo.stateDir, LANDING_FILE), `${sha}\n`);
  } catch {
    /* a read-only state directory: nothing to mark */
  }
}

/** `git update-ref --stdin`, started, with its transaction opened; `ready` false on a git before 2.27. */
function startUpdate(repo: Repo, c: Pick<Landing, 'reflog' | 'updates'>): { git: StartedGit; ready: Promise<boolean> } {
  const proc = gitStarted(['update-ref', '-m', c.reflog, '--stdin'], { cwd: repo.root });
  c.updates.add(proc);
  proc.write('start\n');
  return {
    git: proc,
    ready: proc.lineOut('start: ok').then(
      () => true,
      () => false,
    ),
  };
}

/** `Unable to create '<path>.lock': File exists`, git's words for a lock someone else holds. */
const LOCK_EXISTS = /Unable to create '([^']+\.lock)': File exists/;

/**
 * Moves HEAD to the memory commit together with the user's index. False when HEAD moved since the
 * commit was made (the caller makes it again on the new HEAD); 'user-commit' when a user's `git
 * commit` (or merge) is under way in the worktree: it read HEAD and will move it expecting that
 * value (nothing was moved; the caller waits for it, or leaves the memory commit for later).
 */
async function land(repo: Repo, c: Landing, first: { prepared: PreparedIndex; update: ReturnType<typeof startUpdate> }): Promise<boolean | 'user-commit'> {
  const { lock } = indexFiles(repo);
  const indexDeadline = Date.now() + LOCK_WAIT.indexMs;
  let refDeadline: number | null = null;
  let next: typeof first | null = first;
  for (let delay = 10; ; delay = Math.min(delay * 2, 200)) {
    if (!next) {
      // Wait while a git command holds the index, before preparing again: holding nothing.
      while (existsSync(lock)) {
        if (Date.now() > indexDeadline) throw new GitLockBusyError(lock);
        await sleep(delay + Math.random() * delay);
        delay = Math.min(delay * 2, 200);
      }
      if ((await currentHead(repo)) !== c.parent) return false;
      next = { update: startUpdate(repo, c), prepared: await c.prepare() };
    }
    const { prepared, update } = next;
    next = null;
    const ready = await update.ready;
    // No parent (an unborn branch): the null id, of the commit's own length, says HEAD must not exist yet.
    const target = ['HEAD', c.sha, c.parent ?? nullId(c.sha)];
    /** What a failed ref update means: HEAD moved, or a ref lock to wait for a moment (then retry). */
    const refFailure = async (e: unknown): Promise<'moved' | 'retry'> => {
      if (!(e instanceof GitError)) throw e;
      const busy = LOCK_EXISTS.exec(e.stderr)?.[1];
      if (busy) {
        // A ref lock git could not take in its own 100 ms: a moment more, then say which file.
        refDeadline ??= Date.now() + REF_LOCK_WAIT_MS;
        if (Date.now() > refDeadline) throw new GitLockBusyError(busy);
        await sleep(delay);
        return 'retry';
      }
      if (/but expected|already exists|unable to resolve reference/i.test(e.stderr)) return 'moved';
      throw e;
    };
    if (ready) {
      // The ref locks first, index.lock last: git waits 100 ms for a ref lock but not at all for
      // index.lock, so a user's `git add` or `git commit` started meanwhile fails only in the short
      // moment index.lock is ours (update-ref's commit), and HEAD is checked under its lock here.
      try {
        update.git.write(`update ${target.join(' ')}\nprepare\n`);
        await update.git.lineOut('prepare: ok').catch(() => update.git.send(''));
      } catch (e) {
        c.updates.delete(update.git);
        if ((await refFailure(e)) === 'moved') return false;
        continue;
      }
    }
    // A user's commit under way has read HEAD and holds no lock while its hooks and editor run:
    // looked for here, with HEAD's ref locks ours (`prepare`) and just before HEAD moves, so only
    // a commit started in the millisecond between this look and the move could still fail.
    if (commitsUnderWay(repo.root, c.ignore).length) {
      c.updates.delete(update.git);
      await update.git.send('abort\n').catch(() => undefined); // releases the ref locks
      return 'user-commit';
    }
    const held = holdIndex(repo, prepared, c.sha, c.parent, ready ? c.userBefore : undefined);
    // A user's `git commit` holds index.lock until its ref is updated, so with the lock ours,
    // HEAD read from its files is final; where the files do not say (null), update-ref checks.
    const moved = held && (headCommit(repo) ?? c.parent) !== c.parent;
    if (!held || moved) {
      held?.release();
      c.updates.delete(update.git);
      await update.git.send('abort\n').catch(() => undefined); // releases the ref locks
      if (moved) return false;
      if (Date.now() > indexDeadline) throw new GitLockBusyError(lock);
      continue; // taken or changed meanwhile: wait and prepare again
    }
    killPoint('index-held');
    c.updates.delete(update.git);
    markLanding(repo, c.sha);
    if (ready) {
      // The refreshed index goes in place first, then the ref moves: git's ref locks are ours since
      // `prepare`, so HEAD cannot move in between, and index.lock is ours only for one rename, not
      // for update-ref's round trip: a user's `git add` or `git commit` then does not find it taken
      // (issue 26 item 15). A ref update that fails after all puts the index as it was back.
      const swapped = held.swapFirst();
      killPoint('index-swapped');
      try {
        update.git.write('commit\n');
        await update.git.lineOut('commit: ok').catch(() => update.git.send(''));
      } catch (e) {
        swapped.undo();
        if ((await refFailure(e)) === 'moved') return false;
        continue;
      }
      killPoint('ref-moved');
      swapped.landed();
      await update.git.send('').catch(() => undefined);
      return true;
    }
    try {
      await update.git.send('').catch(() => undefined);
      await git(['update-ref', '-m', c.reflog, ...target], { cwd: repo.root });
    } catch (e) {
      held.release();
      if ((await refFailure(e)) === 'moved') return false;
      continue;
    }
    killPoint('ref-moved');
    held.commit();
    return true;
  }
}

/** HEAD's commit: from git's files where they say, else from git. */
async function currentHead(repo: Repo): Promise<string | null> {
  return headCommit(repo) ?? ((await git(['rev-parse', '-q', '--verify', 'HEAD^{commit}'], { cwd: repo.root, allowFail: true }))?.trim() || null);
}
