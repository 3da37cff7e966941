import { lstatSync, readdirSync, readFileSync, type Stats } from 'node:fs';
import { join } from 'node:path';
import { writeAtomic } from '../../fs/atomic.js';
import { isRecord } from '../../fs/state.js';
import { userDir } from '../../memory/user-files.js';
import { DATE_RE } from '../../clock.js';
import { ENTITIES_FILE, HELD_TASKS_FILE, INSTRUCTIONS_FILE, JOURNAL_DIR, LONG_TERM_FILE, MEMORY_DIR, PREFERENCES_FILE, PRIMER_READ_FILE, TASKS_FILE } from '../../paths.js';
import { BUILD } from '../../version.js';
import type { Opened } from '../context.js';
import type { FilesRead, ReadingAsked, ReadingKeeper } from './gather-primer.js';

/**
 * The primer's reading of memory's files, kept beside the status of every file and folder it read
 * (issue 28 items 3-4): at L (10,000 sessions) reading the window's day indexes and session files,
 * TASKS.md, MEMORY.md's facts and the user's files took ~20 ms of the ~75 ms a warm primer took, and
 * as much after a commit, which changes none of them. The next primer asks the files' status (one
 * lstat each, ~300 at L) and takes the reading kept where nothing changed; git's answers (the log,
 * MEMORY.md's staleness, which hot files are there) are asked as before (gather-primer.ts).
 *
 * What a reading is kept with: the program (version.ts BUILD), the worktree, the day, the window's
 * days, the budget, the branch, the settings (as loaded, by value), the user's folder; and the
 * status (type, inode, size, modification and change times) of MEMORY.md, TASKS.md, the held task
 * change, the user's files, the journal folder, every entry of the journal's days looked at (from
 * the look-back's first day to the day asked for: a day's folder changes when a session file is
 * added, removed or replaced in it, and its index is kept by that, journal-index.ts), and every
 * file of the days whose files were read (a session file edited in place changes only its own times). Absent
 * files are kept as absent: one that appears is a change. The memory folder itself is known by its
 * type and inode only (PRIMER.md is written there by a rename at every start): a folder replaced or
 * made a link is a change.
 *
 * Kept only for a reading with no warning, where no file read is a symbolic link (its target may
 * change with the link as it is), and where every file read last changed CLOCK_LAG_MS or more before
 * the reading began (a second more on a file system that keeps whole seconds): the kernel stamps a
 * change from a clock that lags by up to a tick, so a file changed while it was read has a change
 * time after that, and is read again next time.
 */

const VERSION = 1;
/** How a kept reading's file begins when this build kept it: the entry point tells by it whether a start will read anew (bin.ts primerKind). */
export const keptReadingHead = (build: string): string => `[${VERSION},${JSON.stringify(build)},`;
/** How far before the reading began every file read must have last changed (see hook/agent/kept-start.ts). */
const CLOCK_LAG_MS = 20;

/** A path's status as kept: type and permissions, inode, size, modification and change times (ms, with their fraction); null where it is not there. */
type Status = [mode: number, ino: number, size: number, mtimeMs: number, ctimeMs: number] | null;

/** `path`'s status (lstat: a link is itself); undefined where it cannot be asked (a path through a file). */
function statusOf(path: string): Stats | null | undefined {
  try {
    return lstatSync(path, { throwIfNoEntry: false }) ?? null;
  } catch {
    return undefined;
  }
}

/** Whether `st` is `kept`: compared field by field, with no text made (the primer's start asks ~80 of them). */
const same = (st: Stats | null | undefined, kept: Status): boolean =>
  st === null ? kept === null : st !== undefined && kept !== null && st.mode === kept[0] && st.ino === kept[1] && st.size === kept[2] && st.mtimeMs === kept[3] && st.ctimeMs === kept[4];

const namesOf = (dir: string): string[] => {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
};

/** What the kept file holds on its second line. */
interface KeptStatus {
  /** The memory folder's type and inode. */
  memory: [number, number];
  paths: string[];
  status: Status[];
}

