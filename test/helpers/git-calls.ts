// A `git` on PATH that records the arguments of every git process a run starts, then runs the real one.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from './repo.js';

const REAL_GIT = execFileSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).trim();

export interface GitCalls {
  /** The folder to put first on PATH. */
  path: string;
  /** Each git process's arguments, one list per process (processes started at once in no set order). */
  calls(): string[][];
  /** Forgets the processes recorded so far. */
  clear(): void;
}

/**
 * PATH with a `git` that records its arguments and runs the real one. Each process appends to a
 * file of its own (named by its pid: NUL after each argument, a newline after the process), so git
 * processes started at the same time — the entry point starts several — never write into each
 * other's record, as they did into one shared file, an argument at a time.
 */
export function loggingGit(): GitCalls {
  const dir = tempDir('gm-gitlog-');
  const calls = join(dir, 'calls');
  mkdirSync(calls);
  writeFileSync(join(dir, 'git'), `#!/bin/sh\nf="${calls}/$$"\nfor a in "$@"; do printf '%s\\0' "$a"; done >> "$f"\necho >> "$f"\nexec "${REAL_GIT}" "$@"\n`, { mode: 0o755 });
  return {
    path: dir,
    calls: () =>
      readdirSync(calls).flatMap((name) =>
        readFileSync(join(calls, name), 'utf8')
          .split('\n')
          .filter(Boolean)
          .map((l) => l.split('\0').filter(Boolean)),
      ),
    clear: () => {
      rmSync(calls, { recursive: true, force: true });
      mkdirSync(calls);
    },
  };
}
