import { UsageError } from './errors.js';

/** The most any front door accepts as one input (a summary, a task list, a log line). */
export const MAX_INPUT_BYTES = 64 * 1024;

/**
 * Decodes input bytes as strict UTF-8 within the size cap; exit 2 otherwise. A string is text
 * already (U+FFFD included, a character like any other): the front door that decoded it from bytes
 * checked them (see cli/argv-bytes.ts).
 */
export function decodeInput(input: Buffer | string, what: string): string {
  const bytes = typeof input === 'string' ? Buffer.from(input, 'utf8') : input;
  if (bytes.length > MAX_INPUT_BYTES) {
    // Streams and files are read up to one byte past the cap (fs/stdin.ts, readFileUpTo): the rest was not read.
    const size = bytes.length === MAX_INPUT_BYTES + 1 ? `more than ${MAX_INPUT_BYTES}` : String(bytes.length);
    throw new UsageError(`${what} is ${size} bytes; the limit is ${MAX_INPUT_BYTES} (64 KB)`, 'memory is a briefing for the next session, not a transcript: keep what it needs to know');
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new UsageError(`${what} is not valid UTF-8`);
  }
  return text.replace(/^\uFEFF/, '');
}

export interface JsonInputRules {
  /** What a JSON value must be: an object, an object or an array (a list of items), or anything. */
  allow: 'object' | 'object-or-array' | 'any';
  /** The expected shape, shown under every error. */
  shape?: string;
  /**
   * How the error names malformed JSON. The hook input and the status line have always said
   * "is not JSON", the summary and the task list "is not valid JSON"; scripts match on both.
   */
  invalid?: 'is not JSON' | 'is not valid JSON';
  /**
   * The text is stored (a summary, a task list): an escaped lone surrogate (`"\ud800"`), which is
   * no character and which UTF-8 cannot hold, is refused, where writing it would turn it into
   * U+FFFD without a word.
   */
  stored?: boolean;
}

/** The JSON path (`learned[2]`) of the first string in `value` holding a lone surrogate, or null. */
function loneSurrogateAt(value: unknown, path = ''): { path: string; code: string } | null {
  if (typeof value === 'string') {
    const m = /\p{Surrogate}/u.exec(value);
    return m ? { path, code: m[0].charCodeAt(0).toString(16) } : null;
  }
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = loneSurrogateAt(value[i], `${path}[${i}]`);
      if (found) return found;
    }
  } else if (typeof value === 'object' && value !== null) {
    for (const [k, v] of Object.entries(value)) {
      const found = loneSurrogateAt(k, path) ?? loneSurrogateAt(v, path ? `${path}.${k}` : k);
      if (found) return found;
    }
  }
  return null;
}

/**
 * Parses JSON handed to a front door, or throws a UsageError (exit 2) that names the input, says
 * what is wrong and shows the expected shape. The one parser for summaries, task lists, agent hook
 * input and the status line's input.
 */
export function parseJsonInput(text: string, what: string, rules: JsonInputRules): unknown {
  const hint = rules.shape === undefined ? undefined : `expected:\n${rules.shape}`;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    throw new UsageError(`${what} ${rules.invalid ?? 'is not valid JSON'}: ${(e as Error).message}`, hint);
  }
  const lone = rules.stored ? loneSurrogateAt(value) : null;
  if (lone) {
    throw new UsageError(
      `${what}${lone.path ? `: ${lone.path}` : ''}: holds an escaped lone surrogate (\\u${lone.code}), which is not a character and cannot be stored as UTF-8; nothing was written`,
      'write the character itself (an escaped pair such as \\ud83d\\ude00 is fine), or leave it out',
    );
  }
  if (rules.allow === 'any') return value;
  const isObject = typeof value === 'object' && value !== null && !Array.isArray(value);
  if (!isObject && !(rules.allow === 'object-or-array' && Array.isArray(value))) {
    throw new UsageError(`${what} must be a JSON ${rules.allow === 'object' ? 'object' : 'object or array'}`, hint);
  }
  return value;
}
