import { defineConfig } from 'vitest/config';

// `npm run test:agents`: the real agent CLIs against fake model APIs (test/real-agents/README.md).
// Not part of `npm test`. One agent run at a time: each is a heavy process tree, and the speed
// figures need a machine that is not also running the others.
export default defineConfig({
  test: {
    root: new URL('../..', import.meta.url).pathname,
    include: ['test/real-agents/**/*.test.ts'],
    testTimeout: 300_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    maxWorkers: 1,
    reporters: ['default'],
  },
});
