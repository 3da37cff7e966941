import { decodeInput } from '../../input.js';
import { parseTaskInputs, type TaskInput } from '../../memory/task-update.js';

/** `tasks set`'s argument: the task list as JSON, or `-` to read it from stdin. */
export async function readTaskInputs(json: string, readStdin: () => Promise<Buffer>): Promise<TaskInput[]> {
  const text = json === '-' ? decodeInput(await readStdin(), 'standard input') : decodeInput(json, 'the task JSON');
  return parseTaskInputs(text);
}
