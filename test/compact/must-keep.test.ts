// mustKeep finds the last eight instructions from the end and puts only the five errors shown on
// one line (PreCompact's cost, DESIGN §11): its result must stay what the plain reading gives, on
// generated ledgers with repeated error lines, blank and instruction-like messages, failed commands
// that later succeed. And PreCompact's step sets up none of the compaction's other modules.
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { errorLine } from '../../src/compact/key-info.js';
import { mustKeep } from '../../src/compact/must-keep.js';
import { emptyLedger, type Ledger } from '../../src/transcripts/ledger.js';
import { rng } from '../helpers/rng.js';

const INSTRUCTION = /\b(don'?t|do not|never|always|must|instead|make sure|should(?:n'?t)?|wrong|actually|stop|prefer|only use|keep)\b|^no[,.! ]|不要|必须|别|应该|总是|不是|而是/i;
const oneLine = (s: string, n: number) => {
  const t = s.replace(/\s+/g, ' ').trim();
  return t.length > n ? `${t.slice(0, n - 1)}…` : t;
};

/** The reading mustKeep had before: every message tested, every error's line put on one line. */
function plain(ledger: Ledger) {
  const messages = ledger.user_messages.filter((m) => m.text.trim());
  const instructions = messages.slice(0, -1).filter((m) => INSTRUCTION.test(m.text)).slice(-8).map((m) => oneLine(m.text, 240));
  const failedAt = new Map<string, string>();
  const lastSuccess = new Map<string, string>();
  for (const c of ledger.commands) {
    if (c.failed) failedAt.set(c.at, c.command);
    else if ((lastSuccess.get(c.command) ?? '') < c.at) lastSuccess.set(c.command, c.at);
  }
  const out = new Map<string, string>();
  for (const e of ledger.errors) {
    const cmd = failedAt.get(e.at);
    const open = !e.followed_by || (cmd !== undefined && (lastSuccess.get(cmd) ?? '') <= e.at);
    if (open) out.set(errorLine(e.message), `${e.tool}: ${oneLine(errorLine(e.message), 200)}`);
  }
  return { instructions, unresolved_errors: [...out.values()].slice(-5) };
}


const WORDS = ['fix', 'the', 'parser', "don't", 'never', 'keep', 'No,', 'no.', 'always', 'stopwatch', 'actually', '不要', '  ', '\n', 'must', 'Nope', 'wrong', 'tests', 'prefer', 'instead'];
const LINES = ['<tool_use_error>Error: x</tool_use_error>', '\x1b[31mFAIL\x1b[0m test/a.test.ts', 'ab', 'TypeError: y is undefined\n  at z', '   \n  Error: same line  \n more', 'Error: same line', 'exit code 1'];

function ledgerOf(r: () => number): Ledger {
  const l = emptyLedger('claude', 's');
  const pick = <T>(xs: T[]) => xs[Math.floor(r() * xs.length)]!;
  const at = (i: number) => `2026-12-07T10:${String(Math.floor(i / 60) % 60).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}.000Z`;
  const n = Math.floor(r() * 40);
  for (let i = 0; i < n; i++) l.user_messages.push({ text: Array.from({ length: Math.floor(r() * 8) }, () => pick(WORDS)).join(r() < 0.5 ? ' ' : ''), at: at(i) });
  const cmds = ['npm test', 'npx tsc', 'git status', 'make'];
  const k = Math.floor(r() * 30);
  for (let i = 0; i < k; i++) {
    const failed = r() < 0.5;
    l.commands.push({ command: pick(cmds), at: at(i * 2), failed, by_subagent: false });
    if (failed || r() < 0.3) l.errors.push({ tool: pick(['Bash', 'Edit', 'Read']), message: `${pick(LINES)}${r() < 0.3 ? ` ${i % 7}` : ''}`, at: at(i * 2), followed_by: r() < 0.5 ? '' : 'went on' });
  }
  return l;
}

describe('mustKeep against the plain reading', () => {
  it('gives the same instructions and unresolved errors on 3,000 generated ledgers', () => {
    const r = rng(50);
    for (let i = 0; i < 3000; i++) {
      const l = ledgerOf(r);
      const got = mustKeep(l);
      const want = plain(l);
      expect({ instructions: got.instructions, unresolved_errors: got.unresolved_errors }).toEqual(want);
    }
  });
});

/** The modules `file` imports, at run time (not `import type`), to the bottom of src/. */
function runtimeImports(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  const text = readFileSync(file, 'utf8');
  for (const m of text.matchAll(/^(?:import|export)\s+(?!type\b)[^;]*?from\s+'(\.[^']+)'/gm)) runtimeImports(resolve(dirname(file), m[1]!.replace(/\.js$/, '.ts')), seen);
  return seen;
}

describe("PreCompact's step", () => {
  it('sets up none of the summary checks, hot files, notes or prepared state', () => {
    const src = join(__dirname, '../../src');
    const got = [...runtimeImports(join(src, 'commands/steps/compaction-pre.ts'))].map((f) => f.slice(src.length + 1));
    for (const not of ['compact/validate.ts', 'compact/hot-files.ts', 'compact/store.ts', 'compact/after-compact.ts', 'commands/steps/compact-notes.ts', 'commands/steps/compaction-hooks.ts', 'commands/steps/compaction-prepared.ts', 'commands/steps/hot-file-facts.ts']) expect(got).not.toContain(not);
    expect(got).toContain('compact/must-keep.ts');
  });
});
