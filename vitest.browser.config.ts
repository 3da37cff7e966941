import { defineConfig } from 'vitest/config';
import { textImports } from './test/helpers/text-imports.js';

// `npm run test:browser`: the pages git-memory writes, opened in the system's headless Chromium.
export default defineConfig({
  plugins: [textImports()],
  test: {
    include: ['test/browser/**/*.test.ts'],
    // Removes each test's and each file's temporary directories (test/helpers/cleanup.ts).
    setupFiles: ['test/helpers/setup.ts'],
    globalSetup: ['test/helpers/global-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 60_000,
    maxWorkers: 1,
    reporters: ['default'],
  },
});
