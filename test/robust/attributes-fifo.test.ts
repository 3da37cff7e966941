// A `.gitattributes` committed as a link to a FIFO: git itself does not follow an in-tree link,
// but git-memory read the memory folder's (is the merge driver named?) and every folder's (are
// memory files stored as they are?) with a blocking read: `end` hung, and `doctor`, `init` and
// `uninstall` with the memory folder's.
import { execFileSync, spawnSync } from 'node:child_process';
import { rmSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, makeMemoryRepo, tempDir } from '../helpers/repo.js';

const TIMEOUT_MS = 20_000;

describe('a .gitattributes that is a link to a FIFO', () => {
  for (const rel of ['.gitattributes', '.openclaw_memory/.gitattributes']) {
    it(`${rel}: end commits its session, doctor and uninstall answer; nothing hangs`, async () => {
      const repo = await makeMemoryRepo();
      const fifo = join(tempDir('gm-fifo-'), 'attributes');
      execFileSync('mkfifo', [fifo]);
      rmSync(join(repo.dir, rel), { force: true });
      symlinkSync(fifo, join(repo.dir, rel));
      repo.git('add', '-A');
      repo.git('commit', '-q', '-m', 'attributes from elsewhere');
      const exec = (args: string[]) => spawnSync(process.execPath, [BIN, ...args], { cwd: repo.dir, env: repo.env, encoding: 'utf8', timeout: TIMEOUT_MS, killSignal: 'SIGKILL' });
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
