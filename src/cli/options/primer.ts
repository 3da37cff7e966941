import { wholeNumber } from '../number-option.js';

/**
 * The primer's flags, declared once: yargs reads them (cli/commands/primer.ts), and the lean
 * start-up (cli/lean/primer.ts) derives its parser from them. Nothing here may pull in yargs: the
 * lean bundle imports this file (test/build/lean-bundles.test.ts checks).
 */
export const PRIMER_OPTIONS = {
  format: { type: 'string', choices: ['md', 'json'], default: 'md', describe: 'Output format' },
  explain: { type: 'boolean', describe: 'Also list what the token budget left out (on stderr, or in the JSON)' },
  days: wholeNumber('days', 'Days of journal in "Recent context" (default from config)'),
  'max-tokens': wholeNumber('max-tokens', "Hard token cap (default from config); refused below what the primer's header needs"),
  for: { type: 'string', choices: ['start', 'resume', 'compact'], default: 'start', describe: 'The briefing as the agent gets it at a new session (start), a resumed one (resume: plus what this session logged) or after a compaction (compact: plus what the summary dropped, hot files, notes); resume and compact do not write PRIMER.md' },
  write: { type: 'boolean', default: true, describe: 'Write .openclaw_memory/PRIMER.md (--no-write to only print)' },
} as const;
