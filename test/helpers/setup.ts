// Setup file of the vitest configs (setupFiles): run again before every test file, so each file
// gets its own hooks removing its temporary directories (see cleanup.ts). It imports nothing of the
// source: a test file's vi.mock must come before the source is loaded.
import { afterAll, afterEach } from 'vitest';
import { endOfFile, endOfTest, markSetUp } from './cleanup.js';
import { useSpawner } from './spawner.js';

markSetUp();
// The worker's synchronous spawns go through the spawner (spawner.ts), from the first file on.
useSpawner();
afterEach(endOfTest);
afterAll(endOfFile);
