import { closeSync, constants, fstatSync, openSync, readFileSync, readlinkSync, type BigIntStats } from 'node:fs';
import { configExampleHint } from './config-example.js';
import { basename, join } from 'node:path';
// Only the parser: the package's index also loads the stringifier and stream/async parsers.
import parseToml from '@iarna/toml/parse-string.js';
import { EXIT, GitMemoryError, parserReason } from '../errors.js';
import { CONFIG_CACHE_FILE, CONFIG_FILE } from '../paths.js';
import { splitPattern, unboundedPattern } from '../safety/allowlist.js';
import { redactQuick } from '../safety/quick-redact.js';
import { isRecord, readState, writeState } from '../fs/state.js';
import { symlinkMessage } from '../worktree-path.js';

/** The project configuration with every default filled in. */
export interface Config {
  project: { name: string; description: string };
  primer: { max_tokens: number; min_tokens: number; days: number; commits: number; hot_files: number; commit: boolean };
  /**
   * `fold_at`: session files dated before the fold's cutoff at which a dream folds them (`git memory
   * fold`); 0: never. `fold_after_days`: the cutoff in whole days (files dated more than that many
   * days ago are folded); 0: the first day of last month, or the Monday a week back where the journal
   * is past its share of git's index (commands/steps/fold-journal.ts). `fold_on`: where a dream folds,
   * `default-branch` (only there) or `any-branch`.
   */
  journal: { language: 'en' | 'zh'; fold_at: number; fold_after_days: number; fold_on: 'default-branch' | 'any-branch' };
  commit: { auto: boolean; message: string };
  secrets: { mode: 'block' | 'redact'; allowlist: string[] };
  statusline: { context_window: number };
  /** The one model client (src/llm/, DESIGN §10). */
  llm: {
    /**
     * The user's choice of model: "anthropic", "claude-cli" or "none". "unset" (the key is absent) and
     * "auto" (the old default, which picked a model without asking) are not a choice: no model.
     */
    provider: 'unset' | 'auto' | 'anthropic' | 'claude-cli' | 'none';
    model: string;
    base_url: string;
    api_key_env: string;
    timeout_ms: number;
    max_input_tokens: number;
    max_output_tokens: number;
    /** US dollars per million tokens (Claude Haiku 4.5 by default). */
    price_input: number;
    price_output: number;
    price_cache_read: number;
    price_cache_write: number;
  };
  /** Session notes from the transcript (DESIGN §13, seeds 000/002). */
  session_memory: {
    enabled: boolean;
    minimum_message_tokens_to_init: number;
    minimum_tokens_between_update: number;
    tool_calls_between_updates: number;
    /** Days a session's state (ledger, notes, compaction) is kept in .git/git-memory/sessions/ after it was last touched. */
    keep_days: number;
  };
  /** Long-term memory consolidation (DESIGN §15, seed 003). */
  dream: { enabled: boolean; idle_hours: number; sessions: number };
}

type Kind = 'string' | 'integer' | 'number' | 'boolean' | 'string[]';
interface KeySpec {
  kind: Kind;
  default: unknown;
  oneOf?: readonly string[];
  min?: number;
  /**
   * The most a committed file may ask for, where more would cost every session start: the config
   * comes with a clone, and `days = 100000` with `max_tokens = 100000000` made each start build a
   * year of sessions into a primer the 8 KB cap then cut (36 s at 10,000 sessions).
   */
  max?: number;
  /** A further rule for a well-typed value: returns what is wrong with it, or undefined. */
  check?: (v: never) => string | undefined;
}

/**
 * `/…/flags` allowlist entries are regular expressions (see safety/allowlist.ts); one that does not
 * compile, or that could backtrack for minutes, is an error.
 */
function badPatterns(list: string[]): string | undefined {
  for (const entry of list) {
    const split = splitPattern(entry);
    if (!split) continue;
    try {
      new RegExp(split[0], split[1]);
    } catch (e) {
      return `entry ${JSON.stringify(entry)} is not a valid regular expression (${(e as Error).message.replace(/^Invalid regular expression: /, '')})`;
    }
    const unbounded = unboundedPattern(split[0]);
    if (unbounded) return `entry ${JSON.stringify(entry)} ${unbounded}`;
  }
  return undefined;
}

