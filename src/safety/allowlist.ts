import { createContext, Script, type Context } from 'node:vm';

/**
 * `[secrets] allowlist` entries written `/…/flags` are regular expressions, and JavaScript runs
 * them with backtracking: `/(a+)+$/` takes minutes on a secret-shaped value, which would hang every
 * write and `lint`. Two bounds: the config refuses the shapes that blow up (a repeat nested in a
 * repeat, back-references), and every run has a time budget, for what slips past that check.
 */

/**
 * A pattern that has used this much of the processor on one value without deciding gives up: a sane
 * pattern decides on a secret-sized value in microseconds. Counted in processor time, not on the
 * clock: a loaded machine that leaves the process waiting does not make a sane pattern "slow".
 */
export const PATTERN_BUDGET_MS = 50;
/**
 * However little processor time a starved process gets, a run gives up after this many
 * budget-long tries (a pattern counted slow then stays a finding, the safe side).
 */
const PATTERN_TRIES_MAX = 40;
/** Longer values are not matched against patterns (they stay findings): no false positive is this long. */
export const PATTERN_INPUT_MAX = 16 * 1024;

/** `/source/flags` → [source, flags], or null for an exact-string entry. */
export function splitPattern(entry: string): [string, string] | null {
  const m = /^\/(.+)\/([a-z]*)$/s.exec(entry);
  return m ? [m[1]!, m[2]!.replace(/[gy]/g, '')] : null;
}

interface Frame {
  start: number;
  /** Something inside the group repeats. */
  repeats: boolean;
}

/**
 * Why a pattern source cannot run in bounded time, or undefined. A light scan of the syntax, not
 * a full parser: classes and escapes are skipped, groups tracked, and a repeat (`*`, `+`, `{n,}`,
 * `{n,m}` with m > 1) applied to a group that already repeats inside is refused, as are `\1` and
 * `\k<name>`.
 */
export function unboundedPattern(source: string): string | undefined {
  const stack: Frame[] = [{ start: 0, repeats: false }];
  // The atom a quantifier would apply to: whether it repeats inside, and where it starts.
  let atom: { repeats: boolean; start: number } | null = null;
  for (let i = 0; i < source.length; i++) {
    const c = source[i]!;
    if (c === '\\') {
      const next = source[i + 1] ?? '';
      if (/[1-9]/.test(next)) return `uses a back-reference (\\${/^\d+/.exec(source.slice(i + 1))![0]}), which cannot run in bounded time`;
      if (next === 'k' && source[i + 2] === '<') return `uses a back-reference (${source.slice(i, source.indexOf('>', i) + 1)}), which cannot run in bounded time`;
      const braced = /^[upP]\{[^}]*\}/.exec(source.slice(i + 1));
      atom = { repeats: false, start: i };
      i += braced ? braced[0].length : 1;
      continue;
    }
    if (c === '[') {
      const start = i;
      for (i++; i < source.length && source[i] !== ']'; i++) if (source[i] === '\\') i++;
      atom = { repeats: false, start };
      continue;
    }
    if (c === '(') {
      stack.push({ start: i, repeats: false });
      const prefix = /^\((?:\?(?::|=|!|<=|<!|<[A-Za-z_$][\w$]*>))?/.exec(source.slice(i))![0];
      i += prefix.length - 1;
      atom = null;
      continue;
    }
    if (c === ')') {
      const frame = stack.length > 1 ? stack.pop()! : stack[0]!;
      if (frame.repeats) stack[stack.length - 1]!.repeats = true;
      atom = { repeats: frame.repeats, start: frame.start };
      continue;
    }
    const quant = /^(?:[*+?]|\{(\d+)(,(\d*))?\})\??/.exec(source.slice(i));
    if (quant && atom) {
      const [, min, comma, max] = quant;
      const repeats = c === '*' || c === '+' || (c === '{' && !!comma && (max === '' || Number(max) > Math.max(1, Number(min))));
      if (repeats && atom.repeats) {
        return `repeats a group that itself repeats (${JSON.stringify(source.slice(atom.start, i + quant[0].length))}), which can take exponential time on a secret-shaped value; rewrite it without the nesting`;
      }
      if (repeats) stack[stack.length - 1]!.repeats = true;
      i += quant[0].length - 1;
      atom = null;
      continue;
    }
    atom = c === '|' ? null : { repeats: false, start: i };
  }
  return undefined;
}

/** What the allowlist allows, and the patterns that ran out of time (they were skipped). */
export interface AllowlistMatcher {
  allowed(value: string): boolean;
  slow: string[];
  /** Patterns that matched a value they cannot know (see `scrambled`): applied to nothing. */
  broad: string[];
}

