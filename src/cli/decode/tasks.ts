import { decodeInput, MAX_INPUT_BYTES } from '../../input.js';
import { parseTaskInputs, type TaskInput } from '../../memory/task-update.js';

/** `tasks set`'s argument: the task list as JSON, or `-` to read it from stdin. */
export async function readTaskInputs(json: string, readStdin: (max?: number) => Promise<Buffer>): Promise<TaskInput[]> {
  const text = json === '-' ? decodeInput(await readStdin(MAX_INPUT_BYTES), 'standard input') : decodeInput(json, 'the task JSON');
  return parseTaskInputs(text);
}
