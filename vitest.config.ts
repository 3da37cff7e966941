import { defineConfig } from 'vitest/config';
import { mallocTunables } from './test/helpers/malloc-pad.js';
import { ramTempDir } from './test/helpers/ram-tmp.js';
import { spawnerBinary } from './test/helpers/spawner.js';
import { textImports } from './test/helpers/text-imports.js';
import { needleTable } from './src/safety/needle-table.js';

const corpus = process.env.GIT_MEMORY_CORPUS_TESTS === '1';

// The tests' temporary repositories live in RAM where the machine has a tmpfs (/dev/shm), unless
// TMPDIR is set: set here, before the workers start, so they and every process they start inherit it.
const ram = ramTempDir();
if (ram) {
  process.env.TMPDIR = ram;
  process.env.GIT_MEMORY_TESTS_IN_RAM = '1';
}
// glibc's malloc keeps a few MiB above its heap instead of returning them at every free: git
// fast-import (the tests' large histories) otherwise spends seconds in brk (test/helpers/malloc-pad.ts).
const tunables = mallocTunables(process.env.GLIBC_TUNABLES);
if (tunables) process.env.GLIBC_TUNABLES = tunables;
// The processes the workers start synchronously are started by a small helper process, not by the
// worker (test/helpers/spawner.ts: node forks the whole worker at every spawn); compiled here, once.
const spawner = spawnerBinary();
if (spawner) process.env.GIT_MEMORY_TEST_SPAWNER = spawner;

// Test files that run each in a fresh worker: those that replace a module with vi.mock (a full disk,
// counted calls), so that their mock reaches the source they load and no other file sees it, and
// one that measures its own process's memory (what other files left in a shared worker is noise).
const MOCKING = [
  'test/fs/lock-full-disk.test.ts',
  'test/git/spool-full-disk.test.ts',
  'test/hook/agent/finalise-opens-once.test.ts',
  'test/hook/post-rewrite-full-disk.test.ts',
  'test/memory/atomic-full-disk.test.ts',
  'test/memory/journal-kept-listing.test.ts',
  'test/memory/primer-superseded-once.test.ts',
  'test/robust/end-full-disk.test.ts',
  'test/search/hit-reads.test.ts',
  'test/search/live-unchecked.test.ts',
  'test/transcripts/real-shapes.test.ts',
  'test/transcripts/subagents-unchanged.test.ts',
];

export default defineConfig({
  plugins: [textImports()],
  // What the build bakes into the bundles (scripts/build.mjs): the sources under test read the same table.
  define: { __GIT_MEMORY_NEEDLES__: JSON.stringify(needleTable()) },
  test: {
    // The real agents run in `npm run test:agents` (test/real-agents/vitest.config.ts).
    // The headless-browser tests run apart (npm run test:browser; .ci/run): they need Chromium.
    exclude: ['test/real-agents/**', 'test/browser/**', '**/node_modules/**'],
    // Removes each test's and each file's temporary directories (test/helpers/cleanup.ts).
    setupFiles: ['test/helpers/setup.ts'],
    // Removes what the workers kept for all their test files, once they have ended (cleanup.ts).
    globalSetup: ['test/helpers/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Tests spawn git and node processes; two workers fit the 2-core machines CI runs on.
    maxWorkers: 2,
    reporters: ['default'],
    projects: [
      {
        extends: true,
        // The other files share their worker and the modules it loaded (isolate: false): a fresh
        // worker per file, loading the CLI's modules again, cost ~0.7 s of processor time each,
        // a quarter of the suite's. Helpers that keep something for a file forget it when the file
        // ends (perFile in test/helpers/cleanup.ts); vitest restores spies after each file.
        test: {
          name: 'shared',
          isolate: false,
          // npm run test:corpus runs the tests on the real-transcript corpus (kept outside the repository).
          include: corpus ? ['test/corpus/**/*.corpus.ts'] : ['test/**/*.test.ts'],
          exclude: MOCKING,
        },
      },
      ...(corpus ? [] : [{ extends: true as const, test: { name: 'isolated', include: MOCKING } }]),
    ],
  },
});
