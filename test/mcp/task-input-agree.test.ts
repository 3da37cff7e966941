// The MCP tools hand their zod-parsed task lists straight to the check `tasks set` uses (no JSON
// round trip any more): zod types them, checkTaskInputs decides. Both agree on what is a task.
import * as z from 'zod/v4';
import { describe, expect, it } from 'vitest';
import { TOOLS } from '../../src/mcp/tools.js';
import { checkTaskInputs } from '../../src/memory/task-update.js';

const schema = z.object(TOOLS.find((t) => t.name === 'memory_update_tasks')!.input);
const zodTakes = (tasks: unknown[]) => schema.safeParse({ tasks }).success;
const checkTakes = (tasks: unknown[]) => {
  try {
    checkTaskInputs(tasks);
    return true;
  } catch {
    return false;
  }
};

describe('zod and checkTaskInputs on the same task lists', () => {
  it.each([
    [[{ id: 't-3f2a', status: 'done' }]],
    [[{ task: 'Write docs' }]],
    [[{ id: 't-3f2a', task: 'Renamed' }]],
    [[{ title: 'OpenClaw names it title', status: 'pending' }]],
    [[{ task: 'With files', related_files: ['src/a.ts'], progress: 'half', next_step: 'the rest' }]],
  ])('both accept %j', (tasks) => {
    expect(zodTakes(tasks)).toBe(true);
    expect(checkTakes(tasks)).toBe(true);
  });

  it.each([
    [[{ id: 'nope' }]],
    [[{ task: 'x', colour: 'red' }]],
    [[{ task: 'x', status: 'someday' }]],
    [[{ task: 'x', related_files: 'src/a.ts' }]],
  ])('both refuse %j', (tasks) => {
    expect(zodTakes(tasks)).toBe(false);
    expect(checkTakes(tasks)).toBe(false);
  });

  it('what zod only types (a task with neither id nor text) the check refuses', () => {
    expect(zodTakes([{ status: 'done' }])).toBe(true);
    expect(checkTakes([{ status: 'done' }])).toBe(false);
  });
});
