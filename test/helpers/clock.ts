import { afterEach, vi } from 'vitest';

/**
 * A clock a test moves on instead of sleeping: `later(ms)` makes the code's Date.now read `ms` more,
 * as waiting would, and it goes on running, so a file's change time (real) is that much older by it.
 * Put back after each test of the file that calls it.
 */
export function movableClock(): { later: (ms: number) => void } {
  let ahead = 0;
  const realNow = Date.now.bind(Date);
  afterEach(() => {
    ahead = 0;
    vi.restoreAllMocks();
  });
  return {
    later(ms) {
      ahead += ms;
      vi.spyOn(Date, 'now').mockImplementation(() => realNow() + ahead);
    },
  };
}
