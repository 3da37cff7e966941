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
  const { scanText, redactText } = await import('../../safety/scan.js');
  const clean = (s: string) => stripControlChars(stripHiddenText(s).text);
  const lists = ['learned', 'decisions', 'completed', 'next_steps', 'notes'] as const;
  const texts = [summary.request, ...lists.flatMap((k) => summary[k])].map(clean);
  const joined = texts.join(SEP);
  const findings = await scanText(joined, { allowlist });
  let out = texts;
  if (findings.length) {
    const parts = redactText(joined, findings).split(SEP);
    // A finding that swallowed a separator (a multi-line key) is rare: redact item by item then.
    out = parts.length === texts.length ? parts : await Promise.all(texts.map(async (t) => redactText(t, await scanText(t, { allowlist }))));
  }
  let i = 1;
  const next = (n: number) => out.slice(i, (i += n));
  const result: Summary = { ...summary, request: out[0]! };
  for (const k of lists) result[k] = next(summary[k].length);
  return result;
}
