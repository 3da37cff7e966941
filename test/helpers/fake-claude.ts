// A stand-in `claude` for PATH that records each run: tests prove a model was, or was not, called
// through the claude-cli provider.
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from './repo.js';

/** A `claude` that appends a line to `calls` each time it is run, keeps its stdin, and answers like `claude -p`. */
export function recordingClaude(): { dir: string; calls: () => number; stdin: () => string } {
  const dir = tempDir('gm-fake-claude-');
  const script = join(dir, 'claude');
  writeFileSync(script, `#!/bin/sh\necho run >> "${dir}/calls"\ncat >> "${dir}/stdin"\necho '{"type":"result","is_error":false,"result":"ok","usage":{"input_tokens":10,"output_tokens":5}}'\n`);
  chmodSync(script, 0o755);
  const read = (name: string) => (existsSync(join(dir, name)) ? readFileSync(join(dir, name), 'utf8') : '');
  return { dir, calls: () => read('calls').split('\n').filter(Boolean).length, stdin: () => read('stdin') };
}
