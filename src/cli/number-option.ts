import { UsageError } from '../errors.js';

/**
 * A yargs option for a positive whole number. Declared as a string and read here, because yargs'
 * `number` type turns `abc` into NaN before anyone can say what was typed ("found NaN"). The
 * lean start-ups apply the same coerce (cli/options/lean-parse.ts) and hand any value it refuses
 * to yargs, so the message comes from one place.
 */
export function wholeNumber(name: string, describe: string) {
  return {
    type: 'string',
    describe: `${describe} (a whole number)`,
    coerce: (raw: string | number | (string | number)[]): number => {
      const given = Array.isArray(raw) ? raw[raw.length - 1]! : raw; // repeated: the last one wins
      const value = typeof given === 'number' ? given : /^\s*\d+\s*$/.test(given) ? Number(given) : Number.NaN;
      if (!Number.isSafeInteger(value) || value < 1) throw new UsageError(`--${name} must be a positive whole number, found ${JSON.stringify(String(given))}`);
      return value;
    },
  } as const;
}
