import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { movableClock } from '../helpers/clock.js';
import { makeRepo } from '../helpers/repo.js';

/** Waits are the clock moved on (the code reads Date.now), not sleeps. */
const { later } = movableClock();

describe('the parsed config kept in the state directory', () => {
  it('is used while the file is unchanged, and never once it changed, even at the same size', async () => {
    const repo = makeRepo();
    expect((await repo.run(['init'])).code).toBe(0);
    const kept = join(repo.dir, '.git', 'git-memory', 'config.json');
    const title = async () => JSON.parse((await repo.run(['primer', '--json', '--no-write'])).stdout).markdown.split('\n')[0] as string;

    repo.write('.openclaw_memory.toml', '[project]\nname = "alpha"\n');
    // Just written: its change time could still tick over without showing, so it is not kept.
    expect(await title()).toBe('# Project memory: alpha');
    expect(existsSync(kept)).toBe(false);

    later(2100);
    expect(await title()).toBe('# Project memory: alpha');
    const entry = JSON.parse(readFileSync(kept, 'utf8'));
    expect(entry.config.project.name).toBe('alpha');
    // Kept and used: what the entry says is what the command sees.
    writeFileSync(kept, JSON.stringify({ ...entry, config: { ...entry.config, project: { ...entry.config.project, name: 'kept' } } }));
    expect(await title()).toBe('# Project memory: kept');

    repo.write('.openclaw_memory.toml', '[project]\nname = "gamma"\n'); // same size
    expect(await title()).toBe('# Project memory: gamma');

    // A wrong value gets its key's default and a warning every time: the warning is never kept away.
    repo.write('.openclaw_memory.toml', '[primer]\nmax_tokens = "many"\n');
    for (let i = 0; i < 2; i++) {
      const r = await repo.run(['primer', '--json', '--no-write']);
      expect(r.code).toBe(0);
      expect(r.stderr).toContain('max_tokens');
    }
  });
});
