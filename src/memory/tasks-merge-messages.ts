import type { TaskFold, TaskRekey } from './tasks-merge.js';

/** A task's (or entry's) text in a message: quoted, and cut at 60 characters. */
export const quoteText = (s: string) => JSON.stringify(s.length > 60 ? `${s.slice(0, 57)}…` : s);

/** One sentence for a task a merge re-keyed, the same from the merge driver and `resolve`. */
export function rekeyMessage(r: TaskRekey): string {
  return `${r.id} named two different tasks, ${quoteText(r.ours)} here and ${quoteText(r.theirs)} on the other side: both kept, theirs is now ${r.newId}`;
}

/** One sentence for a task both sides added with the same text, kept once. */
export function foldMessage(f: TaskFold): string {
  return `${quoteText(f.task)} was added on both sides (${f.into} here, ${f.id} there): kept once, as ${f.into}`;
}
