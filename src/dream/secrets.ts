import type { LongTermDoc } from '../memory/long-term.js';
import { stripHiddenText } from '../safety/hidden-text.js';
import { withoutMachineText } from '../safety/machine-text.js';
import type { GuardConfig } from '../safety/guard.js';

/**
 * The secret scan before MEMORY.md is written, entry by entry (their texts scanned together, one
 * a line): in `block` mode an entry holding a secret is left out (and named, masked), so one bad
 * session does not stop every later dream; in `redact` mode its value is replaced. Invisible
 * characters are removed first, and what is true of one machine only (absolute paths, stack frames).
 */
export async function guardEntries(doc: LongTermDoc, cfg: GuardConfig): Promise<{ doc: LongTermDoc; left: { text: string; reason: string }[] }> {
  const { scanText, redactText } = await import('../safety/scan.js');
  const entries = doc.entries.map((e) => ({ ...e, text: stripHiddenText(withoutMachineText(e.text, cfg.root)).text }));
  const text = entries.map((e) => `${e.text}\t${e.files.join(' ')}`).join('\n');
  const findings = await scanText(text, { allowlist: cfg.allowlist });
  if (!findings.length) return { doc: { ...doc, entries }, left: [] };
  const byLine = new Map<number, typeof findings>();
  for (const f of findings) byLine.set(f.line - 1, [...(byLine.get(f.line - 1) ?? []), f]);
  const left: { text: string; reason: string }[] = [];
  const kept = entries.flatMap((e, i) => {
    const found = byLine.get(i);
    if (!found) return [e];
    const reason = `holds a secret (${found.map((f) => `${f.ruleId} ${f.masked}`).join(', ')})`;
    if (cfg.mode === 'block') {
      left.push({ text: redactText(e.text, found.map((f) => ({ ...f, start: f.start - lineStart(text, i), end: f.end - lineStart(text, i) }))), reason });
      return [];
    }
    const line = redactText(`${e.text}\t${e.files.join(' ')}`, found.map((f) => ({ ...f, start: f.start - lineStart(text, i), end: f.end - lineStart(text, i) })));
    const [t = '', files = ''] = line.split('\t');
    return [{ ...e, text: t, files: files.split(' ').filter(Boolean) }];
  });
  return { doc: { ...doc, entries: kept }, left };
}

function lineStart(text: string, line: number): number {
  let at = 0;
  for (let i = 0; i < line; i++) at = text.indexOf('\n', at) + 1;
  return at;
}
