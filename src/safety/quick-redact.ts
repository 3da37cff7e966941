import { startIndexOf } from '../order.js';
import { mayContinue, plainView } from './plain-view.js';
import { RULES, ruleMatches, TOLD_END, type SecretRule } from './rules.js';

/**
 * For each rule, the strings its needle needs (needle-table.ts), read from the patterns once by the
 * build (scripts/build.mjs) and by the tests' configuration, not at every start. Without it (the
 * sources run some other way) every line goes through the joined pattern.
 */
declare const __GIT_MEMORY_NEEDLES__: (string[] | null)[] | undefined;
const TABLE = typeof __GIT_MEMORY_NEEDLES__ === 'object' && __GIT_MEMORY_NEEDLES__.length === RULES.length ? __GIT_MEMORY_NEEDLES__ : null;

/**
 * Case folded the way a case-insensitive pattern compares characters (both sides upper-cased): a
 * string a pattern matches case aside holds the folded literal in its folded form.
 */
const fold = (s: string) => s.toUpperCase().toLowerCase();

interface Check {
  rule: SecretRule;
  /** Folded strings one of which a line must hold for the rule's needle to match (null: run the needle). */
  literals: string[] | null;
}

let checks: Check[] | null = null;
/** Each rule with the strings its needle needs, folded at the first line. */
const allChecks = (): Check[] => (checks ??= RULES.map((rule, i) => ({ rule, literals: TABLE?.[i]?.map(fold) ?? null })));

/**
 * Characters tried with substring checks before the needles are joined into one pattern: compiling
 * that pattern (over 80 needles, case-insensitive, some in other scripts) costs ~3 ms, more than a
 * primer's few thousand characters cost with `includes` (~0.3 µs a character); a longer text (a
 * compaction's summary, a transcript) gets the pattern, which then tests a line in about a
 * microsecond.
 */
const CHARS_BEFORE_PATTERN = TABLE ? 4096 : 0;
let chars = 0;
let anyNeedle: RegExp | null = null;
/**
 * The needles of the rules that need no run of key characters (SecretRule.run) joined, and those
 * rules apart: the one rule with a run (a key pasted alone) has a needle that any path of 32
 * characters with a digit matches, so in the joined pattern it sent nearly every line of a
 * transcript's commands and paths through every rule (the ledger of a 50 MB transcript: 0.25 s →
 * 1.0 s of redaction, and a larger heap at its peak). A line the fixed needles miss is tried with
 * the run rules only, after a walk that finds their run.
 */
let fixedNeedle: RegExp | null = null;
let runChecks: Check[] | null = null;
const byRun = (): Check[] => (runChecks ??= allChecks().filter((c) => c.rule.run));

/**
 * Whether some rule's needle may match `line` (false: none can), by the needles' strings or by the
 * joined pattern; `folded` gives the line folded. The two agree wherever the pattern matches
 * (test/safety/needle-literals.test.ts).
 */
export function mayHoldSecret(line: string, by: 'substrings' | 'pattern', folded = () => fold(line)): boolean {
  if (by === 'pattern') {
    // A line where no rule's needle (its fixed part, see rules.ts) matches, case aside, is skipped after one regex run.
    // Each needle once: rules share some (the private key's, the words a secret is told in).
    anyNeedle ??= new RegExp([...new Set(RULES.map((r) => r.needle.source))].map((s) => `(?:${s})`).join('|'), 'i');
    return anyNeedle.test(line);
  }
  return rulesHeld(folded()).length > 0;
}

/**
 * Every rule's strings by their first two characters (as one number), each with the rules (indexes
 * into allChecks()) it tells of; strings of one character apart; and the rules without strings.
 */
let literalIndex: { byPair: Map<number, [string, number[]][]>; single: [string, number[]][]; always: number[] } | null = null;

