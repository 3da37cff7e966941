// MEMORY.md committed as a link to a FIFO (or /dev/zero): `forget`, `dream` and `view` read it
// whole before anything else and hung, `dream` in the background from every session start too.
// A memory file that is not a regular file is read as none; writers refuse the link in words.
import { describe, expect, it } from 'vitest';
import { makeMemoryRepo } from '../helpers/repo.js';
import { commitLinkToFifo, execBounded } from '../helpers/fifo-link.js';
const MEMORY = '.openclaw_memory/MEMORY.md';

describe('MEMORY.md linked to a FIFO', () => {
  it('forget and dream refuse the link in words (exit 1), view writes its page; nothing hangs or is committed', async () => {
    const repo = await makeMemoryRepo();
    const fifo = commitLinkToFifo(repo, MEMORY, 'long-term memory from elsewhere');
    // A session for the dream to consolidate (end reads MEMORY.md for the primer, through its link check).
    const end = await repo.run(['end', '--summary', JSON.stringify({ request: 'Deploy', learned: ['Deploys go through staging'] })]);
    expect(end.code, end.stderr).toBe(0);
    const head = repo.git('rev-parse', 'HEAD');
    const exec = (args: string[]) => execBounded(repo, args);
    for (const args of [['forget', 'a wrong fact'], ['dream', '--force', '--offline']]) {
      const r = exec(args);
      expect(r.signal, args[0]).toBeNull();
      expect(r.status, args[0]).toBe(1);
      // Refused before it is read (the link could point at a secret), not only at the write.
      expect(r.stderr).toContain(`${MEMORY} is a symbolic link (to ${fifo}); git-memory does not read or write memory through symbolic links`);
    }
    const view = exec(['view']);
    expect(view.signal).toBeNull();
    expect(view.status, view.stderr).toBe(0);
    expect(repo.git('rev-parse', 'HEAD')).toBe(head);
  });
});
