/**
 * The input shapes of OpenClaw memory v0.2, the system git-memory replaces, accepted beside ours so
 * an agent set up for it keeps working: its task objects (`title`, status `pending`), its
 * comma-separated session lists, and its `memory_log` types. Pure mappings onto our shapes.
 */

/**
 * A task object in OpenClaw's shape (`{"title", "status": "pending|done"}`) as ours (`task`,
 * `todo`). Anything else is returned as it is, for the usual validation to judge; a task that gives
 * both `title` and `task` keeps both, so validation reports the clash.
 */
export function taskFromOpenClaw(item: unknown): unknown {
  if (typeof item !== 'object' || item === null || Array.isArray(item)) return item;
  const { title, ...rest } = item as Record<string, unknown>;
  const out: Record<string, unknown> = title !== undefined && rest.task === undefined ? { task: title, ...rest } : { ...item };
  if (out.status === 'pending') out.status = 'todo';
  return out;
}

/** OpenClaw's `memory_session_end` lists: one string, split at commas ("a, b" → ["a", "b"]). */
export function listFromOpenClaw(value: string | string[] | undefined): string[] | undefined {
  if (typeof value !== 'string') return value;
  return value.split(',').map((s) => s.trim()).filter(Boolean);
}

/** OpenClaw's `memory_log` types, by the section of the session each lands in here. */
export const OPENCLAW_LOG_TYPE_NAMES = ['decision', 'pattern', 'event', 'preference', 'instruction', 'entity'] as const;

/** Typed by the names above, so a name without a section (or a section without a name) does not compile. */
export const OPENCLAW_LOG_TYPES: Record<(typeof OPENCLAW_LOG_TYPE_NAMES)[number], 'decision' | 'learned' | 'note'> = {
  decision: 'decision',
  pattern: 'learned',
  event: 'note',
  preference: 'note',
  instruction: 'note',
  entity: 'note',
};

export type OpenClawLogType = keyof typeof OPENCLAW_LOG_TYPES;
