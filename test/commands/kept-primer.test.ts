// The primer an `end` built is what the next session's start shows, without building it again
// (commands/steps/kept-primer.ts); anything the primer reads that changed, and it is built anew.
// Each case compares the kept answer with a primer built from nothing at the same moment: the two
// must be the same bytes.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeMemoryRepo, type TestRepo } from '../helpers/repo.js';

const KEPT = join('.git', 'git-memory', 'primer-built.json');
const READ = join('.git', 'git-memory', 'primer-read.json');

/** The built primer at `now`: its output, and whether it took the kept answer (GIT_MEMORY_TRACE on standard error). */
function primer(repo: TestRepo, now: string, args: string[] = []): { out: string; kept: boolean } {
  const r = repo.exec(['primer', ...args], { env: { GIT_MEMORY_NOW: now, GIT_MEMORY_TRACE: '2' } });
  expect(r.code, r.stderr).toBe(0);
  return { out: r.stdout, kept: r.stderr.includes('primer: kept answer used') };
}

/** The primer at `now` built from nothing: the kept answer and the kept reading (kept-reading.ts) taken away first (and put back after). */
function fresh(repo: TestRepo, now: string, args: string[] = []): string {
  const paths = [KEPT, READ].map((p) => join(repo.dir, p));
  const saved = paths.map((path) => {
    try {
      return readFileSync(path, 'utf8');
    } catch {
      return null; // none kept
    }
  });
  for (const path of paths) rmSync(path, { force: true });
  const p = primer(repo, now, args);
  expect(p.kept).toBe(false);
  paths.forEach((path, i) => {
    if (saved[i] !== null) writeFileSync(path, saved[i]!);
  });
  return p.out;
}

function end(repo: TestRepo, now: string, summary: object): void {
  const r = repo.exec(['end', '--summary', JSON.stringify(summary)], { env: { GIT_MEMORY_NOW: now } });
  expect(r.code, r.stderr).toBe(0);
}

