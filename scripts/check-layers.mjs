#!/usr/bin/env node
// Checks that relative imports under src/ run downward in the layering of DESIGN.md §12:
//   bin.ts > cli/ mcp/ hook/ > commands/ > feature folders > memory/ git/ safety/ > fs/ and base files
// that git/ imports nothing from memory/ (issue 11: the git plumbing sits beside the formats,
// it does not write through them), and that no handler in commands/ calls another (see below).
//
// The imports that break this today are listed in scripts/layers-known.txt. The check fails on an
// upward import not in that list, and on a listed one that no longer exists, so the list only
// shrinks: issue 11's refactor empties it.
//
// Usage: node scripts/check-layers.mjs [--root DIR] [--known FILE]   (DIR defaults to the project
// root, FILE to scripts/layers-known.txt). Exit 0 when clean, 1 on any finding, 2 on bad usage.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const LAYERS = [
  { tier: 0, name: 'bin.ts', files: ['bin.ts'] },
  { tier: 1, name: 'front doors', folders: ['cli', 'mcp', 'hook'] },
  { tier: 2, name: 'commands', folders: ['commands'] },
  { tier: 3, name: 'features', folders: ['transcripts', 'notes', 'compact', 'dream', 'llm', 'search', 'agents'] },
  { tier: 4, name: 'formats and plumbing', folders: ['memory', 'git', 'safety'] },
  { tier: 5, name: 'fs and base files', folders: ['fs', 'types'], baseFiles: true },
];
/** Imports forbidden even within one tier: [from folder, to folder]. */
const SIDEWAYS = [['git', 'memory']];

function usage(message) {
  console.error(`check-layers: ${message}\nusage: node scripts/check-layers.mjs [--root DIR] [--known FILE]`);
  process.exit(2);
}

const args = process.argv.slice(2);
const opt = (name) => {
  const i = args.indexOf(name);
  if (i === -1) return undefined;
  if (!args[i + 1]) usage(`${name} needs a value`);
  return args[i + 1];
};
for (const a of args) if (a.startsWith('--') && a !== '--root' && a !== '--known') usage(`unknown option ${a}`);
const root = resolve(opt('--root') ?? join(dirname(fileURLToPath(import.meta.url)), '..'));
const knownFile = resolve(opt('--known') ?? join(root, 'scripts', 'layers-known.txt'));
const src = join(root, 'src');
if (!existsSync(src)) usage(`no src/ under ${root}`);

/** Where a path under src/ sits: its top folder (or '' for a base file) and its tier; null when unplaced. */
function place(rel) {
  const parts = rel.split(sep);
  if (parts.length === 1) {
    const layer = LAYERS.find((l) => l.files?.includes(parts[0])) ?? LAYERS.find((l) => l.baseFiles);
    return { top: '', tier: layer.tier };
  }
  const layer = LAYERS.find((l) => l.folders?.includes(parts[0]));
  return layer ? { top: parts[0], tier: layer.tier } : null;
}

const files = [];
const walk = (d) => {
  for (const e of readdirSync(d, { withFileTypes: true })) {
    const p = join(d, e.name);
    if (e.isDirectory()) walk(p);
    else if (/\.(ts|mts|cts)$/.test(e.name) && !/\.d\.[cm]?ts$/.test(e.name)) files.push(p);
  }
};
walk(src);

/** The source file a relative specifier names ('./x.js' → x.ts; a folder → its index.ts). */
function target(from, spec) {
  const base = normalize(join(dirname(from), spec));
  const candidates = [base.replace(/\.([cm]?)js$/, '.$1ts'), base, `${base}.ts`, join(base, 'index.ts')];
  return candidates.find((c) => existsSync(c) && statSync(c).isFile()) ?? candidates[0];
}

