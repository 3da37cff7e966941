/** `text` as a pattern that matches it literally: every character a pattern reads specially escaped. */
export const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
