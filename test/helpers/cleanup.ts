// Temporary directories and other per-test and per-file state, undone when the test or the test file
// ends. The hooks that undo them are registered by test/helpers/setup.ts, a setup file of every
// vitest config that runs these tests: vitest runs a setup file again before each test file, also
// where test files share a worker and its loaded modules (`isolate: false`, see vitest.config.ts),
// while a helper module like this one is loaded once per worker and could register them only once.
import { mkdtempSync, readdirSync, rmdirSync, rmSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Removes a temporary directory, best effort. A detached worker an agent hook or a session start
 * started (it runs on after the command, by design) may still be writing its state under .git when
 * the test ends: a directory that fills again while it is removed (ENOTEMPTY) is tried again, as
 * rmSync's maxRetries does, and then left in the temporary folder rather than failing a test whose
 * assertions all passed.
 */
export function remove(dir: string): void {
  try {
    removeTree(dir);
    return;
  } catch {
    /* something changed or refused on the way: rmSync, with its retries, takes what is left */
  }
  try {
    rmSync(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 50 });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOTEMPTY') throw e;
  }
}

/**
 * Removes `dir` and everything in it: one readdir per folder and one unlink per entry, where
 * node 20's rmSync({ recursive }) also stats every entry first and goes through its retry wrapper
 * per entry, twice the processor time on the tests' tens of thousands of files (a repository copy,
 * its objects, its home). Throws at the first entry that does not go (a folder filled meanwhile, an
 * entry gone, a type the folder does not tell): remove() then hands the rest to rmSync.
 */
function removeTree(dir: string): void {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw e;
  }
  for (const entry of entries) {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) removeTree(path);
    else unlinkSync(path);
  }
  rmdirSync(dir);
}

const testDirs: string[] = [];
const fileDirs: string[] = [];
const workerDirs: string[] = [];
const fileResets: (() => void)[] = [];

const SET_UP = Symbol.for('git-memory.test-cleanup');

/** Called by the setup file: its hooks run endOfTest and endOfFile. */
export function markSetUp(): void {
  (globalThis as Record<symbol, boolean>)[SET_UP] = true;
}

/** Removes the directories of the test that ended. */
export function endOfTest(): void {
  while (testDirs.length) remove(testDirs.pop()!);
}

/** Removes the test file's fixture directories and forgets what helpers kept for that file. */
export function endOfFile(): void {
  endOfTest();
  while (fileDirs.length) remove(fileDirs.pop()!);
  for (const reset of fileResets) reset();
}

/**
 * `reset` runs when each test file ends: a helper module that keeps something for the test file
 * (a fixture made once per file, a counter) forgets it, as if loaded afresh for the next file.
 */
export function perFile(reset: () => void): void {
  fileResets.push(reset);
}

/**
 * A directory that outlives the test files of this worker process (a set-up every file copies, see
 * repo.ts): removed when the worker exits or vitest ends it (SIGTERM). Its name holds the worker's process id:
 * one left by a worker that was killed is removed by the run's global teardown (global-setup.ts) or
 * by the next worker to make one.
 */
let exitHook = false;
function workerDir(prefix: string): string {
  if (!exitHook) {
    exitHook = true;
    const removeAll = () => {
      while (workerDirs.length) remove(workerDirs.pop()!);
    };
    process.on('exit', removeAll);
    // Vitest ends a worker with SIGTERM, which runs no exit hook: remove them, then end as the
    // signal would have (this listener is gone by then).
    process.once('SIGTERM', () => {
      removeAll();
      process.kill(process.pid, 'SIGTERM');
    });
    sweepDeadWorkers();
  }
  const dir = mkdtempSync(join(tmpdir(), `${prefix}w${process.pid}-`));
  workerDirs.push(dir);
  return dir;
}

/** Removes the worker directories (see workerDir) of every worker that has ended. */
export function sweepDeadWorkers(): void {
  for (const name of readdirSync(tmpdir())) {
    const pid = /^gm-[a-z-]+-w(\d+)-/.exec(name)?.[1];
    if (!pid || Number(pid) === process.pid) continue;
    try {
      process.kill(Number(pid), 0);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ESRCH') remove(join(tmpdir(), name));
    }
  }
}

/**
 * A fresh temporary directory, removed after the test, after the test file (a fixture), or when the
 * worker process exits (a set-up every test file may copy: see workerDir).
 */
export function tempDir(prefix = 'gm-', until: 'test' | 'file' | 'worker' = 'test'): string {
  if (!(globalThis as Record<symbol, boolean>)[SET_UP]) {
    throw new Error('test/helpers/setup.ts is not among the vitest config\'s setupFiles: nothing would remove this temporary directory');
  }
  if (until === 'worker') return workerDir(prefix);
  const dir = mkdtempSync(join(tmpdir(), prefix));
  (until === 'file' ? fileDirs : testDirs).push(dir);
  return dir;
}
