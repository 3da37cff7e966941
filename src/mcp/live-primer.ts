import { join } from 'node:path';
import { localDate, localTime, now } from '../clock.js';
import type { Ctx, Result } from '../commands/context.js';
import { primer, type PrimerData, type PrimerOptions } from '../commands/primer.js';
import { Stamp } from '../fs/stamp.js';
import { stampHead } from '../git/head-stamp.js';
import { findRepo, type Repo } from '../git/repo.js';
import { userDir } from '../memory/user-files.js';
import { CONFIG_FILE, ENTITIES_FILE, INSTRUCTIONS_FILE, LONG_TERM_FILE, PREFERENCES_FILE, PRIMER_FILE, TASKS_FILE } from '../paths.js';
import { stampJournal } from '../search/journal-stamp.js';

/** The files the primer reads, besides the journal and HEAD: a new input goes here. */
const REPO_INPUTS = [CONFIG_FILE, TASKS_FILE, LONG_TERM_FILE];
const USER_INPUTS = [ENTITIES_FILE, PREFERENCES_FILE, INSTRUCTIONS_FILE];

interface Kept {
  /** The inputs' stamp, taken before the primer was built. */
  inputs: Stamp;
  racy: boolean;
  /** PRIMER.md's stamp after the primer wrote it: a deleted or replaced file is written again. */
  output: Stamp;
  result: Result<PrimerData>;
}

/**
 * Everything the primer depends on, by `lstat`: its input files, the journal's day directories,
 * HEAD (its commit and branch), the minute (the primer shows when it was made and picks the days
 * by date) and the call's arguments. No git process and no file is read.
 */
function stampInputs(repo: Repo, ctx: Ctx, opts: PrimerOptions): Stamp {
  const s = new Stamp();
  for (const f of REPO_INPUTS) s.add(join(repo.root, f));
  const home = userDir(ctx.env);
  for (const f of USER_INPUTS) s.add(join(home, f));
  stampJournal(s, repo.root);
  stampHead(s, repo);
  const at = now(ctx.env);
  return s.note(`${localDate(at)} ${localTime(at)}`).note(JSON.stringify([opts.maxTokens, opts.days, opts.write, opts.recordStart]));
}

const stampOutput = (repo: Repo) => new Stamp().add(join(repo.root, PRIMER_FILE));

const kept = new Map<string, Kept>();

/**
 * `memory_primer` in a long-lived server: the briefing is built once and handed out again while
 * nothing it depends on changed (see stampInputs), so a client that asks at every turn costs a few
 * dozen `lstat` calls, not a rebuild. A change anywhere is seen at the next call, which builds,
 * writes PRIMER.md and records the session start as the command does.
 */
export async function livePrimer(ctx: Ctx, opts: PrimerOptions): Promise<Result<PrimerData>> {
  const repo = findRepo(ctx.cwd, ctx.env);
  const inputs = stampInputs(repo, ctx, opts);
  const k = kept.get(repo.stateDir);
  if (k && !k.racy && k.inputs.equals(inputs) && k.output.equals(stampOutput(repo))) return { ...k.result, warnings: [...k.result.warnings] };
  kept.delete(repo.stateDir);
  const result = await primer(ctx, opts);
  kept.set(repo.stateDir, { inputs, racy: inputs.racy(), output: stampOutput(repo), result: { ...result, warnings: [...result.warnings] } });
  return result;
}

/** Forgets every kept primer (a server shutting down). */
export function forgetLivePrimers(): void {
  kept.clear();
}
