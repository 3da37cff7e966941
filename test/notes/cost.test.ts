// Issue 13 "Speed and cost": for a session that grows to 87k tokens of context, the extraction
// requests together send ≤ 150k input tokens (estimated from the request bodies sent to the fake
// Messages API). bench/parts/notes-cost.mjs prints the same figure.
import { appendFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { estimateTokens, readUsage } from '../../src/llm/index.js';
import { parseConfig } from '../../src/memory/config.js';
import { readNotesState } from '../../src/notes/store.js';
import { notesSize } from '../../src/notes/budget.js';
import { readNotes } from '../../src/notes/store.js';
import { updateNotes } from '../../src/notes/update.js';
import { startFakeMessagesApi, type FakeMessagesApi } from '../helpers/fake-messages-api.js';
import { growingSession, noteTakerReply } from '../helpers/growing-session.mjs';
import { tempDir } from '../helpers/repo.js';

let api: FakeMessagesApi | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
});

describe('model spend of session notes', () => {
  it('a session growing to 87k tokens of context sends at most 150k input tokens to the model in all', async () => {
    api = await startFakeMessagesApi((req, n) => ({ body: noteTakerReply(req.body, n) }));
    const { sessionId, steps } = growingSession({ targetTokens: 87_000 });
    const dir = tempDir();
    const transcript = join(dir, `${sessionId}.jsonl`);
    writeFileSync(transcript, '');
    const config = parseConfig('[llm]\nprovider = "anthropic"', 't.toml', 'r').config;
    const input = {
      stateDir: join(dir, 'state'),
      sessionId,
      transcript,
      agent: 'claude' as const,
      repoRoot: '/home/jane/acme',
      config,
      env: { ANTHROPIC_API_KEY: 'test', ANTHROPIC_BASE_URL: api.url, PATH: '' },
      home: tempDir(),
    };
    let extractions = 0;
    for (const step of steps) {
      appendFileSync(transcript, step.text);
      const r = await updateNotes(input);
      if (r.updated) {
        expect(r.source).toBe('model');
        extractions++;
      }
    }
    expect(steps.at(-1)!.tokens).toBeGreaterThanOrEqual(87_000);
    const sent = api.requests.reduce((n, q) => n + estimateTokens(JSON.stringify(q.body)), 0);
    const usage = readUsage(input.stateDir, sessionId);
    const price = config.llm;
    const cost = (sent * price.price_input + usage.usage.output * price.price_output) / 1e6;
    const notes = readNotes(input.stateDir, sessionId)!;
    console.log(
      `notes for a session grown to ${steps.at(-1)!.tokens} context tokens: ${extractions} extractions, ${api.requests.length} requests, ` +
        `${sent} input tokens sent (limit 150000), ${usage.usage.output} output; $${cost.toFixed(4)} at Haiku 4.5 prices without caching; ` +
        `notes end at ${notesSize(notes).total} tokens`,
    );
    // The seed's schedule: first at 10k, then every 5k of growth, so about (87 - 12) / 5 + 1.
    expect(extractions).toBeGreaterThanOrEqual(12);
    expect(extractions).toBeLessThanOrEqual(17);
    expect(api.requests).toHaveLength(extractions);
    expect(sent).toBeLessThanOrEqual(150_000);
    expect(readNotesState(input.stateDir, sessionId)).toMatchObject({ extractions, source: 'model' });
    expect(usage.calls).toBe(extractions);
    expect(usage.cost).toBeGreaterThan(0);
  });
});
