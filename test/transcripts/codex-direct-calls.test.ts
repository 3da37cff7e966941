// Codex 0.171.0's direct tool calls, from the real CLI (test/fixtures/agents/codex-0.171.0/direct-calls.jsonl,
// script-direct-calls.json): `cat`, an apply_patch with a move, an add and a delete, `ls && false`
// in `workdir: src`, a command left running (session 9362), then a poll of session 1, which Codex
// answers `write_stdin failed: Unknown process id 1` with no exit code.
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { readLedger } from '../../src/transcripts/read.js';
import { ROOT } from '../helpers/repo.js';
import { readInChunks } from './fixtures.js';
import { readFileSync } from 'node:fs';

const FIXTURE = join(ROOT, 'test/fixtures/agents/codex-0.171.0/direct-calls.jsonl');
const CAPTURE = '/tmp/agent-capture/repo';

describe('Codex direct calls (real 0.171.0 rollout)', () => {
  it('records a poll Codex could not make as an error of the poll, not of the command left running', () => {
    const l = readLedger(FIXTURE, { agent: 'codex', repoRoot: CAPTURE });
    expect(l.errors.map((e) => [e.tool, e.message])).toEqual([
      ['exec_command', 'c.ts d.ts'],
      ['write_stdin', 'write_stdin failed: Unknown process id 1'],
    ]);
    expect(l.commands.map((c) => [c.command, c.failed])).toEqual([
      ['cat src/a.ts', false],
      ['ls && false', true],
      ['sleep 2; echo slow', false],
    ]);
    // `ls` in src listed src/c.ts and src/d.ts, which the patch wrote: no file named at the root.
    expect(l.named).toBeUndefined();
    const lines = readFileSync(FIXTURE, 'utf8').split('\n').filter((x) => x.trim());
    expect(readInChunks(lines, 'codex', CAPTURE).errors).toEqual(l.errors);
  });
});
