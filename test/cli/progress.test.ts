import { describe, expect, it } from 'vitest';
import { indexProgress, PROGRESS_AFTER_MS } from '../../src/cli/progress.js';
import type { BuildProgress } from '../../src/search/build.js';

/** A stand-in for stderr, a terminal or not, and a clock the test moves. */
function setup(isTTY: boolean) {
  const written: string[] = [];
  let now = 0;
  const report = indexProgress({ isTTY, write: (t: string) => written.push(t) }, () => now);
  return { written, report, at: (ms: number) => (now = ms) };
}

const read = (done: number, total = 50_000): BuildProgress => ({ phase: 'read', done, total });

describe('the progress line of a long index build', () => {
  it('says nothing for the first second, then one line rewritten in place, wiped when done', () => {
    const { written, report, at } = setup(true);
    report(read(0));
    at(PROGRESS_AFTER_MS - 1);
    report(read(256));
    expect(written).toEqual([]);
    at(PROGRESS_AFTER_MS + 10);
    report(read(2560));
    at(PROGRESS_AFTER_MS + 50);
    report(read(2816)); // too soon after the last: skipped
    at(PROGRESS_AFTER_MS + 200);
    report(read(50_000));
    report({ phase: 'write' });
    report({ phase: 'done' });
    expect(written).toEqual([
      expect.stringMatching(/^\r\x1b\[Kgit memory search: indexing past sessions .*reading the journal, 2560 of 50000 files…$/),
      expect.stringMatching(/^\r\x1b\[K.*reading the journal, 50000 of 50000 files…$/),
      expect.stringMatching(/^\r\x1b\[K.*writing the index…$/),
      '\r\x1b[K',
    ]);
  });

  it('prints nothing when the build ends within a second', () => {
    const { written, report, at } = setup(true);
    report(read(0, 10));
    at(200);
    report(read(10, 10));
    report({ phase: 'write' });
    report({ phase: 'done' });
    expect(written).toEqual([]);
  });

  it('prints nothing at all when stderr is not a terminal', () => {
    const { written, report, at } = setup(false);
    at(5000);
    report(read(100));
    report({ phase: 'write' });
    report({ phase: 'done' });
    expect(written).toEqual([]);
  });
});
