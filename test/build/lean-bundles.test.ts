// The fast starts (git hooks, the primer, search, agent hooks, the status line) are measured against
// a bare node process (DESIGN §11): one heavy library bundled into them costs more than their whole
// budget.
// This reads the built files, so it checks what actually ships, whatever the imports look like.
import { existsSync, readFileSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { dirname, join, normalize, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const DIST = join(ROOT, 'dist');

/** Single-file fast starts (CommonJS bundles, see scripts/build.mjs). */
const LEAN_FILES = ['git-memory.js', 'bin.js', 'hook.js', 'agent-tool-use.js', 'agent-hooks.js', 'pre-compact.js', 'session-start.js', 'primer.js', 'search.js', 'end.js'];
/** The agent-hook and status-line fast starts: ESM entries whose chunks are followed through static and dynamic imports. */
const LEAN_GRAPHS = ['agents.mjs', 'statusline.mjs'];

/**
 * Strings found in each heavy package's own code (string literals and class names, which esbuild keeps
 * when it bundles without minifying). `markers self-check` below proves each is in the package's bundle.
 */
const HEAVY: { name: string; pkg: string; entry: string; markers: string[] }[] = [
  { name: 'yargs', pkg: 'yargs', entry: "import y from 'yargs'; console.log(y);", markers: ['Not enough non-option arguments', 'yargs-parser'] },
  {
    name: 'MCP SDK',
    pkg: '@modelcontextprotocol/sdk',
    entry:
      "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'; import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js'; console.log(McpServer, StdioServerTransport);",
    markers: ['StdioServerTransport', 'notifications/initialized'],
  },
  { name: 'Anthropic SDK', pkg: '@anthropic-ai/sdk', entry: "import A from '@anthropic-ai/sdk'; console.log(A);", markers: ['anthropic-version', 'AnthropicError'] },
  { name: 'gray-matter', pkg: 'gray-matter', entry: "import m from 'gray-matter'; console.log(m);", markers: ['expected input to be a string or buffer', 'section-matter'] },
  { name: 'a tokenizer (gpt-tokenizer)', pkg: 'gpt-tokenizer', entry: "import { encode } from 'gpt-tokenizer'; console.log(encode);", markers: ['<|endoftext|>', 'cl100k_base'] },
];

/**
 * Packages a lean bundle may load from node_modules at run time (left external by the build).
 * primer.js and search.js read rich YAML frontmatter through gray-matter and yaml, only when a file
 * has it (src/memory/frontmatter.ts:38-39): the common path never loads them. Anything else is a new cost.
 */
const RUNTIME_LOADS: Record<string, string[]> = {
  'git-memory.js': [],
  'bin.js': [],
  'hook.js': [],
  'agent-tool-use.js': [],
  // SessionStart builds the primer, and so reads frontmatter as primer.js does.
  'agent-hooks.js': ['gray-matter', 'yaml'],
  'session-start.js': ['gray-matter', 'yaml'],
  // PreCompact reads TASKS.md, whose frontmatter may be rich.
  'pre-compact.js': ['gray-matter', 'yaml'],
  'primer.js': ['gray-matter', 'yaml'],
  'search.js': ['gray-matter', 'yaml'],
  // `end` reads sessions as primer.js does (the scanner's `debug`, which tried supports-color, is
  // replaced by a logger that is never enabled: scripts/debug-off.cjs).
  // …and `end --from-notes` reaches the model SDK where a model is chosen (llm/anthropic.ts), as a
  // require: the bundle's import() had no loader under the code cache's vm Script (scripts/build.mjs).
  'end.js': ['@anthropic-ai/sdk', 'gray-matter', 'yaml'],
};

function read(file: string): string {
  const path = join(DIST, file);
  if (!existsSync(path)) throw new Error(`${path} is missing: run \`npm run build\` first`);
  return readFileSync(path, 'utf8');
}

/** The files an ESM entry can load: itself and every chunk reached by static or dynamic import. */
function graph(entry: string): string[] {
  const seen = new Set<string>();
  const queue = [entry];
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const m of read(file).matchAll(/(?:import\s*\(\s*|from\s+|import\s+)["'](\.{1,2}\/[^"']+)["']/g)) {
      queue.push(normalize(join(dirname(file), m[1]!)));
    }
  }
  return [...seen];
}

/** Names of non-builtin packages the bundle requires by a literal name (plain or through createRequire). */
function runtimeLoads(text: string): string[] {
  const names = [...text.matchAll(/\brequire\d*\(\s*["']([^"'.][^"']*)["']\s*\)/g)].map((m) => m[1]!);
  return [...new Set(names.filter((n) => !isBuiltin(n)))].sort();
}

function heavyIn(text: string): string[] {
  return HEAVY.filter((h) => h.markers.some((m) => text.includes(m))).map((h) => h.name);
}

describe('the code-cached bundles', () => {
  it('are ASCII only: one other character makes V8 hold the whole file as a two-byte string, slower to load', () => {
    for (const file of LEAN_FILES) {
      const text = readFileSync(join(DIST, file), 'utf8');
      const at = [...text].findIndex((c) => c.charCodeAt(0) > 0x7f);
      expect(at, `${file}: ${JSON.stringify(text.slice(Math.max(0, at - 40), at + 10))}`).toBe(-1);
    }
  });
});

describe('lean bundles', () => {
  const files = [...LEAN_FILES, ...LEAN_GRAPHS.flatMap(graph)];

  it.each(files)('%s bundles no heavy package', (file) => {
    expect(heavyIn(read(file))).toEqual([]);
  });

  it('the agent-hook graph is followed into its chunks', () => {
    // Guards the graph walk itself: if it stopped at the entry, the check above would pass vacuously.
    expect(files.filter((f) => f.startsWith('chunks/')).length).toBeGreaterThan(3);
  });

  it.each(Object.keys(RUNTIME_LOADS))('%s loads only the listed packages at run time', (file) => {
    expect(runtimeLoads(read(file))).toEqual(RUNTIME_LOADS[file]);
  });

  it('markers self-check: each marker is in its package when bundled', async () => {
    // A package the project does not depend on yet (the Anthropic SDK comes back with its first
    // use) cannot be bundled from a fresh install; its markers are still looked for above.
    const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
    const declared = new Set(Object.keys({ ...manifest.dependencies, ...manifest.devDependencies }));
    const checked = HEAVY.filter((h) => declared.has(h.pkg));
    expect(checked.map((h) => h.name)).toEqual(expect.arrayContaining(['yargs', 'MCP SDK', 'gray-matter', 'a tokenizer (gpt-tokenizer)']));
    const bundles = await Promise.all(
      checked.map((h) =>
        build({ stdin: { contents: h.entry, resolveDir: ROOT, loader: 'ts' }, bundle: true, platform: 'node', format: 'cjs', write: false, logLevel: 'silent' }),
      ),
    );
    const missing = checked.flatMap((h, i) => h.markers.filter((m) => !bundles[i]!.outputFiles[0]!.text.includes(m)).map((m) => `${h.name}: ${m}`));
    expect(missing).toEqual([]);
  });
});
