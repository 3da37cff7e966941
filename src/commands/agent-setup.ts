import { existsSync } from 'node:fs';
import { readTextOrNull } from '../fs/read-file.js';
import { join } from 'node:path';
import { ADAPTERS, type AgentName } from '../agents/registry.js';
import { AIDER_INSTRUCTIONS } from '../agents/aider.js';
import { outsideNote, planFiles, type FileResult } from '../agents/config-files.js';
import { installSection, readsOnlyOutside } from '../agents/instruction-files.js';
import { PRIMER_FILE } from '../paths.js';
import type { Opened } from './context.js';
import { rebuildPrimer } from './steps/rebuild-primer.js';

export interface AgentFile {
  /** The agent the file belongs to, or `instructions` for AGENTS.md / CLAUDE.md / GEMINI.md. */
  agent: string;
  path: string;
  result: FileResult;
}

export interface AgentSetup {
  files: AgentFile[];
  notes: string[];
}

/**
 * Wires the named agents to git-memory: their hook configuration (merged into what is there), the
 * MCP server where asked, and the marked section in their instruction files. Nothing is written
 * unless every file could be read; running it again changes nothing.
 */
export async function setupAgents(o: Opened, agents: AgentName[], opts: { mcp?: boolean }): Promise<AgentSetup> {
  const { repo } = o;
  const plan = planFiles(repo);
  const notes: string[] = [];
  for (const name of agents) {
    const a = ADAPTERS[name];
    for (const f of a.config) plan.change(f.path, name, f.install);
    if (opts.mcp && a.mcp) plan.change(a.mcp.path, name, a.mcp.install);
    else if (opts.mcp) notes.push(`${a.title} has no MCP support; it reads ${PRIMER_FILE}`);
  }
  installSection(plan, agents);
  for (const name of agents) if (readsOnlyOutside(plan, name)) notes.push(`${ADAPTERS[name].title} reads no instruction file inside the repository: no git-memory section was written for it`);
  const applied = plan.apply();
  const files = applied.map((f) => ({ agent: f.label, path: f.path, result: f.result }));
  for (const f of applied) {
    const note = outsideNote(f);
    if (note) notes.push(note);
  }
  if (agents.includes('aider') && !existsSync(join(repo.root, PRIMER_FILE))) {
    // Aider reads the file but cannot ask for it: make sure it is there from the first session.
    await rebuildPrimer(o, { write: true, recordStart: false });
  }
  for (const name of agents) if (ADAPTERS[name].trust) notes.push(ADAPTERS[name].trust!);
  if (agents.includes('aider')) notes.push(AIDER_NOTE);
  return { files, notes };
}

/**
 * Aider runs no hooks, and with --yes-always it declines shell commands, so it cannot record its
 * own session: the user does, with `git memory end` (its auto-commits are recorded meanwhile by the
 * post-commit hook, and join the session then). Said once: `init` prints the notes as they are, in
 * text and in --json.
 */
const AIDER_NOTE =
  `Aider has no hooks: it reads ${PRIMER_FILE} when it starts (the \`read:\` entry in .aider.conf.yml, beside ${AIDER_INSTRUCTIONS}, which tells its model how to use the memory); the post-commit hook refreshes it after each commit, and \`git memory primer\` before you start aider (the other agents' sessions and every \`git memory end\` refresh it too). ` +
  `Its commits are recorded by the post-commit hook, but nothing records an Aider session by itself: run \`git memory end --summary '{"request":"…"}'\` when you leave it (or \`/run git memory end …\` inside Aider). ` +
  'A teammate\'s clone gets the primer from `git memory init`';

/**
 * A clone whose committed .aider.conf.yml reads the primer, which is gitignored: `init` writes it,
 * so the teammate's Aider does not start without memory ("Read-only file … does not exist").
 */
export async function primerForAider(o: Opened): Promise<boolean> {
  const path = join(o.repo.root, '.aider.conf.yml');
  if (existsSync(join(o.repo.root, PRIMER_FILE)) || !existsSync(path)) return false;
  try {
    // Not a regular file (a link to a FIFO): not read, as unreadable.
    const text = readTextOrNull(path);
    if (text === null || !ADAPTERS.aider.config[0]!.installed(text)) return false;
  } catch {
    return false; // an unreadable or unparsable file: init goes on without
  }
  await rebuildPrimer(o, { write: true, recordStart: false });
  return true;
}
