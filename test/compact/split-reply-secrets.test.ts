// A secret a model wrote across two responses (two message ids, nothing between them) is whole only
// when the two are read together. The ledger kept the second response's text as the turn's reply,
// so `git memory compact`, PreCompact and SessionStart(compact) printed "Result: <the second half>"
// into the agent's context, a random tail no rule knows (stop 51's attack, issue 26's class: 3 of
// 157 credentials). The reply is now redacted as it reads after the response before it.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeRepo, ROOT, type TestRepo } from '../helpers/repo.js';

const FIXTURE = join(ROOT, 'test/fixtures/transcripts/claude.jsonl');
// Random, never valid anywhere; built from pieces so no scanner of this repository sees a token.
// Its body has a `-` or `_` every ten characters, as such keys do: no half of it is a random blob either.
const TOKEN = `sk-ant-api03-${['Rv8KqZ2mW', '7TbN4cLp9', 'hD3sFj6Gu', '1eXoQi5Vk', 'r0tPwy8Sz', 'n2BdHa7Jf', 'l4gUx9OqR', 'K6vTc3WbY', 'N8pLh1DzQ', 'e5MiGo2Tw'].join('-')}AA`;
const CUT = 40;

function record(n: number, id: string, text: string): string {
  return JSON.stringify({ parentUuid: `s${n - 1}`, isSidechain: false, userType: 'external', cwd: '/home/jane/acme', sessionId: '4d5611e5-241a-462a-8d15-5122611a9569', version: '2.1.39', type: 'assistant', uuid: `s${n}`, timestamp: `2026-02-12T10:07:0${n}.000Z`, message: { model: 'claude-opus-4-6', id, type: 'message', role: 'assistant', content: [{ type: 'text', text }], stop_reason: 'end_turn', usage: { input_tokens: 4, output_tokens: 10 } } });
}

function session(repo: TestRepo, replies: string[]): string {
  const base = readFileSync(FIXTURE, 'utf8').trimEnd();
  const prompt = JSON.stringify({ parentUuid: null, isSidechain: false, userType: 'external', cwd: '/home/jane/acme', sessionId: '4d5611e5-241a-462a-8d15-5122611a9569', version: '2.1.39', type: 'user', uuid: 's0', timestamp: '2026-02-12T10:07:00.000Z', message: { role: 'user', content: 'Which key does the deploy use?' } });
  const text = [base, prompt, ...replies.map((r, i) => record(i + 1, `msg_split${i}`, r))].join('\n').replaceAll('/home/jane/acme', repo.dir);
  const path = join(repo.dir, '..', `${repo.dir.split('/').pop()}-4d5611e5.jsonl`);
  writeFileSync(path, `${text}\n`);
  return path;
}

const hookInput = (repo: TestRepo, transcript: string, extra: Record<string, unknown>) => JSON.stringify({ session_id: '4d5611e5', transcript_path: transcript, cwd: repo.dir, ...extra });

describe('a secret split across two responses', () => {
  it('compact, PreCompact and SessionStart(compact) print no half of it', async () => {
    const repo = makeRepo({ now: '2026-02-12T10:30:00Z' });
    const t = session(repo, [`The deploy uses ANTHROPIC_API_KEY=${TOKEN.slice(0, CUT)}`, `${TOKEN.slice(CUT)} from the vault; rotate it after the release.`]);
    const compact = await repo.run(['compact', '--offline', '--transcript', t]);
    expect(compact.code, compact.stderr).toBe(0);
    const pre = repo.exec(['hook', 'agent', 'pre-compact', '--agent', 'claude'], { stdin: hookInput(repo, t, { hook_event_name: 'PreCompact', trigger: 'auto', custom_instructions: '' }) });
    const start = repo.exec(['hook', 'agent', 'session-start', '--agent', 'claude'], { stdin: hookInput(repo, t, { hook_event_name: 'SessionStart', source: 'compact' }) });
    const out = { compact: compact.stdout, pre: pre.stdout, start: start.stdout };
    for (const [what, text] of Object.entries(out)) {
      for (const half of [TOKEN.slice(0, CUT), TOKEN.slice(CUT)]) for (let i = 0; i + 12 <= half.length; i += 6) {
        if (half.slice(i, i + 12).startsWith('sk-ant-api03')) continue;
        expect(text, `${what} holds ${half.slice(i, i + 12)}`).not.toContain(half.slice(i, i + 12));
      }
    }
    // What is not the secret stays: the reply's words after it.
    expect(compact.stdout).toContain('from the vault; rotate it after the release.');
  });

  it('two responses that hold no secret keep the last one as the reply, as before', async () => {
    const repo = makeRepo({ now: '2026-02-12T10:30:00Z' });
    const t = session(repo, ['Looking at the deploy config now.', 'It reads the key from the vault at start-up.']);
    const compact = await repo.run(['compact', '--offline', '--transcript', t]);
    expect(compact.stdout).toContain('Result: It reads the key from the vault at start-up.');
    expect(compact.stdout).not.toContain('split-secret');
  });
});
