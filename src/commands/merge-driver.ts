import { readFileSync, writeFileSync } from 'node:fs';
import { resolve as resolvePath } from 'node:path';
import { git } from '../git/git.js';
import { CorruptFileError } from '../memory/frontmatter.js';
import { mergeTaskLists, tasksLang, type TaskConflict, type TaskFold, type TaskRekey } from '../memory/tasks-merge.js';
import { foldMessage, rekeyMessage } from '../memory/tasks-merge-messages.js';
import { parseTasks, serializeTasks } from '../memory/tasks.js';
import { parseLongTerm, serializeLongTerm } from '../memory/long-term.js';
import { mergeLongTerm } from '../memory/long-term-merge.js';
import { foldedDay, mergeFolded, renderFolded } from '../memory/folded-day.js';
import { LONG_TERM_FILE, TASKS_FILE } from '../paths.js';
import type { Ctx, Result } from './context.js';

export interface MergeDriverOptions {
  /** %O, %A, %B: temporary files git gives the driver; the result goes into `ours`. */
  base: string;
  ours: string;
  theirs: string;
  /** %P: the path being merged, for messages. */
  path?: string;
}

export interface MergeDriverData {
  path: string;
  /** `by-id` when the task lists merged, `by-entry` for MEMORY.md, `by-session` for a folded journal day; `text` when a side could not be parsed. */
  method: 'by-id' | 'by-entry' | 'by-session' | 'text';
  tasks: number;
  decided: TaskConflict[];
  /** Two different tasks that had one id: both kept, theirs under a new id. */
  rekeyed: TaskRekey[];
  /** One text added on both sides under two ids: kept once. */
  folded: TaskFold[];
  /** Conflict markers left (text fallback only): git then reports a conflict. */
  conflicted: boolean;
}

/** Two folded days merged (with their base, empty for add/add), or null where that cannot be done. */
function mergeDays(path: string, [base, ours, theirs]: string[]): { text: string } | null {
  const [b, a, t] = [base!, ours!, theirs!].map((text) => (text.trim() ? foldedDay(text, path) : undefined));
  if (a === null || t === null || b === null || !a || !t || a.date !== t.date) return null;
  const files = mergeFolded(b?.files ?? null, a.files, t.files);
  return files && { text: renderFolded(a.date, files) };
}

const read = (p: string) => {
  try {
    return readFileSync(p, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return ''; // git passes an empty base for add/add
    throw e;
  }
};

/**
 * `git-memory merge-driver %O %A %B %P`: merges TASKS.md by task id and writes the result to %A.
 * Every task of both sides is kept; where both sides changed one, the newer change wins. A side
 * that does not parse (hand edits, old markers) falls back to git's line merge, so nothing is lost.
 */
export async function mergeDriver(ctx: Ctx, o: MergeDriverOptions): Promise<Result<MergeDriverData>> {
  const path = o.path ?? TASKS_FILE;
  const [base, ours, theirs] = [o.base, o.ours, o.theirs].map((p) => resolvePath(ctx.cwd, p));
  const texts = [read(base!), read(ours!), read(theirs!)];
  try {
    // MEMORY.md shares the driver (one attribute name, one config entry): merged entry by entry.
    if (path.endsWith(LONG_TERM_FILE.slice(LONG_TERM_FILE.lastIndexOf('/')))) {
      const [b, a, t] = texts.map((text, i) => parseLongTerm(text, `${path} (${['base', 'ours', 'theirs'][i]})`));
      const merged = mergeLongTerm(texts[0]!.trim() ? b! : null, a!, t!);
      writeFileSync(ours!, serializeLongTerm(merged));
      return { data: { path, method: 'by-entry', tasks: 0, decided: [], rekeyed: [], folded: [], conflicted: false }, warnings: [] };
    }
    // A journal day folded by `git memory fold` (on one side or both): merged session file by session file.
    if (/(?:^|\/)journal\/\d{4}-\d{2}-\d{2}\.md$/.test(path)) {
      const merged = mergeDays(path, texts);
      if (merged !== null) {
        writeFileSync(ours!, merged.text);
        return { data: { path, method: 'by-session', tasks: 0, decided: [], rekeyed: [], folded: [], conflicted: false }, warnings: [] };
      }
      throw new CorruptFileError(path, 'is not a folded journal day on both sides, or one of its sessions changed on both', '');
    }
    const [b, a, t] = texts.map((text, i) => (text.trim() ? parseTasks(text, `${path} (${['base', 'ours', 'theirs'][i]})`) : { tasks: [] }));
    const merged = mergeTaskLists(texts[0]!.trim() ? b! : null, a!, t!);
    writeFileSync(ours!, serializeTasks(merged.list, tasksLang(texts[1]! || texts[2]!)));
    // On stderr: git shows a driver's stderr, and the merge goes on without asking.
    const warnings = [...merged.rekeyed.map(rekeyMessage), ...merged.folded.map(foldMessage)].map((m) => `${path}: ${m}`);
    return { data: { path, method: 'by-id', tasks: merged.list.tasks.length, decided: merged.conflicts, rekeyed: merged.rekeyed, folded: merged.folded, conflicted: false }, warnings };
  } catch (e) {
    if (!(e instanceof CorruptFileError)) throw e;
    const out = await git(['merge-file', '-L', 'ours', '-L', 'base', '-L', 'theirs', ours!, base!, theirs!], { cwd: ctx.cwd, allowFail: true });
    return {
      data: { path, method: 'text', tasks: 0, decided: [], rekeyed: [], folded: [], conflicted: out === null },
      warnings: [`${e.message}: merged ${path} line by line instead; \`git memory resolve\` merges it by id once the markers are in the file`],
    };
  }
}
