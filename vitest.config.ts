import { defineConfig } from 'vitest/config';
import { textImports } from './test/helpers/text-imports.js';

export default defineConfig({
  plugins: [textImports()],
  test: {
    // npm run test:corpus adds the tests on the real-transcript corpus (kept outside the repository).
    include: process.env.GIT_MEMORY_CORPUS_TESTS === '1' ? ['test/corpus/**/*.corpus.ts'] : ['test/**/*.test.ts'],
    // The real agents run in `npm run test:agents` (test/real-agents/vitest.config.ts).
    // The headless-browser tests run apart (npm run test:browser; .ci/run): they need Chromium.
    exclude: ['test/real-agents/**', 'test/browser/**', '**/node_modules/**'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Tests spawn git and node processes; two workers fit the 2-core machines CI runs on.
    maxWorkers: 2,
    reporters: ['default'],
  },
});
