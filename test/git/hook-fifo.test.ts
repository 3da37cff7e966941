// A committed hooks folder (core.hooksPath, husky's .husky/) whose hook is a link to a FIFO: init,
// doctor and uninstall read the hook file whole, and hung. init refuses it in words; doctor and
// uninstall see no block of ours in it.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeRepo } from '../helpers/repo.js';
import { commitLinkToFifo, execBounded } from '../helpers/fifo-link.js';

describe('a hook file that is a link to a FIFO', () => {
  it('init refuses it in words (exit 1), doctor answers, uninstall leaves it; nothing hangs', () => {
    const repo = makeRepo();
    commitLinkToFifo(repo, 'hooks/post-commit', 'team hooks');
    repo.git('config', 'core.hooksPath', 'hooks');
    const exec = (args: string[]) => execBounded(repo, args);
    const init = exec(['init']);
    expect(init.signal).toBeNull();
    expect(init.status).toBe(1);
    expect(init.stderr).toContain(`error: ${join(repo.dir, 'hooks/post-commit')} is not a regular file: the git-memory block was not added to it`);
    const doctor = exec(['doctor', '--json']);
    expect(doctor.signal).toBeNull();
    expect(JSON.parse(doctor.stdout).checks.length).toBeGreaterThan(0);
    const uninstall = exec(['uninstall']);
    expect(uninstall.signal).toBeNull();
    expect(uninstall.status, uninstall.stderr).toBe(0);
  });
});
