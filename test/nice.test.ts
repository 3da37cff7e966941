// The nice value of the background work (src/nice.ts): 19 unless GIT_MEMORY_NICE gives 0 to 19.
import { describe, expect, it } from 'vitest';
import { backgroundNice } from '../src/nice.js';

describe('backgroundNice', () => {
  it('is 19 unless GIT_MEMORY_NICE gives a whole number from 0 to 19', () => {
    expect(backgroundNice({})).toBe(19);
    for (const v of ['', ' ', '-1', '20', '99', '1.5', 'low', '0x5', '1e1']) expect(backgroundNice({ GIT_MEMORY_NICE: v }), v).toBe(19);
    expect(backgroundNice({ GIT_MEMORY_NICE: '0' })).toBe(0);
    expect(backgroundNice({ GIT_MEMORY_NICE: ' 7 ' })).toBe(7);
    expect(backgroundNice({ GIT_MEMORY_NICE: '19' })).toBe(19);
  });
});
