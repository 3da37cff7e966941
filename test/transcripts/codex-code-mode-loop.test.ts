// Codex 0.171.0 code mode, a script whose tools.* calls run in loops (the real CLI:
// test/fixtures/agents/codex-0.171.0/code-mode-loop.jsonl, script-code-mode-loop.json): a computed
// command run 3 times, a literal one twice, a computed patch twice. Codex writes an item_completed
// (CommandExecution, FileChange) for each run; each run is a call of the session.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readLedger } from '../../src/transcripts/read.js';
import { ROOT } from '../helpers/repo.js';
import { readInChunks } from './fixtures.js';

const FIXTURE = join(ROOT, 'test/fixtures/agents/codex-0.171.0/code-mode-loop.jsonl');
const CAPTURE = '/tmp/agent-capture/repo';

describe('Codex code mode: a tools.* call inside a loop', () => {
  it('records every run: each command, each file a patch wrote', () => {
    const l = readLedger(FIXTURE, { agent: 'codex', repoRoot: CAPTURE });
    // The literal command is recorded when the script is read, a computed one when its item comes.
    expect(l.commands.map((c) => [c.command, c.failed])).toEqual([
      ['git status --short', false],
      ['echo x > a.txt', false],
      ['echo x > b.txt', false],
      ['echo x > c.txt', false],
      ['git status --short', false],
    ]);
    expect(l.files.map((f) => [f.path, f.writes])).toEqual([
      ['p.txt', 1],
      ['q.txt', 1],
    ]);
    expect(l.tool_calls).toBe(7);
    expect(l.errors).toEqual([]);
    const lines = readFileSync(FIXTURE, 'utf8').split('\n').filter((x) => x.trim());
    const chunked = readInChunks(lines, 'codex', CAPTURE);
    expect([chunked.commands, chunked.files, chunked.tool_calls]).toEqual([l.commands, l.files, l.tool_calls]);
  });
});
