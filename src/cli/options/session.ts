/**
 * How the commands that read one agent session (compact, hot-files, notes) are told which: declared
 * once, so they name and explain the choice the same way.
 */
export const SESSION_SOURCE_OPTIONS = {
  session: { type: 'string', describe: 'Session id (default: the active agent session, else the latest)' },
  transcript: { type: 'string', describe: 'An agent transcript (Claude Code, Codex or Gemini CLI); its session is the id inside it' },
} as const;

/** No model call: what the session's notes or its transcript give. */
export const OFFLINE_OPTION = { type: 'boolean', describe: 'No model call: fresh notes or the ledger' } as const;
