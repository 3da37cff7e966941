/**
 * `end`'s flags, declared once: yargs reads them (cli/commands/end.ts), and the lean start-up
 * (cli/lean/end.ts) derives its parser from them. Nothing here may pull in yargs.
 */
export const END_OPTIONS = {
  summary: { type: 'string', describe: 'Session summary as JSON, or - to read it from stdin' },
  'summary-file': { type: 'string', describe: 'Read the summary JSON from a file (- for stdin)' },
  agent: { type: 'string', describe: 'Agent name for the session (default: detected, or "agent")' },
  'from-notes': { type: 'boolean', describe: 'Write the session from its session notes (with --summary: the summary wins, the notes fill what it left empty)' },
  session: { type: 'string', describe: 'The agent session to end (default: the one open in this worktree)' },
} as const;
