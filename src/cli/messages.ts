// The text the front doors show the user, in one module so it reads consistently (STYLE.md: "user-
// facing messages in one module"). Text only: it imports nothing, so any bundle (the lean starts,
// bin.ts, the agent hooks) may take it without weight. Handlers' own errors stay with the check
// that raises them: they sit below cli/ and name what they checked.

/** Under `git memory help`: how the process ends, and the environment that changes its output. */
export const HELP_EPILOG = `Exit codes: 0 ok · 1 error (nothing written) · 2 bad usage or bad input · 3 refused by the secret scan.
GIT_MEMORY_NOW (ISO 8601) fixes the clock; NO_COLOR turns colour off. Docs: README.md, man git-memory.`;

/** The line under a usage error that carries no hint of its own: the command's help where one was named. */
export const seeHelp = (command?: string) => `see \`git memory help${command ? ` ${command}` : ''}\`\n`;

export const NAME_A_COMMAND = 'name a command; `git memory help` lists them';

/** Commands whose text may start with a dash, and how it is given: after `--`, and on stdin for `log`. */
const TEXT_COMMANDS: Record<string, string> = { log: ' or on stdin (-)', tasks: '', search: '' };

/** Under an unknown option: the command's help, and, where the command takes text, how text that starts with a dash is given. */
export const unknownOptionHint = (command?: string, meant: string[] = []) => {
  const help = `${meant.length ? `did you mean ${meant.join(' or ')}?\n` : ''}see \`git memory help ${command ?? '<command>'}\` for its options`;
  if (command !== undefined && !(command in TEXT_COMMANDS)) return help;
  const example = command === undefined || command === 'log' ? 'git memory log -- "--text"' : command === 'tasks' ? 'git memory tasks add -- "--text"' : 'git memory search -- "--text"';
  return `${help}; text that starts with a dash goes after \`--\` (${example})${TEXT_COMMANDS[command ?? 'log']}`;
};

/** Commands whose text is one argument: how it is quoted. */
const ONE_TEXT: Record<string, string> = { log: 'git memory log "we deploy with fly"', forget: 'git memory forget "We deploy with Heroku"' };

/** Words past what the command takes (`log we use pnpm`), where yargs says "Unknown argument: use, pnpm"; `quoted` as quoteArg shows them. */
export const tooManyWords = (command: string | undefined, quoted: string[]) => ({
  message: `too many arguments: ${quoted.join(', ')}`,
  hint:
    command !== undefined && command in ONE_TEXT
      ? `\`git memory ${command}\` takes its text as one argument: quote it (${ONE_TEXT[command]})`
      : seeHelp(command).trimEnd(),
});

/** Text that starts with a dash, which yargs would split into letters: `quoted` as the user typed it. */
export const dashText = (quoted: string[]) =>
  `${quoted.join(', ')} ${quoted.length === 1 ? 'is not an option' : 'are not options'}; text that starts with a dash goes after \`--\` or on stdin`;

export const DASH_TEXT_HINT = 'e.g. git memory log -- "-text"  or  printf %s "-text" | git memory log -   (an option\'s value: --name=-text)';

/** How long a run of characters without a space, and a whole line, may be in an error message or hint. */
const LONGEST_WORD = 300;
const LONGEST_LINE = 2000;
const MOST_LINES = 100;

/**
 * An error message or hint with what the user typed kept to a line: a run of characters without a
 * space longer than LONGEST_WORD keeps its start and end (a path still reads), a line longer than
 * LONGEST_LINE its start, each saying how long it was, and MOST_LINES lines at most. Run after the
 * secret mask, which needs the whole value. No message of ours is that long; a value typed into it
 * is (an unknown config key of 100 KB came back whole on stderr and in `--json`).
 */
export function boundedMessage(text: string): string {
  if (text.length <= LONGEST_WORD) return text;
  const cut = (t: string, head: number, tail: number) => `${t.slice(0, head)}…${tail ? t.slice(-tail) : ''} (${t.length} characters)`;
  const lines = text.split('\n');
  const more = lines.length - MOST_LINES;
  return [...lines.slice(0, MOST_LINES), ...(more > 0 ? [`… (${more} more lines)`] : [])]
    .map((line) => line.replace(new RegExp(`\\S{${LONGEST_WORD + 1},}`, 'g'), (w) => cut(w, 160, 60)))
    .map((line) => (line.length > LONGEST_LINE ? cut(line, LONGEST_LINE - 200, 0) : line))
    .join('\n');
}

