// Learned holds facts a teammate would want to know next week, and nothing else (issue 25 §1,
// DESIGN §15): not the session's bookkeeping (a compaction, a count of failed runs), not a raw tool
// error or what followed it (those stay in the session's notes, under Errors & Corrections).

/** Bookkeeping about the session itself. */
const BOOKKEEPING = /\bcontext (?:was |got )?compacted\b|\bcompacted \d+×|\bin this session\b|\bsee errors (?:&|and) corrections\b|\b(?:failed|passed|run) \d+×|\bstill fails\b|→ (?:then|nothing followed)\b/i;
/** A tool's error as it printed it: its tag, its words, a stack, an exit code. */
const RAW_ERROR =
  /<\/?tool_use_error>|\btool not found\b|\bfile does not exist\b|\bno such file or directory\b|\bcommand not found\b|\bcannot access '|\bcannot find module\b|\bexit code:? \d+|\bE(?:NOENT|ACCES|PERM|ADDRINUSE|CONNREFUSED)\b|\bat (?:async )?[\w$.]+ \(|\bat Module\./i;
/** A line that is an error as thrown: `Error: …`, `TypeError: …`, `Uncaught SyntaxError: …`. */
const THROWN = /^(?:\w+: )?(?:Uncaught )?(?:[A-Z]\w*)?(?:Error|Exception)(?: \[\w+\])?:/;
/** A tool's name and its output: `Read: …`, `Bash: …` as the ledger logs an error. */
const TOOL_PREFIX =
  /^(?:Read|Write|Edit|MultiEdit|Bash|PowerShell|Monitor|Glob|Grep|LS|WebFetch|WebSearch|Task|Agent|NotebookEdit|shell|exec|exec_command|write_stdin|apply_patch|read_file|read_many_files|write_file|replace|run_shell_command|list_directory|grep_search)\s*:\s/;

/** Why a learned line is not a fact for next week, or null when it may be one. */
export function learnedNoise(text: string): string | null {
  const t = text.trim();
  if (!t) return 'empty';
  if (BOOKKEEPING.test(t)) return "the session's bookkeeping";
  if (TOOL_PREFIX.test(t) || RAW_ERROR.test(t) || THROWN.test(t)) return "a tool's raw error (it stays in the session's notes)";
  return null;
}

/** The lines of `items` that may be facts. */
export const learnedFacts = (items: readonly string[]): string[] => items.filter((i) => learnedNoise(i) === null);
