// Objects written as git writes loose objects: `<type> <size>\0<body>`, zlib-compressed, in a
// temporary file of its fan-out folder, then linked to its name. For the few small objects of a
// memory commit (its trees and the commit itself), where a git process would cost more than they do.
import { createHash } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import type { Repo } from './repo.js';

export type ObjectType = 'blob' | 'tree' | 'commit';

/** The object id of `type` with `body`, as git computes it (SHA-1 repositories). */
export function objectId(type: ObjectType, body: Buffer): string {
  return createHash('sha1').update(`${type} ${body.length}\0`).update(body).digest('hex');
}

/**
 * The repository's objects folder, where objects may be written here; null where git's own rules
 * could differ: another object directory, or a shared repository (core.sharedRepository: git gives
 * objects the group's rights, and its objects folder is group-writable or set-group-id then).
 */
export function looseObjectsDir(repo: Repo): string | null {
  if (process.env.GIT_OBJECT_DIRECTORY || process.env.GIT_ALTERNATE_OBJECT_DIRECTORIES) return null;
  const objects = join(repo.commonDir, 'objects');
  const st = statSync(objects, { throwIfNoEntry: false });
  return st?.isDirectory() && !(st.mode & 0o2020) ? objects : null;
}

/** Writes one object into `objects` (from looseObjectsDir) and returns its id; one already there is left as it is. */
export function writeLooseObject(objects: string, type: ObjectType, body: Buffer, sha = objectId(type, body)): string {
  const dir = join(objects, sha.slice(0, 2));
  const file = join(dir, sha.slice(2));
  if (existsSync(file)) return sha;
  mkdirSync(dir, { recursive: true });
  // git's own prefix: `git prune` removes one a killed process left behind.
  const tmp = join(dir, `tmp_obj_${process.pid}_${Math.random().toString(36).slice(2, 10)}`);
  writeFileSync(tmp, deflateSync(Buffer.concat([Buffer.from(`${type} ${body.length}\0`, 'latin1'), body])), { mode: 0o444, flag: 'wx' });
  try {
    linkSync(tmp, file);
  } catch (e) {
    // Written meanwhile by someone else: the same bytes. A file system without links: renamed.
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') renameSync(tmp, file);
  } finally {
    rmSync(tmp, { force: true });
  }
  return sha;
}
