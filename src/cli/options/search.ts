import { wholeNumber } from '../number-option.js';

/**
 * The search's flags, declared once: yargs reads them (cli/commands/search.ts), and the lean
 * start-up (cli/lean/search.ts) derives its parser from them. Nothing here may pull in yargs.
 */
export const SEARCH_OPTIONS = {
  since: { type: 'string', describe: 'Only sessions on or after this date (YYYY-MM-DD)' },
  until: { type: 'string', describe: 'Only sessions on or before this date (YYYY-MM-DD)' },
  author: { type: 'string', describe: 'Only sessions whose author contains this (name or email, any case)' },
  branch: { type: 'string', describe: 'Only sessions recorded on this branch' },
  limit: { ...wholeNumber('limit', 'Show at most this many results'), default: 10 },
} as const;
