import { git } from './git.js';

const RS = '\x1e';
const US = '\x1f';

/**
 * The files each of `shas` touched, in one git call; commits that no longer exist (rewritten,
 * never fetched) are left out. Keys are the shas as given (short ones too).
 */
export async function commitFiles(cwd: string, shas: readonly string[]): Promise<Map<string, { sha: string; files: string[] }>> {
  const wanted = [...new Set(shas.filter((s) => /^[0-9a-f]{4,64}$/.test(s)))];
  const found = new Map<string, { sha: string; files: string[] }>();
  if (!wanted.length) return found;
  const out = await git(['log', '--no-walk=unsorted', '--ignore-missing', '--no-renames', '--name-only', `--format=${RS}%H${US}`, '--stdin', '--'], { cwd, input: `${wanted.join('\n')}\n`, allowFail: true });
  for (const chunk of (out ?? '').split(RS)) {
    if (!chunk.trim()) continue;
    const [sha, rest = ''] = chunk.split(US) as [string, string?];
    const files = rest.split('\n').map((f) => f.trim()).filter(Boolean);
    for (const w of wanted) if (sha.startsWith(w)) found.set(w, { sha, files });
  }
  return found;
}
