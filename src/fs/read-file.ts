import { closeSync, constants, fstatSync, openSync, readdirSync, readFileSync, readSync } from 'node:fs';

/**
 * A file's text, or null when it cannot be read (absent, a directory, no permission) or is not a
 * regular file: a memory file committed as a link to a FIFO or /dev/zero would otherwise hang the
 * reader (a dream started in the background at every session start, for MEMORY.md) or fill its memory.
 */
export function readTextOrNull(path: string): string | null {
  return withOpenFile(path, (fd) => readFileSync(fd, 'utf8'));
}

/**
 * A file's first bytes, up to `max` + 1 (a caller refuses more than `max`): never the whole of a
 * file that does not end (/dev/zero) or is too big to be input. Opened as it is: a FIFO from the
 * shell's process substitution (`<(…)`) is read as its writer writes. Throws as readFileSync does.
 */
export function readFileUpTo(path: string, max: number): Buffer {
  const fd = openSync(path, 'r');
  try {
    const buf = Buffer.alloc(max + 1);
    let len = 0;
    for (let n = 1; n > 0 && len < buf.length; len += n) n = readSync(fd, buf, len, buf.length - len, null);
    return buf.subarray(0, len);
  } finally {
    closeSync(fd);
  }
}

/** A directory's entry names, or none when it cannot be read (absent, not a directory). */
export function namesOrNone(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

/**
 * A regular file opened for reading, or null (absent, no permission, or not a regular file). Opened
 * without blocking: a FIFO (or a terminal, a socket, a device) given where a file is expected, as a
 * hook payload's transcript_path may be, would otherwise wait for a writer forever. The caller closes it.
 */
export function openRegularFile(path: string): { fd: number; size: number } | null {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch {
    return null;
  }
  try {
    const st = fstatSync(fd);
    if (st.isFile()) return { fd, size: st.size };
  } catch {
    /* closed below */
  }
  closeSync(fd);
  return null;
}

/**
 * A file's text, opened without blocking (see openRegularFile): null when something is there that is
 * not a regular file (a committed link to a FIFO or /dev/zero, which a read would wait on or never
 * finish); throws as openSync and readFileSync do (ENOENT: nothing there), for callers that tell
 * those apart.
 */
export function regularFileText(path: string): string | null {
  const fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  try {
    return fstatSync(fd).isFile() ? readFileSync(fd, 'utf8') : null;
  } finally {
    closeSync(fd);
  }
}

/**
 * Runs `fn` with the file open for reading and its size then; null when the file cannot be opened,
 * is not a regular file (openRegularFile), or `fn` throws (a read error). The descriptor is closed
 * either way.
 */
export function withOpenFile<T>(path: string, fn: (fd: number, size: number) => T): T | null {
  const open = openRegularFile(path);
  if (!open) return null;
  try {
    return fn(open.fd, open.size);
  } catch {
    return null;
  } finally {
    closeSync(open.fd);
  }
}

/** A regular file's bytes, or null when it cannot be read or is not a regular file (see openRegularFile). */
export function readFileOrNull(path: string): Buffer | null {
  return withOpenFile(path, (fd) => readFileSync(fd));
}

/**
 * Up to `length` bytes of a file from `start` (a negative start counts from the end); null when the
 * file cannot be read. For transcripts, which grow to many MB.
 */
export function readBytes(path: string, start: number, length: number): { bytes: Buffer; from: number } | null {
  return withOpenFile(path, (fd, size) => {
    const from = start < 0 ? Math.max(0, size + start) : Math.min(start, size);
    const buf = Buffer.alloc(Math.min(length, size - from));
    let len = 0;
    for (let n = 1; n > 0 && len < buf.length; len += n) n = readSync(fd, buf, len, buf.length - len, from + len);
    return { bytes: buf.subarray(0, len), from };
  });
}

/** readBytes as text. */
export function readRange(path: string, start: number, length: number): { text: string; from: number } | null {
  const got = readBytes(path, start, length);
  return got && { text: got.bytes.toString('utf8'), from: got.from };
}
