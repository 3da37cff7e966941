import type * as Fs from 'node:fs';

/**
 * A full disk, injected: `vi.mock('node:fs', …)` in a test file routes the source's fs calls through
 * `faultyFs`, which fails writes to the paths `faults.full` picks with ENOSPC, as a full disk does
 * (the file is created or truncated, nothing is written). Production code has no seam for this.
 */
export const faults: {
  full: ((path: string) => boolean) | null;
  /** Renames and links into these paths fail with EXDEV, as across file systems. */
  otherDevice: ((path: string) => boolean) | null;
} = { full: null, otherDevice: null };

export function enospc(syscall: string, path: string, code = 'ENOSPC'): NodeJS.ErrnoException {
  const text = code === 'EXDEV' ? 'cross-device link not permitted' : 'no space left on device';
  const e = new Error(`${code}: ${text}, ${syscall} '${path}'`) as NodeJS.ErrnoException;
  e.code = code;
  e.errno = code === 'EXDEV' ? -18 : -28;
  e.syscall = syscall;
  e.path = path;
  return e;
}

const isFull = (path: unknown) => typeof path === 'string' && !!faults.full?.(path);

/** node:fs with writes to full paths failing. */
export function faultyFs(fs: typeof Fs): typeof Fs {
  const fdPaths = new Map<number, string>();
  const openSync = ((path: Fs.PathLike, ...rest: unknown[]) => {
    const fd = (fs.openSync as (...a: unknown[]) => number)(path, ...rest);
    fdPaths.set(fd, String(path));
    return fd;
  }) as typeof fs.openSync;
  const closeSync = ((fd: number) => {
    fdPaths.delete(fd);
    fs.closeSync(fd);
  }) as typeof fs.closeSync;
  const writeSync = ((fd: number, ...rest: unknown[]) => {
    const path = fdPaths.get(fd);
    if (isFull(path)) throw enospc('write', path!);
    return (fs.writeSync as (...a: unknown[]) => number)(fd, ...rest);
  }) as typeof fs.writeSync;
  const writeFileSync = ((path: Fs.PathOrFileDescriptor, ...rest: unknown[]) => {
    if (isFull(path)) {
      fs.closeSync(fs.openSync(path as string, 'w'));
      throw enospc('write', path as string);
    }
    return (fs.writeFileSync as (...a: unknown[]) => void)(path, ...rest);
  }) as typeof fs.writeFileSync;
  const appendFileSync = ((path: Fs.PathOrFileDescriptor, ...rest: unknown[]) => {
    if (isFull(path)) {
      fs.closeSync(fs.openSync(path as string, 'a'));
      throw enospc('write', path as string);
    }
    return (fs.appendFileSync as (...a: unknown[]) => void)(path, ...rest);
  }) as typeof fs.appendFileSync;
  const across = (name: 'renameSync' | 'linkSync') =>
    ((from: Fs.PathLike, to: Fs.PathLike) => {
      if (faults.otherDevice?.(String(to))) throw enospc(name.replace('Sync', ''), String(to), 'EXDEV');
      return fs[name](from, to);
    }) as typeof fs.renameSync;
  const patched = { ...fs, openSync, closeSync, writeSync, writeFileSync, appendFileSync, renameSync: across('renameSync'), linkSync: across('linkSync') };
  return { ...patched, default: patched } as unknown as typeof Fs;
}
