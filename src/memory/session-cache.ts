// Parsed session files, kept in the state directory by file identity. The primer reads the
// window's sessions and, for the next steps of branches merged in, two more weeks of them: about 40
// files at every session start, whose parsing (cold code, a few regexes a line) was a third of the
// primer's own work. A file is parsed again as soon as its inode, size, modification or change time
// differ, so an edit in place, a checkout or a merge is always seen.
import { lstatSync } from 'node:fs';
import { isRecord, readState, writeState } from '../fs/state.js';
import { SESSION_CACHE_FILE } from '../paths.js';
import type { Session } from './session.js';

interface Kept {
  identity: string;
  session: Session;
}

const isStrings = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string');
const LISTS = ['learned', 'decisions', 'completed', 'next_steps', 'notes'] as const;

/** A kept session with the shape parseSession returns (the state file is checked, never trusted). */
function isSession(v: unknown): v is Session {
  if (!isRecord(v)) return false;
  for (const k of ['id', 'date', 'time', 'agent', 'request']) if (typeof v[k] !== 'string') return false;
  for (const k of ['author', 'branch', 'base', 'path']) if (v[k] !== undefined && typeof v[k] !== 'string') return false;
  if (!LISTS.every((k) => isStrings(v[k]))) return false;
  return Array.isArray(v.commits) && v.commits.every((c) => isRecord(c) && typeof c.sha === 'string' && typeof c.subject === 'string');
}

const isKept = (v: unknown): v is Kept => isRecord(v) && typeof v.identity === 'string' && isSession(v.session);
const isFileMap = (v: unknown): v is { files: Record<string, unknown> } => isRecord(v) && isRecord(v.files);

/** A file changed this recently may change again within its timestamps' granularity: not kept yet. */
const SETTLE_MS = 2000;

export interface SessionCache {
  /**
   * The kept session of the regular file `abs` (journal path `rel`) when it is unchanged, else
   * null, with the identity to put() its parsed session under (null: not a regular file, or too new).
   */
  get(abs: string, rel: string): { session: Session | null; identity: string | null };
  put(rel: string, identity: string, session: Session): void;
  /** Writes the sessions used since it was made, when one was parsed anew (a failed write keeps nothing). */
  save(): void;
}

/** A cache over `<stateDir>/session-cache.json`; read on first use. */
export function sessionCache(stateDir: string): SessionCache {
  let kept: Record<string, unknown> | null = null;
  const used: Record<string, Kept> = {};
  let dirty = false;
  return {
    get(abs, rel) {
      let identity: string | null = null;
      try {
        const st = lstatSync(abs, { bigint: true });
        if (st.isFile() && Date.now() - Number(st.ctimeMs) > SETTLE_MS) identity = `${st.ino}:${st.size}:${st.mtimeNs}:${st.ctimeNs}`;
      } catch {
        /* gone: the read reports it */
      }
      if (identity === null) return { session: null, identity };
      kept ??= readState(stateDir, SESSION_CACHE_FILE, isFileMap)?.files ?? {};
      const k = Object.hasOwn(kept, rel) ? kept[rel] : undefined;
      if (!isKept(k) || k.identity !== identity) return { session: null, identity };
      used[rel] = k;
      return { session: k.session, identity };
    },
    put(rel, identity, session) {
      used[rel] = { identity, session };
      dirty = true;
    },
    save() {
      if (!dirty) return;
      dirty = false;
      try {
        writeState(stateDir, SESSION_CACHE_FILE, { files: used });
      } catch {
        /* a read-only git directory: parsed again next time */
      }
    },
  };
}
