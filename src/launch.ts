#!/usr/bin/env node
// What `git-memory` runs (dist/git-memory.js): it loads the entry point (bin.ts, dist/bin.js)
// through a V8 code cache, as the entry point loads the primer's and the hooks' bundles. node's own
// loader compiles a file from its source at every start: the entry point's 42 KB, and each of its
// functions at its first call (finding the repository, the off switch, the kept log, MEMORY.md's
// early staleness question), ~4 ms of every primer's and every hook's start (stop 48: a warm
// primer's CPU 79 -> 74 ms at S, where floor B takes 56). One cache per route (the primer, `end`, a
// hook…), as each keeps what its run compiled; the entry point writes it when its command is done.
//
// A vm Script has no loader for a real `import()` (code-cache.ts): the entry point's import() of
// the ESM bundles (the full command line, the agent hooks) is this file's, handed over in a global.
import { join } from 'node:path';
import { requireCached } from './code-cache.js';

/** Where the entry point finds the launcher's import() (bin.ts `full`). */
const IMPORT = Symbol.for('git-memory.import');
(globalThis as Record<symbol, unknown>)[IMPORT] = (url: string) => import(url);

/** The routes whose runs each keep their own cache of the entry point; any other command shares one. */
const ROUTES = new Set(['primer', 'end', 'search', 'statusline', 'mcp', 'hook-post-commit', 'hook-post-rewrite', 'hook-refresh-primer', 'hook-keep-start', 'hook-pre-push', 'hook-agent', 'hook-agent-worker']);
const [first, second] = process.argv.slice(2);
const route = first === 'hook' ? `hook-${second}` : first;
requireCached(join(__dirname, 'bin.js'), route !== undefined && ROUTES.has(route) ? `bin-${route}` : 'bin');
