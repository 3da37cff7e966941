import { chmodSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BIN, tempDir } from './repo.js';

/**
 * A `git-memory` in a folder of its own (put `bin` first on PATH) that logs each start's arguments
 * and, while `hold()` is in force, is held back before it runs the built CLI: a test counts the node
 * starts a hook made and sees whether the agent or git waited for one.
 */
export function heldShim(): { bin: string; starts: () => string[]; hold: () => void; release: () => void } {
  const bin = tempDir('gm-shim-');
  const log = join(bin, 'starts.log');
  const held = join(bin, 'hold');
  writeFileSync(log, '');
  writeFileSync(join(bin, 'git-memory'), `#!/bin/sh\necho "$*" >> "${log}"\nwhile [ -e "${held}" ]; do sleep 0.05; done\nexec "${process.execPath}" "${BIN}" "$@"\n`);
  chmodSync(join(bin, 'git-memory'), 0o755);
  return {
    bin,
    starts: () => readFileSync(log, 'utf8').split('\n').filter(Boolean),
    hold: () => writeFileSync(held, ''),
    release: () => rmSync(held),
  };
}
