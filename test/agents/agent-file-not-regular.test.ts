// An agent file committed as a link to something that is not a regular file (/dev/zero, a FIFO):
// `init --agent` and `uninstall --agent` read it whole first, and hung (reading /dev/zero, they
// filled the memory). Refused in words now, no agent file written.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, makeRepo, tempDir } from '../helpers/repo.js';

/** Long enough for a loaded machine; the command answers in well under a second. */
const TIMEOUT_MS = 20_000;

describe('an agent file that is not a regular file', () => {
  it('.claude/settings.json linked to a FIFO: init and uninstall --agent claude refuse it (exit 1), no agent file written, nothing hangs', () => {
    const repo = makeRepo();
    const fifo = join(tempDir('gm-fifo-'), 'settings.json');
    execFileSync('mkfifo', [fifo]);
    mkdirSync(join(repo.dir, '.claude'));
    symlinkSync(fifo, join(repo.dir, '.claude/settings.json'));
    repo.git('add', '-A');
    repo.git('commit', '-q', '-m', 'settings from elsewhere');
    for (const args of [['init', '--no-hooks', '--agent', 'claude'], ['uninstall', '--agent', 'claude']]) {
      const r = spawnSync(process.execPath, [BIN, ...args], { cwd: repo.dir, env: repo.env, encoding: 'utf8', timeout: TIMEOUT_MS, killSignal: 'SIGKILL' });
      expect(r.signal, args.join(' ')).toBeNull();
      expect(r.status, args.join(' ')).toBe(1);
      expect(r.stderr).toContain(`error: .claude/settings.json (${fifo}) is not a regular file; it was left as it is`);
    }
    // No agent file was written (init's own skeleton may be: it comes before the agents).
    const changed = repo.git('status', '--porcelain', '--untracked-files=all').split('\n').filter(Boolean);
    expect(changed.filter((l) => !/ \.openclaw_memory(\.toml|\/)/.test(l))).toEqual([]);
  });
});