/** Every key, its type and default. `.openclaw_memory.toml.example` documents the same keys. */
export const SCHEMA: Record<string, Record<string, KeySpec>> = {
  project: {
    name: { kind: 'string', default: '' },
    description: { kind: 'string', default: '' },
  },
  primer: {
    // The primer is at most 8 KB (PRIMER_MAX_BYTES), and a token is at least a byte: a larger budget buys nothing.
    max_tokens: { kind: 'integer', default: 1000, min: 100, max: 8192 },
    min_tokens: { kind: 'integer', default: 500, min: 0, max: 8192 },
    days: { kind: 'integer', default: 3, min: 1, max: 31 },
    commits: { kind: 'integer', default: 10, min: 0, max: 100 },
    hot_files: { kind: 'integer', default: 5, min: 0, max: 50 },
    commit: { kind: 'boolean', default: false },
  },
  journal: {
    language: { kind: 'string', default: 'en', oneOf: ['en', 'zh'] },
    fold_at: { kind: 'integer', default: 1000, min: 0 },
    // 0: the month cutoff, or the week one where the journal is past its share of the index.
    fold_after_days: { kind: 'integer', default: 0, min: 0 },
    // Two branches that both fold the same session files stop on merge; a dream folds on one branch only.
    fold_on: { kind: 'string', default: 'default-branch', oneOf: ['default-branch', 'any-branch'] },
  },
  commit: {
    auto: { kind: 'boolean', default: true },
    message: { kind: 'string', default: 'memory: {summary}' },
  },
  secrets: {
    mode: { kind: 'string', default: 'block', oneOf: ['block', 'redact'] },
    allowlist: { kind: 'string[]', default: [], check: badPatterns },
  },
  statusline: {
    context_window: { kind: 'integer', default: 200_000, min: 1000 },
  },
  llm: {
    // No model until the user chose one (DESIGN, section 10): the default is "unset", which a file cannot say.
    provider: { kind: 'string', default: 'unset', oneOf: ['anthropic', 'claude-cli', 'none', 'auto'] },
    model: { kind: 'string', default: 'claude-haiku-4-5' },
    base_url: { kind: 'string', default: '' },
    api_key_env: { kind: 'string', default: 'ANTHROPIC_API_KEY' },
    timeout_ms: { kind: 'integer', default: 60_000, min: 1000 },
    max_input_tokens: { kind: 'integer', default: 40_000, min: 1000 },
    max_output_tokens: { kind: 'integer', default: 4096, min: 256 },
    price_input: { kind: 'number', default: 1, min: 0 },
    price_output: { kind: 'number', default: 5, min: 0 },
    price_cache_read: { kind: 'number', default: 0.1, min: 0 },
    price_cache_write: { kind: 'number', default: 1.25, min: 0 },
  },
  session_memory: {
    enabled: { kind: 'boolean', default: true },
    minimum_message_tokens_to_init: { kind: 'integer', default: 10_000, min: 0 },
    minimum_tokens_between_update: { kind: 'integer', default: 5000, min: 0 },
    tool_calls_between_updates: { kind: 'integer', default: 3, min: 0 },
    keep_days: { kind: 'integer', default: 30, min: 1 },
  },
  dream: {
    enabled: { kind: 'boolean', default: true },
    idle_hours: { kind: 'integer', default: 24, min: 1 },
    sessions: { kind: 'integer', default: 10, min: 1 },
  },
};

/**
 * Sections accepted without a warning: those other issues add, and those OpenClaw memory v0.2 (the
 * system this one replaces) writes in the same file — its settings for a search git-memory does not
 * have, read by OpenClaw itself where both are used.
 */
const RESERVED_SECTIONS = new Set(['agents', 'embedding', 'privacy', 'search']);

export interface LoadedConfig {
  config: Config;
  warnings: string[];
  /**
   * Keys whose value was wrong and replaced by the default (`section.key`), where the config was
   * loaded leniently; their messages are among the warnings.
   */
  defaulted: string[];
  /** Absolute path of the file read, or null when none exists (all defaults). */
  path: string | null;
}

