import { RULES, ruleMatches } from './rules.js';

// A line where no rule's needle (its fixed part, see rules.ts) matches, case aside, is skipped
// after one regex run: most memory lines, even those with long paths or words like "token".
const ANY_NEEDLE = new RegExp(RULES.map((r) => `(?:${r.needle.source})`).join('|'), 'i');

/**
 * Redacts secrets the project rules recognise, synchronously and without secretlint, for text on
 * its way into the primer. Memory is scanned fully when written and when pushed; this is the last
 * line for a file that arrived another way (a commit made with --no-verify, say), cheap enough
 * for every session start.
 */
export function redactQuick(line: string): string {
  if (!ANY_NEEDLE.test(line)) return line;
  const spans: [number, number, string][] = [];
  for (const rule of RULES) {
    if (!rule.needle.test(line)) continue;
    for (const m of ruleMatches(rule, line)) spans.push([m.start, m.end, rule.id]);
  }
  if (!spans.length) return line;
  // Outermost spans win; replace from the end so earlier offsets stay valid.
  spans.sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  const kept: [number, number, string][] = [];
  for (const s of spans) if (!kept.length || s[0] >= kept[kept.length - 1]![1]) kept.push(s);
  let out = line;
  for (const [start, end, id] of kept.reverse()) out = `${out.slice(0, start)}[REDACTED:${id}]${out.slice(end)}`;
  return out;
}
