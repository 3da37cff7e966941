import { defineConfig } from 'vitest/config';
import { textImports } from './test/helpers/text-imports.js';

export default defineConfig({
  plugins: [textImports()],
  test: {
    include: ['test/**/*.test.ts'],
    // The headless-browser tests run apart (npm run test:browser; .ci/run): they need Chromium.
    exclude: ['test/browser/**', '**/node_modules/**'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Tests spawn git and node processes; two workers fit the 2-core machines CI runs on.
    maxWorkers: 2,
    reporters: ['default'],
  },
});