/**
 * The table a trimmed TOML line opens (`[name]`; `[[name]]` reads as `[name`), or null. The name is
 * trimmed after the bracket pair is found: `\[\s*([^\]]+?)\s*\]` tried every split of a run of
 * blanks with no closing bracket (a line of a multi-line string), quadratic in it.
 */
export function tableName(line: string): string | null {
  const name = /^\[([^\]]*)\]/.exec(line)?.[1]!.trim();
  return name || null;
}

/** 1-based line of `key` inside `[section]` in the raw TOML, for messages. */
export function lineOf(text: string, section: string, key?: string): number | undefined {
  const lines = text.split('\n');
  let current = '';
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i]!.trim();
    const header = tableName(l);
    if (header) {
      current = header;
      if (!key && current === section) return i + 1;
      continue;
    }
    const m = /^("?)([A-Za-z0-9_-]+)\1\s*=/.exec(l);
    if (!m) continue;
    if (key && current === section && m[2] === key) return i + 1;
    // dotted keys at top level: primer.days = 3
    if (key && current === '' && l.startsWith(`${section}.${key}`)) return i + 1;
  }
  return undefined;
}

const hasBigInt = (v: unknown): boolean =>
  typeof v === 'bigint' || (Array.isArray(v) ? v.some(hasBigInt) : !!v && typeof v === 'object' && Object.values(v).some(hasBigInt));

/**
 * A TOML value as the message shows it. TOML integers beyond 2^53 arrive as BigInt, which
 * JSON.stringify refuses (the message about a bad value used to crash every command), and beyond
 * 2^63 the parser wraps them: such a value is shown as written on its line.
 */
function shown(v: unknown, line: string | undefined): string {
  if (!hasBigInt(v)) return JSON.stringify(v);
  // What follows the first `=`, to a comment, trimmed: found by index, where a lazy group before `\s*`
  // tried every split of a run of blanks in the value.
  const at = line?.indexOf('=') ?? -1;
  const written = at < 0 ? '' : line!.slice(at + 1).split('#', 1)[0]!.trim();
  return written || String(v);
}

/** What is wrong with a value of the wrong type for `spec`. */
function typeError(v: unknown, spec: KeySpec): string {
  if (typeof v === 'bigint' && spec.kind === 'integer') return `must be an integer from ${spec.min ?? -Number.MAX_SAFE_INTEGER} to ${spec.max ?? Number.MAX_SAFE_INTEGER}`;
  return `must be ${spec.kind === 'string[]' ? 'an array of strings' : `${spec.kind === 'integer' ? 'an' : 'a'} ${spec.kind}`}`;
}

function typeOk(v: unknown, kind: Kind): boolean {
  switch (kind) {
    case 'string':
      return typeof v === 'string';
    case 'integer':
      return typeof v === 'number' && Number.isInteger(v);
    case 'number':
      return typeof v === 'number' && Number.isFinite(v);
    case 'boolean':
      return typeof v === 'boolean';
    case 'string[]':
      return Array.isArray(v) && v.every((x) => typeof x === 'string');
  }
}

export interface ParseOptions {
  /**
   * A wrong value is not an error: its key keeps the default, and the message (naming the key,
   * line and default) becomes a warning. For what must go on with the rest of the config (the
   * primer at session start, hooks, commands); `init`, `doctor` and `lint` parse strictly.
   */
  lenient?: boolean;
}

