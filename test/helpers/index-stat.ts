// A copied repository's index, told the copies' file stat data without a `git update-index
// --refresh` process (a directory copy gives every file a new inode and new times: git would see
// them all as changed until refreshed).
import { createHash } from 'node:crypto';
import { lstatSync, readFileSync, statSync, writeFileSync, type BigIntStats } from 'node:fs';
import { join } from 'node:path';

/** Extensions that hold no stat data: the rest (an untracked cache, a split index...) are left to git. */
const PLAIN_EXTENSIONS = new Set(['TREE', 'REUC', 'EOIE', 'IEOT']);

const S_IFMT = 0o170000;
const S_IFGITLINK = 0o160000;

/** Nanoseconds of a timestamp as the index stores it (seconds and nanoseconds, 32 bits each). */
const ns = (sec: number, nsec: number) => BigInt(sec) * 1_000_000_000n + BigInt(nsec);

/**
 * Rewrites `to`'s index (copied from `from`'s) with the stat data of `to`'s files, as `git
 * update-index --refresh` would, where that is provably the same: every entry of `from`'s index
 * matched its file's stat data exactly and was not racily clean (its file changed in the same
 * instant the index was written), so each file's content is the content the index names. Returns
 * false, changing nothing, where it cannot tell (then git must refresh it).
 */
export function copyIndexStat(from: string, to: string): boolean {
  try {
    const fromIndex = join(from, '.git', 'index');
    const indexTime = statSync(fromIndex, { bigint: true }).mtimeNs;
    const buf = readFileSync(join(to, '.git', 'index'));
    if (buf.toString('latin1', 0, 4) !== 'DIRC') return false;
    const version = buf.readUInt32BE(4);
    if (version !== 2 && version !== 3) return false;
    // The trailing checksum tells the hash (SHA-1 or SHA-256); a zero one (index.skipHash) is left to git.
    const algo = (['sha1', 'sha256'] as const).find((a, i) => {
      const len = i ? 32 : 20;
      return buf.length > 12 + len && createHash(a).update(buf.subarray(0, buf.length - len)).digest().equals(buf.subarray(buf.length - len));
    });
    if (!algo) return false;
    const oidLen = algo === 'sha1' ? 20 : 32;
    const end = buf.length - oidLen;
    const count = buf.readUInt32BE(8);
    let at = 12;
    const updates: [number, BigIntStats][] = [];
    for (let i = 0; i < count; i++) {
      const flags = buf.readUInt16BE(at + 40 + oidLen);
      const extended = flags & 0x4000;
      if (extended && version < 3) return false;
      const pathAt = at + 40 + oidLen + 2 + (extended ? 2 : 0);
      const nul = buf.indexOf(0, pathAt);
      if (nul < 0 || nul >= end) return false;
      const path = buf.toString('utf8', pathAt, nul);
      const mode = buf.readUInt32BE(at + 24);
      const stage = (flags >> 12) & 3;
      if (stage === 0 && (mode & S_IFMT) !== S_IFGITLINK) {
        const was = lstatSync(join(from, path), { bigint: true });
        const now = lstatSync(join(to, path), { bigint: true });
        const mtime = ns(buf.readUInt32BE(at + 8), buf.readUInt32BE(at + 12));
        const same =
          ns(buf.readUInt32BE(at), buf.readUInt32BE(at + 4)) === was.ctimeNs &&
          mtime === was.mtimeNs &&
          BigInt(buf.readUInt32BE(at + 20)) === (was.ino & 0xffffffffn) &&
          BigInt(buf.readUInt32BE(at + 36)) === (was.size & 0xffffffffn) &&
          now.size === was.size &&
          now.mode === was.mode &&
          mtime < indexTime;
        if (!same) return false;
        updates.push([at, now]);
      }
      at += (pathAt - at + (nul - pathAt) + 8) & ~7;
    }
    // Extensions: a signature and a length each, up to the checksum.
    for (let x = at; x < end; x += 8 + buf.readUInt32BE(x + 4)) {
      if (!PLAIN_EXTENSIONS.has(buf.toString('latin1', x, x + 4))) return false;
    }
    const u32 = (v: bigint) => Number(v & 0xffffffffn);
    for (const [e, st] of updates) {
      buf.writeUInt32BE(u32(st.ctimeNs / 1_000_000_000n), e);
      buf.writeUInt32BE(u32(st.ctimeNs % 1_000_000_000n), e + 4);
      buf.writeUInt32BE(u32(st.mtimeNs / 1_000_000_000n), e + 8);
      buf.writeUInt32BE(u32(st.mtimeNs % 1_000_000_000n), e + 12);
      buf.writeUInt32BE(u32(st.dev), e + 16);
      buf.writeUInt32BE(u32(st.ino), e + 20);
      buf.writeUInt32BE(u32(st.uid), e + 28);
      buf.writeUInt32BE(u32(st.gid), e + 32);
    }
    createHash(algo).update(buf.subarray(0, end)).digest().copy(buf, end);
    // Written after the last file's change time has passed, so that no entry is racily clean (git
    // would read such a file again each time it looks, and this copy's own copies would go to git).
    const last = updates.reduce((m, [, st]) => (st.mtimeNs > m ? st.mtimeNs : m), 0n);
    const index = join(to, '.git', 'index');
    for (let tries = 0; ; tries++) {
      writeFileSync(index, buf);
      if (statSync(index, { bigint: true }).mtimeNs > last || tries === 10) return true;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 2);
    }
  } catch {
    return false;
  }
}
