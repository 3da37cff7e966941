// A primer shapes the same lines several times (MEMORY.md's check of the window's sessions, the
// learned items it picks, the next steps still open), and facts repeat across sessions: factShape
// makes each text's shape once and hands the same, never changed, object to every caller.
import { describe, expect, it } from 'vitest';
import { factShape } from '../../src/memory/long-term.js';

const plain = (s: ReturnType<typeof factShape>) => ({ words: [...s.words], numbers: s.numbers, negated: s.negated, key: s.key });

describe('factShape, kept by text', () => {
  it('shapes a text once: the same text gives the same shape object, another text another', () => {
    const text = 'Webhook retries run for 72 hours; do not retry them by hand';
    const first = factShape(text);
    expect(factShape(text)).toBe(first);
    expect(factShape(`${text}.`)).not.toBe(first);
    // "retries" and "retry" are one word.
    expect(plain(first)).toEqual({ words: ['webhook', 'retry', 'run', 'hour', 'them', 'hand'], numbers: '72', negated: true, key: 'hand hour retry run them webhook' });
  });

  it('stays bounded and right past what it keeps (a dream shapes every line of the journal)', () => {
    const texts = ['Invoices are stored in cents', 'Do not edit an applied migration, ever'];
    const before = texts.map((t) => plain(factShape(t)));
    for (let i = 0; i < 5000; i++) factShape(`fact number ${i} about module m${i}`);
    expect(texts.map((t) => plain(factShape(t)))).toEqual(before);
    expect(plain(factShape('Invoices are stored in cents'))).toEqual({ words: ['invoic', 'stor', 'cent'], numbers: '', negated: false, key: 'cent invoic stor' });
  });
});
