// What `git var -l` says: git's configuration as it applies here, and the author and committer
// identities git would put on a commit. `end` asks once, before its code is loaded (see early.ts),
// and takes from it the session's author and what it needs to write the memory commit's object
// itself instead of starting `git commit-tree` (see commit-object.ts).
import { takeEarly } from './early.js';
import { git } from './git.js';

/** The question, started early by the entry point for `end`. */
export const VAR_LIST_ARGS: readonly string[] = ['var', '-l'];

export interface GitVars {
  /** Each configuration key (lower case, as git prints it) with its last value; null: set without a value (true). */
  config: Map<string, string | null>;
  /** `Name <email> <seconds> <zone>`, as git would write it now; null where git did not say. */
  author: string | null;
  committer: string | null;
}

/** Parses `git var -l`: configuration lines `key=value` (or `key`), then git's variables. */
export function parseVarList(text: string): GitVars {
  const config = new Map<string, string | null>();
  let author: string | null = null;
  let committer: string | null = null;
  for (const line of text.split('\n')) {
    if (!line) continue;
    const eq = line.indexOf('=');
    const key = eq < 0 ? line : line.slice(0, eq);
    const value = eq < 0 ? null : line.slice(eq + 1);
    if (key === 'GIT_AUTHOR_IDENT') author = value;
    else if (key === 'GIT_COMMITTER_IDENT') committer = value;
    else if (/^[a-z0-9-]+(\.[^\n]*)?\.[a-z0-9-]+$/i.test(key)) {
      // Later values win, as git reads them (system, global, repository, then the command line).
      config.delete(key);
      config.set(key, value);
    }
  }
  return { config, author, committer };
}

/** git's variables for the repository at `cwd`: the ones the entry point asked for, else asked now. Null where git fails. */
export async function readGitVars(cwd: string): Promise<GitVars | null> {
  const early = await takeEarly(VAR_LIST_ARGS, process.cwd());
  const text = early ? early.toString('utf8') : await git(VAR_LIST_ARGS, { cwd, allowFail: true });
  return text === null ? null : parseVarList(text);
}

/**
 * The identity of `who` exactly as git would write it, where git takes its name and email from the
 * environment or the configuration; null where git would guess them (from the user account and
 * host name) or refuse to commit: the caller then asks git itself, which decides and says why.
 * `git var -l` prints a guessed identity where a commit would fail instead, hence the check.
 */
export function explicitIdent(vars: GitVars, who: 'author' | 'committer', env: NodeJS.ProcessEnv): string | null {
  const ident = vars[who];
  if (!ident || !/^[^<>\n]*<[^<>\n]*> \d+ [+-]\d{4}$/.test(ident)) return null;
  const given = (field: 'name' | 'email') => {
    const fromEnv = env[`GIT_${who.toUpperCase()}_${field.toUpperCase()}`];
    if (fromEnv) return true;
    const fromConfig = vars.config.get(`${who}.${field}`) ?? vars.config.get(`user.${field}`);
    return typeof fromConfig === 'string' && fromConfig.trim() !== '';
  };
  return given('name') && given('email') ? ident : null;
}
