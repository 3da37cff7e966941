import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BIN, PATH_WITHOUT_TOOL, tempDir } from '../helpers/repo.js';

/**
 * PATH whose `git-memory` notes each start of node (its arguments, one line) in `log` before running
 * the built binary: how a test sees whether a hook started node at all.
 */
export function countingPath(): { path: string; starts: () => string[] } {
  const dir = tempDir('gm-counting-bin-');
  const log = join(dir, 'starts.log');
  writeFileSync(join(dir, 'git-memory'), `#!/bin/sh\necho "$*" >>"${log}"\nexec "${process.execPath}" "${BIN}" "$@"\n`, { mode: 0o755 });
  return {
    path: `${dir}:${PATH_WITHOUT_TOOL}`,
    starts: () => (existsSync(log) ? readFileSync(log, 'utf8').split('\n').filter(Boolean) : []),
  };
}

/** The parsed lines of a spool file (every line must be whole JSON). */
export function spoolLines(file: string): Record<string, unknown>[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}
