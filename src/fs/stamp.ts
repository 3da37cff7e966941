import { lstatSync } from 'node:fs';

/**
 * How long after a change its timestamp may still be shared by the next change: file times come
 * from a coarse clock (a kernel tick, up to 10 ms), so two writes in one tick can leave the same
 * time. A stamp taken that soon after a change is "racy" (git's word for it): it is not trusted to
 * show the next change, and its holder checks the slow way once more.
 */
export const RACY_MS = 50;

/** Stamps of a set of paths: equal texts mean none of them changed, as far as `lstat` can tell. */
export class Stamp {
  private parts: string[] = [];
  /** The newest modification time seen, in ms. */
  private newest = 0;

  /** Adds `path`: its inode, size, modification and change times (ns), or that it is absent. */
  add(path: string): this {
    let st;
    try {
      st = lstatSync(path, { bigint: true, throwIfNoEntry: false });
    } catch {
      st = undefined; // not a directory on the way, no permission: as good as absent
    }
    if (!st) {
      this.parts.push(`${path}\0-`);
      return this;
    }
    const ms = Number(st.ctimeNs > st.mtimeNs ? st.ctimeNs : st.mtimeNs) / 1e6;
    if (ms > this.newest) this.newest = ms;
    this.parts.push(`${path}\0${st.ino}\0${st.size}\0${st.mtimeNs}\0${st.ctimeNs}`);
    return this;
  }

  /** Adds a value that is not a file (a date, an argument). */
  note(value: string): this {
    this.parts.push(`=${value}`);
    return this;
  }

  get text(): string {
    return this.parts.join('\n');
  }

  /** Whether a path changed so recently that a change in the same clock tick could share its times. */
  racy(nowMs = Date.now()): boolean {
    return this.newest > nowMs - RACY_MS;
  }
}
