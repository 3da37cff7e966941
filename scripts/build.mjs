// Bundles src/ into dist/ with esbuild.
// - git-memory.js: the launcher (launch.ts), which loads bin.js, the entry (bin.ts), with a code
//   cache; the entry only picks which file to load.
// - hook.js, primer.js, agent-tool-use.js: the hot paths (every commit, every session start, every
//   tool call of an agent), one file each, with no argument parser: loading one file costs less
//   than loading a graph of chunks. These and the
//   entry are CommonJS (dist/package.json says so): node loads them without its ESM loader, which
//   costs ~10 ms of start-up, a third of the primer's whole budget over a bare node.
// - search.js: `git memory search` in one file, without the argument parser (CommonJS too).
// - end.js: `git memory end` (every session end) likewise, so it gets the code cache too.
// - cli.mjs + chunks/: the full command line; commands and heavy libraries load lazily (ESM, as
//   code splitting needs).
// - agent-hooks.js: the compaction hooks (CommonJS, code cache, like the primer); session-start.js:
//   SessionStart alone, the primer and the after-compaction path, likewise. These two, primer.js,
//   end.js and search.js are ASCII only (see ASCII_ONLY).
// - agents.mjs: the other agent hooks, statusline.mjs: the status line (cli/lean/statusline.ts), both without
//   the argument parser, sharing cli's chunks; pre-push.mjs.
// - agent-worker.js: the detached workers the agent hooks start (session notes, session end, and
//   Codex's SessionEnd hook run in the background), CommonJS with a code cache like end.js, whose
//   secret scanner it holds too: compiling agent-worker.mjs's graph of chunks was a good part of
//   each session end's CPU. The model SDK stays outside, loaded by the one call that needs it.
// - mcp-front.js: `git-memory mcp` as the agents start it (mcp/front.ts), with the real server's
//   answers to `initialize` and `tools/list` baked in; mcp.mjs, the real server, loads at the first tool call
//   the front does not answer; mcp-search.js, memory_search without the real server (CommonJS, code cache);
//   mcp-front.sh, the handshake's answers in sh, before node (mcp/front-sh.ts).
// The markdown templates are imported `with { type: 'text' }` and so bundled as text: dist/ needs
// nothing beside it, wherever it is copied or installed.
import { build } from 'esbuild';
import { createHash } from 'node:crypto';
import { chmodSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
rmSync(new URL('../dist', import.meta.url), { recursive: true, force: true });

/**
 * The strings each secret rule's needle needs (safety/needle-table.ts), read from the patterns here
 * once and baked into every bundle as __GIT_MEMORY_NEEDLES__: the primer's quick redaction skips a
 * line that holds none without compiling a pattern, and without reading 80 patterns at each start.
 */
async function needleTable() {
  const out = await build({ entryPoints: ['src/safety/needle-table.ts'], bundle: true, format: 'esm', platform: 'node', target: 'node20', write: false, logLevel: 'warning' });
  const { needleTable: table } = await import(`data:text/javascript;base64,${Buffer.from(out.outputFiles[0].text).toString('base64')}`);
  return table();
}
const needles = await needleTable();

/** A digest of what the program is built from (src/, templates/, package.json): version.ts BUILD. */
function sourceDigest() {
  const hash = createHash('sha256');
  const walk = (dir) => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else hash.update(`${path}\0`).update(readFileSync(path)).update('\0');
    }
  };
  walk('src');
  walk('templates');
  hash.update(readFileSync('package.json'));
  return hash.digest('hex').slice(0, 16);
}

const common = {
  outdir: 'dist',
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  define: { __GIT_MEMORY_VERSION__: JSON.stringify(pkg.version), __GIT_MEMORY_NEEDLES__: JSON.stringify(needles), __GIT_MEMORY_BUILD__: JSON.stringify(sourceDigest()) },
  // CommonJS dependencies call require(); give the ESM bundle one.
  banner: { js: "import { createRequire as __gmCreateRequire } from 'node:module'; const require = __gmCreateRequire(import.meta.url);" },
  // Loaded from node_modules only when a file needs them (rich YAML frontmatter; agent config files).
  // jsonc-parser's UMD build requires its own files at run time, which a bundle cannot hold.
  external: ['gray-matter', 'yaml', 'jsonc-parser'],
  // secretlint's logging, never turned on: a logger that is never enabled (see debug-off.cjs).
  alias: { debug: './scripts/debug-off.cjs' },
  legalComments: 'none',
  logLevel: 'warning',
};

const commonjs = {
  ...common,
  format: 'cjs',
  // import.meta.url has no CommonJS meaning; give every module the file's URL instead.
  define: { ...common.define, 'import.meta.url': '__gmFileUrl' },
  banner: { js: "const __gmFileUrl = require('node:url').pathToFileURL(__filename).href;" },
  // The model SDK is loaded from node_modules by the one call that needs it (llm/anthropic.ts), never
  // into a fast start: `end --from-notes` can reach a model through the session notes.
  external: [...common.external, '@anthropic-ai/sdk'],
};

/**
 * The bundles bin.ts loads through the code cache (code-cache.ts requireCached): a vm Script, which
 * has no loader for a real `import()` ("A dynamic import callback was not specified"), so each
 * dynamic import in them becomes a require (the model SDK's in llm/anthropic.ts, say, which the
 * workers and `end --from-notes` reach). The entry itself keeps node's import() for the .mjs files.
 */
