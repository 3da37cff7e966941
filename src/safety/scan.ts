import { allowlistMatcher } from './allowlist.js';
import { startIndexOf } from '../order.js';
import { plainView } from './plain-view.js';
import { presetMayMatch } from './preset-gate.js';
import { rulesThatMayMatch } from './quick-redact.js';
import { RULES, isRealPassword, isReference, ruleMatches } from './rules.js';
import type { Finding, ScanOptions } from './types.js';

/** Most characters one project-rule pass sees. */
export const CHUNK_SIZE = 1 << 20;
/** Chunks overlap by more than the longest secret we match (private-key bodies up to 20,000). */
export const CHUNK_OVERLAP = 1 << 15;
// secretlint's message cleanup is quadratic in the number of findings per call (1 MiB packed with
// key ids takes minutes), so the preset sees small chunks. Its overlap covers every preset secret
// but long private keys, which the project `private-key` rule finds on the large chunks.
const PRESET_CHUNK_SIZE = 1 << 13;
const PRESET_CHUNK_OVERLAP = 1 << 11;
/** Texts up to this long have a rule's needle tried before its pattern (projectFindings). */
const NEEDLE_FIRST = 1 << 14;

// Ranks decide which rule names a span when findings overlap: specific project rules (their
// index), then the preset, then the generic keyword rule.
const PRESET_RANK = 100;
const GENERIC_RANK = 200;

/** A finding before deduplication, with absolute offsets. */
interface Raw { ruleId: string; message: string; start: number; end: number; rank: number }

