// A shallow clone (a CI checkout, an agent's cloud sandbox: `git clone --depth N`) ends at
// commits whose parents it does not have. git lists such a commit's files against nothing: every
// file of its tree, as if it had added them all. Counted as changes, they made every file of the
// repository a hot file and every fact anchored to any file "may be stale". What such a commit
// changed is not known, so it changed nothing anyone can count.
import { join } from 'node:path';
import { readTextOrNull } from '../fs/read-file.js';

/** The commits a shallow clone ends at (full ids, from git's `shallow` file); empty for a whole clone. */
export function shallowBoundary(commonDir: string): ReadonlySet<string> {
  const text = readTextOrNull(join(commonDir, 'shallow'));
  return new Set(text ? text.split('\n').map((l) => l.trim()).filter(Boolean) : []);
}

/** Whether `id` (full or abbreviated) names one of the `boundary` commits. */
export function atBoundary(boundary: ReadonlySet<string>, id: string): boolean {
  if (!boundary.size || !id) return false;
  if (boundary.has(id)) return true;
  for (const b of boundary) if (b.startsWith(id)) return true;
  return false;
}