const cached = { ...commonjs, supported: { 'dynamic-import': false } };

/**
 * esbuild escapes what is not ASCII in strings and templates, not in regular expression literals (a
 * Chinese negation word, a « quote): one such character makes the whole bundle a two-byte string
 * for V8, decoded from UTF-8 and checked against its code cache ~0.7 ms slower for a 300 KB file.
 * These bundles get `\uXXXX` escapes instead, which mean the same inside a regular expression (with or
 * without the u flag), a string or a name. A character after a backslash would change meaning when
 * escaped: the build stops there rather than guess.
 */
const ASCII_ONLY = ['git-memory.js', 'bin.js', 'hook.js', 'agent-tool-use.js', 'agent-hooks.js', 'pre-compact.js', 'session-start.js', 'primer.js', 'end.js', 'search.js', 'mcp-search.js', 'agent-worker.js'];
function asciiOnly(url) {
  const text = readFileSync(url, 'utf8');
  let out = '';
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) continue;
    if (text[i - 1] === '\\') throw new Error(`${url.pathname}: a non-ASCII character after a backslash at ${i}; escape it in the source`);
    out += `${text.slice(from, i)}\\u${c.toString(16).toUpperCase().padStart(4, '0')}`;
    from = i + 1;
  }
  if (from) writeFileSync(url, out + text.slice(from));
}

await Promise.all([
  // git-memory.js is the launcher (launch.ts): it loads bin.js, the entry point, with a code cache.
  // bin.js keeps node's import() (the launcher hands its own over) for the .mjs files.
  build({ ...commonjs, entryPoints: { bin: 'src/bin.ts' }, minifyWhitespace: true, minifySyntax: true }),
  build({ ...commonjs, entryPoints: { 'git-memory': 'src/launch.ts' }, minifyWhitespace: true, minifySyntax: true }),
  build({
    ...cached,
    entryPoints: {
      hook: 'src/hook/entry.ts',
      'agent-tool-use': 'src/hook/agent/tool-use-entry.ts',
      // The compaction hooks and SessionStart (a primer each): one file with a code cache, not
      // agents.mjs's graph of ESM chunks, whose loading cost more than the hooks' own work.
      'agent-hooks': 'src/hook/agent/entry.ts',
      // SessionStart alone (every start, resume and compaction of a session): the primer and what
      // PreCompact's worker prepared, without the other hooks' code; agent-hooks.js when that is not enough.
      'session-start': 'src/hook/agent/session-start-entry.ts',
      search: 'src/cli/lean/search.ts',
      // The MCP front's memory_search (mcp/search-entry.ts): a first search does not load the real server.
      'mcp-search': 'src/mcp/search-entry.ts',
    },
  }),
  // end.js holds the secret scanner (~650 KB of it): without its whitespace it is read and its code
  // cache checked ~1.3 ms faster at every session end. Names and strings are kept. primer.js
  // likewise (every session start): 235 KB read at each start, 172 KB without it.
  // pre-compact.js: PreCompact alone (the agent waits for it at every compaction), none of the other
  // hooks' code; without its whitespace too.
  build({ ...cached, entryPoints: { end: 'src/cli/lean/end.ts', 'agent-worker': 'src/hook/agent/worker.ts', primer: 'src/cli/lean/primer.ts', 'pre-compact': 'src/hook/agent/compaction-pre-entry.ts' }, minifyWhitespace: true, minifySyntax: true }),
  build({
    ...common,
    entryPoints: { cli: 'src/cli/main.ts', mcp: 'src/mcp/entry.ts', agents: 'src/hook/agent/entry.ts', statusline: 'src/cli/lean/statusline.ts', 'pre-push': 'src/hook/pre-push-entry.ts' },
    splitting: true,
    outExtension: { '.js': '.mjs' },
    chunkNames: 'chunks/[name]-[hash]',
  }),
]);
// mcp-front.js: what `git-memory mcp` loads (mcp/front.ts), CommonJS and tiny: it answers `initialize`
// and `tools/list` from the real server's own answers, asked of mcp.mjs here and baked in, and loads
// mcp.mjs at the first tool call. ASCII only too.
const { mcpListing, frontSh, FRONT_SH_FILE } = await import(new URL('../dist/mcp.mjs', import.meta.url).href);
const listing = await mcpListing();
// mcp-front.sh: the same answers in POSIX sh (mcp/front-sh.ts), which the committed MCP server entry
// reads beside the installed git-memory.js: the agent's handshake without node at all.
writeFileSync(new URL(`../dist/${FRONT_SH_FILE}`, import.meta.url), frontSh(listing));
await build({
  ...cached,
  entryPoints: { 'mcp-front': 'src/mcp/front-entry.ts' },
  define: { ...cached.define, __GIT_MEMORY_MCP_LISTING__: JSON.stringify(listing) },
});
ASCII_ONLY.push('mcp-front.js');
for (const name of ASCII_ONLY) asciiOnly(new URL(`../dist/${name}`, import.meta.url));
writeFileSync(new URL('../dist/package.json', import.meta.url), '{ "type": "commonjs" }\n');
chmodSync(new URL('../dist/git-memory.js', import.meta.url), 0o755);
