import { existsSync, readdirSync, readFileSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { movableClock } from '../helpers/clock.js';
import { serializeSession, type Session } from '../../src/memory/session.js';
import { makeMemoryRepo } from '../helpers/repo.js';

const session = (over: Partial<Session> & Pick<Session, 'id' | 'date' | 'time'>): Session => ({
  agent: 'claude',
  branch: 'main',
  request: 'Ship the exporter',
  learned: [],
  decisions: [],
  completed: [],
  next_steps: [],
  notes: [],
  commits: [],
  ...over,
});

interface KeptDay {
  v: number;
  files: { name: string; stamp: string; sessions: Session[] }[];
}

/** Waits are the clock moved on (the code reads Date.now), not sleeps. */
const { later } = movableClock();

describe('the primer reads parsed journal files kept in the state directory', () => {
  it('uses them while a file is unchanged, never once it changed (even in place at the same size), and never for a link', async () => {
    const repo = await makeMemoryRepo({ now: '2026-11-30T19:00:00Z' });
    const days = join(repo.dir, '.git', 'git-memory', 'journal-days');
    const today = '.openclaw_memory/journal/2026-11-30/1000-claude-aaaaaa.md';
    // Older than the window: read for its next steps (a branch merged in), like the window's own.
    const older = '.openclaw_memory/journal/2026-11-20/0900-claude-bbbbbb.md';
    repo.write(today, serializeSession(session({ id: '20261130-1000-aaaaaa', date: '2026-11-30', time: '10:00', completed: ['Wired the CSV exporter'] }), 'en'));
    repo.write(older, serializeSession(session({ id: '20261120-0900-bbbbbb', date: '2026-11-20', time: '09:00', branch: 'feature/pdf', next_steps: ['Render the PDF footer'] }), 'en'));
    const primer = async () => {
      // The primer's whole reading, kept above the journal's files (commands/steps/kept-reading.ts), is not what this tests.
      rmSync(join(repo.dir, '.git', 'git-memory', 'primer-read.json'), { force: true });
      const r = await repo.run(['primer', '--json', '--no-write']);
      expect(r.code, r.stderr).toBe(0);
      return JSON.parse(r.stdout).markdown as string;
    };
    const keptFile = (day: string) => join(days, `${day}.json`);
    const keptNames = (day: string) => (existsSync(keptFile(day)) ? (JSON.parse(readFileSync(keptFile(day), 'utf8')) as KeptDay).files.map((f) => f.name) : []);

    // Just written: kept at once; trusted from the next read on only if the file's change time is
    // before the kept day's (a change within the same tick of the clock could go unseen otherwise).
    expect(await primer()).toContain('Wired the CSV exporter');
    expect(keptNames('2026-11-30')).toEqual(['1000-claude-aaaaaa.md']);

    later(2100);
    expect(await primer()).toContain('Render the PDF footer');
    expect(keptNames('2026-11-30')).toEqual(['1000-claude-aaaaaa.md']);
    expect(keptNames('2026-11-20')).toEqual(['0900-claude-bbbbbb.md']);
    // Kept and used: what the kept file says is what the primer shows.
    const edit = (day: string, fn: (s: Session) => void) => {
      const k = JSON.parse(readFileSync(keptFile(day), 'utf8')) as KeptDay;
      fn(k.files[0]!.sessions[0]!);
      writeFileSync(keptFile(day), JSON.stringify(k));
    };
    edit('2026-11-30', (s) => (s.completed = ['Wired the kept exporter']));
    edit('2026-11-20', (s) => (s.next_steps = ['Render the kept footer']));
    const fromKept = await primer();
    expect(fromKept).toContain('Wired the kept exporter');
    expect(fromKept).toContain('Render the kept footer');

    // Edited in place, same size: parsed again.
    writeFileSync(join(repo.dir, today), readFileSync(join(repo.dir, today), 'utf8').replace('Wired the CSV exporter', 'Wired the TSV exporter'));
    writeFileSync(join(repo.dir, older), readFileSync(join(repo.dir, older), 'utf8').replace('Render the PDF footer', 'Render the PDF header'));
    const edited = await primer();
    expect(edited).toContain('Wired the TSV exporter');
    expect(edited).toContain('Render the PDF header');
    expect(edited).not.toContain('kept');

    // A kept entry never stands in for a link: the link is refused, as without the kept files.
    later(2100);
    await primer();
    const text = readFileSync(join(repo.dir, today), 'utf8');
    writeFileSync(join(repo.dir, '..', 'outside.md'), text);
    unlinkSync(join(repo.dir, today));
    symlinkSync(join(repo.dir, '..', 'outside.md'), join(repo.dir, today));
    const r = await repo.run(['primer', '--json', '--no-write']);
    expect(r.stdout).not.toContain('TSV exporter');
    expect(r.stderr).toContain('symbolic link');
  });

  it("keeps the sessions of the window's days, not of look-back days read only for their index (a clone's first primer wrote them all)", async () => {
    const repo = await makeMemoryRepo({ now: '2026-11-30T19:00:00Z' });
    const days = join(repo.dir, '.git', 'git-memory', 'journal-days');
    repo.write('.openclaw_memory/journal/2026-11-30/1000-claude-aaaaaa.md', serializeSession(session({ id: '20261130-1000-aaaaaa', date: '2026-11-30', time: '10:00', completed: ['Wired the CSV exporter'] }), 'en'));
    // Before the window (primer.days 3): read for their index (a branch's next steps), with none to show.
    repo.write('.openclaw_memory/journal/2026-11-18/0900-claude-bbbbbb.md', serializeSession(session({ id: '20261118-0900-bbbbbb', date: '2026-11-18', time: '09:00', completed: ['Drafted the exporter'] }), 'en'));
    repo.write('.openclaw_memory/journal/2026-11-20/0900-claude-cccccc.md', serializeSession(session({ id: '20261120-0900-cccccc', date: '2026-11-20', time: '09:00', learned: ['CSV needs a BOM for Excel'] }), 'en'));
    const primer = async () => {
      const r = await repo.run(['primer', '--json', '--no-write']);
      expect(r.code, r.stderr).toBe(0);
      return JSON.parse(r.stdout).markdown as string;
    };
    const first = await primer();
    expect(first).toContain('Wired the CSV exporter');
    expect(readdirSync(days).sort()).toEqual(['2026-11-30.json']);
    // The next primers take those days' indexes as kept (journal-index.ts), and read none of their sessions.
    later(2100);
    expect(await primer()).toBe(first);
    later(2100);
    expect(await primer()).toBe(first);
    expect(readdirSync(days).sort()).toEqual(['2026-11-30.json']);
  });
});
