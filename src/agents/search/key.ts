import { createHash } from 'node:crypto';
import { statSync } from 'node:fs';
import { git } from '../../git/git.js';
import { JOURNAL_DIR } from '../../paths.js';
import { listJournalFiles } from './documents.js';

/**
 * The cache key of the journal: changes when any journal file is added, removed or changed.
 *
 * Git already knows most of the answer: `ls-files` lists tracked files with their blob ids from the
 * index, the ones whose working copy differs (`-m`, found by git's own stat check) and untracked
 * ones (`-o`). Only those last two are stat'ed here. A git process does this in C far faster than
 * node can stat every file, and it runs while the caller loads the index. Where git cannot answer,
 * every file's size and mtime make the key instead.
 */
export async function journalKey(root: string): Promise<string> {
  const out = await git(['ls-files', '-z', '-t', '-s', '-m', '-o', '--', JOURNAL_DIR], { cwd: root, allowFail: true });
  const h = createHash('sha1');
  if (out === null) {
    for (const f of listJournalFiles(root)) h.update(`${f.path}\0${f.size}\0${f.mtimeMs}\n`);
    return `stat:${h.digest('hex')}`;
  }
  h.update(out);
  for (const rec of out.split('\0')) {
    if (!rec.endsWith('.md') || rec.startsWith('H ')) continue;
    // `C …\tpath` (changed in the working tree, or deleted) and `? path` (untracked): their state is their stat.
    const path = rec.startsWith('? ') ? rec.slice(2) : rec.slice(rec.indexOf('\t') + 1);
    const st = statSync(`${root}/${path}`, { throwIfNoEntry: false });
    h.update(`${path}\0${st ? `${st.size}\0${st.mtimeMs}` : 'gone'}\n`);
  }
  return `git:${h.digest('hex')}`;
}
