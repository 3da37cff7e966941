// The spool's line format, for every file that holds it (the open spool, the claimed ones, the rebase
// notes): one JSON object per line. Pure: the readers and writers around it decide where lines go.

/**
 * A commit recorded by the post-commit hook: the shell block and node write the same line (id,
 * subject, author time, branch). A line of only an id (and branch) is read too: `end` fills its
 * subject, time and changed files in one git call for all such lines (spool-fill.ts).
 */
export interface SpoolCommit {
  type: 'commit';
  sha: string;
  subject?: string;
  at?: string;
  branch?: string | null;
  /** Paths the commit changed, filled by `end` for a line of only an id (never written by the hook). */
  files?: string[];
  /** The agent session whose shell made the commit, where it said (git/session-marks.ts). */
  session?: string;
}

/** An item queued by `git memory log`. */
export interface SpoolLog {
  type: 'log';
  kind: 'learned' | 'decision' | 'note' | 'completed' | 'next_step';
  text: string;
  at: string;
  /** The agent session whose shell queued it, where it said (git/session-marks.ts). */
  session?: string;
}

export type SpoolEntry = SpoolCommit | SpoolLog;

/** A line as parsed: fields this version does not know are kept, so a rewrite does not drop them. */
export type SpoolLine = Record<string, unknown>;

const ENTRY_START = '{"type":';

function parseObject(text: string): SpoolLine | null {
  try {
    const v = JSON.parse(text) as unknown;
    return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as SpoolLine) : null;
  } catch {
    return null;
  }
}

/**
 * Every JSON object of `text`, one a line. A write torn by a crash or a full disk leaves a fragment
 * without its newline, and the next append lands on the same line: the fragment is dropped and the
 * whole entry that follows it is still read.
 */
export function parseSpool(text: string): SpoolLine[] {
  const lines: SpoolLine[] = [];
  for (const raw of text.split('\n')) {
    if (!raw.trim()) continue;
    let l = parseObject(raw);
    for (let at = raw.indexOf(ENTRY_START, 1); !l && at !== -1; at = raw.indexOf(ENTRY_START, at + 1)) l = parseObject(raw.slice(at));
    if (l) lines.push(l);
  }
  return lines;
}

/** The text of `lines`, each newline-terminated (an append of it is one whole line or more). */
export function serializeSpool(lines: readonly object[]): string {
  return lines.map((l) => `${JSON.stringify(l)}\n`).join('');
}

/** A line `end` folds into a session: a commit or a queued item (other types are a later version's). */
export const isSpoolEntry = (l: SpoolLine): l is SpoolLine & SpoolEntry => l.type === 'commit' || l.type === 'log';

/** A commit line whose id can be mapped through a rewrite. */
export const isSpoolCommit = (l: SpoolLine): l is SpoolLine & SpoolCommit => l.type === 'commit' && typeof l.sha === 'string';
