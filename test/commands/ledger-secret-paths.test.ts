// `git memory ledger` shows what a transcript says happened. The ledger keeps a file's path as the
// agent named it (hot files match it against git's), and a path may hold a token: an agent wrote
// `src/npm_….json`, a user keeps a key file named by its value. The command printed such a path
// whole, in its text and its JSON (stop 51's attack: 2 kinds, both planted in a path).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeRepo, ROOT } from '../helpers/repo.js';

const FIXTURE = join(ROOT, 'test/fixtures/transcripts/claude.jsonl');
// Random, never valid anywhere; built from pieces so no scanner of this repository sees a token.
const TOKEN = ['npm_', 'Qx7Vb2', 'LmK9pR', '4tWz8N', 'cYh3Ds', 'F6gJa1', 'Ue5XoT'].join('');
const PAT = ['ghp_', 'Wq4Rt8', 'Yu2Io6', 'Pa9Sd3', 'Fg7Hj1', 'Kl5Zx0', 'Cv3BnM'].join('');

function call(n: number, name: string, input: Record<string, unknown>): string {
  return JSON.stringify({ parentUuid: `p${n - 1}`, isSidechain: false, userType: 'external', cwd: '/home/jane/acme', sessionId: '4d5611e5-241a-462a-8d15-5122611a9569', version: '2.1.39', type: 'assistant', uuid: `p${n}`, timestamp: `2026-02-12T10:08:0${n}.000Z`, message: { model: 'claude-opus-4-6', id: `msg_p${n}`, type: 'message', role: 'assistant', content: [{ type: 'tool_use', id: `toolu_p${n}`, name, input }], stop_reason: 'tool_use', usage: { input_tokens: 4, output_tokens: 10 } } });
}

describe('git memory ledger', () => {
  it('shows a path holding a token redacted, in its text and its JSON', async () => {
    const repo = makeRepo({ now: '2026-02-12T10:30:00Z' });
    const extra = [call(1, 'Read', { file_path: `/home/jane/acme/src/${TOKEN}.json` }), call(2, 'Write', { file_path: `/home/jane/acme/keys/${PAT}.txt`, content: 'x' })];
    const text = `${readFileSync(FIXTURE, 'utf8').trimEnd()}\n${extra.join('\n')}\n`.replaceAll('/home/jane/acme', repo.dir);
    const transcript = join(repo.dir, '..', `${repo.dir.split('/').pop()}-4d5611e5.jsonl`);
    writeFileSync(transcript, text);
    const r = await repo.run(['ledger', '--transcript', transcript]);
    expect(r.code, r.stderr).toBe(0);
    const j = await repo.run(['ledger', '--json', '--transcript', transcript]);
    expect(j.code, j.stderr).toBe(0);
    for (const out of [r.stdout, j.stdout]) {
      expect(out).toContain('src/[REDACTED:npm-token].json');
      expect(out).not.toContain(TOKEN.slice(4));
      expect(out).not.toContain(PAT.slice(4));
    }
    // Paths and what the ledger says of them are otherwise as before.
    expect(r.stdout).toContain('src/auth/session.ts');
    expect(JSON.parse(j.stdout).files.map((f: { path: string }) => f.path)).toContain('src/auth/session.ts');
  });
});
