// A file's name may hold a token (an agent wrote `src/npm_….json`, a user committed a key file named
// by its value). `git memory hot-files` is read by the agent, its model with it, as PreCompact's list
// is (that one was redacted already): the list names such a file redacted. Stop 51's attack
// (bench/attack.mjs --only=secrets-more) found the token in the command's output for all three agents.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeRepo, ROOT } from '../helpers/repo.js';

const FIXTURE = join(ROOT, 'test/fixtures/transcripts/claude.jsonl');
// Random, never valid anywhere; built from pieces so no scanner of this repository sees a token.
const TOKEN = ['npm_', 'Qx7Vb2', 'LmK9pR', '4tWz8N', 'cYh3Ds', 'F6gJa1', 'Ue5XoT'].join('');

describe('git memory hot-files', () => {
  it('names a file whose name holds a token redacted, in its text and its JSON', async () => {
    const repo = makeRepo({ now: '2026-02-12T10:30:00Z' });
    const text = readFileSync(FIXTURE, 'utf8').replaceAll('/home/jane/acme', repo.dir);
    const transcript = join(repo.dir, '..', `${repo.dir.split('/').pop()}-4d5611e5.jsonl`);
    writeFileSync(transcript, text);
    repo.commit('Add the registry config', { [`src/${TOKEN}.json`]: '{}\n' });
    repo.write(`src/${TOKEN}.json`, '{"changed": true}\n');
    const r = await repo.run(['hot-files', '--transcript', transcript]);
    expect(r.code, r.stderr).toBe(0);
    const j = JSON.parse((await repo.run(['hot-files', '--json', '--transcript', transcript])).stdout);
    const paths = [...j.files, ...j.skipped].map((f: { path: string }) => f.path);
    expect(paths).toContain('src/[REDACTED:npm-token].json');
    expect(r.stdout + JSON.stringify(j)).not.toContain(TOKEN.slice(4));
  });
});
