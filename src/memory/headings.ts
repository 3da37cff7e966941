/** The sections of a session, and their headings in each journal language. */
export type SectionKey = 'request' | 'learned' | 'decisions' | 'completed' | 'next_steps' | 'notes' | 'commits';
export type Lang = 'en' | 'zh';

export const SECTION_KEYS: readonly SectionKey[] = ['request', 'learned', 'decisions', 'completed', 'next_steps', 'notes', 'commits'];

export const HEADINGS: Record<Lang, Record<SectionKey, string> & { session: string }> = {
  en: {
    session: 'Session',
    request: 'Request',
    learned: 'Learned',
    decisions: 'Decisions',
    completed: 'Completed',
    next_steps: 'Next steps',
    notes: 'Notes',
    commits: 'Commits',
  },
  zh: {
    session: '会话',
    request: '请求',
    learned: '学到了什么',
    decisions: '决定',
    completed: '完成了什么',
    next_steps: '下一步',
    notes: '备注',
    commits: '提交',
  },
};

/** Other spellings found in existing journals. */
const ALIASES: Record<string, SectionKey> = {
  'next step': 'next_steps',
  todo: 'next_steps',
  decision: 'decisions',
  note: 'notes',
  learnings: 'learned',
  '学到的': 'learned',
  '完成': 'completed',
  '下一步计划': 'next_steps',
  '决策': 'decisions',
  '笔记': 'notes',
};

const LOOKUP = new Map<string, SectionKey>();
for (const lang of Object.values(HEADINGS)) {
  for (const key of SECTION_KEYS) LOOKUP.set(lang[key].toLowerCase(), key);
}
for (const [alias, key] of Object.entries(ALIASES)) LOOKUP.set(alias, key);

/** The section a `### heading` names, in either language, or undefined. */
export function sectionOf(heading: string): SectionKey | undefined {
  return LOOKUP.get(heading.trim().replace(/[:：]$/, '').toLowerCase());
}

/** Matches a session block heading: `## Session 14:30` or `## 会话 14:30`. */
export const SESSION_HEADING_RE = /^##\s+(?:Session|会话)\s+(\d{1,2}:\d{2})\s*$/;
