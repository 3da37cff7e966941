import type { Argv, CommandModule } from 'yargs';
import { run, type GlobalArgs, type Io } from '../io.js';
import { UsageError } from '../../errors.js';

/** What `view` says it wrote (and gives with --json). */
interface Written {
  path: string;
  sessions: number;
  tasks: number;
  facts: number;
}

interface Args extends GlobalArgs {
  open?: boolean;
  out?: string;
}

/** The command that opens a file in the desktop's browser, per platform. */
function opener(path: string): [string, string[]] {
  if (process.platform === 'darwin') return ['open', [path]];
  if (process.platform === 'win32') return ['cmd', ['/c', 'start', '', path]];
  return ['xdg-open', [path]];
}

/** Where --out names no file that can be written: said as bad usage (a full disk or read-only folder is said by run()). */
const OUT_ERRORS: Record<string, string> = {
  ENOENT: 'its folder does not exist',
  ENOTDIR: 'a part of its path is not a folder',
  EISDIR: 'it is a folder, not a file',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EROFS: 'the file system is read-only',
  ENAMETOOLONG: 'its name is too long',
};

/** Under a refused --out: what to name instead (the memory needs no write for a page elsewhere). */
const OUT_HINT = 'name a file in a folder that exists and you may write, e.g. git memory view --out memory.html';

/** How every page `view` writes begins (its <title>), within its first bytes: an earlier page may be written over. */
const PAGE_MARK = '<title>git memory · ';

/**
 * Why --out may not be written over, or null: a file there that is not an earlier page of ours (a
 * memory file, a source file, notes: written over, the user's text would be gone, and a memory
 * file's HTML committed with the next memory commit), or a FIFO or socket (the write would wait
 * for a reader forever). A path that does not exist yet, or a folder, is left to the write.
 */
async function notOurs(path: string): Promise<string | null> {
  const { statSync, openSync, readSync, closeSync } = await import('node:fs');
  let st: ReturnType<typeof statSync>;
  try {
    st = statSync(path, { throwIfNoEntry: false });
  } catch {
    return null; // a part of the path is not a folder: the write says so
  }
  if (!st || st.isDirectory() || st.isCharacterDevice()) return null;
  if (!st.isFile()) return 'it is not a regular file';
  if (st.size === 0) return null;
  const fd = openSync(path, 'r');
  try {
    const head = Buffer.alloc(1024);
    const n = readSync(fd, head, 0, head.length, 0);
    return head.subarray(0, n).toString('utf8').includes(PAGE_MARK) ? null : 'a file is there that git memory view did not write';
  } finally {
    closeSync(fd);
  }
}

export const viewCommand = (io: Io): CommandModule<GlobalArgs, Args> => ({
  command: 'view',
  describe: 'Write one HTML page to look at the memory: sessions by branch, tasks, MEMORY.md, the primer',
  builder: (y: Argv<GlobalArgs>) =>
    y
      .option('out', { type: 'string', describe: 'Where to write the page (default: .git/git-memory/view.html, never committed)' })
      .option('open', { type: 'boolean', describe: 'Open it in the browser' })
      .example('git memory view --open', '')
      .example('git memory view --out memory.html', '') as unknown as Argv<Args>,
  handler: (a) =>
    run<Written>(
      io,
      a,
      async (ctx) => {
        const [{ view }, { renderViewHtml }, { writeFileSync }, { resolve, join }, { findRepo }] = await Promise.all([
          import('../../commands/view.js'),
          import('../render/view-html.js'),
          import('node:fs'),
          import('node:path'),
          import('../../git/repo.js'),
        ]);
        const path = a.out !== undefined ? resolve(io.cwd, a.out) : join(findRepo(io.cwd, io.env).stateDir, 'view.html');
        const taken = a.out !== undefined ? await notOurs(path) : null;
        if (taken) throw new UsageError(`cannot write --out ${a.out}: ${taken}; nothing was written`, 'name a new file (or an earlier page of git memory view), e.g. git memory view --out memory.html');
        const r = await view(ctx);
        try {
          writeFileSync(path, renderViewHtml(r.data));
        } catch (e) {
          const why = OUT_ERRORS[(e as NodeJS.ErrnoException).code ?? ''];
          if (!why || a.out === undefined) throw e;
          throw new UsageError(`cannot write --out ${a.out}: ${why}; nothing was written`, OUT_HINT);
        }
        if (a.open) {
          const { spawn } = await import('node:child_process');
          const [cmd, args] = opener(path);
          const child = spawn(cmd, args, { detached: true, stdio: 'ignore' });
          child.on('error', () => io.err(`could not open a browser (${cmd}); open ${path} yourself\n`));
          child.unref();
        }
        return { ...r, data: { path, sessions: r.data.sessions.length, tasks: r.data.tasks.length, facts: r.data.memory?.entries.length ?? 0 } };
      },
      (d) => `wrote ${d.path}: ${d.sessions} sessions, ${d.tasks} tasks, ${d.facts} facts (one file, no network: open it in any browser)\n`,
    ),
});
