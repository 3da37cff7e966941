const DAY = 86_400_000;
const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

/** `day` (YYYY-MM-DD) moved by `n` days. */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);
}

/** The Monday of the week `day` falls in. */
function monday(day: string): string {
  const dow = new Date(`${day}T00:00:00Z`).getUTCDay();
  return addDays(day, -((dow + 6) % 7));
}

/** A word just before a day that says how the day relates ("as of", "since", "until", "by"…): the date then stands alone. */
const RELATED = /\b(?:as of|since|until|till|by|from|before|after|on|through|starting|effective)\s+$/i;

const NUMBER_WORDS: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, a: 1, an: 1 };

/**
 * Relative dates made absolute against the day the session was written: "yesterday" read three
 * weeks later means nothing. English and Chinese forms; anything else is left as it is. Pure.
 */
export function absoluteDates(text: string, day: string): string {
  // "on <date>" where the word stood alone; the date alone after a word that already says how it
  // relates ("As of today" -> "As of 2026-10-20", never "As of on 2026-10-20").
  const on = (n: number, at: number, whole: string) => `${RELATED.test(whole.slice(Math.max(0, at - 24), at)) ? '' : 'on '}${addDays(day, n)}`;
  let out = text
    .replace(/\b(?:the )?day before yesterday\b/gi, (_m, at: number, whole: string) => on(-2, at, whole))
    .replace(/\byesterday\b/gi, (_m, at: number, whole: string) => on(-1, at, whole))
    .replace(/\b(?:earlier )?today\b|\bthis (?:morning|afternoon|evening)\b|\btonight\b/gi, (_m, at: number, whole: string) => on(0, at, whole))
    .replace(/\btomorrow\b/gi, (_m, at: number, whole: string) => on(1, at, whole))
    .replace(/\b(\d+|one|two|three|four|five|six|seven|a|an) (day|week)s? ago\b/gi, (_m, n: string, unit: string, at: number, whole: string) => {
      const k = NUMBER_WORDS[n.toLowerCase()] ?? Number(n);
      return on(-k * (unit.toLowerCase() === 'week' ? 7 : 1), at, whole);
    })
    .replace(/\blast week\b/gi, () => `the week of ${monday(addDays(day, -7))}`)
    .replace(/\bthis week\b/gi, () => `the week of ${monday(day)}`)
    .replace(/\bnext week\b/gi, () => `the week of ${monday(addDays(day, 7))}`)
    .replace(/\blast (monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b/gi, (_m, d: string, at: number, whole: string) => {
      const target = WEEKDAYS.indexOf(d.toLowerCase());
      const dow = new Date(`${day}T00:00:00Z`).getUTCDay();
      return on(-(((dow - target + 7) % 7) || 7), at, whole);
    });
  out = out
    .replace(/前天/g, () => addDays(day, -2))
    .replace(/昨天/g, () => addDays(day, -1))
    .replace(/今天|今早|今晚/g, () => day)
    .replace(/明天/g, () => addDays(day, 1))
    .replace(/(?<!\d)(\d+)\s*天前/g, (_, n: string) => addDays(day, -Number(n)))
    .replace(/上周/g, () => `${monday(addDays(day, -7))} 那一周`)
    .replace(/本周|这周/g, () => `${monday(day)} 那一周`)
    .replace(/下周/g, () => `${monday(addDays(day, 7))} 那一周`);
  return out;
}