/**
 * The keeper of the primer's reading in `o`'s state directory (see above). Made just before the
 * reading: its time is the one every file read must have last changed before. Never throws.
 */
export function readingKeeper(o: Opened, t0 = Date.now()): ReadingKeeper {
  const root = o.repo.root;
  const path = join(o.repo.stateDir, PRIMER_READ_FILE);
  const user = userDir(o.env);
  const memoryDir = join(root, MEMORY_DIR);
  const journal = join(root, JOURNAL_DIR);
  const key = (asked: ReadingAsked) => JSON.stringify([VERSION, BUILD, root, user, asked, o.config]); // begins with keptReadingHead(BUILD)
  /** The files whose status is always kept. */
  const fixed = [join(root, LONG_TERM_FILE), join(root, TASKS_FILE), join(o.repo.stateDir, HELD_TASKS_FILE), ...[ENTITIES_FILE, PREFERENCES_FILE, INSTRUCTIONS_FILE].map((f) => join(user, f)), journal];
  return {
    kept(asked) {
      try {
        const text = readFileSync(path, 'utf8');
        const k = key(asked);
        if (text.length <= k.length || text.charCodeAt(k.length) !== 10 || !text.startsWith(k)) return null;
        const second = text.indexOf('\n', k.length + 1);
        const kept = JSON.parse(text.slice(k.length + 1, second)) as KeptStatus;
        const mem = statusOf(memoryDir);
        if (!mem || mem.mode !== kept.memory[0] || mem.ino !== kept.memory[1] || kept.paths.length !== kept.status.length) return null;
        for (let i = 0; i < kept.paths.length; i++) if (!same(statusOf(kept.paths[i]!), kept.status[i]!)) return null;
        const files = JSON.parse(text.slice(second + 1)) as FilesRead;
        return isRecord(files) && isRecord(files.base) && Array.isArray(files.base.windowSessions) && Array.isArray(files.base.tasks) && Array.isArray(files.items) && Array.isArray(files.leftOut) && Array.isArray(files.forgotten) && Array.isArray(files.warnings) && isRecord(files.window) ? files : null;
      } catch {
        return null;
      }
    },
    keep(asked, files) {
      try {
        if (files.warnings.length) return;
        const mem = statusOf(memoryDir);
        if (!mem?.isDirectory()) return;
        const { from, to, whole } = files.journalDays;
        if (!whole) return;
        const read = new Set(whole);
        const paths = [...fixed];
        for (const name of namesOf(journal).sort()) {
          const day = name.endsWith('.md') ? name.slice(0, -3) : name;
          if (!DATE_RE.test(day) || day < from || day > to) continue;
          const entry = join(journal, name);
          paths.push(entry);
          if (name !== day || !read.has(day)) continue;
          for (const inner of namesOf(entry).sort()) paths.push(join(entry, inner));
        }
        const status: Status[] = new Array(paths.length);
        const settled = t0 - CLOCK_LAG_MS;
        // Newest day first: after `end` wrote today's session, its folder is what refuses the keeping.
        for (let i = paths.length - 1; i >= 0; i--) {
          const st = statusOf(paths[i]!);
          if (st === undefined || st?.isSymbolicLink() || (st && Math.max(st.mtimeMs, st.ctimeMs) >= settled)) return;
          // A change time in whole seconds: a file system that keeps no finer one (a change later in
          // that second would keep the same status); such a file must have changed a second before.
          if (st && st.ctimeMs % 1000 === 0 && st.ctimeMs >= settled - 1000) return;
          status[i] = st && [st.mode, st.ino, st.size, st.mtimeMs, st.ctimeMs];
        }
        const kept: KeptStatus = { memory: [mem.mode, mem.ino], paths, status };
        writeAtomic(o.repo.stateDir, path, `${key(asked)}\n${JSON.stringify(kept)}\n${JSON.stringify(files)}`, { durable: false });
      } catch {
        /* not kept: read again next time */
      }
    },
  };
}
