import { afterEach, describe, expect, it } from 'vitest';
import { openLlm } from '../../src/llm/index.js';
import { parseConfig } from '../../src/memory/config.js';
import { compactRequest, parseModelSummary } from '../../src/compact/model.js';
import { extractKeyInfo } from '../../src/compact/key-info.js';
import { produceSummary, type ProduceInput } from '../../src/compact/produce.js';
import { errorReply, startFakeMessagesApi, textReply, type FakeMessagesApi } from '../helpers/fake-messages-api.js';
import { GOOD_SUMMARY, HALF_FILES_SUMMARY, ORIGINAL_CHARS, sessionLedger } from './ledger-fixture.js';

let api: FakeMessagesApi | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
});

async function model(handler: Parameters<typeof startFakeMessagesApi>[0]) {
  api = await startFakeMessagesApi(handler);
  const cfg = parseConfig('', 'test.toml', 'repo').config.llm;
  return openLlm({ ...cfg, provider: 'anthropic' }, { ANTHROPIC_API_KEY: 'test', ANTHROPIC_BASE_URL: api.url });
}

const base = (over: Partial<ProduceInput> = {}): ProduceInput => ({
  ledger: sessionLedger(),
  originalChars: ORIGINAL_CHARS,
  notes: null,
  llm: null,
  transcript: () => 'USER: Add a logout endpoint…',
  maxOutputTokens: 4096,
  ...over,
});

describe('the model request', () => {
  it('lists the ledger key as must-keep and asks for <analysis> then <summary>', () => {
    const req = compactRequest({ transcript: 'T', key: extractKeyInfo(sessionLedger()), maxOutputTokens: 4096 });
    const text = req.messages[0]!.content as string;
    expect(req.system).toContain('<analysis>');
    expect(req.system).toContain('<summary>');
    expect(text).toContain('- src/auth/session-store.ts');
    expect(text).toContain('TS2345');
    expect(req.purpose).toBe('compact');
    const zh = compactRequest({ transcript: 'T', key: extractKeyInfo(sessionLedger()), maxOutputTokens: 4096, language: 'zh' });
    expect(zh.system).toContain('用户首先');
    expect(zh.system).toContain('## 3. Files and Code Sections');
  });
  it('takes the <summary> block and refuses chatter', () => {
    expect(parseModelSummary(`<analysis>x</analysis>\n${GOOD_SUMMARY}`)).toContain('1. Primary Request and Intent');
    expect(parseModelSummary('I cannot help with that.')).toBeNull();
    expect(parseModelSummary('')).toBeNull();
  });
});

describe('produceSummary', () => {
  it('offline: the ledger summary, valid, with every edited file and user message', async () => {
    const p = await produceSummary(base());
    expect(p.source).toBe('ledger');
    expect(p.strategy).toBe('none');
    expect(p.report.fidelity).toBeGreaterThanOrEqual(80);
    expect(p.fallbacks).toEqual(['no session notes', 'no model (offline, or none configured)']);
    expect(p.model_calls).toBe(0);
  });

  it('fresh notes are used with no model call; empty-template notes are not', async () => {
    const sections = [
      { heading: 'Current State', body: 'Adding the revoked-token test; next step: document logout.' },
      { heading: 'Task specification', body: 'Add a logout endpoint; use sessionStore.' },
      { heading: 'Files and Functions', body: '- src/auth/logout.ts: logout handler' },
    ];
    let hits = 0;
    const llm = await model(() => (hits++, textReply(GOOD_SUMMARY)));
    const fresh = await produceSummary(base({ llm, notes: { sections, fresh: true, empty: false } }));
    expect(fresh.source).toBe('notes');
    expect(fresh.summary).toContain('Adding the revoked-token test');
    expect(hits).toBe(0);
    const empty = await produceSummary(base({ llm, notes: { sections, fresh: true, empty: true } }));
    expect(empty.source).toBe('model');
    expect(empty.fallbacks[0]).toContain('empty template');
  });

  it('a model summary that drops files and errors is re-compressed once, naming what was lost', async () => {
    const llm = await model((_req, n) => textReply(n === 0 ? HALF_FILES_SUMMARY : GOOD_SUMMARY));
    const p = await produceSummary(base({ llm }));
    expect(p.source).toBe('model');
    expect(p.strategy).toBe('adaptive-recompression');
    expect(p.model_calls).toBe(2);
    const retry = JSON.stringify(api!.requests[1]!.body);
    expect(retry).toContain('src/auth/session-store.ts');
    expect(retry).toContain('previous_summary');
    expect(p.report.valid).toBe(true);
  });

  it('when re-compression does not help, segment keeping repairs the summary from the ledger', async () => {
    const llm = await model(() => textReply(HALF_FILES_SUMMARY));
    const p = await produceSummary(base({ llm }));
    expect(p.strategy).toBe('segment-keeping');
    expect(p.steps.map((s) => s.strategy)).toEqual(['none', 'adaptive-recompression', 'segment-keeping']);
    expect(p.report.checks.key_info.details.file_names.missing).toEqual([]);
    expect(p.report.valid).toBe(true);
  });

  it('garbage or nothing from the model falls back to the ledger and says so', async () => {
    for (const reply of [textReply('Sure! Here is a poem about cookies.'), textReply(''), errorReply(529, 'overloaded_error')]) {
      const llm = await model(() => reply);
      const p = await produceSummary(base({ llm }));
      expect(p.source).toBe('ledger');
      expect(p.fallbacks[1]).toMatch(/without a usable <summary>|answered nothing|call failed/);
      expect(p.model_calls).toBe(1);
      expect(p.report.fidelity).toBeGreaterThanOrEqual(80);
      await api!.close();
      api = undefined;
    }
  });
});