/** The labels of the lines on stderr (coloured on a terminal). */
export const LABEL = { error: 'error:', warning: 'warning:' } as const;

/** A memory file that would not parse: what the error line and its hint add. */
export const leftAsItIs = (message: string) => `${message}; it was left as it is`;
export const expectedShape = (expected: string) => `expected shape:\n${expected}`;
export const internalError = (message: string) => `internal error: ${message}`;
/** git could not be started at all (ENOENT from the spawn): no git on PATH. */
export const GIT_MISSING = { message: 'git is not on PATH: git-memory runs git for this command', hint: 'install git, or add the folder that holds it to PATH' } as const;

/**
 * A task change made while a git operation is stopped (`end`, `tasks`): where it waits, and what
 * lands it. `op`: the operation as named after "the" ("the rebase", "the am session").
 */
export const tasksWaitLine = (theOp: string) =>
  `the task change waits in .git/git-memory, not in TASKS.md, so that ${theOp} can go on or be aborted; \`git memory commit\` or the next \`end\` after ${theOp} merges it into TASKS.md`;

/** The executable's last resort, when even the command line could not start: one line on stderr. */
export const formatFatal = (message: string) => `git-memory: ${message}\n`;

/** What to do after init: commit what it wrote, and how sessions get and leave their memory. */
export const INIT_NEXT_WITH_AGENTS = [
  'Next: commit .openclaw_memory.toml, .openclaw_memory/ and the agent files above.',
  'Agents with hooks now get the primer when a session starts, and write the session when it stops if they did not end it.',
];
/**
 * What a model is sent and what it may cost, said by `init` where no model is chosen (and with
 * `--model`): the user's choice is informed. The figures follow `[llm]`'s defaults (Claude Haiku 4.5
 * prices, max_input_tokens 40,000).
 */
export const MODEL_CHOICE_TEXT = [
  'A model is optional: without one, notes, compaction summaries and MEMORY.md are made on this machine from the transcripts.',
  'With one, it is sent excerpts of your agent sessions: your messages, the agent\'s replies, its tool calls and shortened tool',
  'output, the session notes, and for dream the journal entries and MEMORY.md; secrets are redacted from what is sent.',
  'It runs when the notes thresholds are met (every ~5,000 tokens of context), at compaction and at dream.',
  'Cost: anthropic bills your API key (ANTHROPIC_API_KEY) at Claude Haiku 4.5 prices ($1 per million input tokens, $5 output):',
  'one request is at most 40,000 input tokens (about $0.05), a typical session a few cents; claude-cli uses your Claude',
  'subscription\'s usage. git memory notes, doctor and the status line show what was spent.',
];

/** `agents`: the registry's names (agents/registry.ts), the first one offered as the example. */
export const initNextWithoutAgents = (agents: readonly string[]) => [
  'Next: commit .openclaw_memory.toml and .openclaw_memory/, then start agent sessions with `git memory primer`',
  'and end them with `git memory end --summary \'{"request": "…"}\'`, or let your agent do both:',
  `\`git memory init --agent ${agents[0]}\` (or ${agents.slice(1).join(', ')}, all).`,
];

/** `git-memory hook agent`: how it is called, and how it reports a failure (it never fails the agent). */
/** `agents`: the registry's agents that have hooks (agents/registry.ts HOOK_AGENT_NAMES). */
export const agentHookUsage = (agents: readonly string[]) => `usage: git-memory hook agent session-start|session-end|stop|tool-use --agent ${agents.join('|')} < hook-input.json`;
export const agentHookFailure = (event: string, message: string) => `git-memory hook agent ${event}: ${message}`;
export const agentHookWarning = (message: string) => `git-memory: ${message}\n`;

/**
 * A command run while git-memory is off (git/off-switch.ts): which switch, and how to turn it back on.
 * `command` is what the user ran ("end"), or undefined for no command at all.
 */
export const memoryOffLine = (off: 'GIT_MEMORY=0' | 'memory.enabled=false', command?: string) =>
  `git-memory is off ${off === 'GIT_MEMORY=0' ? 'in this shell (GIT_MEMORY=0)' : 'in this clone (git config memory.enabled false)'}: ${command ? `\`git memory ${command}\` did nothing` : 'nothing was done'}; ${off === 'GIT_MEMORY=0' ? 'unset GIT_MEMORY' : '`git config --unset memory.enabled`'} turns it back on\n`;
