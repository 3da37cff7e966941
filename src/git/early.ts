// Git processes the entry point starts before loading a command, so git works while node loads
// the rest: `end`'s git variables, and the primer's log when HEAD moved. The command
// takes the output over with takeEarly(); where none was started, or it failed, it runs git itself.
import { closeSync, fstatSync, openSync, readSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { childProcess } from '../child-process.js';
import { buildEnv } from './git.js';
import { spawnToFd } from './light-spawn.js';

const SLOT = Symbol.for('git-memory.early-git');
let serial = 0;
/**
 * What a log step's output can be read from without git (git/object-files.ts readLogStep's
 * arguments): the entry point notes it, and the command's own bundle, which has a code cache, reads
 * it when it takes the output (see deferEarly).
 */
export interface KnownStep {
  commonDir: string;
  from: string;
  head: string;
  /** How this git prints a +0000 zone (utcZoneIn), where an earlier answer of its shows it. */
  utc: string | null;
}
/** Reads a KnownStep's output, or null where git must answer (the taker's copy of readLogStep). */
export type ReadStep = (args: readonly string[], step: KnownStep) => Buffer | null;

/**
 * Each started call's output, and how many takers it was started for (see startEarly); or, not yet
 * read, where the entry point noted it can be read from git's files (see deferEarly).
 */
type Slot = Map<string, { out?: Promise<Buffer | null>; step?: KnownStep; takers: number }>;

/** The file's whole content; git wrote it through its own descriptor, from offset 0. */
function readAll(fd: number): Buffer {
  const buf = Buffer.allocUnsafe(fstatSync(fd).size);
  let got = 0;
  while (got < buf.length) {
    const n = readSync(fd, buf, got, buf.length - got, got);
    if (n === 0) break;
    got += n;
  }
  return buf.subarray(0, got);
}


/** Runs git with its stdout in an unlinked temporary file; the output, or null where that fails. */
function runToFile(cwd: string, args: readonly string[]): Promise<Buffer | null> {
  // Not a pipe: a megabyte of output fills a pipe's 64 KB many times over, and git would wait
  // for node to drain it, which node does only between the synchronous steps of the search.
  const file = `${tmpdir()}/git-memory-early-${process.pid}-${Date.now().toString(36)}-${serial++}`;
  let fd: number;
  try {
    fd = openSync(file, 'wx+', 0o600);
  } catch {
    return Promise.resolve(null);
  }
  return new Promise((resolve) => {
    let settled = false;
    const done = (ok: boolean) => {
      if (settled) return;
      settled = true;
      try {
        resolve(ok ? readAll(fd) : null);
      } catch {
        resolve(null);
      } finally {
        closeSync(fd);
      }
    };
    try {
      // Without node:child_process where node allows it: this runs before the command is loaded.
      const light = spawnToFd('git', args, cwd, buildEnv(), fd, (code) => done(code === 0));
      if (!light) {
        const child = childProcess().spawn('git', args, { cwd, env: buildEnv(), stdio: ['ignore', fd, 'ignore'] });
        child.on('error', () => done(false));
        child.on('exit', (code) => done(code === 0));
      }
    } catch {
      done(false);
    } finally {
      try {
        unlinkSync(file);
      } catch {
        /* already gone: nothing left behind either way */
      }
    }
  });
}

/**
 * The output of `git <args>` run from `cwd` (UTF-8), or null where it failed (as git() with
 * `allowFail`): through runToFile, so without loading node:child_process where node allows it
 * (~6 ms of CPU in a process that starts no other git, a server's first search in a fresh clone).
 */
export async function gitOutput(args: readonly string[], cwd: string): Promise<string | null> {
  return (await runToFile(cwd, args))?.toString('utf8') ?? null;
}

const slot = () => ((globalThis as Record<symbol, Slot>)[SLOT] ??= new Map());
const keyOf = (args: readonly string[], cwd: string) => `${cwd}\0${args.join('\0')}`;

/**
 * Starts `git <args>` from the current directory, in the git wrapper's environment, for
 * takeEarly() to take over. The bundles share this through a global: the entry point
 * and the command it loads are separate bundles. The same call asked for again while not yet
 * taken starts no second git: both takers get its output (the primer's log step and its staleness
 * step after a commit are one question, see logStepArgs).
 */
export function startEarly(args: readonly string[]): void {
  const cwd = process.cwd();
  const key = keyOf(args, cwd);
  const started = slot().get(key);
  if (started) started.takers++;
  else slot().set(key, { out: runToFile(cwd, args), takers: 1 });
}

/**
 * Notes that `git <args>` (a log step, logStepArgs) from the current directory can be read from
 * git's object files, for takeEarly() to read with the reader its taker passes: the entry point
 * has no code cache, and compiling the object-file reader there cost ~5 ms of CPU at every primer
 * after a commit; the primer's bundle has it cached. A second note of the same call adds a taker.
 */
export function deferEarly(args: readonly string[], step: KnownStep): void {
  const key = keyOf(args, process.cwd());
  const started = slot().get(key);
  if (started) started.takers++;
  else slot().set(key, { step, takers: 1 });
}

/**
 * The output of `git <args>` started from `cwd` by startEarly (or noted by deferEarly), once per
 * time it was started; undefined when none was. A noted step is read with `read` when first taken
 * (both takers get that one read), and git runs only where that gives nothing.
 */
export function takeEarly(args: readonly string[], cwd: string, read?: ReadStep): Promise<Buffer | null> | undefined {
  const key = keyOf(args, cwd);
  const started = slot().get(key);
  if (!started) return undefined;
  if (!started.out) {
    const out = started.step ? (read?.(args, started.step) ?? null) : null;
    started.out = out ? Promise.resolve(out) : runToFile(cwd, args);
  }
  if (--started.takers <= 0) slot().delete(key);
  return started.out;
}
