// A file committed as a symbolic link to a FIFO no one writes to: git stores links, so one commit
// puts it in every clone, and a blocking read of it never returns (test/robust, test/agents, test/git).
import { execFileSync, spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { mkdirSync, rmSync, symlinkSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { BIN, tempDir, type TestRepo } from './repo.js';

/** Long enough for a loaded machine; the commands answer in well under a second. */
const TIMEOUT_MS = 20_000;

/** Replaces `rel` in `repo` by a link to a new FIFO outside it and commits it; returns the FIFO's path. */
export function commitLinkToFifo(repo: TestRepo, rel: string, message: string): string {
  const fifo = join(tempDir('gm-fifo-'), rel.slice(rel.lastIndexOf('/') + 1));
  execFileSync('mkfifo', [fifo]);
  rmSync(join(repo.dir, rel), { force: true });
  mkdirSync(dirname(join(repo.dir, rel)), { recursive: true });
  symlinkSync(fifo, join(repo.dir, rel));
  repo.git('add', '-A');
  repo.git('commit', '-q', '-m', message);
  return fifo;
}

/** The built CLI run in `repo`, killed at TIMEOUT_MS: a command that hangs gives a signal instead of a status. */
export function execBounded(repo: TestRepo, args: string[]): SpawnSyncReturns<string> {
  return spawnSync(process.execPath, [BIN, ...args], { cwd: repo.dir, env: repo.env, encoding: 'utf8', timeout: TIMEOUT_MS, killSignal: 'SIGKILL' });
}
