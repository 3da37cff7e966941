// A `.gitattributes` committed as a link to a FIFO: git itself does not follow an in-tree link,
// but git-memory read the memory folder's (is the merge driver named?) and every folder's (are
// memory files stored as they are?) with a blocking read: `end` hung, and `doctor`, `init` and
// `uninstall` with the memory folder's.
import { describe, expect, it } from 'vitest';
import { makeMemoryRepo } from '../helpers/repo.js';
import { commitLinkToFifo, execBounded } from '../helpers/fifo-link.js';

describe('a .gitattributes that is a link to a FIFO', () => {
  for (const rel of ['.gitattributes', '.openclaw_memory/.gitattributes']) {
    it(`${rel}: end commits its session, doctor and uninstall answer; nothing hangs`, async () => {
      const repo = await makeMemoryRepo();
      commitLinkToFifo(repo, rel, 'attributes from elsewhere');
      const exec = (args: string[]) => execBounded(repo, args);
      const end = exec(['end', '--summary', JSON.stringify({ request: 'Work with odd attributes' })]);
      expect(end.signal).toBeNull();
      expect(end.status, end.stderr).toBe(0);
      expect(repo.git('log', '-1', '--format=%s').trim()).toBe('memory: Work with odd attributes');
      for (const args of [['doctor'], ['uninstall']]) {
        const r = exec(args);
        expect(r.signal, args[0]).toBeNull();
        expect([0, 1], `${args[0]}: ${r.stderr}`).toContain(r.status);
      }
    });
  }
});
