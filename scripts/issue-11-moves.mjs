#!/usr/bin/env node
// Step 1 of docs/issue-11-plan.md: the pure moves of issue 11 (no code changes), done by machine.
// `git mv`s each file of MOVES, rewrites every relative import in src/ and test/ that names a moved
// file (or sits in one), the entry points in scripts/build.mjs, and the paths in
// scripts/layers-known.txt. Run from the project root on a clean tree; then `npm run typecheck`,
// `npm run build`, `node scripts/check-layers.mjs` (see the plan for what it reports and why).
// Usage: node scripts/issue-11-moves.mjs [--dry-run]
// This file goes with the plan once the refactor has landed.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, normalize, relative, sep } from 'node:path';

/** old → new, relative to the project root. Tests move with the code they cover. */
export const MOVES = {
  // search/ out of agents/ (DESIGN §12: a feature folder of its own)
  'src/agents/search/bm25.ts': 'src/search/bm25.ts',
  'src/agents/search/documents.ts': 'src/search/documents.ts',
  'src/agents/search/index.ts': 'src/search/index.ts',
  'src/agents/search/key-commands.ts': 'src/search/key-commands.ts',
  'src/agents/search/key.ts': 'src/search/key.ts',
  'src/agents/search/postings.ts': 'src/search/postings.ts',
  'src/agents/search/snippet.ts': 'src/search/snippet.ts',
  'src/agents/search/store.ts': 'src/search/store.ts',
  'src/agents/search/tokenize.ts': 'src/search/tokenize.ts',
  // every fast start under cli/lean/
  'src/agents/search/lean.ts': 'src/cli/lean/search.ts',
  'src/cli/lean.ts': 'src/cli/lean/primer.ts',
  // the MCP front door
  'src/agents/mcp/server.ts': 'src/mcp/server.ts',
  'src/agents/mcp/tools.ts': 'src/mcp/tools.ts',
  'src/agents/mcp/jsonrpc-line.ts': 'src/mcp/jsonrpc-line.ts',
  'src/agents/mcp/mcp-terms.ts': 'src/mcp/mcp-terms.ts',
  'src/agents/mcp/stdio-transport.ts': 'src/mcp/stdio-transport.ts',
  'src/agents/mcp/tool-names.ts': 'src/mcp/tool-names.ts',
  // agent hooks and their detached worker
  'src/agents/entry.ts': 'src/hook/agent/entry.ts',
  'src/agents/hook.ts': 'src/hook/agent/hook.ts',
  'src/agents/finalise.ts': 'src/hook/agent/finalise.ts',
  'src/agents/session-state.ts': 'src/hook/agent/session-state.ts',
  'src/agents/hook-input.ts': 'src/hook/agent/input.ts',
  'src/agents/hook-output.ts': 'src/hook/agent/output.ts',
  // transcript readers
  'src/agents/transcript.ts': 'src/transcripts/first-prompt.ts',
  'src/agents/statusline/usage.ts': 'src/transcripts/usage.ts',
  // fs/: atomic writes, the lock, reads
  'src/memory/atomic.ts': 'src/fs/atomic.ts',
  'src/git/lock.ts': 'src/fs/lock.ts',
  'src/git/orphans.ts': 'src/fs/orphans.ts',
  'src/read-file.ts': 'src/fs/read-file.ts',
  // a constant both front doors print
  'src/cli/version.ts': 'src/version.ts',
  // tests mirror src/
  'test/agents/bm25.test.ts': 'test/search/bm25.test.ts',
  'test/agents/search.test.ts': 'test/search/search.test.ts',
  'test/agents/mcp.test.ts': 'test/mcp/mcp.test.ts',
  'test/agents/mcp-protocol.test.ts': 'test/mcp/mcp-protocol.test.ts',
  'test/agents/mcp-task-input.test.ts': 'test/mcp/mcp-task-input.test.ts',
  'test/git/lock-full-disk.test.ts': 'test/fs/lock-full-disk.test.ts',
  'test/git/orphans.test.ts': 'test/fs/orphans.test.ts',
  'test/agents/hook.test.ts': 'test/hook/agent/hook.test.ts',
  'test/agents/hook-parts.test.ts': 'test/hook/agent/hook-parts.test.ts',
  'test/agents/statusline.test.ts': 'test/commands/statusline.test.ts',
  'test/git/doctor.test.ts': 'test/commands/doctor.test.ts',
  'test/git/help.test.ts': 'test/cli/help.test.ts',
};

const dry = process.argv.includes('--dry-run');
const toTs = (p) => p.replace(/\.([cm]?)js$/, '.$1ts');
const moved = (p) => MOVES[p] ?? p;
const posix = (p) => p.split(sep).join('/');

function files(dir, out = []) {
  if (!existsSync(dir)) return out;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) files(p, out);
    else if (/\.(ts|mts|mjs)$/.test(e.name)) out.push(posix(p));
  }
  return out;
}

for (const [from, to] of Object.entries(MOVES)) {
  if (!existsSync(from)) throw new Error(`${from} does not exist (already moved, or main changed: update MOVES)`);
  if (existsSync(to)) throw new Error(`${to} exists already`);
}

const SPEC = /((?:\bfrom\s+|\bimport\s*\(\s*|\bimport\s+|\bvi\.mock\(\s*)['"])(\.{1,2}\/[^'"]+)(['"])/g;
const rewrites = new Map();
for (const file of [...files('src'), ...files('test')]) {
  const text = readFileSync(file, 'utf8');
  const dest = moved(file);
  const next = text.replace(SPEC, (all, pre, spec, post) => {
    const target = posix(normalize(join(dirname(file), spec)));
    const newTarget = MOVES[toTs(target)] ? MOVES[toTs(target)].replace(/\.ts$/, target.match(/\.[cm]?js$/)?.[0] ?? '.ts') : target;
    if (newTarget === target && dest === file) return all;
    let rel = posix(relative(dirname(dest), newTarget));
    if (!rel.startsWith('.')) rel = `./${rel}`;
    return `${pre}${rel}${post}`;
  });
  if (next !== text || dest !== file) rewrites.set(file, next);
}

const build = readFileSync('scripts/build.mjs', 'utf8').replace(/'(src\/[^']+\.ts)'/g, (all, p) => (MOVES[p] ? `'${MOVES[p]}'` : all));
const knownPath = 'scripts/layers-known.txt';
const strip = (p) => p.replace(/^src\//, '');
const known = existsSync(knownPath)
  ? readFileSync(knownPath, 'utf8').replace(/^([^#\s][^\n]*?) -> ([^\n]+)$/gm, (_, a, b) => `${strip(moved(`src/${a}`))} -> ${strip(moved(`src/${b}`))}`)
  : null;

if (dry) {
  for (const [from, to] of Object.entries(MOVES)) console.log(`mv ${from} -> ${to}`);
  console.log(`${rewrites.size} file(s) get rewritten imports`);
  process.exit(0);
}
for (const [from, to] of Object.entries(MOVES)) {
  mkdirSync(dirname(to), { recursive: true });
  execFileSync('git', ['mv', from, to]);
}
for (const [file, text] of rewrites) writeFileSync(moved(file), text);
writeFileSync('scripts/build.mjs', build);
if (known !== null) writeFileSync(knownPath, known);
console.log(`moved ${Object.keys(MOVES).length} file(s); rewrote imports in ${rewrites.size}`);
