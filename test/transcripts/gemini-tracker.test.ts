import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readLedger } from '../../src/transcripts/index.js';
import { tempDir } from '../helpers/repo.js';

// Gemini CLI 0.61 with its task tracker on (experimental; write_todos is off then, and for Gemini 3
// and preview models): its tracker_* tools return the tracker's whole list as the call's
// resultDisplay, `{ todos: [{ description: '<indent><type>: <title> (<6-hex id>)', status }] }`
// (buildTodosReturnDisplay in the 0.61.0 bundle), and the chat recording keeps it
// (recordCompletedToolCalls). The list is the agent's task list, as write_todos's was.

const AT = (s: number) => `2026-12-07T10:00:${String(s).padStart(2, '0')}.000Z`;
type Todo = { description: string; status: string };
const call = (id: string, name: string, args: Record<string, unknown>, text: string, display: unknown, status = 'success') => ({
  id,
  name,
  args,
  result: [{ functionResponse: { id, name, response: status === 'success' ? { output: text } : { error: text } } }],
  status,
  timestamp: AT(5),
  resultDisplay: display,
  displayName: name,
  description: text,
  renderOutputAsMarkdown: false,
});
const turn = (id: string, s: number, calls: unknown[]) => ({ id, timestamp: AT(s), type: 'gemini', content: '', toolCalls: calls, thoughts: [], tokens: { input: 10, output: 2, cached: 0, thoughts: 0, tool: 0, total: 12 }, model: 'gemini-3.8-flash' });

function messages(): unknown[] {
  const two: Todo[] = [
    { description: 'task: Add the logout endpoint (1a2b3c)', status: 'pending' },
    { description: 'task: Write the session tests (4d5e6f)', status: 'pending' },
  ];
  const after: Todo[] = [
    { description: 'task: Write the session tests (4d5e6f)', status: 'in_progress' },
    { description: '  bug: Cookie lacks SameSite (7a8b9c)', status: 'blocked' },
    { description: 'task: Add the logout endpoint (1a2b3c)', status: 'completed' },
    { description: '[CYCLE DETECTED: 4d5e6f]', status: 'cancelled' },
  ];
  return [
    { id: 'u1', timestamp: AT(1), type: 'user', content: [{ text: 'Add logout' }] },
    turn('m1', 2, [
      call('c1', 'tracker_create_task', { title: 'Add the logout endpoint', description: 'POST /logout', type: 'task' }, 'Created task 1a2b3c: Add the logout endpoint', { todos: two.slice(0, 1) }),
      call('c2', 'tracker_create_task', { title: 'Write the session tests', description: 'vitest', type: 'task' }, 'Created task 4d5e6f: Write the session tests', { todos: two }),
    ]),
    turn('m2', 3, [call('c3', 'tracker_update_task', { id: '1a2b3c', status: 'closed' }, 'Updated task 1a2b3c. Status: closed', { todos: after })]),
    // A failed call shows no list, and changes none.
    turn('m3', 4, [call('c4', 'tracker_update_task', { id: 'ffffff', status: 'closed' }, 'Error updating task: Task ffffff not found', 'Failed to update task.', 'error')]),
  ];
}

const expected = [
  { content: 'Write the session tests', status: 'in_progress' },
  { content: 'Cookie lacks SameSite', status: 'pending' },
  { content: 'Add the logout endpoint', status: 'completed' },
];

describe('Gemini CLI 0.61: the task tracker is the agent task list', () => {
  it('in the JSON-lines recording', () => {
    const path = join(tempDir(), 'session-2026-12-07T10-00-g1.jsonl');
    const head = { sessionId: 'g1', projectHash: 'h', startTime: AT(0), lastUpdated: AT(0), kind: 'main' };
    writeFileSync(path, `${[head, ...messages()].map((m) => JSON.stringify(m)).join('\n')}\n`);
    expect(readLedger(path, { agent: 'gemini', repoRoot: '/work/repo' }).todos).toEqual(expected);
  });

  it('in the one-document recording', () => {
    const path = join(tempDir(), 'session-2026-12-07T10-00-g2.json');
    writeFileSync(path, JSON.stringify({ sessionId: 'g2', projectHash: 'h', startTime: AT(0), lastUpdated: AT(6), messages: messages() }, null, 2));
    expect(readLedger(path, { agent: 'gemini', repoRoot: '/work/repo' }).todos).toEqual(expected);
  });

  it('a list a failed call shows is not taken', () => {
    const path = join(tempDir(), 'session-2026-12-07T10-00-g3.jsonl');
    const head = { sessionId: 'g3', projectHash: 'h', startTime: AT(0), lastUpdated: AT(0), kind: 'main' };
    const failed = turn('m9', 6, [call('c9', 'tracker_create_task', { title: 'X', description: 'x', type: 'task' }, 'Error creating task: disk full', { todos: [{ description: 'task: X (999999)', status: 'pending' }] }, 'error')]);
    writeFileSync(path, `${[head, ...messages(), failed].map((m) => JSON.stringify(m)).join('\n')}\n`);
    expect(readLedger(path, { agent: 'gemini', repoRoot: '/work/repo' }).todos).toEqual(expected);
  });
});
