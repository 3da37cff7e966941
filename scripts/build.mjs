// Bundles src/ into dist/ with esbuild.
// - git-memory.js: the entry; it only picks which file to load.
// - hook.js, primer.js: the hot paths (every commit, every session start), one file each, with no
//   argument parser: loading one file costs less than loading a graph of chunks.
// - cli.js + chunks/: the full command line; commands and heavy libraries load lazily.
// - agents.js: agent hooks without the argument parser, sharing cli's chunks.
// - search.js: `git memory search` in one file, without the argument parser.
import { build } from 'esbuild';
import { chmodSync, readFileSync, rmSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
rmSync(new URL('../dist', import.meta.url), { recursive: true, force: true });

const common = {
  outdir: 'dist',
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  define: { __GIT_MEMORY_VERSION__: JSON.stringify(pkg.version) },
  // CommonJS dependencies call require(); give the ESM bundle one.
  banner: { js: "import { createRequire as __gmCreateRequire } from 'node:module'; const require = __gmCreateRequire(import.meta.url);" },
  // Loaded from node_modules only when a file needs them (rich YAML frontmatter; agent config files).
  // jsonc-parser's UMD build requires its own files at run time, which a bundle cannot hold.
  external: ['gray-matter', 'yaml', 'jsonc-parser'],
  legalComments: 'none',
  logLevel: 'warning',
};

await Promise.all([
  build({ ...common, entryPoints: { 'git-memory': 'src/bin.ts', hook: 'src/hook/entry.ts', primer: 'src/cli/lean.ts', search: 'src/agents/search/lean.ts' } }),
  build({ ...common, entryPoints: { cli: 'src/cli/main.ts', agents: 'src/agents/entry.ts', 'pre-push': 'src/hook/pre-push-entry.ts' }, splitting: true, chunkNames: 'chunks/[name]-[hash]' }),
]);
chmodSync(new URL('../dist/git-memory.js', import.meta.url), 0o755);
