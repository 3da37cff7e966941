import { isAbsolute, posix } from 'node:path';
import type { FilePlan } from './config-files.js';
import { hasSection, removeSection, upsertSection } from './instructions.js';
import { ADAPTERS, AGENT_NAMES, type AgentName } from './registry.js';

/**
 * Which instruction files carry the marked section. Several agents can read one file (Codex and
 * Cursor read AGENTS.md; a CLAUDE.md linked to AGENTS.md is AGENTS.md; Gemini CLI reads the names
 * in its `context.fileName`), so files are compared by what they resolve to, and the section goes
 * where each agent that is set up reads it once.
 */

type Files = Pick<FilePlan, 'text' | 'where' | 'linked'>;

/** A repository path as written in a setting, normalised; null when it would leave the repository. */
function inside(path: string): string | null {
  const p = posix.normalize(path);
  return isAbsolute(path) || p === '.' || p === '..' || p.startsWith('../') || p.endsWith('/') ? null : p;
}

/** The files the agent reads, best first: inside the repository only, one path per file. */
export function agentReads(files: Files, name: AgentName): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of ADAPTERS[name].instructions(files.text)) {
    const p = inside(raw);
    if (p === null || seen.has(files.where(p))) continue;
    seen.add(files.where(p));
    out.push(p);
  }
  return out;
}

/** The files the agent reads when no setting names others (GEMINI.md for Gemini CLI). */
export const defaultReads = (files: Files, name: AgentName) => agentReads({ ...files, text: () => null }, name);

/** True when the agent names files to read but none is inside the repository (so none gets the section). */
export const readsOnlyOutside = (files: Files, name: AgentName) => ADAPTERS[name].instructions(files.text).length > 0 && !agentReads(files, name).length;

/**
 * The agents whose hook configuration `init --agent` wrote, as the planned text has it. A file that
 * does not parse throws, unless `tolerant`, where it counts as not set up.
 */
function wiredAgents(files: Pick<FilePlan, 'text'>, opts: { tolerant?: boolean } = {}): AgentName[] {
  return AGENT_NAMES.filter((n) =>
    ADAPTERS[n].config.some((f) => {
      try {
        const text = files.text(f.path);
        return text !== null && f.installed(text);
      } catch (e) {
        if (opts.tolerant) return false;
        throw e;
      }
    }),
  );
}

const carries = (files: Files, path: string) => {
  const text = files.text(path);
  return text !== null && hasSection(text);
};

/**
 * The files that should carry the section for these agents, one path per file: every file of an
 * agent that reads one file; for an agent that reads several (Gemini CLI), none more when one of
 * them is already chosen, else the one that carries the section already, else the first. A linked
 * path gives way to the real file's own name.
 */
function sectionFiles(files: Files, agents: readonly AgentName[]): string[] {
  const chosen = new Map<string, string>();
  const add = (path: string) => {
    const at = chosen.get(files.where(path));
    if (at === undefined || (files.linked(at) && !files.linked(path))) chosen.set(files.where(path), path);
  };
  const reads = agents.map((n) => agentReads(files, n));
  for (const r of reads) if (r.length === 1) add(r[0]!);
  for (const r of reads) {
    if (r.length < 2 || r.some((p) => chosen.has(files.where(p)))) continue;
    add(r.find((p) => carries(files, p)) ?? r[0]!);
  }
  return [...chosen.values()];
}

/**
 * Puts the section where `setUp` (the agents set up after this run) read it, into the files of
 * the agents in `add`, and takes it out of the files in `consider` that no longer need it: a file
 * keeps it while an agent that reads it has no other file carrying it.
 */
function placeSection(plan: FilePlan, setUp: readonly AgentName[], add: readonly AgentName[], consider: readonly string[]): void {
  const chosen = sectionFiles(plan, setUp);
  const wanted = new Set(add.flatMap((n) => agentReads(plan, n)).map((p) => plan.where(p)));
  for (const p of chosen) if (wanted.has(plan.where(p))) plan.change(p, 'instructions', upsertSection);
  const carrying = new Set(chosen.filter((p) => carries(plan, p)).map((p) => plan.where(p)));
  const readers = setUp.map((n) => agentReads(plan, n).map((p) => plan.where(p)));
  const done = new Set<string>();
  for (const p of consider) {
    const f = plan.where(p);
    if (done.has(f) || carrying.has(f) || !carries(plan, p)) continue;
    done.add(f);
    if (readers.some((r) => r.includes(f) && !r.some((o) => o !== f && carrying.has(o)))) continue; // still someone's only copy
    plan.change(p, 'instructions', (t) => (t === null ? null : removeSection(t)));
  }
}

/**
 * `init --agent`: the section into a file each named agent reads. Where a file it now carries is
 * read by an agent set up earlier that had it in another file (Gemini CLI reading GEMINI.md and
 * AGENTS.md, then Codex set up), that other copy goes, so the agent reads it once.
 */
export function installSection(plan: FilePlan, named: readonly AgentName[]): void {
  const wired = wiredAgents(plan, { tolerant: true });
  const setUp = AGENT_NAMES.filter((n) => named.includes(n) || wired.includes(n));
  const namedFiles = new Set(named.flatMap((n) => agentReads(plan, n)).map((p) => plan.where(p)));
  const sharing = setUp.filter((n) => agentReads(plan, n).some((p) => namedFiles.has(plan.where(p))));
  placeSection(plan, setUp, named, [...new Set([...named, ...sharing].flatMap((n) => agentReads(plan, n)))]);
}

/**
 * `uninstall --agent`: the section out of the files the removed agents read (and their default
 * files, which an earlier setting may have chosen), except where an agent still set up reads it.
 * `removed` must already be unwired in `plan`; a configuration file that does not parse throws.
 */
export function uninstallSection(plan: FilePlan, removed: readonly AgentName[]): void {
  const setUp = wiredAgents(plan).filter((n) => !removed.includes(n));
  placeSection(plan, setUp, [], [...new Set(removed.flatMap((n) => [...agentReads(plan, n), ...defaultReads(plan, n)]))]);
}
