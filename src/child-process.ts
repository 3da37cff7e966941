import { createRequire } from 'node:module';

type ChildProcessModule = typeof import('node:child_process');
let loaded: ChildProcessModule | undefined;

/**
 * node:child_process, loaded on first use. Loading it also loads net and the stream modules,
 * a few milliseconds that a primer answered from its caches (no git process at all) would pay
 * at every agent session start for nothing.
 */
export const childProcess = (): ChildProcessModule => (loaded ??= createRequire(import.meta.url)('node:child_process') as ChildProcessModule);
