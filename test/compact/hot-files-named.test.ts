// Hot files: files a session named without touching them (issue 25 §5, stop 51): ranked after
// every file it touched, so that they fill the places the touched files leave.
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scoreHotFiles } from '../../src/compact/hot-files.js';
import { readLedger } from '../../src/transcripts/read.js';
import { call, claudeTranscript as transcript, prompt, result } from '../helpers/claude-records.js';
import { makeRepo } from '../helpers/repo.js';

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
