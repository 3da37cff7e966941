// updateNotes over a real Claude Code transcript: the model is sent only what the notes have not
// seen yet, and the ledger behind the thresholds is read incrementally.
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/memory/config.js';
import { readNotesState } from '../../src/notes/store.js';
import { updateNotes } from '../../src/notes/update.js';
import { startFakeMessagesApi, toolUseReply, type FakeMessagesApi } from '../helpers/fake-messages-api.js';
import { ROOT, tempDir } from '../helpers/repo.js';

let api: FakeMessagesApi | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
});

describe('updateNotes on a real transcript', () => {
  it('sends the first half, then only the second', async () => {
    api = await startFakeMessagesApi(() => toolUseReply([{ name: 'update_section', input: { section: 'Worklog', content: '1. step' } }]));
    const lines = readFileSync(join(ROOT, 'test/fixtures/transcripts/claude.jsonl'), 'utf8').split('\n');
    const cut = lines.findIndex((l) => l.includes('Now add rate limiting to the login route'));
    expect(cut).toBeGreaterThan(0);
    const dir = tempDir();
    const transcript = join(dir, 'session.jsonl');
    writeFileSync(transcript, `${lines.slice(0, cut).join('\n')}\n`);
    const input = {
      stateDir: join(dir, 'state'),
      sessionId: 's1',
      transcript,
      agent: 'claude' as const,
      repoRoot: '/home/jane/acme',
      config: parseConfig('[llm]\nprovider = "anthropic"', 't.toml', 'r').config,
      env: { ANTHROPIC_API_KEY: 'test', ANTHROPIC_BASE_URL: api.url, PATH: '' },
      home: tempDir(),
      manual: true,
    };
    expect((await updateNotes(input)).source).toBe('model');
    const firstOffset = readNotesState(input.stateDir, 's1')!.last_offset;
    expect(firstOffset).toBeGreaterThan(0);
    appendFileSync(transcript, lines.slice(cut).join('\n'));
    expect((await updateNotes(input)).source).toBe('model');
    const sent = api.requests.map((r) => JSON.stringify((r.body.messages as { content: { text: string }[] }[])[0]!.content[0]!.text));
    expect(sent[0]).toContain('Add a logout endpoint');
    expect(sent[0]).not.toContain('Now add rate limiting');
    expect(sent[1]).toContain('Now add rate limiting');
    expect(sent[1]).not.toContain('Add a logout endpoint that revokes');
    expect(readNotesState(input.stateDir, 's1')).toMatchObject({ extractions: 2, last_tool_calls: 14 });
    expect(readNotesState(input.stateDir, 's1')!.last_offset).toBeGreaterThan(firstOffset);
  });
});
