import { existsSync, readFileSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
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

describe('parsed session files kept in the state directory', () => {
  it('are used while a file is unchanged, and never once it changed, even in place at the same size', async () => {
    const repo = await makeMemoryRepo({ now: '2026-11-30T19:00:00Z' });
    const kept = join(repo.dir, '.git', 'git-memory', 'session-cache.json');
    const today = '.openclaw_memory/journal/2026-11-30/1000-claude-aaaaaa.md';
    // Older than the window: read for its next steps (a branch merged in), like the window's own.
    const older = '.openclaw_memory/journal/2026-11-20/0900-claude-bbbbbb.md';
    repo.write(today, serializeSession(session({ id: '20261130-1000-aaaaaa', date: '2026-11-30', time: '10:00', completed: ['Wired the CSV exporter'] }), 'en'));
    repo.write(older, serializeSession(session({ id: '20261120-0900-bbbbbb', date: '2026-11-20', time: '09:00', branch: 'feature/pdf', next_steps: ['Render the PDF footer'] }), 'en'));
    const primer = async () => {
      const r = await repo.run(['primer', '--json', '--no-write']);
      expect(r.code).toBe(0);
      return JSON.parse(r.stdout).markdown as string;
    };

    // Just written: a change within the file's timestamp granularity could go unseen, so nothing is kept.
    expect(await primer()).toContain('Wired the CSV exporter');
    expect(existsSync(kept)).toBe(false);

    await sleep(2100);
    expect(await primer()).toContain('Render the PDF footer');
    const entry = JSON.parse(readFileSync(kept, 'utf8')) as { files: Record<string, { identity: string; session: Session }> };
    expect(Object.keys(entry.files).sort()).toEqual([older, today]);
    // Kept and used: what the entry says is what the primer shows.
    entry.files[today]!.session.completed = ['Wired the kept exporter'];
    entry.files[older]!.session.next_steps = ['Render the kept footer'];
    writeFileSync(kept, JSON.stringify(entry));
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

    // A kept entry never stands in for a link: the link is refused, as without the cache.
    await sleep(2100);
    await primer();
    const text = readFileSync(join(repo.dir, today), 'utf8');
    writeFileSync(join(repo.dir, '..', 'outside.md'), text);
    unlinkSync(join(repo.dir, today));
    symlinkSync(join(repo.dir, '..', 'outside.md'), join(repo.dir, today));
    const r = await repo.run(['primer', '--json', '--no-write']);
    expect(r.stdout).not.toContain('TSV exporter');
    expect(r.stderr).toContain('symbolic link');
  });

  it('a state file of another shape counts as none', async () => {
    const repo = await makeMemoryRepo({ now: '2026-11-30T19:00:00Z' });
    const kept = join(repo.dir, '.git', 'git-memory', 'session-cache.json');
    const rel = '.openclaw_memory/journal/2026-11-30/1000-claude-aaaaaa.md';
    repo.write(rel, serializeSession(session({ id: '20261130-1000-aaaaaa', date: '2026-11-30', time: '10:00', completed: ['Wired the CSV exporter'] }), 'en'));
    await sleep(2100);
    expect((await repo.run(['primer', '--json', '--no-write'])).code).toBe(0);
    for (const bad of ['{"files": ', '[]', '{"files": []}', JSON.stringify({ files: { [rel]: { identity: 'x', session: { id: 1 } } } })]) {
      writeFileSync(kept, bad);
      const r = await repo.run(['primer', '--json', '--no-write']);
      expect(r.code).toBe(0);
      expect(JSON.parse(r.stdout).markdown).toContain('Wired the CSV exporter');
      // And replaced by a good one.
      expect(JSON.parse(readFileSync(kept, 'utf8')).files[rel].session.completed).toEqual(['Wired the CSV exporter']);
    }
  });
});
