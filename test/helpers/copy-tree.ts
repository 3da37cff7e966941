// Copies a test repository (its folder and .git), as fs.cpSync(from, to, { recursive: true }) does,
// with two differences that make it cheaper and change nothing a test can see:
//  - git's object files (loose objects, and the files of a pack) are hard links, not copies: git
//    never changes an object file once written (it writes a new object to a temporary file and
//    renames it into place; one already there it leaves, at most touching its time), and removes
//    one only by unlinking it, which leaves the other links as they were. A history of hundreds of
//    objects costs hundreds of links instead of hundreds of new files.
//  - one readdir and one copy call per file, instead of cpSync's three stats and a chmod.
// Everything else (the working tree, the index, refs, config, hooks, logs: files git or a test
// rewrites in place) is copied, with its mode. A symbolic link is made as cpSync makes it: a
// relative target resolved against the original's folder.
import { chmodSync, copyFileSync, linkSync, lstatSync, mkdirSync, readdirSync, readlinkSync, symlinkSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';

/** A loose object (objects/xx/<rest of the id>) or a pack's file, relative to the copied folder. */
const OBJECT_FILE = /^(?:.*\/)?\.git\/objects\/(?:[0-9a-f]{2}\/[0-9a-f]{38}(?:[0-9a-f]{24})?|pack\/pack-[0-9a-f]{40,64}\.(?:pack|idx|rev|bitmap))$/;

const umask = process.umask();

/** Copies the folder `from` into `to` (made if missing, else empty), linking git's object files. */
export function copyTree(from: string, to: string): void {
  mkdirSync(to, { recursive: true });
  copyDir(from, to, '');
}

function copyDir(from: string, to: string, rel: string): void {
  if (rel) mkdirSync(to);
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const src = join(from, entry.name);
    const dest = join(to, entry.name);
    const path = rel ? `${rel}/${entry.name}` : entry.name;
    if (entry.isDirectory()) copyDir(src, dest, path);
    else if (entry.isSymbolicLink()) {
      const target = readlinkSync(src);
      symlinkSync(isAbsolute(target) ? target : resolve(dirname(src), target), dest);
    } else if (entry.isFile()) {
      if (OBJECT_FILE.test(path)) link(src, dest);
      else copyFileSync(src, dest);
    } else throw new Error(`copyTree: cannot copy ${src} (not a file, folder or symbolic link)`);
  }
  // mkdir applied the umask and no set-group-id bit: give the copy the original's mode (a shared
  // repository's objects folder is 2775) where it differs.
  const mode = lstatSync(from).mode & 0o7777;
  if (mode !== (0o777 & ~umask)) chmodSync(to, mode);
}

function link(src: string, dest: string): void {
  try {
    linkSync(src, dest);
  } catch (e) {
    // Another file system, or one without hard links: a copy.
    if (!['EXDEV', 'EPERM', 'EMLINK', 'ENOTSUP', 'EOPNOTSUPP'].includes((e as NodeJS.ErrnoException).code ?? '')) throw e;
    copyFileSync(src, dest);
  }
}
