import { Stamp } from '../fs/stamp.js';
import { stampHead } from '../git/head-stamp.js';
import type { Repo } from '../git/repo.js';
import type { Session } from '../memory/session.js';
import { readJournalFile } from './documents.js';
import { openIndex, type OpenedIndex, type SpeculativeIndex } from './index.js';

/** Parsed journal files kept for snippets: the oldest goes first beyond this. */
const MAX_PARSED = 512;
import { stampJournal } from './journal-stamp.js';

interface Held {
  stamp: Stamp;
  racy: boolean;
  index: OpenedIndex;
  close(): void;
}

/**
 * The search index of a long-lived process (the MCP server): opened once, kept open, and
 * revalidated at each query by `lstat` of what it depends on (the journal and its day
 * directories, and the files that say which commit HEAD is; see journal-stamp.ts and
 * head-stamp.ts), not by the git listings of the cache key (key.ts), which cost two processes.
 * When the stamp changed, or was taken too soon after a change to be trusted (see stamp.ts),
 * the index is opened the careful way once more: cache key, update, store.
 */
export class LiveIndex {
  private held: Held | null = null;
  private loading: Promise<OpenedIndex> | null = null;

  constructor(readonly repo: Repo) {}

  private stamp(): Stamp {
    return stampHead(stampJournal(new Stamp(), this.repo.root), this.repo);
  }

  /** The index as the journal is now. */
  async current(): Promise<OpenedIndex> {
    const stamp = this.stamp();
    const held = this.held;
    if (held && !held.racy && held.stamp.equals(stamp)) return held.index.cache === 'fresh' ? held.index : (held.index = { ...held.index, cache: 'fresh' });
    // Calls that arrive during a reload share it.
    this.loading ??= this.reload(stamp).finally(() => (this.loading = null));
    return this.loading;
  }

  private async reload(stamp: Stamp): Promise<OpenedIndex> {
    const opened = await openIndex(this.repo);
    let index = opened.index;
    let close = opened.close;
    if (!(await opened.valid)) {
      opened.close();
      const fresh = (index = await opened.refresh());
      close = () => fresh.close?.();
    }
    this.held?.close();
    // The files results are shown from are parsed once while the journal stays as it is: a
    // reload (the journal changed) starts with none.
    const parsed = new Map<string, Session[]>();
    const sessionsOf = (path: string) => {
      let got = parsed.get(path);
      if (!got) {
        got = readJournalFile(this.repo.root, path).sessions;
        if (parsed.size >= MAX_PARSED) parsed.delete(parsed.keys().next().value!);
        parsed.set(path, got);
      }
      return got;
    };
    const live = { ...index, sessionsOf };
    this.held = { stamp, racy: stamp.racy(), index: live, close };
    return live;
  }

  /** The current index in the shape openIndex gives (already valid; closed by `close()`, not by the caller). */
  async open(): Promise<SpeculativeIndex> {
    const index = await this.current();
    return { index, valid: Promise.resolve(true), refresh: async () => index, close: () => {} };
  }

  close(): void {
    this.held?.close();
    this.held = null;
  }
}

const live = new Map<string, LiveIndex>();

/** The live index of a repository's worktree, made on first use and kept for the life of the process. */
export function liveIndex(repo: Repo): LiveIndex {
  let got = live.get(repo.stateDir);
  if (!got) live.set(repo.stateDir, (got = new LiveIndex(repo)));
  return got;
}

/** Closes every live index (a server shutting down). */
export function closeLiveIndexes(): void {
  for (const l of live.values()) l.close();
  live.clear();
}
