import { existsSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { writeAtomic } from '../fs/atomic.js';
import { readTextOrNull } from '../fs/read-file.js';
import { git } from '../git/git.js';
import { listTree, readBlobs } from '../git/objects.js';
import type { Operation, Repo } from '../git/repo.js';
import { hasConflictMarkers } from '../memory/conflict-markers.js';
import { foldedDay, mergeFolded, renderFolded } from '../memory/folded-day.js';
import { CorruptFileError } from '../memory/frontmatter.js';
import { JOURNAL_DIR } from '../paths.js';
import { writablePath } from '../worktree-path.js';

/**
 * Journal files a merge left unmerged, settled from the two commits merged (not from git's index
 * stages: for a rename/rename conflict git stores its line merge, with markers, in the stages).
 *
 * Why they conflict: when both branches fold the same session files (`git memory fold`, or a
 * dream's), each file is deleted on both sides, and git's merge (ort) looks for a rename of a file
 * deleted on both sides among the files each side added (a rename on either side would matter to
 * the merge). A session file folded there and a new session file of the same side are alike (the
 * same frontmatter and headings), so git pairs them: rename/rename, rename/delete and modify/delete
 * conflicts on new session files. Before git 2.50, ort ignores `-X no-renames` and
 * `merge.renames=false`; no attribute turns rename detection off for a path.
 */
export interface JournalSettled {
  /**
   * Session files kept with the exact text of the side that has them (or both, alike); `movedFrom`:
   * the path git had moved it to (a directory rename it inferred from a fold), removed.
   */
  kept: { path: string; from: 'ours' | 'theirs' | 'both'; movedFrom?: string }[];
  /** Session files neither side has any more (folded or forgotten on both, or on one side and unchanged on the other): removed. */
  removed: string[];
  /** Folded day files merged session file by session file (as the merge driver does). */
  merged: string[];
  /** Journal paths left unmerged for the person, with why. */
  left: { path: string; reason: string }[];
}

/** The commit whose changes the operation brings in, and the commits its changes are measured from. */
async function theirSide(repo: Repo, op: Operation | null): Promise<{ theirs: string; bases: string[] } | { why: string }> {
  const rev = async (name: string) => (await git(['rev-parse', '--verify', '--quiet', `${name}^{commit}`], { cwd: repo.root, allowFail: true }))?.trim() || null;
  if (op === 'merge') {
    const heads = (readTextOrNull(join(repo.gitDir, 'MERGE_HEAD')) ?? '').split('\n').filter(Boolean);
    if (heads.length !== 1) return { why: 'a merge of several branches at once: settle it by hand' };
    const bases = (await git(['merge-base', '--all', 'HEAD', heads[0]!], { cwd: repo.root, allowFail: true }))?.split('\n').filter(Boolean) ?? [];
    return { theirs: heads[0]!, bases };
  }
  if (op === 'cherry-pick' || op === 'rebase') {
    const pick = (await rev('CHERRY_PICK_HEAD')) ?? (await rev('REBASE_HEAD'));
    if (!pick) return { why: `no commit being applied was found for ${op === 'rebase' ? 'the rebase' : 'the cherry-pick'}: settle it by hand` };
    const parent = await rev(`${pick}^1`);
    return { theirs: pick, bases: parent ? [parent] : [] };
  }
  return { why: op ? `journal files are settled during a merge, rebase or cherry-pick, not ${op === 'am' ? 'an am session' : `a ${op}`}: settle them by hand` : 'no merge, rebase or cherry-pick is in progress' };
}

const DAY_FILE = /^\d{4}-\d{2}-\d{2}\.md$/;
const SESSION_FILE = /^\d{4}-\d{2}-\d{2}\/[^/]+\.md$/;

/** What becomes of one unmerged journal path. */
export type Settlement = { take: 'ours' | 'theirs' | 'both' } | { remove: true } | { merge: true } | { leave: string };

/**
 * The rule for one unmerged journal path (`rest`: its path under the journal), from its blob in our
 * commit, in theirs (undefined where absent) and in the merge bases. Pure.
 */
export function settlement(rest: string, ours: string | undefined, theirs: string | undefined, bases: readonly string[]): Settlement {
  const only = ours !== undefined ? 'ours' : 'theirs';
  if (SESSION_FILE.test(rest)) {
    if (ours === undefined && theirs === undefined) return { remove: true };
    if (ours !== undefined && theirs !== undefined) return ours === theirs ? { take: 'both' } : { leave: 'the session file differs on the two sides; merge it by hand' };
    if (!bases.length) return { take: only };
    if (bases.includes((ours ?? theirs)!)) return { remove: true };
    return { leave: `the session file was changed on ${only === 'ours' ? 'our' : 'their'} side and folded or deleted on the other; put the change where the session is now by hand` };
  }
  if (DAY_FILE.test(rest)) {
    if (ours !== undefined && theirs !== undefined) return { merge: true };
    if (!bases.length && (ours ?? theirs) !== undefined) return { take: only };
    return { leave: 'the day file was changed on one side and deleted on the other; settle it by hand' };
  }
  return { leave: 'not a session file or a folded day; settle it by hand' };
}

/**
 * Where a side wrote a session file that git moved to `path` (which neither side has): a fold
 * deletes a day's whole folder, git pairs its files with new session files elsewhere as renames,
 * infers that the folder moved, and moves the other side's new session of that day after them
 * (`CONFLICT (file location)`). Found by the side's blob at the stage git recorded, under the same
 * file name in that side's tree; null where there is no such one file.
 */
function movedFrom(path: string, stage: Map<number, string>, ours: Map<string, string>, theirs: Map<string, string>): { side: 'ours' | 'theirs'; path: string } | null {
  const name = path.slice(path.lastIndexOf('/'));
  for (const [n, side, tree] of [[2, 'ours', ours], [3, 'theirs', theirs]] as const) {
    const blob = stage.get(n);
    if (!blob) continue;
    const found = [...tree].filter(([p, b]) => b === blob && p.endsWith(name) && SESSION_FILE.test(p.slice(JOURNAL_DIR.length + 1)));
    if (found.length === 1 && (n === 2 ? !stage.has(3) : !stage.has(2))) return { side, path: found[0]![0] };
  }
  return null;
}

/**
 * Settles the journal files left unmerged (`git ls-files -u` under the journal), from the two
 * commits merged and their merge base, for each path:
 * - a session file in neither commit is removed (both sides folded or deleted it: its text is in
 *   the day files, which keep every session of both sides);
 * - one in both, alike, is kept; one in one side only that the base did not have (a new session a
 *   rename pairing dragged in) is kept with that side's exact text; one the base had, unchanged on
 *   the side that kept it, is removed (the other side folded or deleted it);
 * - a folded day file is merged session file by session file, as the merge driver does;
 * - anything else (a session changed on both sides, or changed on one and folded on the other, a
 *   working-tree file edited by hand) is left unmerged, with why.
 * Every session stays once: a session kept as a file was folded by neither side (a side that folds
 * it no longer has the file), and one removed is in a day file of a side that folded it.
 * Only unmerged journal paths are touched: the working tree and index entries of every other path stay.
 */
export async function settleJournal(repo: Repo, op: Operation | null): Promise<JournalSettled | null> {
  const out = await git(['ls-files', '-u', '-z', '--', `:(top)${JOURNAL_DIR}/`], { cwd: repo.root });
  // path → stage (1 base, 2 ours, 3 theirs) → blob
  const stages = new Map<string, Map<number, string>>();
  for (const e of out.split('\0').filter(Boolean)) {
    const m = /^\d+ ([0-9a-f]+) (\d)\t(.*)$/s.exec(e);
    if (m) (stages.get(m[3]!) ?? stages.set(m[3]!, new Map()).get(m[3]!)!).set(Number(m[2]), m[1]!);
  }
  if (!stages.size) return null;
  const settled: JournalSettled = { kept: [], removed: [], merged: [], left: [] };
  const side = await theirSide(repo, op);
  if ('why' in side) {
    settled.left.push(...[...stages.keys()].map((path) => ({ path, reason: side.why })));
    return settled;
  }
  const tree = async (rev: string) => new Map((await listTree(repo.root, rev, [JOURNAL_DIR])).map((f) => [f.path, f.blob]));
  const [ours, theirs, ...bases] = await Promise.all(['HEAD', side.theirs, ...side.bases].map(tree));
  const inBase = (path: string) => bases.map((b) => b.get(path)).filter((b): b is string => b !== undefined);

  // A working-tree file is git's (missing, a version git has, or git's conflict markers) or a hand edit, which stays.
  const present = [...stages.keys()].filter((p) => existsSync(join(repo.root, p)));
  const hashes = present.length ? (await git(['hash-object', '--stdin-paths'], { cwd: repo.root, input: present.join('\n') + '\n' })).split('\n') : [];
  const worktree = new Map(present.map((p, i) => [p, hashes[i]!]));
  const handEdited = (path: string) => {
    const blob = worktree.get(path);
    if (blob === undefined) return false;
    const known = [...stages.get(path)!.values(), ours!.get(path), theirs!.get(path), ...inBase(path)];
    return !known.includes(blob) && !hasConflictMarkers(readTextOrNull(join(repo.root, path)) ?? '');
  };

  const take = { ours: [] as string[], theirs: [] as string[] };
  const days: { path: string; base: string | undefined; ours: string; theirs: string }[] = [];
  for (const path of [...stages.keys()].sort()) {
    const [a, t, b] = [ours!.get(path), theirs!.get(path), inBase(path)];
    const moved = a === undefined && t === undefined ? movedFrom(path, stages.get(path)!, ours!, theirs!) : null;
    if (moved && !stages.has(moved.path) && !handEdited(path)) {
      // Put back where its side wrote it: git moved it with a "directory rename" it inferred from a fold.
      take[moved.side].push(moved.path);
      settled.removed.push(path);
      settled.kept.push({ path: moved.path, from: moved.side, movedFrom: path });
      continue;
    }
    const how = handEdited(path)
      ? { leave: 'the working-tree file was edited by hand; finish it and `git add` it' }
      : a === undefined && t === undefined && (stages.get(path)!.has(2) || stages.get(path)!.has(3))
        ? { leave: 'git placed a version here that neither side has at this path; settle it by hand' }
        : settlement(path.slice(JOURNAL_DIR.length + 1), a, t, b);
    if ('leave' in how) settled.left.push({ path, reason: how.leave });
    else if ('remove' in how) settled.removed.push(path);
    else if ('merge' in how) days.push({ path, base: b.length === 1 ? b[0] : undefined, ours: a!, theirs: t! });
    else {
      take[how.take === 'theirs' ? 'theirs' : 'ours'].push(path);
      settled.kept.push({ path, from: how.take });
    }
  }

  // Day files on both sides: merged as the driver merges them (with their one merge base, if any).
  const writes: { path: string; text: string }[] = [];
  if (days.length) {
    const texts = await readBlobs(repo.root, days.flatMap((d) => [d.ours, d.theirs, ...(d.base ? [d.base] : [])]));
    for (const d of days) {
      const files = (() => {
        try {
          const [base, mine, other] = [d.base ? foldedDay(texts.get(d.base)!, d.path) : null, foldedDay(texts.get(d.ours)!, d.path), foldedDay(texts.get(d.theirs)!, d.path)];
          if (!mine || !other || mine.date !== other.date || (d.base && !base)) return null;
          const merged = mergeFolded(base?.files ?? null, mine.files, other.files);
          return merged && { date: mine.date, merged };
        } catch (e) {
          if (e instanceof CorruptFileError) return null;
          throw e;
        }
      })();
      if (files) {
        writes.push({ path: d.path, text: renderFolded(files.date, files.merged) });
        settled.merged.push(d.path);
      } else settled.left.push({ path: d.path, reason: 'a side is not a folded day, or a session in it differs on the two sides; settle it by hand' });
    }
  }

  // Written and staged: each side's files checked out from its commit (byte for byte), merged days
  // written, removed files deleted; then each path has one index entry (or none), as after `git add`.
  const literal = { GIT_LITERAL_PATHSPECS: '1' };
  for (const [rev, paths] of [['HEAD', take.ours], [side.theirs, take.theirs]] as const) {
    if (paths.length) await git(['checkout', rev, '--pathspec-from-file=-', '--pathspec-file-nul'], { cwd: repo.root, input: paths.join('\0'), env: literal });
  }
  for (const w of writes) writeAtomic(repo.stateDir, writablePath(repo.root, w.path, { includeFile: true }), w.text);
  for (const path of settled.removed) if (existsSync(join(repo.root, path))) unlinkSync(join(repo.root, path));
  const staged = [...settled.merged, ...settled.removed];
  if (staged.length) await git(['add', '-A', '--pathspec-from-file=-', '--pathspec-file-nul'], { cwd: repo.root, input: staged.join('\0'), env: literal });
  return settled;
}
