// The folders a session's shell commands went into that no transcript record names: Claude Code runs
// each Bash command from the project folder again when a `cd` left it (a worktree beside the
// repository is outside it), so a session that ran `git worktree add ../wt -b feat && cd ../wt &&
// git commit …` has no record whose cwd is ../wt, and its commit there was not listed. Read from the
// command lines: `cd DIR`, `pushd DIR`, `git -C DIR …` and the path of `git worktree add`, each
// from the time the command ran. Only what a plain reading finds: a word holding `$`, a backquote,
// `~` or a glob is passed over. Bounded: the first 4,096 characters of a command, 16 folders.
import { isAbsolute, resolve } from 'node:path';

const MAX_COMMAND = 4096;
const MAX_DIRS = 16;
/** `git worktree add`'s options that take a value (the path is the first word that is neither). */
const WORKTREE_VALUED = new Set(['-b', '-B', '--reason']);
const PLAIN = /^[^$`~*?[\]{}]+$/;

/** The words of one simple command: quotes taken off, nothing expanded. */
function words(text: string): string[] {
  const out: string[] = [];
  const re = /'([^']*)'|"([^"]*)"|([^\s'"]+)/g;
  for (let m = re.exec(text); m; m = re.exec(text)) out.push(m[1] ?? m[2] ?? m[3] ?? '');
  return out;
}

/** The folders `commands` went into, other than `cwd`, each with the time of the first command that did. */
export function commandDirs(cwd: string, commands: readonly { command: string; at: string }[]): { dir: string; at: string }[] {
  if (!cwd || !isAbsolute(cwd)) return [];
  const out: { dir: string; at: string }[] = [];
  const add = (dir: string, at: string) => {
    if (dir !== cwd && out.length < MAX_DIRS && !out.some((d) => d.dir === dir)) out.push({ dir, at });
  };
  for (const c of commands) {
    if (out.length >= MAX_DIRS) break;
    if (typeof c.command !== 'string' || !c.at) continue;
    let here = cwd;
    for (const simple of c.command.slice(0, MAX_COMMAND).split(/&&|\|\||[;|\n()]/)) {
      const w = words(simple);
      let i = 0;
      while (i < w.length && /^[A-Za-z_][A-Za-z0-9_]*=/.test(w[i]!)) i++;
      const [cmd, ...args] = w.slice(i);
      const at = (p: string | undefined, from: string) => (p && PLAIN.test(p) ? resolve(from, p) : null);
      if (cmd === 'cd' || cmd === 'pushd') {
        const dir = at(args.find((a) => !a.startsWith('-')), here);
        if (!dir) continue;
        here = dir;
        add(dir, c.at);
      } else if (cmd === 'git') {
        let from = here;
        let j = 0;
        while (j < args.length && args[j]!.startsWith('-')) {
          if (args[j] === '-C' || args[j] === '-c') {
            if (args[j] === '-C') {
              const dir = at(args[j + 1], from);
              if (!dir) break;
              from = dir;
              add(dir, c.at);
            }
            j += 2;
          } else j++;
        }
        if (args[j] !== 'worktree' || args[j + 1] !== 'add') continue;
        for (let k = j + 2; k < args.length; k++) {
          const a = args[k]!;
          if (WORKTREE_VALUED.has(a)) k++;
          else if (!a.startsWith('-')) {
            const dir = at(a, from);
            if (dir) add(dir, c.at);
            break;
          }
        }
      }
    }
  }
  return out;
}