describe('the primer kept from the last build', () => {
  it("is what the next start shows after `end`, with that moment's time and HEAD, byte for byte a fresh build", async () => {
    const repo = await makeMemoryRepo({ now: '2026-12-01T09:00:00Z' });
    end(repo, '2026-12-01T10:00:00Z', { request: 'Round invoices', learned: ['Invoices round half up'], next_steps: ['Test rounding of refunds'] });
    // end built it before its memory commit moved HEAD: the start after shows the new HEAD.
    const next = primer(repo, '2026-12-01T10:20:00Z');
    expect(next.kept).toBe(true);
    expect(next.out).toContain(`at ${repo.git('rev-parse', '--short', 'HEAD').trim()} on 2026-12-01 10:20`);
    expect(next.out).toBe(fresh(repo, '2026-12-01T10:20:00Z'));
    // Asked again later the same day: kept again, its time anew.
    const later = primer(repo, '2026-12-01T16:45:00Z');
    expect(later.kept).toBe(true);
    expect(later.out).toBe(fresh(repo, '2026-12-01T16:45:00Z'));
  });

  it('loads the builder (and the redaction rules it makes patterns of) only where the kept answer does not answer', async () => {
    const repo = await makeMemoryRepo({ now: '2026-12-01T09:00:00Z' });
    end(repo, '2026-12-01T10:00:00Z', { request: 'Round invoices', learned: ['Invoices round half up'], next_steps: ['Test rounding of refunds'] });
    const trace = (now: string) => repo.exec(['primer'], { env: { GIT_MEMORY_NOW: now, GIT_MEMORY_TRACE: '2' } }).stderr;
    const kept = trace('2026-12-01T10:20:00Z');
    expect(kept).toContain('primer: kept answer used');
    expect(kept, kept).not.toContain('primer: builder loaded');
    rmSync(join(repo.dir, KEPT));
    const built = trace('2026-12-01T10:21:00Z');
    expect(built).not.toContain('primer: kept answer used');
    expect(built).toContain('primer: builder loaded');
  });

  it('is built anew when a commit, MEMORY.md, the settings or the budget changed outside git-memory', async () => {
    const repo = await makeMemoryRepo({ now: '2026-12-01T09:00:00Z' });
    end(repo, '2026-12-01T10:00:00Z', { request: 'Round invoices', learned: ['Invoices round half up'], next_steps: ['Test rounding of refunds'] });
    let minute = 10;
    const changed = (what: string, change: () => void) => {
      expect(primer(repo, `2026-12-01T11:${String(minute++).padStart(2, '0')}:00Z`).kept, `${what}: before`).toBe(true);
      change();
      const now = `2026-12-01T11:${String(minute++).padStart(2, '0')}:00Z`;
      const after = primer(repo, now);
      expect(after.kept, what).toBe(false);
      expect(after.out, what).toBe(fresh(repo, now));
      return after.out;
    };
    expect(changed('a commit', () => repo.commit('Add the refunds module', { 'src/refunds.ts': 'export {};\n' }))).toContain('Add the refunds module');
    expect(changed('MEMORY.md', () => repo.write('.openclaw_memory/MEMORY.md', '# Long-term memory\n\n## Gotchas\n\n- Refunds are never rounded\n'))).toContain('Refunds are never rounded');
    changed('the settings', () => writeFileSync(join(repo.dir, '.openclaw_memory.toml'), '[primer]\ncommits = 1\n'));
    expect(primer(repo, '2026-12-01T11:40:00Z').kept, 'the budget: before').toBe(true);
    const small = primer(repo, '2026-12-01T11:41:00Z', ['--max-tokens', '90']);
    expect(small.kept, 'the budget').toBe(false);
    expect(small.out).toBe(fresh(repo, '2026-12-01T11:41:00Z', ['--max-tokens', '90']));
    expect(small.out).not.toBe(fresh(repo, '2026-12-01T11:41:00Z'));
  });

  it('is the primer a git-memory command rebuilt after its change (a task added, another session ended)', async () => {
    const repo = await makeMemoryRepo({ now: '2026-12-01T09:00:00Z' });
    end(repo, '2026-12-01T10:00:00Z', { request: 'Round invoices', learned: ['Invoices round half up'] });
    const r = repo.exec(['tasks', 'add', 'Document the rounding rule'], { env: { GIT_MEMORY_NOW: '2026-12-01T10:10:00Z' } });
    expect(r.code, r.stderr).toBe(0);
    const afterTask = primer(repo, '2026-12-01T10:15:00Z');
    expect(afterTask.kept).toBe(true);
    expect(afterTask.out).toContain('Document the rounding rule');
    expect(afterTask.out).toBe(fresh(repo, '2026-12-01T10:15:00Z'));
    end(repo, '2026-12-01T11:00:00Z', { request: 'Round refunds', learned: ['Refunds round half down'] });
    const afterEnd = primer(repo, '2026-12-01T11:05:00Z');
    expect(afterEnd.kept).toBe(true);
    expect(afterEnd.out).toContain('Refunds round half down');
    expect(afterEnd.out).toBe(fresh(repo, '2026-12-01T11:05:00Z'));
  });

  it('is always built for --explain, which lists what the budget left out', async () => {
    const repo = await makeMemoryRepo({ now: '2026-12-01T09:00:00Z' });
    end(repo, '2026-12-01T10:00:00Z', { request: 'Round invoices', learned: Array.from({ length: 40 }, (_, i) => `Rule ${i}: invoices of kind ${i} round to ${i} places`) });
    const r = repo.exec(['primer', '--explain', '--max-tokens', '100'], { env: { GIT_MEMORY_NOW: '2026-12-01T10:05:00Z', GIT_MEMORY_TRACE: '2' } });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).not.toContain('primer: kept answer used');
    expect(r.stderr).toMatch(/left out for the budget \(\d+\)/);
    // Asked the same without --explain: kept.
    expect(primer(repo, '2026-12-01T10:06:00Z', ['--max-tokens', '100']).kept).toBe(true);
  });

  it('is not taken when the file kept is damaged or from another question', async () => {
    const repo = await makeMemoryRepo({ now: '2026-12-01T09:00:00Z' });
    end(repo, '2026-12-01T10:00:00Z', { request: 'Round invoices', learned: ['Invoices round half up'] });
    const path = join(repo.dir, KEPT);
    const kept = readFileSync(path, 'utf8');
    const cut = kept.indexOf('\n');
    const other = kept.slice(0, cut).replace('Invoices round half up', 'Invoices are never rounded');
    for (const damaged of ['', 'not json', `${kept.slice(0, cut)}\n{"markdown": 1`, `${kept.slice(0, cut)}\n[]`, `${other}\n${kept.slice(cut + 1)}`]) {
      writeFileSync(path, damaged);
      const p = primer(repo, '2026-12-01T10:30:00Z');
      expect(p.kept, damaged.slice(0, 40)).toBe(false);
      expect(p.out).toContain('Invoices round half up');
    }
  });
});
