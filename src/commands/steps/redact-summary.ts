import type { Summary } from '../../memory/summary.js';
import { stripControlChars } from '../../safety/control-chars.js';
import { stripHiddenText } from '../../safety/hidden-text.js';

/** Between items while the whole summary is scanned at once: no secret pattern runs across it. */
const SEP = '\n\n@@git-memory-item@@\n\n';

/**
 * A summary taken from a transcript (notes, ledger, first prompt), made fit to write: secrets
 * replaced by `[REDACTED:<rule>]` whatever `[secrets] mode` says (nobody is there to fix them, so a
 * session is never lost to the scanner and no secret is stored), invisible and control characters
 * removed. One scan for the whole summary; `tasks` are the agent's own and pass the usual gate.
 */
export async function redactSummary(summary: Summary, allowlist: readonly string[]): Promise<Summary> {
  const clean = (s: string) => stripControlChars(stripHiddenText(s).text);
  const lists = ['learned', 'decisions', 'completed', 'next_steps', 'notes'] as const;
  const out = await redactAll([summary.request, ...lists.flatMap((k) => summary[k])].map(clean), allowlist);
  let i = 1;
  const next = (n: number) => out.slice(i, (i += n));
  const result: Summary = { ...summary, request: out[0]! };
  for (const k of lists) result[k] = next(summary[k].length);
  return result;
}

/**
 * Texts with every secret the full scanner finds replaced by `[REDACTED:<rule>]`, in one scan of
 * them all (items never run into each other: a separator lies between them).
 */
export async function redactAll(texts: readonly string[], allowlist: readonly string[]): Promise<string[]> {
  const { scanText, redactText } = await import('../../safety/scan.js');
  const joined = texts.join(SEP);
  const findings = await scanText(joined, { allowlist });
  if (!findings.length) return [...texts];
  const parts = redactText(joined, findings).split(SEP);
  // A finding that swallowed a separator (a multi-line key) is rare: redact item by item then.
  return parts.length === texts.length ? parts : Promise.all(texts.map(async (t) => redactText(t, await scanText(t, { allowlist }))));
}

/** A JSON-shaped value with each of its strings passed through {@link redactAll}. */
export async function redactStrings<T>(value: T, allowlist: readonly string[]): Promise<T> {
  const texts: string[] = [];
  const collect = (v: unknown): void => {
    if (typeof v === 'string') texts.push(v);
    else if (Array.isArray(v)) v.forEach(collect);
    else if (v && typeof v === 'object') Object.values(v).forEach(collect);
  };
  collect(value);
  const out = await redactAll(texts, allowlist);
  let i = 0;
  const rebuild = (v: unknown): unknown =>
    typeof v === 'string' ? out[i++] : Array.isArray(v) ? v.map(rebuild) : v && typeof v === 'object' ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, rebuild(x)])) : v;
  return rebuild(value) as T;
}