/**
 * `value` with every letter and digit replaced by another drawn from the value itself (a seeded
 * generator: the same value gives the same answer on every run and machine), case and class kept,
 * signs kept: a value no allowlist entry written for a known false positive can match. A pattern
 * that matches it too (`/.*\/`, `/^[A-Za-z0-9_]+$/`) would allow any secret of that shape, and the
 * config that holds it is committed: a cloned repository could switch the scanner off on every
 * teammate's machine (their journal, the commits pushed back, what is sent to a model). A pattern
 * pinned to a fixed part (`/^sk_test_/`, `/EXAMPLE$/`) does not match it.
 */
export function scrambled(value: string, salt = 0): string {
  // FNV-1a of the value, then xorshift32: Math.random made a short pinned pattern (`/^x/`) apply on
  // some runs and not on others (1 in 26 drew the same first letter).
  let h = 2166136261 ^ salt;
  for (let i = 0; i < value.length; i++) h = Math.imul(h ^ value.charCodeAt(i), 16777619);
  h = h || 0x9e3779b9;
  const next = () => {
    h ^= h << 13;
    h ^= h >>> 17;
    h ^= h << 5;
    return (h >>> 0) / 4294967296;
  };
  const pick = (chars: string) => chars[Math.floor(next() * chars.length)]!;
  let out = '';
  for (const c of value) {
    if (c >= 'a' && c <= 'z') out += pick('abcdefghijklmnopqrstuvwxyz');
    else if (c >= 'A' && c <= 'Z') out += pick('ABCDEFGHIJKLMNOPQRSTUVWXYZ');
    else if (c >= '0' && c <= '9') out += pick('0123456789');
    else out += c;
  }
  // Drawn again in the rare case it came out the same (a value of one or two letters).
  return out === value && /[A-Za-z0-9]/.test(value) && salt < 64 ? scrambled(value, salt + 1) : out;
}

/**
 * `value` scrambled but for its characters `fixed` marks (what every secret of its kind shares), by
 * `scrambled` on the rest taken as one string.
 */
export function scrambledBut(value: string, fixed: readonly boolean[]): string {
  let rest = '';
  for (let i = 0; i < value.length; i++) if (!fixed[i]) rest += value[i];
  const mixed = scrambled(rest);
  let out = '';
  let j = 0;
  for (let i = 0; i < value.length; i++) out += fixed[i] ? value[i] : mixed[j++];
  return out;
}

/**
 * The matcher for a `[secrets] allowlist`:/**
 * The matcher for a `[secrets] allowlist`: exact strings, and patterns that pass
 * `unboundedPattern`, each run with a time budget in a separate V8 context (which can be
 * interrupted). A pattern that runs out of time matches nothing for the rest of this matcher's
 * life, so a value it was checking stays a finding. Entries that do not compile are exact strings.
 */
export function allowlistMatcher(list: readonly string[], fixedParts?: (value: string) => boolean[]): AllowlistMatcher {
  const exact = new Set<string>();
  const patterns: { entry: string; context: Context }[] = [];
  for (const entry of list) {
    const split = splitPattern(entry);
    try {
      if (!split) exact.add(entry);
      else if (!unboundedPattern(split[0])) patterns.push({ entry, context: compile(split[0], split[1]) });
    } catch {
      exact.add(entry);
    }
  }
  const slow: string[] = [];
  const test = (p: (typeof patterns)[number], value: string): boolean => {
    if (slow.includes(p.entry) || value.length > PATTERN_INPUT_MAX) return false;
    p.context.value = value;
    // The run is interrupted on the clock (all V8 offers); what it used of the processor decides
    // whether it was slow or only waiting its turn, in which case it runs again.
    let used = 0;
    for (let tries = 0; tries < PATTERN_TRIES_MAX; tries++) {
      const before = process.cpuUsage();
      try {
        return RUN.runInContext(p.context, { timeout: PATTERN_BUDGET_MS }) === true;
      } catch {
        // The only way this run fails is the timeout.
        const spent = process.cpuUsage(before);
        used += (spent.user + spent.system) / 1000;
        if (used >= PATTERN_BUDGET_MS) break;
      }
    }
    slow.push(p.entry);
    return false;
  };
  const broad: string[] = [];
  // A pattern allows a value only when it matches neither the value scrambled nor the value scrambled
  // but for what `fixedParts` says its kind shares (`ghp_`, `AKIA`, a key's BEGIN line): it names
  // that value, not any, nor every one of its kind.
  const allows = (p: (typeof patterns)[number], value: string): boolean => {
    if (broad.includes(p.entry) || !test(p, value)) return false;
    if (!test(p, scrambled(value)) && !(fixedParts && test(p, scrambledBut(value, fixedParts(value))))) return true;
    broad.push(p.entry);
    return false;
  };
  return { allowed: (value) => exact.has(value) || patterns.some((p) => allows(p, value)), slow, broad };
}

const RUN = new Script('pattern.test(value)');

function compile(source: string, flags: string): Context {
  const context = createContext({ source, flags, value: '' });
  new Script('pattern = new RegExp(source, flags)').runInContext(context); // throws when it does not compile
  return context;
}
