import { existsSync } from 'node:fs';
import { fsPath } from '../../git/quoted-path.js';
import { join, normalize } from 'node:path';
import { staleMarks } from '../../dream/staleness.js';
import { memoryMark } from '../../dream/staleness-query.js';
import { headCommit } from '../../git/head.js';
import { recentLog } from '../../git/log.js';
import { shallowBoundary } from '../../git/shallow.js';
import { LONG_TERM_FILE } from '../../paths.js';
import { longTermForReaders } from '../../memory/long-term-read.js';
import { currentBranch } from '../../git/repo.js';
import { readLatestDay, readWindow } from '../../memory/journal.js';
import { keptJournal } from '../../memory/journal-kept.js';
import { journalIndex } from '../../memory/journal-index.js';
import { localDate } from '../../clock.js';
import { readTaskListKeeping } from '../../memory/tasks-file.js';
import { readHeldTasks } from '../../memory/tasks-held.js';
import { readUserFiles } from '../../memory/user-files.js';
import type { Opened } from '../context.js';
import { keptPathsInTrees } from './kept-in-trees.js';
import type { MemorySource } from './memory-source.js';

/** A path with a `.` or `..` part, an empty part, or a `/` first: node's join normalises it. */
const NOT_PLAIN = /(?:^|\/)\.\.?(?:\/|$)|\/\/|^\//;

/**
 * `join(root, p)` for each path `p`: the paths the primer asks about are git's (the log's, the
 * anchors'), none with a part join would change, so they are put after the root as they are. A
 * primer after a commit asks about ~100 (the log's hot files, the anchored folders' files), and
 * join's normaliser, run for each, was made hot enough for V8's optimizing compiler (~3 ms of CPU
 * on another thread at every such start).
 */
export function rootPath(root: string): (p: string) => string {
  const base = normalize(root);
  const before = !base.startsWith('/') ? null : base.endsWith('/') ? base : `${base}/`;
  return (p) => (before !== null && p && !NOT_PLAIN.test(p) ? before + p : join(root, p));
}

/**
 * Memory as it is in the working tree now, with the config already loaded. The reads are
 * synchronous file reads (the primer runs at every session start): only the git log is a process,
 * started by the gatherer first so the file reads overlap it. `startedFrom`: the directory the
 * entry point started the same git log from, if it did (see bin.ts). Journal files' sessions come
 * from the state directory where the files did not change (see journal-kept.ts). The tasks include
 * a change held while a git operation is in progress (see memory/tasks-held.ts).
 */
export function worktreeSource(o: Opened, startedFrom?: string): MemorySource {
  const root = o.repo.root;
  const readKept = keptJournal(root, o.repo.stateDir, localDate(o.now));
  // The days whose sessions were read (not only their folder's index, which is known by the
  // folder's status as journal-index.ts keeps it): a kept reading knows them by their files'
  // status (kept-reading.ts). A clone's first primer reads every day of the look-back for its
  // index; taking those days too had the next start ask the status of all their files (652 in a
  // dense journal's test, against 52 before).
  const daysRead = new Set<string>();
  const read = (days: readonly string[]) => {
    for (const d of days) daysRead.add(d);
    return readKept(days);
  };
  const newest = () => {
    const index = journalIndex(root, o.repo.stateDir, localDate(o.now), readKept, undefined, (day) => daysRead.add(day));
    return (
      index && {
        ...index,
        minutes: (day: string) => {
          daysRead.add(day);
          return index.minutes(day);
        },
      }
    );
  };
  const inRoot = rootPath(root);
  // A name git's log kept quoted (not UTF-8: git/quoted-path.ts) is looked up by its bytes.
  const there = (p: string) => existsSync(p.charCodeAt(0) === 34 ? fsPath(root, p) : inRoot(p));
  // Noted where asked: the answers are part of what a kept primer was made of (hook/agent/kept-start.ts),
  // whose shell tests name paths as text (a quoted name's bytes are not: not noted, HEAD's move renews it).
  const exists = (p: string) => {
    const is = there(p);
    if (p.charCodeAt(0) !== 34) o.existsSeen?.set(p, is);
    return is;
  };
  return {
    label: '',
    daysRead,
    config: async () => o.config,
    sessions: async (from, to) => readWindow(root, from, to, read),
    newest,
    latestDay: async (to) => readLatestDay(root, to, read),
    tasks: async () => readTaskListKeeping(root, readHeldTasks(o.repo.stateDir)),
    log: (depth) => recentLog(o.repo, depth, startedFrom),
    user: () => readUserFiles(o.env),
    branch: () => currentBranch(o.repo),
    // A linked MEMORY.md would bring in text from outside the repository: not read; nor one of
    // megabytes (seconds of every start). Its facts are taken from the state directory where kept
    // for this very text (the gatherer asks for them next).
    // Asked only where no kept reading answers (read-files.ts): MEMORY.md's parser and the
    // judgement it brings load then, not at a start the kept reading serves.
    longTerm: async () => {
      const { text } = longTermForReaders(root);
      if (text) (await import('../../memory/long-term-tried.js')).triedFactsKept(text, o.repo.stateDir);
      return text;
    },
    inTrees: (commits, paths) => keptPathsInTrees(root, o.repo.stateDir, commits, paths),
    deletedByHand: async (text) => (await import('./hand-deleted.js')).handDeleted(o.repo, text),
    present: async (paths, want) => {
      const found: string[] = [];
      for (const p of paths) {
        if (found.length >= want) break;
        if (exists(p)) found.push(p);
      }
      return found;
    },
    staleness: (entries) => {
      const head = headCommit(o.repo);
      const mark = head ? memoryMark(join(root, LONG_TERM_FILE), head) : null;
      return staleMarks(root, entries, { rev: 'HEAD', head, exists, stateDir: o.repo.stateDir, mark, shallow: shallowBoundary(o.repo.commonDir) });
    },
  };
}
