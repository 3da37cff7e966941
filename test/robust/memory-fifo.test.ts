// MEMORY.md committed as a link to a FIFO (or /dev/zero): `forget`, `dream` and `view` read it
// whole before anything else and hung, `dream` in the background from every session start too.
// A memory file that is not a regular file is read as none; writers refuse the link in words.
import { execFileSync, spawnSync } from 'node:child_process';
import { rmSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, makeMemoryRepo, tempDir } from '../helpers/repo.js';

const TIMEOUT_MS = 20_000;
const MEMORY = '.openclaw_memory/MEMORY.md';

describe('MEMORY.md linked to a FIFO', () => {
  it('forget and dream refuse the link in words (exit 1), view writes its page; nothing hangs or is committed', async () => {
    const repo = await makeMemoryRepo();
    const fifo = join(tempDir('gm-fifo-'), 'MEMORY.md');
    execFileSync('mkfifo', [fifo]);
    rmSync(join(repo.dir, MEMORY), { force: true });
    symlinkSync(fifo, join(repo.dir, MEMORY));
    repo.git('add', '-A');
    repo.git('commit', '-q', '-m', 'long-term memory from elsewhere');
    // A session for the dream to consolidate (end reads MEMORY.md for the primer, through its link check).
    const end = await repo.run(['end', '--summary', JSON.stringify({ request: 'Deploy', learned: ['Deploys go through staging'] })]);
    expect(end.code, end.stderr).toBe(0);
    const head = repo.git('rev-parse', 'HEAD');
    const exec = (args: string[]) => spawnSync(process.execPath, [BIN, ...args], { cwd: repo.dir, env: repo.env, encoding: 'utf8', timeout: TIMEOUT_MS, killSignal: 'SIGKILL' });
    for (const args of [['forget', 'a wrong fact'], ['dream', '--force', '--offline']]) {
      const r = exec(args);
      expect(r.signal, args[0]).toBeNull();
      expect(r.status, args[0]).toBe(1);
      expect(r.stderr).toContain(`cannot write ${MEMORY}: ${MEMORY} is a symbolic link (to ${fifo})`);
    }
    const view = exec(['view']);
    expect(view.signal).toBeNull();
    expect(view.status, view.stderr).toBe(0);
    expect(repo.git('rev-parse', 'HEAD')).toBe(head);
  });
});
