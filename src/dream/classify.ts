import type { LongTermSection } from '../memory/long-term.js';

const PREFERENCE = /\b(?:user )?prefers?\b|偏好/i;
/**
 * Who, then later on the same line what they want ("They like …", "the user asked for …",
 * "用户希望 …"): each found once, where `who.*want` was tried again from every "they".
 */
const WHO_WANTS: Array<[RegExp, RegExp]> = [
  [/\b(?:the user|users?|they)\b/i, /\b(?:prefers?|likes?|wants?|dislikes?|asked for|hates?)\b/i],
  [/用户/, /喜欢|偏好|希望|要求/],
];

function statesPreference(text: string): boolean {
  if (PREFERENCE.test(text)) return true;
  for (const line of text.split(/[\n\r\u2028\u2029]/)) {
    for (const [who, wants] of WHO_WANTS) {
      const w = who.exec(line);
      if (w && wants.test(line.slice(w.index + w[0].length))) return true;
    }
  }
  return false;
}

const GOTCHA = /\b(?:don'?t|do not|never|avoid|careful|beware|must not|fails?|breaks?|broke|broken|crash(?:es)?|bug|gotcha|watch out|otherwise|caveat|trap|flaky|leaks?|silently|only works|won'?t|doesn'?t|cannot|can'?t)\b|不要|避免|否则|小心|会失败|坑|注意/i;
const CONVENTION = /\b(?:always|convention|conventions|naming|style|we use|use|prefer|should|must|run (?:the )?\S+ (?:with|via|before)|lives? in|goes? in|belongs? in|is kept in|format(?:ted)? with)\b|约定|总是|统一|必须|规范|使用/i;

/** The MEMORY.md section a session's learned item belongs to, by what it says. */
export function classifyLearned(text: string): LongTermSection {
  if (statesPreference(text)) return 'preferences';
  if (GOTCHA.test(text)) return 'gotchas';
  if (CONVENTION.test(text)) return 'conventions';
  return 'gotchas';
}

/** A note of a session is kept only when it states the user's preference. */
export const isPreference = statesPreference;
