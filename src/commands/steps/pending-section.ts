import type { SpoolEntry } from '../../git/spool.js';

/**
 * What the session logged so far, as the agent gets it after a resume, a fork or a compaction (it no
 * longer sees it then): the SessionStart hook (hook/agent/session-start.ts) and `primer --for`.
 */
export function pendingSection(entries: SpoolEntry[]): string {
  const items = entries.flatMap((e) => (e.type === 'log' ? [`- (${e.kind.replace('_', ' ')}) ${e.text}`] : []));
  const commits = entries.filter((e) => e.type === 'commit').length;
  if (!items.length && !commits) return '';
  if (commits) items.push(`- ${commits} commit${commits === 1 ? '' : 's'} recorded by the post-commit hook`);
  return `\n\n## Logged in this session, not yet in the journal\n${items.join('\n')}\n`;
}
