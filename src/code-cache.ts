// Loads the entry point's CommonJS bundles (hook, primer, search) with a V8 code cache, so a
// command that runs at every commit and every agent session start does not compile the same
// hundred kilobytes of JavaScript each time (node 22 has module.enableCompileCache; node 20 has
// not). The cache is V8's own serialized bytecode, made after the command ran, so it also holds
// the functions the command compiled lazily.
import { mkdirSync, readdirSync, readFileSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { createRequire, wrap } from 'node:module';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { Script } from 'node:vm';

/** Where the caches live: per user, never in a repository. */
export function codeCacheDir(env: NodeJS.ProcessEnv = process.env): string {
  return join(env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'git-memory', 'v8');
}

/** FNV-1a, 32 bits, as 8 hex digits. */
function fnv(s: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(16).padStart(8, '0');
}

/**
 * The caches to write when the command is done, in one global: the launcher (launch.ts) and the
 * entry point it loads (bin.ts) each hold a copy of this module, and the entry point's
 * flushCodeCache() writes the launcher's cache of it too.
 */
const PENDING = Symbol.for('git-memory.code-cache-pending');
const pendingList = (): (() => void)[] => ((globalThis as Record<symbol, (() => void)[]>)[PENDING] ??= []);

/** A cache not rewritten for this long belongs to a bundle gone (an old version, an `npx` path): removed. */
const UNUSED_MS = 30 * 86_400_000;

/**
 * Before a cache is written: removes the same bundle's other caches (a rebuild, another node), and
 * any cache left unwritten for 30 days, which no installed bundle still uses (one that does is
 * simply made again, once). Without the second rule every bundle path ever run leaves its caches.
 */
function sweep(dir: string, prefix: string, keep: string): void {
  const old = Date.now() - UNUSED_MS;
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (path === keep || !name.endsWith('.v8')) continue;
    if (name.startsWith(prefix) || (statSync(path, { throwIfNoEntry: false })?.mtimeMs ?? Infinity) < old) unlinkSync(path);
  }
}

/**
 * Requires `file` (a CommonJS bundle) through a code cache. V8 checks a cache against its own
 * version and flags and the source's length only, so the cache's name also holds the file's
 * identity (inode, size, change and modification times in nanoseconds), node's version and
 * flags: a rebuilt or edited bundle gets a new cache. Any problem with the cache falls back to a
 * plain compile; a missing or rejected cache is written by flushCodeCache().
 */
export function requireCached(file: string, name: string): Record<string, unknown> {
  let dir: string;
  try {
    dir = codeCacheDir();
  } catch {
    // No home directory to be found (a container's nameless user, say): no cache.
    return createRequire(file)(file) as Record<string, unknown>;
  }
  const st = statSync(file, { bigint: true });
  const identity = [process.version, process.arch, process.execArgv.join(' '), process.env.NODE_OPTIONS ?? '', file, st.ino, st.size, st.ctimeNs, st.mtimeNs].join('|');
  // One cache per installed bundle: a rebuild replaces its own, and two installs keep theirs.
  const prefix = `${name}-${fnv(file)}-`;
  const cacheFile = join(dir, `${prefix}${fnv(identity)}${fnv(`${identity}|2`)}.v8`);
  let cachedData: Buffer | undefined;
  try {
    cachedData = readFileSync(cacheFile);
  } catch {
    /* none yet */
  }
  const script = new Script(wrap(readFileSync(file, 'utf8')), { filename: file, ...(cachedData ? { cachedData } : {}) });
  const module = { exports: {} as Record<string, unknown> };
  (script.runInThisContext() as (...a: unknown[]) => void).call(module.exports, module.exports, createRequire(file), module, file, dirname(file));
  if (!cachedData || script.cachedDataRejected) {
    pendingList().push(() => {
      const data = script.createCachedData();
      const tmp = `${cacheFile}.${process.pid}.tmp`;
      try {
        sweep(dir, prefix, cacheFile);
      } catch {
        /* no directory yet */
      }
      try {
        mkdirSync(dir, { recursive: true, mode: 0o700 });
        writeFileSync(tmp, data, { mode: 0o600 });
        renameSync(tmp, cacheFile);
      } catch {
        try {
          unlinkSync(tmp);
        } catch {
          /* never written */
        }
      }
    });
  }
  return module.exports;
}

/** Writes the caches that were missing, once the command is done (so they hold what it compiled). */
export function flushCodeCache(): void {
  for (const write of pendingList().splice(0)) write();
}
