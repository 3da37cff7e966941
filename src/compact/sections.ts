/**
 * The 8-section compaction summary of seed 004 (Claude Code's wU2 compressor): the section names in
 * order, how a section is recognised in a summary someone else wrote, and a parse/render pair for
 * the summaries git-memory writes and repairs.
 */

export const SUMMARY_SECTIONS = [
  'Primary Request and Intent',
  'Key Technical Concepts',
  'Files and Code Sections',
  'Errors and fixes',
  'Problem Solving',
  'All user messages',
  'Pending Tasks',
  'Current Work',
] as const;

export type SectionName = (typeof SUMMARY_SECTIONS)[number];

/**
 * Other spellings of each section (seed 004's findSectionByKeywords): what Claude Code's own
 * summaries, notes-derived summaries and Chinese summaries call them. Only counted on a heading line.
 */
const KEYWORDS: Record<SectionName, string[]> = {
  'Primary Request and Intent': ['primary request', 'request and intent', 'user intent', '主要请求', '请求和意图'],
  'Key Technical Concepts': ['technical concepts', 'key concepts', '关键技术概念', '技术概念'],
  'Files and Code Sections': ['files and code', 'code sections', 'files modified', 'files and functions', '文件和代码'],
  'Errors and fixes': ['errors and fixes', 'errors & fixes', 'errors and corrections', 'errors & corrections', '错误和修复'],
  'Problem Solving': ['problem solving', 'problem-solving', '问题解决'],
  'All user messages': ['user messages', '用户消息'],
  'Pending Tasks': ['pending tasks', 'open tasks', 'remaining tasks', '待处理任务', '待办'],
  'Current Work': ['current work', 'current state', '当前工作', '当前状态'],
};

/** A heading line: markdown `#`s, a number (`1.`), bold, or a trailing colon, around a short title. */
const HEADING = /^\s{0,3}(#{1,6}\s+|\d{1,2}[.)]\s+|\*\*)?\s*(.{2,80}?)\s*$/;

/**
 * What HEADING needs to find a marked heading, checked without it: a `#`, a digit or `**` among the
 * first four characters after up to three spaces, or a trailing colon. Most lines of a summary are
 * prose, which this settles at once.
 */
function maybeHeading(line: string): boolean {
  const t = line.trimStart();
  const c = t.charCodeAt(0);
  return (line.length - t.length <= 3 && (c === 35 || (c >= 48 && c <= 57) || t.startsWith('**'))) || line.trimEnd().endsWith(':');
}

/**
 * Whether maybeHeading could be true of the line from `from` to `end` of `text`, from its first
 * and last characters: one of `#`, a digit or `*` first, a `:` last, or a blank at either end (then
 * maybeHeading decides). Most lines of a summary end here, without a string made for them.
 */
function mayBeHeading(text: string, from: number, end: number): boolean {
  if (end === from) return false;
  const c = text.charCodeAt(from);
  if (c === 35 || (c >= 48 && c <= 57) || c === 42 || blank(c)) return true;
  const z = text.charCodeAt(end - 1);
  return z === 58 || blank(z);
}

/** What trimStart and trimEnd take away (as `\s` matches): ASCII's blanks and Unicode's spaces and line ends. */
const blank = (c: number) => c === 32 || (c >= 9 && c <= 13) || (c > 127 && /\s/.test(String.fromCharCode(c)));

/** The section a heading line names, or null. */
export function headingSection(line: string): SectionName | null {
  if (line.length > 100 || !maybeHeading(line)) return null;
  const m = HEADING.exec(line);
  if (!m) return null;
  const marked = !!m[1] || m[2]!.endsWith(':');
  if (!marked) return null;
  const title = m[2]!.toLowerCase().replace(/[*_`:]/g, '').replace(/^\d{1,2}[.)]\s*/, '').trim();
  if (title.length > 60) return null;
  for (const name of SUMMARY_SECTIONS) {
    if (title === name.toLowerCase() || KEYWORDS[name].some((k) => title.startsWith(k) || title === k)) return name;
  }
  return null;
}

/**
 * Which of the 8 sections a summary has: the seed counts a section present when its name appears
 * anywhere in the text (case-insensitive), or when a heading line uses one of its other spellings.
 * `lower` is the summary lower-cased, when the caller has it already.
 */
export function sectionsFound(summary: string, lower = summary.toLowerCase()): SectionName[] {
  const byHeading = new Set<SectionName>();
  for (let from = 0; from <= summary.length; ) {
    const nl = summary.indexOf('\n', from);
    const end = nl < 0 ? summary.length : nl;
    if (end - from <= 100 && mayBeHeading(summary, from, end)) {
      const s = headingSection(summary.slice(from, end));
      if (s) byHeading.add(s);
    }
    from = end + 1;
  }
  return SUMMARY_SECTIONS.filter((s) => lower.includes(s.toLowerCase()) || byHeading.has(s));
}

export interface ParsedSummary {
  /** Text before the first recognised section heading (a preamble). */
  preamble: string;
  /** Section bodies by name, in the order they appeared; a section named twice keeps both bodies joined. */
  sections: Map<SectionName, string>;
}

/** Splits a summary at its section headings (ours, Claude Code's numbered ones, or the other spellings). */
export function parseSummary(text: string): ParsedSummary {
  const sections = new Map<SectionName, string>();
  const pre: string[] = [];
  let current: SectionName | null = null;
  let body: string[] = [];
  const flush = () => {
    if (!current) return;
    const prev = sections.get(current);
    const t = body.join('\n').trim();
    sections.set(current, prev ? `${prev}\n${t}` : t);
  };
  for (const line of text.replace(/\r\n/g, '\n').split('\n')) {
    const s = headingSection(line);
    if (s) {
      flush();
      current = s;
      body = [];
    } else if (current) body.push(line);
    else pre.push(line);
  }
  flush();
  return { preamble: pre.join('\n').trim(), sections };
}

/** A summary in git-memory's shape: `## 1. Primary Request and Intent` … every section, in order. */
export function renderSummary(p: ParsedSummary): string {
  const out: string[] = [];
  if (p.preamble) out.push(p.preamble, '');
  SUMMARY_SECTIONS.forEach((name, i) => {
    out.push(`## ${i + 1}. ${name}`, (p.sections.get(name) ?? '').trim() || '(none)', '');
  });
  return `${out.join('\n').trimEnd()}\n`;
}
