import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { parseLongTerm, serializeLongTerm, type LongTermEntry } from '../../src/memory/long-term.js';
import { makeMemoryRepo, pathWithBin, type TestRepo } from '../helpers/repo.js';

const entry = (section: LongTermEntry['section'], text: string, sessions: string[]): LongTermEntry => ({ section, text, sessions, files: [], date: '2026-11-10' });
const write = (repo: TestRepo, entries: LongTermEntry[], message: string) => {
  repo.write('.openclaw_memory/MEMORY.md', serializeLongTerm({ lang: 'en', entries }));
  repo.git('add', '-A');
  repo.git('commit', '-q', '-m', message);
};

describe('MEMORY.md across branches', () => {
  it('two branches that each add entries in the same place merge by entry with the driver, neither side lost', async () => {
    const repo = await makeMemoryRepo();
    expect(repo.read('.openclaw_memory/.gitattributes')).toContain('MEMORY.md merge=git-memory-tasks');
    const base = [entry('conventions', 'Use tabs in Makefiles', ['s1']), entry('gotchas', 'The CI cache is keyed by the lockfile', ['s2'])];
    write(repo, base, 'memory: dream over 2 sessions');
    repo.git('checkout', '-q', '-b', 'feature');
    write(repo, [base[0]!, entry('conventions', 'Feature: name branches after tickets', ['s3']), { ...base[1]!, sessions: ['s2', 's5'], seen: 2 }], 'memory: dream on feature');
    repo.git('checkout', '-q', 'main');
    write(repo, [base[0]!, entry('conventions', 'Main: commit messages in the imperative', ['s4']), base[1]!], 'memory: dream on main');
    execFileSync('git', ['merge', '-q', '--no-edit', 'feature'], { cwd: repo.dir, env: { ...repo.env, PATH: pathWithBin() } });
    const merged = parseLongTerm(repo.read('.openclaw_memory/MEMORY.md'));
    expect(merged.entries.map((e) => e.text)).toEqual(['Use tabs in Makefiles', 'Main: commit messages in the imperative', 'Feature: name branches after tickets', 'The CI cache is keyed by the lockfile']);
    expect(merged.entries.find((e) => e.text.startsWith('The CI cache'))!.sessions).toEqual(['s2', 's5']);
    expect(repo.git('status', '--porcelain')).toBe('');
  });

  it('with plain git (no driver), additions to different sections merge by lines', async () => {
    const repo = await makeMemoryRepo();
    repo.git('config', '--remove-section', 'merge.git-memory-tasks');
    const base = [entry('conventions', 'Use tabs in Makefiles', ['s1']), entry('decisions', 'Postgres 16', ['s0']), entry('gotchas', 'The CI cache is keyed by the lockfile', ['s2'])];
    write(repo, base, 'memory: base');
    repo.git('checkout', '-q', '-b', 'feature');
    write(repo, [...base, entry('gotchas', 'Feature: the webhook retries 3 times', ['s3'])], 'feature');
    repo.git('checkout', '-q', 'main');
    write(repo, [entry('conventions', 'Main: imperative commit messages', ['s4']), ...base], 'main');
    repo.git('merge', '-q', '--no-edit', 'feature');
    const texts = parseLongTerm(repo.read('.openclaw_memory/MEMORY.md')).entries.map((e) => e.text);
    expect(texts).toEqual(expect.arrayContaining(['Main: imperative commit messages', 'Feature: the webhook retries 3 times', 'Use tabs in Makefiles']));
  });
});

describe('git memory resolve and MEMORY.md', () => {
  it('repairs a MEMORY.md that a merge without the driver left conflicted, keeping both sides', async () => {
    const repo = await makeMemoryRepo();
    repo.git('config', '--remove-section', 'merge.git-memory-tasks');
    const base = [entry('conventions', 'Use tabs in Makefiles', ['s1'])];
    write(repo, base, 'memory: base');
    repo.git('checkout', '-q', '-b', 'feature');
    write(repo, [...base, entry('conventions', 'Feature: name branches after tickets', ['s3'])], 'feature');
    repo.git('checkout', '-q', 'main');
    write(repo, [...base, entry('conventions', 'Main: imperative commit messages', ['s4'])], 'main');
    expect(() => repo.git('merge', '-q', '--no-edit', 'feature')).toThrow();
    const r = await repo.run(['resolve']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('merged .openclaw_memory/MEMORY.md entry by entry');
    const texts = parseLongTerm(repo.read('.openclaw_memory/MEMORY.md')).entries.map((e) => e.text);
    expect(texts).toEqual(['Use tabs in Makefiles', 'Main: imperative commit messages', 'Feature: name branches after tickets']);
    repo.git('commit', '-q', '--no-edit');
    expect(repo.git('status', '--porcelain')).toBe('');
  });
});