const IMPORT = /(?:\bfrom\s+|\bimport\s*\(\s*|\bimport\s+|\brequire\(\s*)['"](\.{1,2}\/[^'"]+)['"]/g;
const found = new Set();
const unplaced = new Set();
for (const f of files) {
  const fromRel = relative(src, f);
  const from = place(fromRel);
  if (!from) unplaced.add(fromRel.split(sep)[0]);
  for (const m of readFileSync(f, 'utf8').matchAll(IMPORT)) {
    const toPath = target(f, m[1]);
    const toRel = relative(src, toPath);
    if (toRel.startsWith('..')) continue; // outside src/ (package.json, templates): not layered
    const to = place(toRel);
    if (!to) unplaced.add(toRel.split(sep)[0]);
    if (!from || !to) continue;
    const sideways = SIDEWAYS.some(([a, b]) => from.top === a && to.top === b);
    if (to.tier < from.tier || sideways) found.add(`${fromRel.split(sep).join('/')} -> ${toRel.split(sep).join('/')}`);
  }
}

// No handler calls another (issue 11): a file directly in commands/ does not call a sibling's
// handler. A handler is what a front door (bin.ts, cli/, mcp/, hook/) reaches: the function named
// after a commands/ file they import (end.ts → end, merge-driver.ts → mergeDriver); helpers such as
// lint-file.ts are not. Shared work is a step in commands/steps/, called with the repository the
// handler already opened.
const SIBLING = /(?:\bfrom\s+|\bimport\s*\(\s*)['"]\.\/([^'"/]+)\.js['"]/g;
const TYPE_ONLY = /^\s*(?:import|export)\s+type\b[^;]*$/;
const commandsDir = join(src, 'commands');
const fromFrontDoors = new Set();
for (const f of files) {
  const from = place(relative(src, f));
  if (!from || from.tier > 1) continue;
  for (const m of readFileSync(f, 'utf8').matchAll(IMPORT)) {
    const to = target(f, m[1]);
    if (dirname(to) === commandsDir) fromFrontDoors.add(relative(commandsDir, to));
  }
}
const handlerOf = (file) => {
  if (!fromFrontDoors.has(file)) return null;
  const name = file.replace(/\.ts$/, '').replace(/-([a-z])/g, (_, c) => c.toUpperCase());
  const text = readFileSync(join(commandsDir, file), 'utf8');
  return new RegExp(`export\\s+(?:async\\s+)?function\\s+${name}\\b`).test(text) ? name : null;
};
for (const f of files.filter((p) => dirname(p) === commandsDir)) {
  const text = readFileSync(f, 'utf8');
  for (const m of text.matchAll(SIBLING)) {
    const line = text.slice(text.lastIndexOf('\n', m.index) + 1, text.indexOf('\n', m.index));
    if (TYPE_ONLY.test(line) || !existsSync(join(commandsDir, `${m[1]}.ts`))) continue;
    const handler = handlerOf(`${m[1]}.ts`);
    if (handler && new RegExp(`(?<![\\w$])${handler}\\s*\\(`).test(text)) {
      found.add(`${relative(src, f).split(sep).join('/')} -> commands/${m[1]}.ts (calls the handler ${handler})`);
    }
  }
}

const known = existsSync(knownFile)
  ? new Set(
      readFileSync(knownFile, 'utf8')
        .split('\n')
        .map((l) => l.replace(/#.*/, '').trim())
        .filter(Boolean)
        .map((l) => l.split(/\s*->\s*/).join(' -> ')),
    )
  : new Set();
const added = [...found].filter((x) => !known.has(x)).sort();
const gone = [...known].filter((x) => !found.has(x)).sort();
const shown = relative(root, knownFile) || knownFile;

let failed = false;
if (unplaced.size) {
  failed = true;
  console.log(`folder(s) under src/ with no layer (add them to LAYERS in scripts/check-layers.mjs):\n  ${[...unplaced].sort().join('\n  ')}`);
}
if (added.length) {
  failed = true;
  console.log(`${added.length} new import(s) run upward (or from git/ into memory/, or call a sibling handler); make them run downward:\n  ${added.join('\n  ')}`);
}
if (gone.length) {
  failed = true;
  console.log(`${gone.length} import(s) listed in ${shown} no longer exist; remove them from the list:\n  ${gone.join('\n  ')}`);
}
if (failed) process.exit(1);
console.log(found.size ? `no new upward imports (${found.size} known, listed in ${shown})` : 'imports run downward only');
