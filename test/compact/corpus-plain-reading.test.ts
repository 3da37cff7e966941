// The bench's plain reading of a Claude Code transcript (bench/corpus.mjs plainClaude), the
// reference the ledger's recall and precision are measured against on the real corpus: it names a
// file as the session's own system does, so a session recorded on Windows is not counted as missed.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module shared with the bench
import { ledgerAgainstPlain, plainClaude } from '../../bench/corpus.mjs';
import { readLedger } from '../../src/transcripts/index.js';
import { tempDir } from '../helpers/repo.js';

const line = (cwd: string, n: number, file_path: string) =>
  JSON.stringify({
    type: 'assistant',
    uuid: `u-${n}`,
    parentUuid: n ? `u-${n - 1}` : null,
    sessionId: 's-1',
    cwd,
    timestamp: `2026-11-02T10:00:0${n}.000Z`,
    message: { id: `m-${n}`, role: 'assistant', content: [{ type: 'tool_use', id: `t-${n}`, name: 'Read', input: { file_path } }] },
  });

describe('the plain reading of a transcript', () => {
  it('names a Windows session’s files as Windows resolves them, with forward slashes, as the ledger does', () => {
    const path = join(tempDir(), 'windows.jsonl');
    const cwd = 'X:\\03_ACG\\Custom_Addons';
    const paths = ['X:\\03_ACG\\Custom_Addons\\ticket_system\\models\\ticket.py', 'ticket_system\\views\\ticket.xml', 'd:/ClaudeWorkspace/knowledge/', 'X:\\03_ACG\\Custom_Addons\\.\\ticket_system\\..\\README.md'];
    writeFileSync(path, `${paths.map((p, i) => line(cwd, i, p)).join('\n')}\n`);
    expect([...plainClaude(path).files].sort()).toEqual(['X:/03_ACG/Custom_Addons/README.md', 'X:/03_ACG/Custom_Addons/ticket_system/models/ticket.py', 'X:/03_ACG/Custom_Addons/ticket_system/views/ticket.xml', 'd:/ClaudeWorkspace/knowledge'].sort());
    const [found, plain, ledger] = ledgerAgainstPlain(readLedger(path, { agent: 'claude' }), plainClaude(path)).files;
    expect({ found, plain, ledger }).toEqual({ found: 4, plain: 4, ledger: 4 });
  });

  it('keeps a POSIX session’s paths, relative ones taken from the working directory', () => {
    const path = join(tempDir(), 'posix.jsonl');
    writeFileSync(path, `${[line('/home/u/app', 0, '/home/u/app/src/a.ts'), line('/home/u/app', 1, 'src/b.ts')].join('\n')}\n`);
    expect([...plainClaude(path).files].sort()).toEqual(['/home/u/app/src/a.ts', '/home/u/app/src/b.ts']);
    expect(ledgerAgainstPlain(readLedger(path, { agent: 'claude' }), plainClaude(path)).files).toEqual([2, 2, 2]);
  });
});
