import { describe, expect, it } from 'vitest';
import { UsageError } from '../src/errors.js';
import { decodeInput, MAX_INPUT_BYTES, parseJsonInput } from '../src/input.js';

/** The UsageError `f` throws, for its message and hint. */
function thrown(f: () => unknown): UsageError {
  try {
    f();
  } catch (e) {
    if (e instanceof UsageError) return e;
    throw e;
  }
  throw new Error('nothing thrown');
}

describe('parseJsonInput', () => {
  it('returns the parsed value when it has the allowed kind', () => {
    expect(parseJsonInput('{"a":1}', 'summary', { allow: 'object' })).toEqual({ a: 1 });
    expect(parseJsonInput('[1]', 'task list', { allow: 'object-or-array' })).toEqual([1]);
    expect(parseJsonInput('null', 'status input', { allow: 'any' })).toBeNull();
  });

  it('names the input, the JSON error and the expected shape', () => {
    const e = thrown(() => parseJsonInput('{"request": ', 'summary', { allow: 'object', shape: '{ "request": "…" }' }));
    expect(e.exitCode).toBe(2);
    expect(e.message).toMatch(/^summary is not valid JSON: /);
    expect(e.hint).toBe('expected:\n{ "request": "…" }');
  });

  it('keeps the wording a front door has always printed', () => {
    expect(thrown(() => parseJsonInput('nope', 'hook input', { allow: 'object', invalid: 'is not JSON' })).message).toMatch(/^hook input is not JSON: /);
  });

  it('refuses a value of the wrong kind', () => {
    expect(thrown(() => parseJsonInput('["a"]', 'summary', { allow: 'object' })).message).toBe('summary must be a JSON object');
    expect(thrown(() => parseJsonInput('null', 'summary', { allow: 'object' })).message).toBe('summary must be a JSON object');
    expect(thrown(() => parseJsonInput('"x"', 'task list', { allow: 'object-or-array' })).message).toBe('task list must be a JSON object or array');
    expect(thrown(() => parseJsonInput('[]', 'hook input', { allow: 'object' })).hint).toBeUndefined();
  });
});

describe('decodeInput', () => {
  it('drops a byte order mark and refuses bytes that are not UTF-8 or over the cap', () => {
    expect(decodeInput(Buffer.from('\uFEFFhi'), 'stdin')).toBe('hi');
    expect(thrown(() => decodeInput(Buffer.from([0xff]), 'standard input')).message).toBe('standard input is not valid UTF-8');
    const big = thrown(() => decodeInput(Buffer.alloc(MAX_INPUT_BYTES + 1, 97), 'the task JSON'));
    expect(big.message).toMatch(/the limit is 65536/);
    // The hint fits any input (a task list, a log line), not only a session summary.
    expect(big.hint).toBe('memory is a briefing for the next session, not a transcript: keep what it needs to know');
  });
});
