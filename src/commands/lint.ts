import { lstatSync, readFileSync, readlinkSync } from 'node:fs';
import { basename, join } from 'node:path';
import { GitMemoryError } from '../errors.js';
import { worktreeMemoryFiles } from '../git/memory-files.js';
import { findRepo } from '../git/repo.js';
import { loadConfig } from '../memory/config.js';
import { buildPrimer, PRIMER_MAX_BYTES } from '../memory/primer.js';
import { parseLongTerm } from '../memory/long-term.js';
import { PRIMER_PHRASES } from '../memory/primer-phrases.js';
import { LONG_TERM_FILE, PRIMER_FILE } from '../paths.js';
import { symlinkMessage } from '../worktree-path.js';
import { open, type Ctx, type Result } from './context.js';
import { lintFile, type LintProblem } from './lint-file.js';
import { gatherPrimer } from './steps/gather-primer.js';
import { primerOptions } from './steps/primer-options.js';
import { worktreeSource } from './steps/worktree-source.js';

export type { LintCheck, LintProblem } from './lint-file.js';

export interface LintFileReport {
  file: string;
  problems: LintProblem[];
}

export interface LintData {
  /** False when there is any problem: the CLI exits 3 if a secret is among them, else 1. */
  ok: boolean;
  /** Memory files checked. */
  files: number;
  problems: number;
  secrets: number;
  /** Files with problems, in path order, each with its problems in line order. */
  report: LintFileReport[];
  /**
   * MEMORY.md entries whose files changed since they were recorded (or were all deleted): listed
   * for a person to check, not counted as problems (the code moving on is no error).
   */
  stale: { line: number; text: string; why: string }[];
}

/** MEMORY.md's entries that may be stale, with their lines: one bounded git call. */
async function staleEntries(ctx: Ctx): Promise<LintData['stale']> {
  let o;
  try {
    o = open(ctx);
  } catch (e) {
    if (e instanceof GitMemoryError) return [];
    throw e;
  }
  const src = worktreeSource(o);
  const text = await src.longTerm();
  if (!text) return [];
  let entries;
  try {
    entries = parseLongTerm(text, LONG_TERM_FILE).entries.filter((e) => e.section !== 'superseded');
  } catch {
    return []; // reported as MEMORY.md's schema problem
  }
  const marks = await src.staleness(entries);
  const lines = text.split('\n');
  return entries.flatMap((e, i) => {
    const m = marks[i];
    if (!m) return [];
    const line = lines.findIndex((l) => l.includes(e.text)) + 1;
    const why = m.deleted ? `its files were all deleted (${e.files.join(', ')}); the next dream removes it` : m.changed.map((c) => PRIMER_PHRASES.en.staleWhy(c)).join(', ');
    return [{ line, text: e.text, why }];
  });
}

/** The primer as `git memory primer` would build it now must fit max_tokens and 8 KB. */
async function primerBudget(ctx: Ctx): Promise<LintProblem[]> {
  let o;
  try {
    o = open(ctx);
  } catch (e) {
    if (e instanceof GitMemoryError) return []; // the config's own problems are reported with it
    throw e;
  }
  const max = o.config.primer.max_tokens;
  const got = await gatherPrimer(worktreeSource(o), o.now, o.config.primer.days);
  const built = buildPrimer(got.input, primerOptions(o.config));
  const problems: LintProblem[] = [];
  const bytes = Buffer.byteLength(built.markdown);
  // buildPrimer drops items to fit; what it cannot drop is the header (project name, provenance).
  const why = built.included.length ? '' : ' with every item dropped: shorten [project] name';
  if (built.tokens > max) problems.push({ check: 'primer-budget', message: `the primer as built now is ${built.tokens} tokens, over max_tokens (${max})${why}` });
  if (bytes > PRIMER_MAX_BYTES) problems.push({ check: 'primer-budget', message: `the primer as built now is ${bytes} bytes, over the ${PRIMER_MAX_BYTES}-byte (8 KB) cap${why}` });
  return problems;
}

function allowlistOf(root: string): readonly string[] {
  try {
    return loadConfig(root).config.secrets.allowlist;
  } catch (e) {
    if (e instanceof GitMemoryError) return []; // reported as the config's schema problem
    throw e;
  }
}

/**
 * `git memory lint`: checks every memory file of the working tree that a commit could share —
 * schema, size caps, secrets, invisible characters, instruction-like lines — then session ids
 * duplicated across files and the primer budget. Reads only; the report is grouped by file.
 */
export async function lint(ctx: Ctx): Promise<Result<LintData>> {
  const repo = findRepo(ctx.cwd, ctx.env);
  const allowlist = allowlistOf(repo.root);
  const byFile = new Map<string, LintProblem[]>();
  const add = (file: string, ...problems: LintProblem[]) => {
    if (problems.length) byFile.set(file, [...(byFile.get(file) ?? []), ...problems]);
  };
  const warnings: string[] = [];
  const ids = new Map<string, { file: string; line?: number }[]>();
  const files = await worktreeMemoryFiles(repo.root);
  let checked = 0;
  for (const file of files) {
    let text: string;
    try {
      const st = lstatSync(join(repo.root, file));
      if (st.isSymbolicLink()) {
        // Not followed (it could point anywhere on this machine): said, since every reader skips it.
        add(file, { check: 'schema', message: `${symlinkMessage({ link: file, target: readlinkSync(join(repo.root, file)) })}: every reader skips it; commit the file itself` });
        continue;
      }
      if (!st.isFile()) continue;
      text = readFileSync(join(repo.root, file), 'utf8');
    } catch {
      continue; // tracked but deleted in the working tree
    }
    checked++;
    const got = await lintFile(file, text, { allowlist, repoName: basename(repo.root) });
    add(file, ...got.problems);
    warnings.push(...got.warnings);
    for (const s of got.sessions) ids.set(s.id, [...(ids.get(s.id) ?? []), { file, ...(s.line ? { line: s.line } : {}) }]);
  }
  for (const [id, where] of ids) {
    if (where.length < 2) continue;
    for (const w of where) {
      const others = where.filter((x) => x !== w).map((x) => x.file);
      add(w.file, { check: 'duplicate-id', ...(w.line ? { line: w.line } : {}), message: `session id ${id} is also used by ${others.join(', ')}` });
    }
  }
  if (checked) add(PRIMER_FILE, ...(await primerBudget(ctx)));
  const report = [...byFile.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([file, problems]) => ({ file, problems: problems.sort((a, b) => (a.line ?? 0) - (b.line ?? 0)) }));
  const all = report.flatMap((r) => r.problems);
  const secrets = all.filter((p) => p.check === 'secret').length;
  const stale = checked ? await staleEntries(ctx) : [];
  return { data: { ok: all.length === 0, files: checked, problems: all.length, secrets, report, stale }, warnings };
}