/** Parses and validates config text. Throws GitMemoryError (exit 1) naming key and line on errors. */
export function parseConfig(crlfText: string, file: string, repoName: string, opts: ParseOptions = {}): { config: Config; warnings: string[]; defaulted: string[] } {
  // CRLF is a TOML newline (a Windows checkout with core.autocrlf has it), but the parser refuses
  // the CR at the end of a comment line: it is read as the newline it is.
  const text = crlfText.replace(/\r\n/g, '\n');
  let raw: Record<string, unknown>;
  try {
    raw = parseToml(text) as Record<string, unknown>;
  } catch (e) {
    const err = e as { line?: number; col?: number; message: string };
    const where = err.line !== undefined ? `:${err.line + 1}:${(err.col ?? 0) + 1}` : '';
    throw new GitMemoryError(`${file}${where}: invalid TOML: ${parserReason(err.message)}`, EXIT.error, configExampleHint('the format'));
  }
  const warnings: string[] = [];
  const errors: string[] = [];
  const defaulted: string[] = [];
  /** A wrong value: an error, or (lenient) a warning and the key's default. */
  const wrongValue = (section: string, key: string, said: string) => {
    // The value quoted as the project rules show it: lint and doctor print it, a warning too, and a
    // key pasted as a setting's value (`provider = "github_pat_…"`) stood whole there (stop 54).
    const message = redactQuick(said);
    if (!opts.lenient) return errors.push(message);
    defaulted.push(`${section}.${key}`);
    warnings.push(`${message}: the default (${JSON.stringify(SCHEMA[section]![key]!.default)}) is used`);
  };
  const out: Record<string, Record<string, unknown>> = {};
  for (const [section, keys] of Object.entries(SCHEMA)) {
    out[section] = {};
    for (const [k, spec] of Object.entries(keys)) out[section]![k] = structuredClone(spec.default);
  }
  for (const [section, value] of Object.entries(raw)) {
    const at = (key?: string) => `${file}:${lineOf(text, section, key) ?? '?'}`;
    const lineText = (key: string) => text.split('\n')[(lineOf(text, section, key) ?? 0) - 1];
    const spec = SCHEMA[section];
    if (!spec) {
      if (!RESERVED_SECTIONS.has(section)) warnings.push(`${at()}: unknown section [${section}] ignored`);
      continue;
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      errors.push(`${at()}: [${section}] must be a table`);
      continue;
    }
    for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
      const ks = spec[key];
      if (!ks) {
        warnings.push(`${at(key)}: unknown key ${section}.${key} ignored`);
        continue;
      }
      if (!typeOk(v, ks.kind)) {
        wrongValue(section, key, `${at(key)}: ${section}.${key} ${typeError(v, ks)}, found ${shown(v, lineText(key))}`);
      } else if (ks.oneOf && !ks.oneOf.includes(v as string)) {
        wrongValue(section, key, `${at(key)}: ${section}.${key} must be one of ${ks.oneOf.map((o) => `"${o}"`).join(', ')}, found ${JSON.stringify(v)}`);
      } else if (ks.min !== undefined && (v as number) < ks.min) {
        wrongValue(section, key, `${at(key)}: ${section}.${key} must be at least ${ks.min}, found ${String(v)}`);
      } else if (ks.max !== undefined && (v as number) > ks.max) {
        wrongValue(section, key, `${at(key)}: ${section}.${key} must be at most ${ks.max}, found ${String(v)}`);
      } else {
        const wrong = ks.check?.(v as never);
        if (wrong) wrongValue(section, key, `${at(key)}: ${section}.${key}: ${wrong}`);
        else out[section]![key] = v;
      }
    }
  }
  const config = out as unknown as Config;
  if (config.primer.min_tokens > config.primer.max_tokens) {
    wrongValue('primer', 'min_tokens', `${file}:${lineOf(text, 'primer', 'min_tokens') ?? '?'}: primer.min_tokens (${config.primer.min_tokens}) exceeds primer.max_tokens (${config.primer.max_tokens})`);
    // The default minimum can exceed a low maximum too: then the maximum bounds it.
    config.primer.min_tokens = Math.min(SCHEMA.primer!.min_tokens!.default as number, config.primer.max_tokens);
  }
  if (errors.length) throw new GitMemoryError(errors.join('\n'), EXIT.error, configExampleHint('every key and its type'));
  if (!config.project.name) config.project.name = repoName;
  return { config, warnings, defaulted };
}

/** Changes when a default or a bound changes, so a kept config made with the old one is not used ([llm] provider's "unset", [primer]'s maxima). */
const CONFIG_SHAPE = 'c3';

/** A parsed config kept in the state directory, for the file whose identity it names (see loadConfig). */
interface KeptConfig {
  identity: string;
  config: Config;
  warnings: string[];
  defaulted: string[];
}

