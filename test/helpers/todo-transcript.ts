// A Claude Code transcript (its current record shape, the text made up) of one request, then the
// steps a session takes: todo lists written with TodoWrite, and tool calls with their results. For
// the tests of what Completed takes from the todos (todos only looked at, todos that only checked).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from './repo.js';

export const TODO_CWD = '/home/jane/shop';
export type TodoStatus = 'pending' | 'in_progress' | 'completed';
export type Todo = { content: string; status: TodoStatus };
/** A todo list (each todo as an object or as [content, status]), or a tool call and its result. */
export type TodoStep = { todos: (Todo | [string, TodoStatus])[] } | { tool: string; input: Record<string, unknown>; result?: string };

/** Writes the transcript to a temp folder and returns its path; `month` (0-11, 2026) dates its records. */
export function todoTranscript(steps: TodoStep[], o: { session: string; version: string; month: number; prefix: string }): string {
  const recs: Record<string, unknown>[] = [];
  let parent: string | null = null;
  let n = 0;
  const push = (r: Record<string, unknown>) => {
    const uuid = `r${++n}`;
    recs.push({ parentUuid: parent, isSidechain: false, userType: 'external', cwd: TODO_CWD, sessionId: o.session, version: o.version, gitBranch: 'main', ...r, uuid, timestamp: new Date(Date.UTC(2026, o.month, 1, 9, 0, n)).toISOString() });
    parent = uuid;
  };
  push({ type: 'user', message: { role: 'user', content: 'Add a discount field to the cart' } });
  for (const st of steps) {
    const id = `toolu_${n}`;
    const todos = 'todos' in st ? st.todos.map((t) => (Array.isArray(t) ? { content: t[0], status: t[1] } : t)) : [];
    const [name, input, result] = 'todos' in st ? ['TodoWrite', { todos: todos.map((t) => ({ ...t, activeForm: t.content })) }, 'Todos have been modified successfully.'] : [st.tool, st.input, st.result ?? 'ok'];
    push({ type: 'assistant', requestId: `req_${n}`, message: { id: `msg_${n}`, type: 'message', role: 'assistant', model: 'claude-opus-4-6', content: [{ type: 'tool_use', id, name, input }], usage: { input_tokens: 3, output_tokens: 50 } } });
    push({ type: 'user', message: { role: 'user', content: [{ tool_use_id: id, type: 'tool_result', content: result }] } });
  }
  const path = join(tempDir(o.prefix), `${o.session}.jsonl`);
  writeFileSync(path, recs.map((r) => JSON.stringify(r)).join('\n') + '\n');
  return path;
}
