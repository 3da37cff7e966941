// A committed session file's frontmatter is a clone's input: the YAML parser it reaches (anything
// richer than flat `key: value` lines) must neither cost every session start seconds nor write to
// the process's stderr (hooks included).
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CorruptFileError, readFrontmatter } from '../../src/memory/frontmatter.js';
import { BIN, makeMemoryRepo } from '../helpers/repo.js';

const keys = (n: number) => `---\nsession: 20261207-0001-aaaaaa\ndate: 2026-12-07\n${Array.from({ length: n }, (_, i) => `k${i}: [${i}]`).join('\n')}\n---\n\n## Session 00:01\n`;

describe('frontmatter from a clone', () => {
  it('of thousands of YAML keys is refused before the parser (it was quadratic: 16,000 keys, 5.8 s)', () => {
    expect(() => readFrontmatter(keys(16_000), 'x.md', 'shape')).toThrow(CorruptFileError);
    expect(() => readFrontmatter(keys(16_000), 'x.md', 'shape')).toThrow(/frontmatter of 23\d{4} characters \(YAML: at most 8192\)/);
    // A rich frontmatter of ordinary size still parses.
    expect(readFrontmatter(keys(20), 'x.md', 'shape').data).toMatchObject({ session: '20261207-0001-aaaaaa', k19: [19] });
  });

  it('with tags YAML does not know, read by a command, prints no warning (one per tag, on every command and hook)', async () => {
    const repo = await makeMemoryRepo();
    const dir = join(repo.dir, '.openclaw_memory/journal/2026-12-07');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, '0001-x-aaaaaa.md'), '---\nsession: 20261207-0001-aaaaaa\ndate: 2026-12-07\ntime: "00:01"\nagent: !!foo x\n---\n\n## Session 00:01\n\n### Request\ntagged\n');
    const r = spawnSync(process.execPath, [BIN, 'show', '20261207-0001-aaaaaa'], { cwd: repo.dir, env: repo.env, encoding: 'utf8', timeout: 20_000 });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain('tagged');
    expect(r.stderr).not.toMatch(/YAMLWarning|Unresolved tag/);
  }, 30_000);
});
