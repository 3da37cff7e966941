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

  it('counts a command and its failure once when a continued session replays them under new uuids (Claude Code 2.0, found in stop 40\'s held-out part)', () => {
    // A real 2.0.2 transcript (bradymholt/dotfiles, stop 40's part) holds its first ~100 lines again
    // further down: the same message and tool_use ids, new uuids. The command ran once; the
    // ledger counts it once (36 of 36 distinct ids there); the plain reading counted 52.
    const record = (uuid: string, body: object) => JSON.stringify({ uuid, parentUuid: null, sessionId: 's-1', cwd: '/home/u/app', timestamp: '2026-11-02T10:00:00.000Z', ...body });
    const call = (uuid: string) => record(uuid, { type: 'assistant', message: { id: 'm-1', role: 'assistant', content: [{ type: 'tool_use', id: 't-1', name: 'Bash', input: { command: 'npm test' } }] } });
    const result = (uuid: string) => record(uuid, { type: 'user', message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't-1', is_error: true, content: 'exit 1' }] } });
    const path = join(tempDir(), 'replayed.jsonl');
    writeFileSync(path, `${[call('u-1'), result('u-2'), call('u-3'), result('u-4')].join('\n')}\n`);
    const plain = plainClaude(path);
    expect({ commands: plain.commands, errors: plain.errors.length }).toEqual({ commands: ['npm test'], errors: 1 });
    const a = ledgerAgainstPlain(readLedger(path, { agent: 'claude' }), plain);
    expect({ commands: a.commands, errors: a.errors }).toEqual({ commands: [1, 1, 1], errors: [1, 1, 1] });
  });
});
