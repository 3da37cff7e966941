import { describe, expect, it } from 'vitest';
import { isSpoolCommit, isSpoolEntry, parseSpool, serializeSpool, type SpoolEntry } from '../../src/git/spool-codec.js';

const commit: SpoolEntry = { type: 'commit', sha: 'a'.repeat(40), subject: 'Add the invoice exporter', at: '2026-11-22T14:00:00', branch: 'main' };
const log: SpoolEntry = { type: 'log', kind: 'learned', text: 'VAT rounds per line, not per invoice — 税', at: '2026-11-22T14:05:00' };

describe('the spool codec', () => {
  it('round-trips entries, one newline-terminated line each', () => {
    const text = serializeSpool([commit, log]);
    expect(text.split('\n')).toHaveLength(3);
    expect(text.endsWith('\n')).toBe(true);
    expect(parseSpool(text)).toEqual([commit, log]);
    expect(serializeSpool(parseSpool(text))).toBe(text);
  });

  it('keeps fields and line types it does not know, so a rewrite does not drop them', () => {
    const later = { type: 'commit', sha: 'b'.repeat(40), subject: 'x', at: '2026-11-22T14:00:00', files: ['a.ts'] };
    const other = { type: 'transcript', path: '/tmp/t.jsonl' };
    const parsed = parseSpool(serializeSpool([later, other]));
    expect(parsed).toEqual([later, other]);
    expect(parsed.filter(isSpoolEntry)).toEqual([later]);
    expect(serializeSpool(parsed)).toBe(serializeSpool([later, other]));
  });

  it('drops a torn line, and reads the whole entry appended onto a fragment', () => {
    const whole = serializeSpool([log]);
    const torn = `${whole}${serializeSpool([commit]).slice(0, 30)}${whole}\n\n{"type":"log","kind":"no`;
    expect(parseSpool(torn)).toEqual([log, log]);
    expect(parseSpool('garbage\n[1,2]\nnull\n"text"\n')).toEqual([]);
    expect(parseSpool('')).toEqual([]);
  });

  it('reads the format older versions wrote: no branch, keys in another order, blank lines between', () => {
    const old = '{"sha":"' + 'c'.repeat(40) + '","type":"commit","subject":"Old","at":"2026-11-01T09:00:00"}\n\n   \n{"type":"log","kind":"note","text":"kept","at":"2026-11-01T09:01:00"}\n';
    const parsed = parseSpool(old);
    expect(parsed).toEqual([
      { sha: 'c'.repeat(40), type: 'commit', subject: 'Old', at: '2026-11-01T09:00:00' },
      { type: 'log', kind: 'note', text: 'kept', at: '2026-11-01T09:01:00' },
    ]);
    expect(parsed.map(isSpoolEntry)).toEqual([true, true]);
    expect(parsed.map(isSpoolCommit)).toEqual([true, false]);
  });

  it('isSpoolCommit wants a commit id to map', () => {
    expect(isSpoolCommit({ type: 'commit', subject: 'no id' })).toBe(false);
    expect(isSpoolCommit({ type: 'commit', sha: 7 })).toBe(false);
    expect(isSpoolCommit({ ...commit })).toBe(true);
  });
});
