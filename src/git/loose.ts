// Objects written as git writes loose objects: `<type> <size>\0<body>`, zlib-compressed, in a
// temporary file of its fan-out folder, then linked to its name. For the few small objects of a
// memory commit (its trees and the commit itself), where a git process would cost more than they do.
import { createHash } from 'node:crypto';
import { closeSync, existsSync, fsyncSync, linkSync, mkdirSync, openSync, renameSync, rmSync, statSync, writeSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Repo } from './repo.js';
import { regularFileText } from '../fs/read-file.js';
import { deflateWhole } from './zlib-light.js';

export type ObjectType = 'blob' | 'tree' | 'commit';

/** The object id of `type` with `body`, as git computes it (SHA-1 repositories). */
export function objectId(type: ObjectType, body: Buffer): string {
  return createHash('sha1').update(`${type} ${body.length}\0`).update(body).digest('hex');
}

/** Where objects go, and whether git would flush each to disk before naming it. */
export interface LooseObjects {
  dir: string;
  fsync: boolean;
}

/**
 * The repository's objects folder, where objects may be written here; null where git's own rules
 * could differ: a SHA-256 repository (extensions.objectFormat; ids here are SHA-1), another object
 * directory, or a shared repository (core.sharedRepository: git gives objects the group's rights,
 * and its objects folder is group-writable or set-group-id then). Objects are flushed to disk as
 * git flushes them: when core.fsyncObjectFiles, or core.fsync naming loose objects, asks for it.
 * `config`: from `git var -l`.
 */
export function looseObjectsDir(repo: Repo, config: ReadonlyMap<string, string | null>): LooseObjects | null {
  const format = config.get('extensions.objectformat');
  if (format !== undefined && format?.trim().toLowerCase() !== 'sha1') return null;
  if (process.env.GIT_OBJECT_DIRECTORY || process.env.GIT_ALTERNATE_OBJECT_DIRECTORIES) return null;
  const dir = join(repo.commonDir, 'objects');
  const st = statSync(dir, { throwIfNoEntry: false });
  if (!st?.isDirectory() || st.mode & 0o2020) return null;
  const legacy = config.get('core.fsyncobjectfiles');
  const components = (config.get('core.fsync') ?? '').toLowerCase().split(',').map((c) => c.trim());
  // A key set without a value is true.
  const fsync = (legacy !== undefined && !/^(false|no|off|0|)$/i.test((legacy ?? 'true').trim())) || components.some((c) => ['loose-object', 'objects', 'committed', 'added', 'all'].includes(c));
  return { dir, fsync };
}

/**
 * Whether `git hash-object` (as `git add`) would store these files' bytes unchanged, so that they
 * can be written here: no attributes file names a working-tree-encoding, nor a filter while one is
 * configured (a `filter` attribute without a driver does nothing), and no file holds a carriage
 * return (the only byte end-of-line conversion changes when storing) or `$Id` (the ident
 * attribute's keyword). Anything else, or any doubt (GIT_ATTR_SOURCE, an attributes file that
 * cannot be read), is left to git. `config`: from `git var -l` (see vars.ts); `attributeFiles`:
 * every attributes file git reads for the paths (attributeFilesFor).
 */
export function storedAsIs(config: ReadonlyMap<string, string | null>, attributeFiles: readonly string[], contents: readonly Buffer[]): boolean {
  if (process.env.GIT_ATTR_SOURCE) return false;
  const filters = [...config.keys()].some((key) => key.startsWith('filter.'));
  for (const file of attributeFiles) {
    let text: string | null;
    try {
      text = regularFileText(file);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT' || (e as NodeJS.ErrnoException).code === 'ENOTDIR') continue;
      return false;
    }
    if (text === null) return false;
    if (/working-tree-encoding/i.test(text) || (filters && /filter/i.test(text))) return false;
  }
  return contents.every((c) => !c.includes(0x0d) && !c.includes('$Id'));
}

/**
 * The attributes files git reads for files in `dirs` (every folder from the root down, '' the root:
 * tree-edit.ts dirsOf): the system's (unless GIT_ATTR_NOSYSTEM), the user's (core.attributesFile,
 * else git/attributes in XDG_CONFIG_HOME or ~/.config), `.gitattributes` in each folder, and
 * info/attributes.
 */
export function attributeFilesFor(repo: Repo, config: ReadonlyMap<string, string | null>, dirs: readonly string[], env: NodeJS.ProcessEnv = process.env): string[] {
  const home = env.HOME ?? '';
  const files: string[] = [];
  if (!env.GIT_ATTR_NOSYSTEM) files.push('/etc/gitattributes', '/usr/local/etc/gitattributes');
  const user = config.get('core.attributesfile');
  if (user) files.push(user.startsWith('~/') ? join(home, user.slice(2)) : resolve(repo.root, user));
  else files.push(join(env.XDG_CONFIG_HOME || join(home, '.config'), 'git', 'attributes'));
  for (const d of dirs) files.push(join(repo.root, d, '.gitattributes'));
  files.push(join(repo.commonDir, 'info', 'attributes'));
  return files;
}

/** Writes one object (see looseObjectsDir) and returns its id; one already there is left as it is. */
export function writeLooseObject(objects: LooseObjects, type: ObjectType, body: Buffer, sha = objectId(type, body)): string {
  const dir = join(objects.dir, sha.slice(0, 2));
  const file = join(dir, sha.slice(2));
  if (existsSync(file)) return sha;
  mkdirSync(dir, { recursive: true });
  // git's own prefix: `git prune` removes one a killed process left behind.
  const tmp = join(dir, `tmp_obj_${process.pid}_${Math.random().toString(36).slice(2, 10)}`);
  const data = deflateWhole(Buffer.concat([Buffer.from(`${type} ${body.length}\0`, 'latin1'), body]));
  const fd = openSync(tmp, 'wx', 0o444);
  try {
    for (let at = 0; at < data.length; ) at += writeSync(fd, data, at, data.length - at);
    if (objects.fsync) fsyncSync(fd);
  } catch (e) {
    closeSync(fd);
    rmSync(tmp, { force: true });
    throw e;
  }
  closeSync(fd);
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