// The config itself was validated before it was kept; a damaged entry fails here or its identity.
const isKeptConfig = (v: unknown): v is KeptConfig =>
    isRecord(v) && typeof v.identity === 'string' && isRecord(v.config) && [v.warnings, v.defaulted].every((list) => Array.isArray(list) && list.every((w) => typeof w === 'string'));

/**
 * Loads `.openclaw_memory.toml` from the worktree root; defaults when absent. With `stateDir`, a
 * config that parsed is kept there as JSON beside the file's identity (inode, size, change times),
 * and used while the file is unchanged: TOML parsing is a millisecond of every session start.
 * With `stateDir` the config is also parsed leniently (a wrong value gets its key's default and a
 * warning: one bad key does not stop the primer, the hooks or a command); without, strictly.
 * A config that is a symbolic link, not a regular file, or too big to be one is an error (the
 * lenient callers, openAnyConfig, go on with the defaults and say why).
 */
export function loadConfig(root: string, stateDir?: string): LoadedConfig {
  const path = join(root, CONFIG_FILE);
  const fd = openConfig(path);
  if (fd === null) return { ...parseConfig('', CONFIG_FILE, basename(root)), path: null };
  try {
    const st = fstatSync(fd, { bigint: true });
    if (!st.isFile()) throw new GitMemoryError(`${CONFIG_FILE} is not a regular file; it was not read`, EXIT.error, NOT_A_FILE_HINT);
    if (st.size > CONFIG_MAX_BYTES) throw new GitMemoryError(`${CONFIG_FILE} is ${st.size} bytes; a config is at most ${CONFIG_MAX_BYTES / 1024} KB; it was not read`, EXIT.error, configExampleHint('the keys a config holds'));
    return loadOpened(root, stateDir, fd, st, path);
  } finally {
    closeSync(fd);
  }
}

/** A config is a few hundred bytes; anything near this is not one (and is not read whole into memory). */
const CONFIG_MAX_BYTES = 256 * 1024;
const NOT_A_FILE_HINT = `keep a regular file at ${CONFIG_FILE} (git rm it and run git memory init for a fresh one)`;

/**
 * The config opened for reading; null when there is none. Never through a symbolic link (a committed
 * link would read the config from outside the repository, and one to /dev/zero or a FIFO would hang
 * every hook and command that reads it: memory is not read through links, worktree-path.ts), and
 * without blocking (a FIFO committed in its place waits for no writer).
 */
function openConfig(path: string): number | null {
  try {
    return openSync(path, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOFOLLOW);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return null;
    if (code === 'ELOOP') throw new GitMemoryError(`${symlinkMessage({ link: CONFIG_FILE, target: linkTarget(path) })}; it was not read`, EXIT.error, NOT_A_FILE_HINT);
    throw e;
  }
}

function linkTarget(path: string): string {
  try {
    return readlinkSync(path);
  } catch {
    return '?';
  }
}

function loadOpened(root: string, stateDir: string | undefined, fd: number, st: BigIntStats, path: string): LoadedConfig {
  // CONFIG_SHAPE: a config kept by an older version, with its defaults, is parsed again.
  const identity = [CONFIG_SHAPE, root, st.ino, st.size, st.mtimeNs, st.ctimeNs].join(':');
  // None kept, unreadable or of another file: parse.
  const kept = stateDir ? readState(stateDir, CONFIG_CACHE_FILE, isKeptConfig) : null;
  if (kept?.identity === identity) return { config: kept.config, warnings: kept.warnings, defaulted: kept.defaulted, path };
  const parsed = parseConfig(readFileSync(fd, 'utf8'), CONFIG_FILE, basename(root), { lenient: !!stateDir });
  // A file changed within the last two seconds could change again without its change time moving
  // (it ticks coarsely, by seconds on some file systems): keep only a settled one.
  if (stateDir && Date.now() - Number(st.ctimeMs) > 2000) {
    try {
      writeState(stateDir, CONFIG_CACHE_FILE, { identity, ...parsed } satisfies KeptConfig);
    } catch {
      /* a read-only git directory: parse again next time */
    }
  }
  return { ...parsed, path };
}
