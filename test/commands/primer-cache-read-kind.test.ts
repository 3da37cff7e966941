// The primer's code cache is one per kind of start, each made by the first start of its kind
// (bin.ts primerKind, code-cache.ts): a cache holds what the run that made it compiled, and every
// later start of that kind deserialises all of it. The first start after an upgrade finds the kept
// reading of memory's files from the build before: it reads the files anew and sets up the
// supersede judgement (read-files.ts), which a warm start never runs. Made by it, the warm kind's
// cache held that code for every warm start after (539 KB against 295 KB at the bench's S). Such a
// start has its own kind (`-read`), and the warm kind's cache is made by a warm start.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeRepo, tempDir } from '../helpers/repo.js';

const NOW = '2026-11-22T15:00:00Z';
const READ = join('.git', 'git-memory', 'primer-read.json');

describe("the primer's code cache after an upgrade", () => {
  it("is the read-anew kind's for the start whose kept reading is another build's; the warm kind's is made by a warm start", async () => {
    const repo = makeRepo({ now: NOW });
    expect((await repo.run(['init'])).code).toBe(0);
    // A start on a throwaway cache keeps the reading of memory's files.
    const warmUp = repo.exec(['primer', '--no-write'], { env: { XDG_CACHE_HOME: tempDir('gm-cache-') } });
    expect(warmUp.code, warmUp.stderr).toBe(0);
    const path = join(repo.dir, READ);
    const kept = readFileSync(path, 'utf8');
    expect(kept).toMatch(/^\[1,"[^"]+",/);
    // The reading as the build before kept it (its program's digest differs).
    writeFileSync(path, kept.replace(/^\[1,"[^"]+",/, '[1,"0000000000000000",'));
    const cache = tempDir('gm-cache-');
    const dir = join(cache, 'git-memory', 'v8');
    const primer = () => repo.exec(['primer', '--no-write'], { env: { XDG_CACHE_HOME: cache } });
    const caches = () => readdirSync(dir).filter((f) => f.startsWith('primer-')).sort();

    const upgraded = primer();
    expect(upgraded.code, upgraded.stderr).toBe(0);
    expect(caches()).toEqual([expect.stringMatching(/^primer-read-[0-9a-f]{8}-[0-9a-f]{16}\.v8$/)]);
    // The reading is this build's now: the next start is a warm one, on a cache of its own making.
    const warm = primer();
    expect(warm).toEqual(upgraded);
    expect(caches()).toEqual([expect.stringMatching(/^primer-[0-9a-f]{8}-[0-9a-f]{16}\.v8$/), expect.stringMatching(/^primer-read-/)]);
    const [plain, read] = caches().map((f) => readFileSync(join(dir, f)).length);
    expect(plain!).toBeLessThan(read!);
    // Used after, each by its own kind, the same output.
    expect(primer()).toEqual(warm);
  }, 120_000);
});
