// What the suite reads back from a scratch repository after an agent ran: the session files, the
// memory commits, the transcript's ledger.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { read, sessionFiles, until, type Scratch } from './drive.js';

/** Every file under `dir` whose name matches `re`. */
export function findFiles(dir: string, re: RegExp): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    let entries: string[];
    try {
      entries = readdirSync(d);
    } catch {
      return;
    }
    for (const e of entries) {
      const p = join(d, e);
      if (statSync(p).isDirectory()) walk(p);
      else if (re.test(e)) out.push(p);
    }
  };
  walk(dir);
  return out.sort();
}

/** The memory commits (subject `memory: …`), oldest first, with the files each touched. */
export function memoryCommits(s: Scratch): { id: string; subject: string; files: string[] }[] {
  const log = s.git('log', '--reverse', '--format=%h%x09%s');
  return log
    .split('\n')
    .filter((l) => l.split('\t')[1]?.startsWith('memory:'))
    .map((l) => {
      const [id, subject] = l.split('\t');
      return { id, subject, files: s.git('show', '--name-only', '--format=', id).split('\n').filter(Boolean) };
    });
}

/** Waits for the session file(s) and for git-memory's detached workers to settle; returns the session texts. */
export async function recorded(s: Scratch, commits = 1, ms = 30_000): Promise<string[]> {
  await until(() => sessionFiles(s.repo).length > 0 && memoryCommits(s).length >= commits, ms);
  // A worker may still be committing: wait for the journal to be committed and quiet.
  await until(() => s.git('status', '--porcelain', '--', '.openclaw_memory/journal') === '', 10_000);
  return sessionFiles(s.repo).map(read);
}

/** The ledger of a transcript, read by this build. */
export function ledgerOf(s: Scratch, transcript: string): any {
  return JSON.parse(s.gm('ledger', '--transcript', transcript, '--json'));
}

/** Memory commits touch only memory files; the user's work is not in them. */
export function expectMemoryOnly(s: Scratch): void {
  for (const c of memoryCommits(s)) for (const f of c.files) expect(f, `${c.subject}`).toMatch(/^\.openclaw_memory\//);
}

/** A section of a session file ("Commits", "Request", …), '' when absent. */
export function section(text: string, name: string): string {
  const m = new RegExp(`^### ${name}\\n([\\s\\S]*?)(?=^##|(?![\\s\\S]))`, 'm').exec(text);
  return m ? m[1] : '';
}

/**
 * One session recorded, its Request holding `request`, in one memory commit of memory files only;
 * `file`, which the agent wrote, left to the user uncommitted.
 */
export async function expectRecordedOnce(s: Scratch, request: string, file: string): Promise<void> {
  const texts = await recorded(s);
  expect(texts).toHaveLength(1);
  expect(section(texts[0]!, 'Request')).toContain(request);
  expect(memoryCommits(s)).toHaveLength(1);
  expectMemoryOnly(s);
  expect(s.git('status', '--porcelain', '--', file)).toBe(`?? ${file}`);
}

/**
 * The second session of a subfolder run (its request "Now add hi", which wrote src/hi.js) recorded
 * with its file, and the start the agent waited for ran no node: none of git-memory's start
 * processes since call `before` ran in line (one beside it, if any, is not waited for). Memory
 * files only in its commits.
 */
export async function expectSecondStartKept(s: Scratch, before: number): Promise<void> {
  const session = (await recorded(s, 2)).find((t) => section(t, 'Request').includes('Now add hi')) ?? '';
  expect(session).toContain('src/hi.js');
  expect(s.calls().slice(before).filter((c) => /hook agent session-start/.test(c.args) && !c.args.endsWith('(beside)'))).toEqual([]);
  expectMemoryOnly(s);
}
