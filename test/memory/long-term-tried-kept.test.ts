import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LONG_TERM_TRIED, triedFacts, triedFactsKept } from '../../src/memory/long-term-tried.js';
import { LONG_TERM_TRIED_FILE } from '../../src/paths.js';
import { tempDir } from '../helpers/cleanup.js';

const MEMO = Symbol.for('git-memory.tried-facts');
// Each call stands for a new process: the process's memo is dropped.
const fresh = () => delete (globalThis as Record<symbol, unknown>)[MEMO];
afterEach(fresh);

const memory = (facts: string[]) =>
  ['# Long-term memory', '', '## Decisions', '', ...facts.map((f, i) => `- ${f} <!-- sessions: 20261101-0900-b${i}; files: src/f${i}.ts; at: abc${i}def; date: 2026-10-0${1 + (i % 9)}; seen: ${1 + (i % 3)} -->`), '', '## Gotchas', '', '- The auth cache is per process <!-- files: src/auth/cache.ts, src/auth/; at: 0f1e2d3 -->', ''].join('\n');

describe('MEMORY.md facts kept in the state directory', () => {
  it('are the facts parsed from the text, each line taken only for the very line it was parsed from', () => {
    const state = tempDir('gm-tried-');
    const facts = Array.from({ length: 40 }, (_, i) => `Fact ${i}: keep handler ${i} pure`);
    const text = memory(facts);
    expect(triedFactsKept(text, state)).toEqual(triedFacts(text));
    const kept = JSON.parse(readFileSync(join(state, LONG_TERM_TRIED_FILE), 'utf8')) as { lines: { raw: string }[] };
    expect(kept.lines).toHaveLength(LONG_TERM_TRIED);

    // A later run reads them back, with the same result.
    fresh();
    expect(triedFactsKept(text, state)).toEqual(triedFacts(text));

    // One fact edited, one added at the top: each changed line is parsed anew, the rest taken.
    const edited = memory(['A new first fact <!-- files: src/new.ts -->'.replace(/ <!--.*$/, ''), ...facts.map((f, i) => (i === 3 ? `${f} (now with logging)` : f))]);
    fresh();
    const got = triedFactsKept(edited, state);
    expect(got).toEqual(triedFacts(edited));
    expect(got.tried.some((e) => e.text.endsWith('(now with logging)'))).toBe(true);
    fresh();
    expect(triedFactsKept(edited, state)).toEqual(triedFacts(edited));
  });

  it('a kept entry never stands in for another line: a forged entry under the same line is taken only for that line', () => {
    const state = tempDir('gm-tried-');
    const text = memory(['Keep invoices in cents']);
    triedFactsKept(text, state);
    const path = join(state, LONG_TERM_TRIED_FILE);
    const kept = JSON.parse(readFileSync(path, 'utf8')) as { lines: { raw: string; entry: { text: string } }[] };
    // The same file with the line's text changed: no line of MEMORY.md is that line any more.
    kept.lines[0]!.raw = kept.lines[0]!.raw.replace('cents', 'euros');
    kept.lines[0]!.entry.text = 'Keep invoices in euros';
    writeFileSync(path, JSON.stringify(kept));
    fresh();
    expect(triedFactsKept(text, state)).toEqual(triedFacts(text));
  });

  it('a torn, foreign or unwritable file only costs a parse', () => {
    const state = tempDir('gm-tried-');
    const text = memory(['Keep invoices in cents', 'Retry webhooks three times']);
    for (const bad of ['{"v":1,"lines":[{"section":"decisions","raw":', '{"v":1,"lines":[{"section":"nope","raw":"x","entry":{}}]}', '[]']) {
      writeFileSync(join(state, LONG_TERM_TRIED_FILE), bad);
      fresh();
      expect(triedFactsKept(text, state)).toEqual(triedFacts(text));
    }
    fresh();
    expect(triedFactsKept(text, join(state, 'missing', 'dir'))).toEqual(triedFacts(text));
  });
});
