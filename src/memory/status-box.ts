import type { TaskStatus } from './tasks.js';

/**
 * How `tasks list` and `git memory diff` show a task's status (TASKS.md reads these boxes too).
 * A module of its own: CLI command files import it without loading the TASKS.md codec.
 */
export const STATUS_BOX: Record<TaskStatus, string> = { todo: '[ ]', in_progress: '[~]', done: '[x]', blocked: '[!]' };
