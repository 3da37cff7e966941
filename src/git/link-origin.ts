import { type LinkOrigin } from '../worktree-path.js';
import { git } from './git.js';

/**
 * Where the symbolic link `link` (relative to `root`) came from: the index holds it as a link
 * (mode 120000: committed, or about to be), HEAD has a folder there (a local link over it), or
 * neither. Two git processes, run only when a command has already refused the link.
 */
export async function linkOrigin(root: string, link: string): Promise<LinkOrigin> {
  const staged = await git(['ls-files', '-s', '--', link], { cwd: root, allowFail: true });
  if (staged === null) return 'unknown';
  if (staged.startsWith('120000 ')) return 'committed';
  const kind = await git(['cat-file', '-t', `HEAD:${link}`], { cwd: root, allowFail: true });
  return kind?.trim() === 'tree' ? 'over-head' : 'local';
}
