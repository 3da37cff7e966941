import * as z from 'zod/v4';
import { describe, expect, it } from 'vitest';
import { TOOLS } from '../../src/mcp/tools.js';

describe('the MCP task tools take the task shape tasks set takes', () => {
  it.each(['memory_update_tasks', 'memory_session_end'])('%s accepts id alone, task alone, and both', (name) => {
    const schema = z.object(TOOLS.find((t) => t.name === name)!.input);
    const base = name === 'memory_session_end' ? { request: 'x' } : {};
    for (const tasks of [[{ id: 't-3f2a', status: 'done' }], [{ task: 'Write docs' }], [{ id: 't-3f2a', task: 'Renamed' }]]) {
      expect(schema.safeParse({ ...base, tasks }).success, JSON.stringify(tasks)).toBe(true);
    }
    expect(schema.safeParse({ ...base, tasks: [{ id: 'nope' }] }).success).toBe(false);
  });
});
