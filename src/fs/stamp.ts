import { lstatSync } from 'node:fs';

/** What a stamp keeps of a path: inode, size, modification and change times (ms, as Stats gives them); undefined where it is not there. */
export type StampStat = (path: string) => { ino: number; size: number; mtimeMs: number; ctimeMs: number } | undefined;

/** fs.lstatSync's answer, the way a stamp reads it (a caller may pass a cheaper one with the same numbers, see search/file-stat.ts). */
const lstatStat: StampStat = (path) => lstatSync(path, { throwIfNoEntry: false });

/**
 * How long after a change its timestamp may still be shared by the next change: file times come
 * from a coarse clock (a kernel tick, up to 10 ms), so two writes in one tick can leave the same
 * time. A stamp taken that soon after a change is "racy" (git's word for it): it is not trusted to
 * show the next change, and its holder checks the slow way once more.
 */
export const RACY_MS = 50;

/**
 * Stamps of a set of paths: equal stamps mean none of them changed, as far as `lstat` can tell.
 * Kept as numbers (inode, size, modification and change times of each path, in the order added)
 * and the paths themselves: a few hundred paths are compared in microseconds, and no BigInt or
 * string is made per path.
 */
export class Stamp {
  private readonly values: number[] = [];
  private readonly paths: string[] = [];
  private notes = '';
  /** The newest modification or change time seen, in ms. */
  private newest = 0;

  /** `stat`: how a path is read; every stamp compared with this one must read paths the same way. */
  constructor(private readonly stat: StampStat = lstatStat) {}

  /** Adds `path`: its inode, size, modification and change times, or that it is absent. */
  add(path: string): this {
    let st;
    try {
      st = this.stat(path);
    } catch {
      st = undefined; // not a directory on the way, no permission: as good as absent
    }
    this.paths.push(path);
    if (!st) {
      this.values.push(-1, -1, -1, -1);
      return this;
    }
    const changed = st.ctimeMs > st.mtimeMs ? st.ctimeMs : st.mtimeMs;
    if (changed > this.newest) this.newest = changed;
    this.values.push(st.ino, st.size, st.mtimeMs, st.ctimeMs);
    return this;
  }

  /** Adds a value that is not a file (a date, an argument). */
  note(value: string): this {
    this.notes += `${value}\n`;
    return this;
  }

  /** Whether `other` stamped the same paths and values, in the same order. */
  equals(other: Stamp): boolean {
    if (other.values.length !== this.values.length || other.notes !== this.notes) return false;
    for (let i = 0; i < this.values.length; i++) if (other.values[i] !== this.values[i]) return false;
    for (let i = 0; i < this.paths.length; i++) if (other.paths[i] !== this.paths[i]) return false;
    return true;
  }

  /** Whether a path changed so recently that a change in the same clock tick could share its times. */
  racy(nowMs = Date.now()): boolean {
    return this.newest > nowMs - RACY_MS;
  }
}
