/** The sides of a file that a merge left with conflict markers. */
export interface ConflictSides {
  ours: string;
  theirs: string;
  /** The common version, where the markers carry it (merge.conflictStyle diff3 or zdiff3). */
  base: string | null;
}

const OPEN = /^<{7,}(?: |$)/;
const BASE = /^\|{7,}(?: |$)/;
const SPLIT = /^={7,}$/;
const CLOSE = /^>{7,}(?: |$)/;

/** Whether a text holds git conflict markers. */
export function hasConflictMarkers(text: string): boolean {
  const lines = text.split('\n');
  return lines.some((l) => OPEN.test(l)) && lines.some((l) => CLOSE.test(l.replace(/\r$/, '')));
}

/**
 * Rebuilds each side of a conflicted file: lines outside conflicts go to both, `<<<<<<<`…`=======`
 * to ours, `=======`…`>>>>>>>` to theirs, a `|||||||` section to the base. Returns null for text
 * without (well-formed) markers. Pure.
 */
export function splitConflict(text: string): ConflictSides | null {
  const ours: string[] = [];
  const theirs: string[] = [];
  const base: string[] = [];
  let allBase = true;
  let sawBase = false;
  let state: 'common' | 'ours' | 'base' | 'theirs' = 'common';
  let conflicts = 0;
  for (const raw of text.split(/(?<=\n)/)) {
    const line = raw.replace(/\r?\n$/, '');
    if (state === 'common' && OPEN.test(line)) {
      state = 'ours';
      conflicts++;
      sawBase = false;
    } else if (state === 'ours' && BASE.test(line)) {
      state = 'base';
      sawBase = true;
    } else if ((state === 'ours' || state === 'base') && SPLIT.test(line)) {
      state = 'theirs';
    } else if (state === 'theirs' && CLOSE.test(line)) {
      state = 'common';
      allBase &&= sawBase;
    } else if (state === 'common') {
      ours.push(raw);
      theirs.push(raw);
      base.push(raw);
    } else if (state === 'ours') ours.push(raw);
    else if (state === 'base') base.push(raw);
    else theirs.push(raw);
  }
  if (!conflicts || state !== 'common') return null;
  return { ours: ours.join(''), theirs: theirs.join(''), base: allBase ? base.join('') : null };
}
