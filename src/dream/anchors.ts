import { isMemoryPath } from '../paths.js';
import { trimEndOf } from '../linear.js';

const EXT = 'ts|tsx|js|jsx|mjs|cjs|py|go|rs|java|kt|rb|php|cs|c|h|cc|cpp|hpp|swift|md|json|toml|ya?ml|sql|sh|css|scss|html|vue|svelte|lock|env|ini|cfg|txt|proto|graphql|tf';
// A name's characters are letters and digits of any script (`Day66-80/77.概率统计基础.md`,
// `docs/café.md`: jackfrued/Python-100-Days), not only ASCII's; CJK punctuation ends a name too.
/** A backtick (an escaped one is not valid in a pattern with the u flag). */
const BT = '`';
const NAME = String.raw`[\p{L}\p{M}\p{N}_@.+-]`;
const PATH_RE = new RegExp(String.raw`(?:^|[\s${BT}'"(\[（「『：])((?:\.{0,2}/)?(?:${NAME}+/)+${NAME}*|[\p{L}\p{M}\p{N}_.+-]+\.(?:${EXT}))(?=$|[\s${BT}'")\],:;!?，。；：！？、）」』])`, 'gu');

/** Files and directories a text names (`src/auth/jwt.ts`, `package.json`, `src/billing/`): no URLs. */
export function pathsNamed(text: string): string[] {
  const found = new Set<string>();
  for (const m of text.matchAll(PATH_RE)) {
    const p = trimEndOf(m[1]!.replace(/^\.\//, ''), '.,');
    if (!p || p.includes('://') || /^\d/.test(p) || p.startsWith('/') || p.startsWith('../')) continue;
    // "and/or", "read/write": a path has a dot or a second slash somewhere.
    if (!p.includes('.') && (p.match(/\//g)?.length ?? 0) < 2 && !p.endsWith('/')) continue;
    found.add(p);
  }
  return [...found];
}


/**
 * What a fact is about: the paths it names that are in the repository (or that its sessions'
 * commits touched), at most five. A fact that names none is anchored to nothing: the files its
 * session's commits touched are what the session worked on, not what the fact says (issue 25
 * §2.2), and would mark it stale at their next change. Memory files never.
 */
export function anchorsFor(text: string, commitFiles: string[], exists: (path: string) => boolean): string[] {
  const touched = new Set(commitFiles);
  return pathsNamed(text)
    .filter((p) => !isMemoryPath(p) && (exists(p.replace(/\/$/, '')) || touched.has(p)))
    .slice(0, 5);
}

/** A text that is mostly file names says nothing git's own history does not. */
export function isFileList(text: string): boolean {
  const words = text.split(/[\s,;]+/).filter(Boolean);
  return words.length > 0 && pathsNamed(text).length / words.length >= 0.5;
}
