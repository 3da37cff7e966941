// Claude Code transcript records as the CLI writes them, for tests that read a session the way the
// hooks do: one JSON line a record, the repository as cwd, a uuid and a timestamp each.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

let n = 0;
const at = () => `2026-12-07T10:00:${String(n++ % 60).padStart(2, '0')}.000Z`;
let u = 0;

/** A Claude Code transcript in the repository `dir` (written in its .git): the records, each with cwd, sessionId and a timestamp. */
export function claudeTranscript(dir: string, records: object[]): string {
  const file = join(dir, '.git', 'session.jsonl');
  writeFileSync(file, records.map((r) => JSON.stringify({ cwd: dir, sessionId: 's1', timestamp: at(), ...r })).join('\n') + '\n');
  return file;
}

/** The user's prompt. */
export const prompt = (text: string) => ({ type: 'user', uuid: `u${u++}`, message: { role: 'user', content: text } });
/** The assistant's call of tool `name` with `input` (tool_use id `id`). */
export const call = (id: string, name: string, input: object) => ({ type: 'assistant', uuid: `a${id}`, message: { id: `m${id}`, role: 'assistant', content: [{ type: 'tool_use', id, name, input }] } });
/** The result of call `id`. */
export const result = (id: string, text: string) => ({ type: 'user', uuid: `r${id}`, message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: id, content: text }] } });
