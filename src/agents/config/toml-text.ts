import { createRequire } from 'node:module';
import { EXIT, GitMemoryError, parserReason } from '../../errors.js';

type ParseString = typeof import('@iarna/toml/parse-string.js').default;

// The TOML parser is loaded only when a TOML agent file (Codex's config.toml) is read: every agent
// file, and so the CLI's start through the registry, imports this module, and most runs read none.
const load = () => createRequire(import.meta.url)('@iarna/toml/parse-string.js') as ParseString;

/** Parses a TOML agent file; one that does not parse is reported with its line and left alone. */
export function parseTomlFile(text: string, file: string): Record<string, unknown> {
  try {
    // CRLF read as the newline it is (the parser refuses its CR after a comment: see memory/config.ts).
    return load()(text.replace(/\r\n/g, '\n'));
  } catch (e) {
    const err = e as { line?: unknown; message?: unknown };
    if (typeof err.line !== 'number' || typeof err.message !== 'string') throw e;
    const reason = parserReason(err.message);
    throw new GitMemoryError(`${file}:${err.line + 1}: cannot parse (${reason}); it was left as it is`, EXIT.error, 'fix the file, then run the command again');
  }
}

/** A TOML table as parsed (not an array of tables, and not a date, which also parses to an object). */
export const isTomlTable = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof Date);
