// Global setup of the vitest configs (globalSetup): runs in vitest's own process, once per run.
import { sweepDeadWorkers } from './cleanup.js';

/** After the last test file: the set-ups the workers kept for all their files (cleanup.ts workerDir). */
export function teardown(): void {
  sweepDeadWorkers();
}