/**
 * The rules whose strings `folded` holds (indexes into allChecks(), ascending; a rule without
 * strings always): what `literals.some((l) => folded.includes(l))` says of each rule, in one walk
 * of the text. At each position the strings that start with its two characters are compared: a
 * line checked rule by rule cost ~0.5 M instructions (240 `includes` calls, in a process where that
 * loop is not compiled yet), and one pattern of all the strings looked ahead at every position
 * (+11 M instructions for a 2,900-character primer, most of it that pattern's compiling and its
 * 240 alternatives tried at each character); this walk costs a few hundred instructions a character.
 */
export function rulesHeld(folded: string): number[] {
  if (!literalIndex) {
    const byString = new Map<string, number[]>();
    allChecks().forEach((c, i) => c.literals?.forEach((l) => byString.set(l, [...(byString.get(l) ?? []), i])));
    const byPair = new Map<number, [string, number[]][]>();
    const single: [string, number[]][] = [];
    for (const [l, rules] of byString) {
      if (l.length < 2) single.push([l, rules]);
      else {
        const key = (l.charCodeAt(0) << 16) | l.charCodeAt(1);
        byPair.set(key, [...(byPair.get(key) ?? []), [l, rules]]);
      }
    }
    literalIndex = { byPair, single, always: allChecks().flatMap((c, i) => (c.literals ? [] : [i])) };
  }
  const { byPair, single, always } = literalIndex;
  const held = new Set(always);
  for (const [l, rules] of single) if (folded.includes(l)) for (const r of rules) held.add(r);
  for (let i = 0, last = folded.length - 1; i < last; i++) {
    const strings = byPair.get((folded.charCodeAt(i) << 16) | folded.charCodeAt(i + 1));
    if (strings) for (const [l, rules] of strings) if (folded.startsWith(l, i)) for (const r of rules) held.add(r);
  }
  const checks = allChecks();
  return [...held].filter((i) => !checks[i]!.rule.run || hasRun(folded, checks[i]!.rule.run!)).sort((a, b) => a - b);
}

