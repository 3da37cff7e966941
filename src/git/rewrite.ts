import { appendFileSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPLAY_FILE, SPOOL_FILE } from '../paths.js';
import { readTextOrNull } from '../fs/read-file.js';
import { claimedNames } from './spool.js';
import { isSpoolCommit as isCommit, parseSpool, serializeSpool, type SpoolCommit, type SpoolLine as Line } from './spool-codec.js';

/** The `old new` pairs post-rewrite gets on stdin (a third field may follow; git reserves it). */
export function parsePairs(text: string): Map<string, string> {
  const pairs = new Map<string, string>();
  for (const line of text.split('\n')) {
    const [oldSha, newSha] = line.trim().split(/\s+/);
    if (oldSha && newSha && /^[0-9a-f]{40,64}$/.test(oldSha) && /^[0-9a-f]{40,64}$/.test(newSha)) pairs.set(oldSha, newSha);
  }
  return pairs;
}

// Lines of every type are kept as parsed, so a rewrite drops nothing it does not understand.
const readLines = (path: string): Line[] => parseSpool(readTextOrNull(path) ?? '');

/** Rewrites a spool file in one rename, so a reader never sees half of it. */
function writeLines(path: string, lines: Line[]): void {
  if (!lines.length) {
    rmSync(path, { force: true });
    return;
  }
  const tmp = `${path}.${process.pid}.tmp`;
  try {
    writeFileSync(tmp, serializeSpool(lines));
    renameSync(tmp, path);
  } finally {
    rmSync(tmp, { force: true }); // a full disk: the spool stays as it was, with no half copy beside it
  }
}

/**
 * Replaces rewritten commit ids in this worktree's spool files (the claimed one, the open one and
 * the rebase notes): each commit appears once, by its final id, where it first appeared, with its
 * subject as `subjectsOf` reports it now (a reword changes it). Chains (amended, then rebased) are
 * followed. Returns the final ids that were mapped. Callers hold the worktree lock.
 */
export function mapSpool(
  stateDir: string,
  pairs: Map<string, string>,
  subjectsOf: (shas: string[]) => Map<string, string>,
  files = [...claimedNames(stateDir), SPOOL_FILE, REPLAY_FILE],
): string[] {
  const seen = new Set<string>();
  const mapped = new Set<string>();
  const changed: { path: string; lines: Line[] }[] = [];
  for (const name of files) {
    const path = join(stateDir, name);
    const lines = readLines(path);
    let dirty = false;
    const out: Line[] = [];
    for (const l of lines) {
      if (!isCommit(l)) {
        out.push(l);
        continue;
      }
      let sha = l.sha;
      for (let hops = 0; pairs.has(sha) && hops < 1000; hops++) sha = pairs.get(sha)!;
      if (seen.has(sha)) {
        dirty = true;
        continue;
      }
      seen.add(sha);
      if (sha === l.sha) out.push(l);
      else {
        dirty = true;
        mapped.add(sha);
        out.push({ ...l, sha });
      }
    }
    if (dirty) changed.push({ path, lines: out });
  }
  if (!changed.length) return [];
  const subjects = mapped.size ? subjectsOf([...mapped]) : new Map<string, string>();
  for (const { path, lines } of changed) {
    writeLines(
      path,
      lines.map((l) => (isCommit(l) && mapped.has(l.sha) && subjects.has(l.sha) ? { ...l, subject: subjects.get(l.sha) } : l)),
    );
  }
  return [...mapped];
}

/** Whether any spool file (or the rebase notes) holds a commit the pairs rewrite. */
export function spoolHits(stateDir: string, pairs: Map<string, string>): boolean {
  return [...claimedNames(stateDir), SPOOL_FILE, REPLAY_FILE].some((name) => readLines(join(stateDir, name)).some((l) => isCommit(l) && pairs.has(l.sha)));
}

/** Every commit id the spool files hold, claimed and open. */
export function spoolShas(stateDir: string): Set<string> {
  return new Set([...claimedNames(stateDir), SPOOL_FILE].flatMap((name) => readLines(join(stateDir, name)).filter(isCommit).map((l) => l.sha)));
}

/** Notes a commit made during a rebase that may be a replay (see REPLAY_FILE). */
export function appendReplay(stateDir: string, entry: SpoolCommit): void {
  mkdirSync(stateDir, { recursive: true });
  appendFileSync(join(stateDir, REPLAY_FILE), serializeSpool([entry]));
}

/**
 * The noted rebase commits. They are forgotten (forgetReplays) only once the spool has them: a
 * failure in between (a full disk) leaves them for the next post-rewrite.
 */
export function readReplays(stateDir: string): (Line & SpoolCommit)[] {
  return readLines(join(stateDir, REPLAY_FILE)).filter(isCommit);
}

/** Drops notes left by a rebase that was aborted (post-rewrite never ran for it). */
export function forgetReplays(stateDir: string): void {
  rmSync(join(stateDir, REPLAY_FILE), { force: true });
}
