import { readFileSync, lstatSync } from 'node:fs';
import { basename, join } from 'node:path';
import { BareRepositoryError, GitMemoryError, UsageError } from '../errors.js';
import { git } from '../git/git.js';
import { forEachBlob } from '../git/blob-batch.js';
import { memoryCommitMessages, memoryVersionsIn, stagedMemoryFiles, worktreeMemoryFiles, type MemoryCommitMessage, type MemoryVersion } from '../git/memory-files.js';
import { findRepo, type Repo } from '../git/repo.js';
import { resolveRange } from '../git/revisions.js';
import { loadConfig, parseConfig } from '../memory/config.js';
import { CONFIG_FILE } from '../paths.js';
import { scanMemoryText } from '../safety/scan-memory.js';
import type { Ctx, Result } from './context.js';

export interface ScanOptions {
  all?: boolean;
  staged?: boolean;
  /** `A...B`, `A..B` or `A` (as `git memory diff` reads them): the memory versions its commits bring. */
  range?: string;
}

/** What `file` says of a finding in a memory commit's message (history scans). */
export const COMMIT_MESSAGE = '(commit message)';

export interface ScanFinding {
  /** The memory file, or COMMIT_MESSAGE for a finding in the message of `commit`. */
  file: string;
  /** The commit that brought this version (history scans only). */
  commit?: string;
  ruleId: string;
  line: number;
  column: number;
  masked: string;
  message: string;
}

export interface ScanData {
  /** False when anything was found; the CLI then exits 3. */
  ok: boolean;
  source: 'worktree' | 'staged' | 'all' | 'range';
  range?: { base: string; head: string; spec: string };
  /** Memory file versions scanned (distinct contents). */
  scanned: number;
  /** Messages of memory commits scanned (history and range scans). */
  messages?: number;
  findings: ScanFinding[];
}

/** The config's allowlist; a broken config scans with none (more findings, never fewer) and says so. */
async function allowlistOf(repo: Repo, warnings: string[]): Promise<readonly string[]> {
  try {
    const loaded = repo.bare ? await headConfig(repo) : loadConfig(repo.root);
    warnings.push(...loaded.warnings);
    return loaded.config.secrets.allowlist;
  } catch (e) {
    if (!(e instanceof GitMemoryError)) throw e;
    warnings.push(`${e.message.split('\n')[0]} (scanning without the allowlist)`);
    return [];
  }
}

/** A bare repository's config: the one committed at HEAD (it has no other), else the defaults. */
async function headConfig(repo: Repo): Promise<{ config: { secrets: { allowlist: readonly string[] } }; warnings: string[] }> {
  const text = await git(['show', `HEAD:${CONFIG_FILE}`], { cwd: repo.root, allowFail: true });
  return text === null ? { config: { secrets: { allowlist: [] } }, warnings: [] } : parseConfig(text, `HEAD:${CONFIG_FILE}`, basename(repo.root, '.git'));
}

/** Working-tree files as regular files only: a symlink in memory is not followed out of the repository. */
function readWorktree(root: string, path: string): string | null {
  try {
    return lstatSync(join(root, path)).isFile() ? readFileSync(join(root, path), 'utf8') : null;
  } catch {
    return null; // tracked but deleted in the working tree
  }
}

async function versionsFor(root: string, opts: ScanOptions): Promise<{ versions: MemoryVersion[]; messages: MemoryCommitMessage[]; range?: ScanData['range'] }> {
  const inHistory = async (revs: string[]) => {
    const [versions, messages] = await Promise.all([memoryVersionsIn(root, revs), memoryCommitMessages(root, revs)]);
    return { versions, messages };
  };
  if (opts.all) return inHistory(['--all']);
  if (opts.staged) return { versions: await stagedMemoryFiles(root), messages: [] };
  let r;
  try {
    r = await resolveRange(root, opts.range);
  } catch (e) {
    if (e instanceof UsageError) throw new UsageError(e.message, 'give a range of commits, e.g. `git memory scan origin/main...HEAD`');
    throw e;
  }
  return { ...(await inHistory([r.head, `^${r.base}`])), range: { base: r.base, head: r.head, spec: opts.range! } };
}

/**
 * `git memory scan`: the secret scanner over memory files, for CI. By default the working tree's
 * memory files; `staged`: the index; `all`: every version in the history of every ref; `range`: the
 * versions the range's commits bring, and (history scans) the messages of the memory commits among
 * them. Each distinct content is scanned once, a batch at a time.
 * Findings carry file, line, column, rule and the masked value (never the value).
 */
export async function scan(ctx: Ctx, opts: ScanOptions): Promise<Result<ScanData>> {
  const chosen = [opts.all && '--all', opts.staged && '--staged', opts.range && opts.range].filter(Boolean);
  if (chosen.length > 1) throw new UsageError(`give one of --all, --staged or a range, not ${chosen.join(' and ')}`);
  // --all and a range read history alone: they work in a bare repository (a server's, a mirror).
  const history = opts.all === true || opts.range !== undefined;
  const repo = findRepo(ctx.cwd, ctx.env, { allowBare: true });
  if (repo.bare && !history) throw new BareRepositoryError(repo.gitDir, `git memory scan${opts.staged ? ' --staged' : ''}`, 'scan what the history holds instead: `git memory scan --all`, or a range, `git memory scan BASE...HEAD`');
  const warnings: string[] = [];
  const allowlist = await allowlistOf(repo, warnings);
  const findings: ScanFinding[] = [];
  let scanned = 0;
  const check = async (text: string, file: string, commit?: string) => {
    if (file !== COMMIT_MESSAGE) scanned++;
    for (const f of await scanMemoryText(text, allowlist)) {
      findings.push({ file, ...(commit ? { commit } : {}), ruleId: f.ruleId, line: f.line, column: f.column, masked: f.masked, message: f.message });
    }
  };

  if (!opts.all && !opts.staged && opts.range === undefined) {
    for (const path of await worktreeMemoryFiles(repo.root)) {
      const text = readWorktree(repo.root, path);
      if (text !== null) await check(text, path);
    }
    return { data: { ok: findings.length === 0, source: 'worktree', scanned, findings }, warnings };
  }

  const { versions, messages, range } = await versionsFor(repo.root, opts);
  const byBlob = new Map(versions.map((v) => [v.blob, v]));
  await forEachBlob(repo.root, [...byBlob.keys()], async (blob, text) => {
    const v = byBlob.get(blob)!;
    if (text === null) warnings.push(`${v.path}: blob ${blob.slice(0, 12)} is not in this clone (shallow or partial?), not scanned`);
    else await check(text, v.path, v.commit);
  });
  // The messages of memory commits: the summary in a subject is memory too.
  for (const m of messages) await check(m.message, COMMIT_MESSAGE, m.commit);
  const source = opts.all ? 'all' : opts.staged ? 'staged' : 'range';
  return { data: { ok: findings.length === 0, source, ...(range ? { range } : {}), scanned, ...(opts.staged ? {} : { messages: messages.length }), findings }, warnings };
}
