/** Flags every command takes. yargs reads this table, and so do the lean start-ups (cli/lean/). */
export const GLOBAL_OPTIONS = {
  json: { type: 'boolean', describe: 'Machine-readable output on stdout' },
} as const;
