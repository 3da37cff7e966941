import type { TaskRekey } from './tasks-merge.js';

/** One sentence for a task a merge re-keyed, the same from the merge driver and `resolve`. */
export function rekeyMessage(r: TaskRekey): string {
  const q = (s: string) => JSON.stringify(s.length > 60 ? `${s.slice(0, 57)}…` : s);
  return `${r.id} named two different tasks, ${q(r.ours)} here and ${q(r.theirs)} on the other side: both kept, theirs is now ${r.newId}`;
}
