// The exit code is decided in one place (cli/io.ts: run() and reportError()); bin.ts only copies
// the number it gets back to the process. Everything else returns an ExitCode (Result.exit, a hook
// runner's return value) named through EXIT, so a reader finds every way the process can end here.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { EXIT } from '../../src/errors.js';

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '../../src');
/** The only files allowed to set an exit code. */
const SETTERS = new Set(['cli/io.ts', 'bin.ts']);

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    return e.isDirectory() ? sources(p) : e.name.endsWith('.ts') ? [p] : [];
  });
}

/** `file:line text` for every line of src/ that matches, outside the allowed files. */
function offenders(pattern: RegExp, only?: (file: string) => boolean): string[] {
  const found: string[] = [];
  for (const path of sources(SRC)) {
    const file = relative(SRC, path).split('\\').join('/');
    if (SETTERS.has(file) || (only && !only(file))) continue;
    readFileSync(path, 'utf8')
      .split('\n')
      .forEach((line, i) => pattern.test(line) && found.push(`${file}:${i + 1} ${line.trim()}`));
  }
  return found;
}

describe('exit codes', () => {
  it('are set only in cli/io.ts and bin.ts', () => {
    expect(offenders(/\bexitCode\s*=(?!=)|process\.exit\s*\(/)).toEqual([]);
  });

  it('are never a literal number in a hook runner: they return EXIT.ok or EXIT.secret', () => {
    expect(offenders(/\breturn\s+[0-3]\s*;/, (f) => f.startsWith('hook/'))).toEqual([]);
  });

  it('are never a literal number in a Result or an error', () => {
    expect(offenders(/\bexit\s*:\s*[0-9]|new GitMemoryError\(.*,\s*[0-9]\s*[,)]/)).toEqual([]);
  });

  it('keep the numbers the README documents', () => {
    expect(EXIT).toEqual({ ok: 0, error: 1, usage: 2, secret: 3 });
  });
});
