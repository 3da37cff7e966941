// An agent file committed as a link to something that is not a regular file (/dev/zero, a FIFO):
// `init --agent` and `uninstall --agent` read it whole first, and hung (reading /dev/zero, they
// filled the memory). Refused in words now, no agent file written.
import { describe, expect, it } from 'vitest';
import { makeRepo } from '../helpers/repo.js';
import { commitLinkToFifo, execBounded } from '../helpers/fifo-link.js';

describe('an agent file that is not a regular file', () => {
  it('.claude/settings.json linked to a FIFO: init and uninstall --agent claude refuse it (exit 1), no agent file written, nothing hangs', () => {
    const repo = makeRepo();
    const fifo = commitLinkToFifo(repo, '.claude/settings.json', 'settings from elsewhere');
    for (const args of [['init', '--no-hooks', '--agent', 'claude'], ['uninstall', '--agent', 'claude']]) {
      const r = execBounded(repo, args);
      expect(r.signal, args.join(' ')).toBeNull();
      expect(r.status, args.join(' ')).toBe(1);
      expect(r.stderr).toContain(`error: .claude/settings.json (${fifo}) is not a regular file; it was left as it is`);
    }
    // No agent file was written (init's own skeleton may be: it comes before the agents).
    const changed = repo.git('status', '--porcelain', '--untracked-files=all').split('\n').filter(Boolean);
    expect(changed.filter((l) => !/ \.openclaw_memory(\.toml|\/)/.test(l))).toEqual([]);
  });
});