const URL_PASSWORD = /:\/\/[^\s:@/?#]{0,128}:([^\s@/]{1,256})@/;

async function presetFindings(chunk: string, offset: number): Promise<Raw[]> {
  // secretlint (preset.ts) is loaded and run only for a chunk where one of its rules may match.
  if (!presetMayMatch(chunk)) return [];
  const result = await (await import('./preset.js')).lintPreset(chunk);
  const out: Raw[] = [];
  for (const m of result.messages) {
    let [start, end] = m.range;
    const values = Object.values(m.data ?? {}).filter((v): v is string => typeof v === 'string' && v !== '');
    // Some preset rules report the match start with the captured value's length; re-anchor on the value.
    if (values.length === 1 && chunk.slice(start, end) !== values[0]) {
      const at = chunk.slice(start, end + 512).indexOf(values[0]!);
      if (at >= 0) [start, end] = [start + at, start + at + values[0]!.length];
    }
    // The preset flags `postgres://app:<password>@db` and `ghp_xxxx…`; stand-ins are not secrets.
    const value = chunk.slice(start, end);
    const url = URL_PASSWORD.exec(value);
    if (url ? !isRealPassword(url[1]!) : isReference(value)) continue;
    const ruleId = `secretlint/${m.ruleId.replace(/^@secretlint\/secretlint-rule-/, '')}`;
    // Preset messages embed the raw value; keep only the description in front of it.
    const title = m.message.replace(/^found /, '').split(':')[0]!;
    const message = values.some((v) => title.includes(v)) ? m.messageId : title;
    out.push({ ruleId, message, start: start + offset, end: end + offset, rank: PRESET_RANK });
  }
  return out;
}

function projectFindings(chunk: string, offset: number): Raw[] {
  const out: Raw[] = [];
  const may = rulesThatMayMatch(chunk);
  RULES.forEach((rule, index) => {
    // The needle (a few characters of pattern) before the rule's own, in a short text: a session
    // file's front matter holds `auth` (author:) and `:00:` (time:), and compiling generic-secret's and
    // pgpass's look-behind patterns for it was most of the scan at every `end`. A long text pays each
    // pattern's compiling once for much scanning, and some needles cost more than their patterns on
    // it (firebase-server-key's on a megabyte of one letter: 52 ms against 4).
    if (!may[index] || (chunk.length <= NEEDLE_FIRST && !rule.needle.test(chunk))) return;
    for (const m of ruleMatches(rule, chunk)) {
      const rank = rule.generic ? GENERIC_RANK : index;
      out.push({ ruleId: rule.id, message: rule.title, start: m.start + offset, end: m.end + offset, rank });
    }
  });
  return out;
}

function* chunks(text: string, size: number, overlap: number): Generator<[number, string]> {
  for (let offset = 0; ; offset += size - overlap) {
    yield [offset, text.slice(offset, offset + size)];
    if (offset + size >= text.length) return;
  }
}

/** One finding per secret: a better-ranked narrower span wins over a container, others merge. */
function settle(found: Raw[]): Raw[] {
  // Chunk overlaps and preset + project rules report identical spans: keep the best-ranked one.
  const bySpan = new Map<string, Raw>();
  for (const f of found) {
    const key = `${f.start}:${f.end}`;
    const seen = bySpan.get(key);
    if (!seen || f.rank < seen.rank) bySpan.set(key, f);
  }
  const cluster = [...bySpan.values()];
  const inside = (a: Raw, b: Raw) => a !== b && b.start <= a.start && a.end <= b.end;
  const kept =
    cluster.length > 64
      ? cluster // pathological overlap: skip the quadratic pass and merge everything below
      : cluster.filter(
          (f) => !cluster.some((g) => (inside(f, g) && g.rank <= f.rank) || (inside(g, f) && g.rank < f.rank)),
        );
  kept.sort((a, b) => a.start - b.start);
  const out: Raw[] = [];
  for (const f of kept) {
    const last = out[out.length - 1];
    if (last && f.start < last.end) {
      const best = f.rank < last.rank ? f : last;
      out[out.length - 1] = { ...best, start: last.start, end: Math.max(last.end, f.end) };
    } else out.push({ ...f });
  }
  return out;
}

function resolve(raw: Raw[]): Raw[] {
  raw.sort((a, b) => a.start - b.start || b.end - a.end || a.rank - b.rank);
  const out: Raw[] = [];
  let cluster: Raw[] = [];
  let clusterEnd = -1;
  for (const f of raw) {
    if (cluster.length > 0 && f.start >= clusterEnd) {
      out.push(...settle(cluster));
      cluster = [];
    }
    cluster.push(f);
    clusterEnd = cluster.length === 1 ? f.end : Math.max(clusterEnd, f.end);
  }
  if (cluster.length > 0) out.push(...settle(cluster));
  return out;
}

let needles: RegExp[] | undefined;

/**
 * What every secret of a value's kind shares, which an allowlist pattern must not be pinned to alone:
 * what a rule's needle finds in it (`ghp_`, `AKIA`, `sk-ant-`, `xoxb-`, a JWT's header) and then
 * its first three characters (`MII` of a key's body), and a private key's BEGIN and END lines. A
 * prefix only secretlint's preset knows is not among them. A cloned repository's committed `allowlist = ["/^ghp_/"]`
 * would otherwise let every teammate's GitHub token into their journal and the commits they push.
 */
export function fixedParts(value: string): boolean[] {
  const fixed = new Array<boolean>(value.length).fill(false);
  // A rule whose needle is only a shape (SecretRule.run: a long run of base64) names no fixed part.
  needles ??= RULES.filter((r) => !r.run).map((r) => new RegExp(r.needle.source, `${r.needle.flags.replace('g', '')}g`));
  let kind = false;
  for (const needle of needles) {
    for (const m of value.matchAll(needle)) {
      kind = true;
      for (let i = m.index; i < m.index + m[0].length; i++) fixed[i] = true;
    }
  }
  // A value of a known kind: its first characters too (a key body's `MII`, found by its `IBAAK`).
  if (kind) for (let i = 0; i < Math.min(3, value.length); i++) fixed[i] = true;
  let at = 0;
  for (const line of value.split('\n')) {
    if (line.includes('-----')) for (let i = at; i < at + line.length; i++) fixed[i] = true;
    at += line.length + 1;
  }
  return fixed;
}

/** Preset and project findings in `text`, before deduplication. */
async function rawFindings(text: string): Promise<Raw[]> {
  // Appended one by one: spreading tens of thousands of findings into push() can overflow the stack.
  const raw: Raw[] = [];
  for (const [offset, chunk] of chunks(text, PRESET_CHUNK_SIZE, PRESET_CHUNK_OVERLAP)) {
    for (const f of await presetFindings(chunk, offset)) raw.push(f);
  }
  for (const [offset, chunk] of chunks(text, CHUNK_SIZE, CHUNK_OVERLAP)) {
    for (const f of projectFindings(chunk, offset)) raw.push(f);
  }
  return raw;
}

/**
 * Find secrets in `text` with the secretlint recommended preset plus the project rules. Input of any
 * size is scanned in overlapping chunks (1 MiB for the project rules, 8 KiB for secretlint).
 * Lines with terminal escapes or percent-encoding are scanned again as read (plainView), each
 * finding mapped back to the text. Findings are deduplicated and sorted by position; their
 * messages carry masked values only.
 */
export async function scanText(text: string, opts: ScanOptions = {}): Promise<Finding[]> {
  const raw = await rawFindings(text);
  const plain = plainView(text);
  if (plain) {
    for (const f of await rawFindings(plain.view)) {
      raw.push({ ...f, start: plain.from[f.start]!, end: plain.to[f.end - 1]! });
    }
  }
  const allowlist = allowlistMatcher(opts.allowlist ?? [], fixedParts);
  const starts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  const findings: Finding[] = [];
  for (const { ruleId, message, start, end } of resolve(raw)) {
    const value = text.slice(start, end);
    if (allowlist.allowed(value)) continue;
    const line = startIndexOf(starts, start);
    const masked = maskValue(value);
    findings.push({ ruleId, message: `${message}: ${masked}`, line: line + 1, column: start - starts[line]! + 1, start, end, masked });
  }
  // Said with the findings, so a value the user expected to be allowed is not a mystery.
  if (allowlist.slow.length) {
    const note = ` (allowlist ${allowlist.slow.join(', ')} ran out of time and was skipped: simplify it)`;
    for (const f of findings) f.message += note;
  }
  if (allowlist.broad.length) {
    const note = ` (allowlist ${allowlist.broad.join(', ')} matches any value of this shape or kind and was not applied: allow the value itself, or a pattern that names what sets it apart, such as /EXAMPLE$/)`;
    for (const f of findings) f.message += note;
  }
  return findings;
}

/** Replace each finding's span with `[REDACTED:<ruleId>]`; overlapping spans are redacted once. */
export function redactText(text: string, findings: readonly Finding[]): string {
  const sorted = [...findings].sort((a, b) => a.start - b.start);
  let out = '';
  let cursor = 0;
  for (const f of sorted) {
    if (f.end <= cursor) continue;
    out += text.slice(cursor, Math.max(cursor, f.start)) + `[REDACTED:${f.ruleId}]`;
    cursor = f.end;
  }
  return out + text.slice(cursor);
}

/** Show at most 4 characters of a secret (2 at each end), and none of a short one. */
export function maskValue(v: string): string {
  const chars = Array.from(v);
  if (chars.length < 12) return '****';
  const stars = '*'.repeat(Math.min(chars.length - 4, 16));
  return chars.slice(0, 2).join('') + stars + chars.slice(-2).join('');
}
