/**
 * Task ids (`t-` and hex digits). Two rules keep ids minted independently (two branches, two
 * clones) apart:
 * - ids come from a well-mixed hash of the text (and, for new tasks, the minute they were made),
 *   so near-identical texts ("Fix bug 1", "Fix bug 2") share nothing;
 * - the length grows with the list, so the chance that any two ids of a list agree stays small.
 * Ids already in a TASKS.md are never changed; a merge that meets one id on two different tasks
 * re-keys one of them (tasks-merge.ts).
 */

/** Fewest hex digits an id gets; ids written by earlier versions have exactly this many. */
const MIN_DIGITS = 4;
/**
 * The digits for a list of `count` tasks: the birthday bound count²/16^d stays under 1/1000, e.g.
 * 4 digits up to 8 tasks, 5 up to 32, 6 up to 129, 7 up to 518.
 */
export function idDigits(count: number): number {
  let d = MIN_DIGITS;
  while (d < 16 && Math.max(count, 1) ** 2 * 1000 > 16 ** d) d++;
  return d;
}

const MASK = 0xffffffffffffffffn;

/**
 * 64-bit FNV-1a followed by the splitmix64 finaliser. FNV alone barely moves its high bits for a
 * change in the last byte (the old ids of "Fix bug 1" and "Fix bug 2" were both t-87ba); the
 * finaliser spreads every input bit over every output bit. No crypto module: this runs when the
 * primer reads a hand-written TASKS.md at session start.
 */
export function mixedHash(text: string): string {
  let h = 0xcbf29ce484222325n;
  for (const byte of Buffer.from(text, 'utf8')) h = ((h ^ BigInt(byte)) * 0x100000001b3n) & MASK;
  h = ((h ^ (h >> 30n)) * 0xbf58476d1ce4e5b9n) & MASK;
  h = ((h ^ (h >> 27n)) * 0x94d049bb133111ebn) & MASK;
  h ^= h >> 31n;
  return h.toString(16).padStart(16, '0');
}

/** The shortest unused id of at least `digits` digits that `hex` starts with; numbered past 16. */
function firstFree(hex: string, digits: number, taken: ReadonlySet<string>): string {
  for (let n = digits; n <= hex.length; n++) {
    const id = `t-${hex.slice(0, n)}`;
    if (!taken.has(id)) return id;
  }
  for (let i = 2; ; i++) if (!taken.has(`t-${hex}-${i}`)) return `t-${hex}-${i}`;
}

/**
 * The id of a task that has none in the file (written by hand), from its text: the same text reads
 * back with the same id each time, so `tasks list` shows an id that `tasks done` then finds.
 */
export function textId(key: string, taken: ReadonlySet<string>, count: number): string {
  return firstFree(mixedHash(key), idDigits(count), taken);
}

/**
 * The id of a new task: a hash of its text and the minute it was made, as many digits as a list of
 * `count` tasks needs, unused. Different texts share nothing whatever their likeness; the same text
 * added on two branches in the same minute gets the same id, which is right: it is one task.
 * Deterministic, so a merge repeated in another clone, or a test, gives the same ids.
 */
export function freshId(key: string, stamp: string, taken: ReadonlySet<string>, count: number): string {
  return firstFree(mixedHash(`${key}\n${stamp}`), idDigits(count), taken);
}
