import { execFileSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pathWithoutInstalled } from './helpers/clean-env.mjs';
import { tempDir } from './helpers/repo.js';

// After the README's first command (`npm link`), a git-memory sits on PATH, often in /usr/bin
// beside git itself. Tests that play a teammate without the tool must still not find it.
describe('the test environment\'s PATH', () => {
  it('hides an installed git-memory and keeps everything beside it', () => {
    const bin = tempDir('gm-installed-');
    const script = (name: string, out: string) => writeFileSync(join(bin, name), `#!/bin/sh\necho ${out}\n`, { mode: 0o755 });
    script('git-memory', 'installed');
    script('gm-neighbour', 'neighbour');
    const plain = tempDir('gm-plain-');
    const path = `${bin}:${plain}:${process.env.PATH}`;
    const run = (p: string, cmd: string) => execFileSync('sh', ['-c', cmd], { env: { PATH: p }, encoding: 'utf8' }).trim();
    expect(run(path, 'git-memory')).toBe('installed');

    const cleaned = pathWithoutInstalled(path);
    const [first, second] = cleaned.split(':');
    expect(first).not.toBe(bin);
    expect(second).toBe(plain); // a directory without it is left as it is
    expect(run(cleaned, 'command -v git-memory || echo none')).toBe('none');
    expect(run(cleaned, 'gm-neighbour')).toBe('neighbour');
    expect(run(cleaned, 'git --version')).toMatch(/^git version/);

    // Made once, then shared; a change to the directory makes a new one.
    expect(pathWithoutInstalled(path)).toBe(cleaned);
    script('gm-later', 'later');
    const again = pathWithoutInstalled(path).split(':')[0]!;
    expect(again).not.toBe(first);
    expect(existsSync(join(again, 'gm-later'))).toBe(true);
  });
});
