// Gemini CLI started in a folder above the repository: its recordings do not say where it ran (no
// cwd), they name the project by `projectHash` (the sha256 of the folder's path), and its tools take
// paths relative to that folder. In noise55's audit a real session (agunginsani/expenses-tracker at
// 2820634, .gemini/tmp/agunginsani/chats/session-2026-04-12T01-18-01b2c62e.json, Gemini CLI of April
// 2026) ran in the home folder (its projectHash is sha256("/Users/agunginsani")) while its
// repository was created two folders below; real sessions of another user (chimdi-7bit/skycast-api
// at 110a294, .gemini/tmp/chimdi/chats/session-2026-04-11T23-25-67943c78.json, gemini-3-flash-preview)
// named the files they edited relative to the home folder they ran in: `api/main.py`,
// `dashboard/src/App.tsx` (that repository is the home folder itself). Read from the repository's
// root, such a session's `api/main.py` became a file the repository does not have and a sibling
// project's files its work. The records below are of that shape (fields as that Gemini CLI wrote
// them), the code made up.
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readLedger } from '../../src/transcripts/read.js';
import { journalTexts } from '../helpers/journal-session.js';
import { fixture, makeMemoryRepo, tempDir } from '../helpers/repo.js';

const SESSION = '67943c78-0000-4632-8703-000000000055';
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const memoryRepo = fixture(async () => makeMemoryRepo({ until: 'file', now: '2026-04-12T00:45:00Z' }));

/** Three edits by path relative to the folder Gemini CLI ran in: the repository is `api/` below it. */
function messages(under: string) {
  const edit = (n: number, name: string, file_path: string, at: string) => ({
    id: `${name}_17759501663${n}_0`, name, args: name === 'write_file' ? { file_path, content: 'x = 1\n' } : { file_path, old_string: 'a', new_string: 'b', instruction: 'Rename the field.' },
    result: [{ functionResponse: { id: `${name}_17759501663${n}_0`, name, response: { output: `Successfully modified file: ${file_path}` } } }],
    status: 'success', timestamp: at, displayName: name === 'write_file' ? 'WriteFile' : 'Edit',
  });
  return [
    { id: 'u1', timestamp: '2026-04-11T23:25:11.028Z', type: 'user', content: [{ text: 'the music agent: wire the sync button to the API' }] },
    { id: 'g1', timestamp: '2026-04-11T23:29:26.348Z', type: 'gemini', content: '', tokens: { input: 19263, output: 1205, cached: 10344, thoughts: 1647, tool: 0, total: 22115 }, model: 'gemini-3-flash-preview',
      toolCalls: [edit(1, 'replace', `${under}main.py`, '2026-04-11T23:29:32.070Z'), edit(2, 'write_file', `${under}services/sync.py`, '2026-04-11T23:29:40.000Z'), edit(3, 'replace', 'dashboard/src/App.tsx', '2026-04-11T23:29:50.000Z')] },
    { id: 'g2', timestamp: '2026-04-11T23:30:10.000Z', type: 'gemini', content: 'The sync button now calls the API.', tokens: { input: 100, output: 10, cached: 0, thoughts: 0, tool: 0, total: 110 }, model: 'gemini-3-flash-preview' },
  ];
}

/** A chat document (Gemini CLI before 0.58) of a session run in `folder`. */
function chatDocument(folder: string, under: string): string {
  const dir = join(tempDir('gm-gemini-folder-'), 'chats');
  mkdirSync(dir, { recursive: true });
  const path = join(dir, 'session-2026-04-11T23-25-67943c78.json');
  writeFileSync(path, JSON.stringify({ sessionId: SESSION, projectHash: sha256(folder), startTime: '2026-04-11T23:25:11.028Z', lastUpdated: '2026-04-12T00:45:44.637Z', kind: 'main', messages: messages(under) }, null, 2));
  return path;
}

describe('Gemini CLI started above the repository', () => {
  it('a chat document: end commits the repository\'s files by their own paths, and no other project\'s', async () => {
    const repo = await memoryRepo();
    const path = chatDocument(dirname(repo.dir), `${join(repo.dir).split('/').at(-1)}/`);
    const ledger = readLedger(path, { agent: 'gemini', repoRoot: repo.dir });
    expect(ledger.files.map((f) => f.path)).toEqual(['main.py', 'services/sync.py', join(dirname(repo.dir), 'dashboard/src/App.tsx')]);

    expect((await repo.run(['notes', 'update', '--offline', '--transcript', path, '--session', SESSION])).code).toBe(0);
    const end = await repo.run(['end', '--from-notes', '--session', SESSION, '--agent', 'gemini']);
    expect(end.stderr).toBe('');
    const [file] = journalTexts(repo);
    expect(file).toContain('### Completed\n- Changed main.py, services/sync.py\n');
    expect(file).not.toContain('dashboard');
  });

  it('JSON lines (Gemini CLI 0.58 and later): the header\'s projectHash places the paths too', () => {
    const root = join(tempDir('gm-gemini-folder-'), 'home');
    const repoRoot = join(root, 'api');
    const path = join(tempDir('gm-gemini-folder-'), 'session-2026-04-11T23-25-67943c78.jsonl');
    const header = { sessionId: SESSION, projectHash: sha256(root), startTime: '2026-04-11T23:25:11.028Z', lastUpdated: '2026-04-11T23:30:10.000Z', kind: 'main' };
    writeFileSync(path, [header, ...messages('api/')].map((r) => JSON.stringify(r)).join('\n') + '\n');
    expect(readLedger(path, { agent: 'gemini', repoRoot }).files.map((f) => f.path)).toEqual(['main.py', 'services/sync.py', join(root, 'dashboard/src/App.tsx')]);
  });

  it('started in the repository\'s root (its hash, or one that names no folder above it): paths are the repository\'s, as before', () => {
    const root = join(tempDir('gm-gemini-folder-'), 'api');
    for (const folder of [root, '/nowhere/else']) {
      const path = chatDocument(folder, '');
      const ledger = readLedger(path, { agent: 'gemini', repoRoot: root });
      expect(ledger.files.map((f) => f.path)).toEqual(['main.py', 'services/sync.py', 'dashboard/src/App.tsx']);
    }
  });
});
