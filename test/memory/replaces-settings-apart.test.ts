// Two settings of one kind, each named by a word the other lacks just before the setting's word, stay
// two facts (issue 25 §2.1): judge55's unseen set found "The ISAPI client's read timeout is 10 seconds"
// hiding "The ISAPI client's connect timeout is 5 seconds" (the words they share read them as one
// setting given another number), a true fact lost from MEMORY.md and the primer. The same setting
// given another number still replaces.
import { describe, expect, it } from 'vitest';
import { factShape, supersedes } from '../../src/memory/long-term.js';

const says = (newer: string, older: string) => supersedes(newer, factShape(newer), factShape(older));

describe('two settings of one kind', () => {
  it.each([
    ["The ISAPI client's read timeout is 10 seconds", "The ISAPI client's connect timeout is 5 seconds"],
    ['The free tier limit is 100 requests per hour', 'The paid tier limit is 5000 requests per hour'],
    ['The worker heartbeat interval is 30 seconds', 'The worker poll interval is 5 seconds'],
  ])('"%s" leaves "%s"', (newer, older) => {
    expect(says(newer, older)).toBe(false);
  });

  it.each([
    ["The ISAPI client's read timeout is 30 seconds", "The ISAPI client's read timeout is 10 seconds"],
    ['The free tier limit is 50 requests per hour', 'The free tier limit is 100 requests per hour'],
    // The newer names both: it says the older's setting again.
    ['The request timeout is 45 seconds, the api timeout it replaced was 30', 'The api timeout is 30 seconds'],
  ])('"%s" still replaces "%s"', (newer, older) => {
    expect(says(newer, older)).toBe(true);
  });
});