/** Whether `folded` holds a run of `length` base64 characters (SecretRule.run), by character code. */
function hasRun(folded: string, length: number): boolean {
  for (let i = 0, run = 0; i < folded.length; i++) {
    const c = folded.charCodeAt(i);
    // a-z (folded), 0-9, + / _ - (and A-Z: a fold leaves some upper case)
    run = (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || c === 43 || c === 47 || c === 95 || c === 45 ? run + 1 : 0;
    if (run >= length) return true;
  }
  return false;
}

/** What `\s` matches, by character code (a pattern run for each character cost 3× the walk). */
const blank = (c: number) => c === 32 || (c >= 9 && c <= 13) || c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;
const LONGEST_WORD = Math.max(...TOLD_END.words.map((w) => w.length));

/** Whether TOLD (rules.ts) may end at `m` of `folded`, on a line whose part from the rule's string on starts at `from`. */
function toldEndsAt(folded: string, m: number, from: number): boolean {
  if (m <= from) return false;
  const c = folded[m - 1]!;
  if (TOLD_END.marks.includes(c) || TOLD_END.particles.includes(c)) return true;
  // A word with a blank before it.
  let s = m - 1;
  while (s > from && m - s < LONGEST_WORD && !blank(folded.charCodeAt(s - 1))) s--;
  return s > from && blank(folded.charCodeAt(s - 1)) && TOLD_END.words.includes(folded.slice(s, m));
}

/** Whether a value starting at `v` may follow a telling: TOLD's end, up to TOLD_END.blanks blanks, a quote. */
function toldBefore(folded: string, v: number, from: number): boolean {
  const ends = (u: number) => {
    for (let m = u, k = 0; ; k++, m--) {
      if (toldEndsAt(folded, m, from)) return true;
      if (k === TOLD_END.blanks || m <= from || !blank(folded.charCodeAt(m - 1))) return false;
    }
  };
  return ends(v) || (v > from && TOLD_END.quotes.includes(folded[v - 1]!) && ends(v - 1));
}

/**
 * Whether `folded` may hold a value told after one of `literals` (SecretRule.valueAfter): on the
 * line of one of them, after it, a run of `length` characters that are neither blanks nor `stops`,
 * right after the end of a telling (a mark, a particle or one of TOLD's words, then at most a few
 * blanks and a quote). A line saying "Rotate the signing secrets <!-- t-d329a 2026-10-25T09:29 -->"
 * has a long run after "secret", but none after a telling: the rule's pattern (+13 M instructions to
 * compile) is not run for it. Linear in the text: each line is walked once per string it holds.
 */
function toldAfter(folded: string, literals: string[], { length, stops }: NonNullable<SecretRule['valueAfter']>): boolean {
  for (const l of literals) {
    for (let at = folded.indexOf(l); at >= 0; ) {
      const nl = folded.indexOf('\n', at);
      const end = nl < 0 ? folded.length : nl;
      let run = 0;
      for (let i = at; i < end; i++) {
        run = blank(folded.charCodeAt(i)) || stops.includes(folded[i]!) ? 0 : run + 1;
        if (run >= length && toldBefore(folded, i - length + 1, at)) return true;
      }
      at = nl < 0 ? -1 : folded.indexOf(l, nl);
    }
  }
  return false;
}

/**
 * For each rule, in RULES' order, whether its needle may match somewhere in `text`: false only
 * where the text holds none of the strings the needle needs (or, for a rule that says where its
 * value must be, no run of the value's length after a telling on the line of one of them). The scanner runs only
 * these rules' patterns on a text: compiling all 84 (each its first time in a process) was most of
 * a session file's scan at every `end` besides secretlint (+65 M instructions, +35 M without), where
 * its few hundred characters hold the strings of a handful. Without the table, every rule.
 */
export function rulesThatMayMatch(text: string): boolean[] {
  if (!TABLE) return RULES.map(() => true);
  const folded = fold(text);
  return allChecks().map(({ rule, literals }) => !literals || (literals.some((l) => folded.includes(l)) && (!rule.valueAfter || toldAfter(folded, literals, rule.valueAfter)) && (!rule.run || hasRun(folded, rule.run))));
}

/**
 * Redacts secrets the project rules recognise, synchronously and without secretlint, for text on
 * its way into the primer. Memory is scanned fully when written and when pushed; this is the last
 * line for a file that arrived another way (a commit made with --no-verify, say), cheap enough
 * for every session start: most memory lines, even those with long paths or words like "token",
 * hold no rule's fixed part, and a rule's patterns are compiled only when a line holds it.
 */
export function redactQuick(line: string): string {
  chars += line.length;
  return asRead(redactLine(line, chars > CHARS_BEFORE_PATTERN ? 'pattern' : 'substrings'));
}

/**
 * What a line-by-line pass cannot see, on `text` redacted line by line (redactQuickLines' last step):
 * private keys over many lines, then lines as read (a terminal's colours, percent-encoding, a diff).
 */
export function redactAcrossLines(text: string): string {
  return asRead(wholeKeys(text));
}

/**
 * `text` (already redacted line by line) with its private keys redacted whole: a key's lines are
 * lines of their own, and the line-by-line pass takes its header alone (no match) and its first body
 * line (`MII…`), leaving the rest of the key where a user pasted it (stop 51: PreCompact's text held
 * the lines of a PGP and a PKCS#8 key). Only for a text that names a private key or holds one redacted.
 */
function wholeKeys(text: string): string {
  const pem = text.includes('PRIVATE KEY') || text.includes('[REDACTED:private-key]');
  // A PuTTY key's lines, each redacted alone as a key with no name (bare-random-key): its
  // `Private-Lines:` header with them, as the scanner takes the key whole.
  const putty = text.includes('Private-Lines:') && text.includes('[REDACTED:');
  if (!pem && !putty) return text;
  return redactWith(text, allChecks().filter((c) => (pem && c.rule.id === 'private-key') || (putty && c.rule.id === 'putty-private-key')));
}

/**
 * `text` (already redacted) with the lines that hold a terminal escape or a percent-encoded
 * character, or are a diff's added or removed line, redacted again as read (plainView):
 * `\x1b[32mnpm_…` hides the token's start from its rule, `token%3A%20eyJ…` the name and the start,
 * `-ghp_…` in a diff the start too. What that finds is replaced in `text`.
 */
/**
 * A text with a shell's line continuation (`\` before a line break) redacted as read first, its
 * continued lines one: the line-by-line pass would redact a secret's first half alone (a name=value
 * rule takes it, the backslash with it) and leave the second on the next line.
 */
function joinedFirst(text: string): string {
  return mayContinue(text) ? asRead(text) : text;
}

/** A redaction marker and what runs on from it in a view, where a line continuation was left out. */
const RUN_ON = /\[REDACTED:[a-z0-9/-]{1,40}\]([^\s"'`<>\[\]]{4,})/g;

function asRead(text: string): string {
  const plain = plainView(text);
  if (!plain) return text;
  const { view, from, to } = plain;
  const spans: [number, number, string][] = [];
  let at = 0;
  for (const line of view.split('\n')) {
    for (const [s, e, id] of spansIn(line, allChecks())) spans.push([at + s, at + e, id]);
    at += line.length + 1;
  }
  if (view.includes('PRIVATE KEY') || view.includes('[REDACTED:private-key]')) spans.push(...spansIn(view, allChecks().filter((c) => c.rule.id === 'private-key')));
  // The line-by-line pass redacted a secret's first half before a shell's line continuation
  // (`export T=[REDACTED:…]\`): what runs on from the marker on the next line is the rest of it.
  if (mayContinue(text) && text.includes('[REDACTED:')) {
    for (const m of view.matchAll(RUN_ON)) {
      const rest = m.index + m[0].length - m[1]!.length;
      if (from[rest]! > to[rest - 1]!) spans.push([rest, m.index + m[0].length, 'split-secret']);
    }
  }
  return replaceSpans(text, spans.map(([s, e, id]) => [from[s]!, to[e - 1]!, id]));
}

/**
 * redactQuick for each line of `text`. A text longer than the substring checks take (a compaction's
 * summary, a tool's output, the context after a compaction) is searched whole for each rule's
 * strings (folded once: a few hundred indexOf runs, ~0.5 ms for 28,000 characters); its lines then
 * go through a pattern joined from the needles of only the rules whose strings it holds, and the
 * lines holding a string of a rule that says where its value must be (SecretRule.valueAfter: the
 * words a secret is told in, in many languages, the largest needle) are tried with every rule. The
 * pattern of all the needles cost such a text 3-7 ms: compiling it (over 80 needles,
 * case-insensitive) and compiling it again to machine code past its first hundred lines.
 */
export function redactQuickLines(text: string): string {
  text = joinedFirst(text);
  chars += text.length;
  const lines = text.split('\n');
  if (text.length > CHARS_BEFORE_PATTERN / 2 && TABLE) {
    const { gate, told } = searchWhole(fold(text));
    return redactAcrossLines(lines.map((line, i) => ((gate && gate.test(line)) || told.has(i) ? redactWith(line, allChecks()) : byRunOnly(line))).join('\n'));
  }
  const by = chars > CHARS_BEFORE_PATTERN ? 'pattern' : 'substrings';
  return redactAcrossLines(lines.map((line) => redactLine(line, by)).join('\n'));
}

/**
 * redactQuickLines for a process that redacts one short text (PreCompact's): its rules' strings
 * are found in the text whole (redactHeldLines), not by the walk of each line, whose index and
 * code are cold in such a process. The output is redactQuickLines'. A process that redacts many
 * texts (the primer) keeps to redactQuickLines: there the walk is warm after the first few, and
 * the whole-text search cost the warm primer +2.6 M instructions.
 */
export function redactQuickOnce(text: string): string {
  if (text.length > CHARS_BEFORE_PATTERN / 2 || !TABLE || literalIndex || chars + text.length > CHARS_BEFORE_PATTERN) return redactQuickLines(text);
  text = joinedFirst(text);
  chars += text.length;
  return redactAcrossLines(redactHeldLines(text));
}

/**
 * redactLine(line, 'substrings') for each of `lines` (`text` split at its line breaks), with each
 * rule's strings searched in the folded text whole, each once (a native search; folding keeps every
 * line break where it is, and no rule's string holds one), instead of rulesHeld's walk of each line:
 * the PreCompact text's 48 lines cost ~5 M instructions that way, in a process where the walk is
 * not compiled yet. A line gets the same rules, in the same order, as rulesHeld gives it.
 */
export function redactHeldLines(text: string, lines = text.split('\n')): string {
  const checks = allChecks();
  const folded = fold(text);
  const held: number[][] = lines.map(() => []);
  let starts: number[] | null = null;
  for (let i = 0; i < checks.length; i++) {
    const literals = checks[i]!.literals;
    if (!literals) {
      for (const h of held) h.push(i);
      continue;
    }
    for (const l of literals) {
      for (let at = folded.indexOf(l); at >= 0; ) {
        starts ??= lineStarts(folded);
        const line = startIndexOf(starts, at);
        const h = held[line]!;
        if (h[h.length - 1] !== i) h.push(i);
        // On from the next line: one hit a line is enough.
        const next = starts[line + 1];
        at = next === undefined ? -1 : folded.indexOf(l, next);
      }
    }
  }
  return lines
    .map((line, i) => {
      const f = foldedOf(line);
      const rules = held[i]!.filter((r) => !checks[r]!.rule.run || hasRun(f(), checks[r]!.rule.run!));
      return rules.length ? redactWith(line, rules.map((r) => checks[r]!), f, true) : line;
    })
    .join('\n');
}

/** Joined needles, by the rules they join (their indexes, ascending, comma-separated). */
const gates = new Map<string, RegExp>();

/**
 * Where a rule's needle may match among the lines of `folded` (a text folded whole: folding keeps
 * every line break where it is, and no rule's string holds one). `gate` matches a line wherever
 * the needle of a rule whose strings the text holds would, rules with `valueAfter` aside (null
 * when there is none); `told` holds the lines with a string of one of those.
 */
function searchWhole(folded: string): { gate: RegExp | null; told: Set<number> } {
  const checks = allChecks();
  const joined: number[] = [];
  const told = new Set<number>();
  let starts: number[] | null = null;
  checks.forEach((c, i) => {
    // A run rule's needle matches most lines of a text with paths: its lines are found apart (byRunOnly).
    if (c.rule.run) return;
    if (!c.literals || !c.rule.valueAfter) {
      if (!c.literals || c.literals.some((l) => folded.includes(l))) joined.push(i);
      return;
    }
    for (const l of c.literals) {
      for (let at = folded.indexOf(l); at >= 0; ) {
        starts ??= lineStarts(folded);
        const line = startIndexOf(starts, at);
        told.add(line);
        // On from the next line: one hit a line is enough.
        const next = starts[line + 1];
        at = next === undefined ? -1 : folded.indexOf(l, next);
      }
    }
  });
  if (!joined.length) return { gate: null, told };
  const key = joined.join(',');
  let gate = gates.get(key);
  if (!gate) {
    gate = new RegExp([...new Set(joined.map((i) => checks[i]!.rule.needle.source))].map((s) => `(?:${s})`).join('|'), 'i');
    gates.set(key, gate);
  }
  return { gate, told };
}

function lineStarts(text: string): number[] {
  const starts = [0];
  for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) starts.push(at + 1);
  return starts;
}

/** `line` folded, made at the first call only. */
function foldedOf(line: string): () => string {
  let text: string | undefined;
  return () => (text ??= fold(line));
}

/**
 * `line`, which no rule's needle but a run rule's may match (fixedNeedle, searchWhole's gate), with
 * what the run rules find replaced: only a line with their run is tried (hasRun, a walk by
 * character code), and then only the rules whose needle matches, as spansIn would.
 */
function byRunOnly(line: string, f = foldedOf(line)): string {
  let run: Check[] | null = null;
  for (const c of byRun()) if (hasRun(line, c.rule.run!)) (run ??= []).push(c);
  if (!run) return line;
  // The same line again (a file's path at each call on it, a reply restated): its answer, kept.
  const known = line.length <= RUN_MEMO_LINE ? runMemo.get(line) : undefined;
  if (known !== undefined) return known;
  run = run.filter((c) => c.rule.needle.test(line));
  const out = run.length ? redactWith(line, run, f) : line;
  if (line.length <= RUN_MEMO_LINE) {
    if (runMemo.size >= RUN_MEMO_SIZE) runMemo.clear();
    runMemo.set(line, out);
  }
  return out;
}

/**
 * byRunOnly's answers for lines met before, in this process: a ledger redacts a file's path (and
 * the line naming it) again at every tool call on it, and each is a run rule's needle, pattern and
 * validation (the bench's 50 MB transcript: 39,910 such lines, 720 of them distinct). Bounded:
 * emptied when full, lines of up to 256 characters (at most ~2 MB in a long-lived process, the MCP
 * server's). Only this process's memory holds it, as it holds the text it redacts.
 */
const runMemo = new Map<string, string>();
const RUN_MEMO_SIZE = 2048;
const RUN_MEMO_LINE = 256;

/** A line as redactQuick redacts it within a process's first few thousand characters: by the rules whose strings it holds. */
export const redactLineBySubstrings = (line: string) => redactLine(line, 'substrings');

function redactLine(line: string, by: 'substrings' | 'pattern'): string {
  const folded = foldedOf(line);
  if (by === 'pattern') {
    // As mayHoldSecret(line, 'pattern') then every rule, with the run rules' needle apart (fixedNeedle).
    fixedNeedle ??= new RegExp([...new Set(RULES.filter((r) => !r.run).map((r) => r.needle.source))].map((s) => `(?:${s})`).join('|'), 'i');
    return fixedNeedle.test(line) ? redactWith(line, allChecks(), folded) : byRunOnly(line, folded);
  }
  const held = rulesHeld(folded());
  return held.length ? redactWith(line, held.map((i) => allChecks()[i]!), folded, true) : line;
}

/**
 * `line` with what `checks` find replaced; `f` gives the line folded; `held`: the line is known to
 * hold each check's strings (rulesHeld).
 */
function redactWith(line: string, checks: Check[], f = foldedOf(line), held = false): string {
  return replaceSpans(line, spansIn(line, checks, f, held));
}

/** Where `checks` find a secret in `line`: [start, end, rule id]. */
function spansIn(line: string, checks: Check[], f = foldedOf(line), held = false): [number, number, string][] {
  const spans: [number, number, string][] = [];
  for (const { rule, literals } of checks) {
    if ((!held && literals && !literals.some((l) => f().includes(l))) || (literals && rule.valueAfter && !toldAfter(f(), literals, rule.valueAfter)) || !rule.needle.test(line)) continue;
    for (const m of ruleMatches(rule, line)) spans.push([m.start, m.end, rule.id]);
  }
  return spans;
}

const BARE = 'bare-random-key';

/** `line` with `spans` replaced by `[REDACTED:<rule>]`, the outermost of overlapping ones. */
function replaceSpans(line: string, spans: [number, number, string][]): string {
  if (!spans.length) return line;
  // A key with no name (bare-random-key) gives way to any rule that found a secret in its run, which
  // names it and keeps what is no part of it (`fix/rotate-[REDACTED:github-token]`, as the scanner does).
  if (spans.length > 1 && spans.some((s) => s[2] === BARE)) spans = spans.filter((s) => s[2] !== BARE || !spans.some((o) => o[2] !== BARE && o[0] < s[1] && s[0] < o[1]));
  // Outermost spans win; replace from the end so earlier offsets stay valid.
  spans.sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  const kept: [number, number, string][] = [];
  for (const s of spans) if (!kept.length || s[0] >= kept[kept.length - 1]![1]) kept.push(s);
  let out = line;
  for (const [start, end, id] of kept.reverse()) out = `${out.slice(0, start)}[REDACTED:${id}]${out.slice(end)}`;
  return out;
}
