// Hot files: files a session named without touching them (issue 25 §5, stop 51): ranked after
// every file it touched, so that they fill the places the touched files leave.
import { statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scoreHotFiles } from '../../src/compact/hot-files.js';
import { readLedger } from '../../src/transcripts/read.js';
import { makeRepo } from '../helpers/repo.js';

let n = 0;
const at = () => `2026-12-07T10:00:${String(n++ % 60).padStart(2, '0')}.000Z`;

/** A Claude Code transcript in `repo`: records as the CLI writes them, with the repository as cwd. */
function transcript(dir: string, records: object[]): string {
  const file = join(dir, '.git', 'session.jsonl');
  writeFileSync(file, records.map((r) => JSON.stringify({ cwd: dir, sessionId: 's1', timestamp: at(), ...r })).join('\n') + '\n');
  return file;
}
let u = 0;
const prompt = (text: string) => ({ type: 'user', uuid: `u${u++}`, message: { role: 'user', content: text } });
const call = (id: string, name: string, input: object) => ({ type: 'assistant', uuid: `a${id}`, message: { id: `m${id}`, role: 'assistant', content: [{ type: 'tool_use', id, name, input }] } });
const result = (id: string, text: string) => ({ type: 'user', uuid: `r${id}`, message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: id, content: text }] } });

describe('hot files: a file named, not touched', () => {
  it('comes after every file the session touched, the most often named first; a named file that is not there is left out', () => {
    const repo = makeRepo();
    const d = repo.dir;
    for (const p of ['src/app.ts', 'notes.md', 'src/auth/login.ts', 'src/auth/session.ts']) repo.write(p, 'x\n');
    const file = transcript(d, [
      prompt('Look at src/auth/login.ts and src/auth/session.ts; src/gone.ts was removed'),
      call('t1', 'Read', { file_path: `${d}/notes.md` }),
      result('t1', 'notes'),
      ...Array.from({ length: 60 }, (_, i) => [call(`e${i}`, 'Edit', { file_path: `${d}/src/app.ts`, old_string: 'a', new_string: 'b' }), result(`e${i}`, 'ok')]).flat(),
      call('t2', 'Bash', { command: 'grep -rl session src' }),
      result('t2', 'src/auth/session.ts'),
    ]);
    const l = readLedger(file, { agent: 'claude', repoRoot: d });
    const sizeOf = (p: string) => {
      try {
        return statSync(join(d, p)).size;
      } catch {
        return null;
      }
    };
    const hot = scoreHotFiles(l, [], { now: new Date('2026-12-07T10:05:00Z'), sizeOf });
    // notes.md, read once 61 tool calls ago, scores less than a named TypeScript file under src/ would: it still comes first.
    expect(hot.map((h) => [h.path, h.source])).toEqual([
      ['src/app.ts', 'ledger'],
      ['notes.md', 'ledger'],
      ['src/auth/session.ts', 'named'],
      ['src/auth/login.ts', 'named'],
    ]);
    expect(hot[2]!.reasons).toEqual(['named 2× in the session, not opened']);
    expect(hot[2]!.factors).toMatchObject({ recency: 0, frequency: 0, operation: 0 });
  });
});
