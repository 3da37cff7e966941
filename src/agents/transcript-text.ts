// Transcript records are untyped JSON whose shape differs per agent and version; every access is checked.
import { between } from '../linear.js';

export type TranscriptRecord = Record<string, any>;

/** Text blocks of a message's content (a string, or an array of `{type:'text'|'input_text', text}`). */
export function textOf(content: unknown): string | null {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return null;
  // A tool result travels as a user message too; it is not a prompt.
  if (content.some((b) => b && typeof b === 'object' && b.type === 'tool_result')) return null;
  const texts = content.filter((b) => b && typeof b === 'object' && typeof b.text === 'string' && b.type !== 'thinking').map((b) => b.text as string);
  return texts.length ? texts.join('\n') : null;
}

/**
 * Text with git-memory's own context block taken off its start: Gemini CLI puts a SessionStart
 * hook's context in the first user message, `<hook_context>…</hook_context>`, and the prompt after it.
 */
export function withoutHookContext(text: string): string {
  const m = /^\s*<hook_context>[\s\S]*?<\/hook_context>\s*/.exec(text);
  return m ? text.slice(m[0].length) : text;
}

/** One IDE context block at a text's start, and the space after it. */
const IDE_CONTEXT = /^\s*<(ide_[a-z_]+)>[\s\S]*?<\/\1>\s*/;

/**
 * Text with the context an IDE extension puts before the prompt taken off its start: Claude Code in
 * VS Code or a JetBrains IDE sends `<ide_selection>…</ide_selection>` or `<ide_opened_file>…
 * </ide_opened_file>` (a text block of its own, or the start of the prompt's text) ahead of what the
 * user typed, and the whole message, starting with a tag, read as a wrapper: every such prompt was lost.
 */
export function withoutIdeContext(text: string): string {
  let rest = text;
  for (let m = IDE_CONTEXT.exec(rest); m; m = IDE_CONTEXT.exec(rest)) rest = rest.slice(m[0].length);
  return rest;
}

/**
 * What Codex's IDE extension (VS Code, Cursor, Windsurf) sends before the request: "# Context from
 * my IDE setup:", the active file, the selection and open tabs, then "## My request for Codex:" and
 * what the user typed. The request is the prompt (13 of 197 real rollouts of the corpus, 3 sources).
 */
const CODEX_IDE_CONTEXT = /^\s*# Context from my IDE setup:[\s\S]*?\n## My request for Codex:[^\S\n]*\n?/;

/** Text with the context Codex's IDE extension puts before the request taken off (see above). */
export function withoutCodexIdeContext(text: string): string {
  const m = CODEX_IDE_CONTEXT.exec(text);
  return m ? text.slice(m[0].length) : text;
}

/**
 * Claude Code's own commands that run in the terminal and ask the model nothing (`/clear`, `/model`,
 * `/cost`…): typed, but no request. Each is followed by a `<local-command-stdout>` record, which
 * also tells one missing here (claudeLocalOutput); the commands that send the model a prompt
 * (`/init`, `/review`, `/security-review`, a project's or the user's own `.claude/commands/*.md`,
 * a skill) are requests.
 */
const CLAUDE_LOCAL_COMMANDS = new Set(
  ('add-dir agents bashes bug chrome clear color compact config context copy cost desktop doctor effort exit export ' +
    'extra-usage fast feedback files help hooks ide install-github-app install-slack-app keybindings login logout mcp ' +
    'memory migrate-installer mobile model output-style permissions plugin plugins privacy-settings quit release-notes ' +
    'reload-plugins remote-env rename resume rewind sandbox skills stats status statusline stickers tasks teleport ' +
    'terminal-setup theme todos upgrade usage vim').split(' '),
);

/**
 * A slash command the user typed in Claude Code, as its record holds it: `<command-name>/NAME</command-name>`
 * beside `<command-message>` and `<command-args>ARGS</command-args>`, in either order (1.x: the name
 * without its slash, "NAME is running…"; 2.1: `<command-message>NAME</command-message>` first), the
 * text the command expands to in a record of its own after it (isMeta since 2.x) or, for a built-in
 * of 1.x, inside the same one (`<command-contents>`). Null for any other text.
 */
export function claudeSlashCommand(text: string): { command: string; local: boolean } | null {
  if (!/^\s*<command-(?:name|message)>/.test(text)) return null;
  const name = /<command-name>\s*\/?([^<\s]+)\s*<\/command-name>/.exec(text)?.[1];
  if (!name) return null;
  const args = (between(text, '<command-args>', '</command-args>') ?? '').trim();
  return { command: args ? `/${name} ${args}` : `/${name}`, local: CLAUDE_LOCAL_COMMANDS.has(name.toLowerCase()) };
}

/** What a local command printed (`<local-command-stdout>`, `<local-command-stderr>`): the command before it asked the model nothing. */
export const claudeLocalOutput = (text: string) => /^\s*<local-command-std(?:out|err)>/.test(text);

/**
 * A warning Codex writes to the model as a user-role response item (`record_model_warning`:
 * `format!("Warning: {}", message)`, e.g. "Warning: apply_patch was requested via shell_command…"): not the user's.
 */
export const CODEX_MODEL_WARNING = /^Warning: /;

/**
 * A tool's result that Gemini CLI (late 2025 – early 2026) recorded as a user message of plain text,
 * `[Function Response: read_many_files]--- path ---…` right after the model's call: not typed.
 */
const FUNCTION_RESPONSE = /^\[Function Response: [\w.-]+\]/;

const AGENT_WORDS = new Set(['skill', 'tools', 'permissions', 'image']);

/**
 * A message that opens with a wrapper an agent writes, not a prompt: its tag is kebab-case (Claude
 * Code's `<command-name>`, `<local-command-stdout>`, `<bash-input>`, `<system-reminder>`,
 * `<task-notification>`), snake_case (Codex's `<environment_context>`, `<user_instructions>`,
 * `<turn_aborted>`; Gemini CLI's `<session_context>`, `<state_snapshot>`), upper case, or one of
 * Codex's `<permissions instructions>`, `<skill>`, `<tools>` and `<image name=[Image #1] path=…>`
 * (an attached image), with attributes or not. A tag of one plain lowercase word (`<role>`,
 * `<task>`, `<context>`, `<instructions>`) is how people structure a prompt they write, as the
 * prompting guides teach: the user's words (a real Claude Code 2.1.9 session of
 * ycheng4-design/memorybridge opened with `<role>\nYou are an expert frontend engineer…` and lost
 * its request to the "keep doing" typed nine hours later).
 */
export function agentWrapper(text: string): boolean {
  const m = /^\s*<([A-Za-z][\w-]*)[\s>\/]/.exec(text);
  if (!m) return false;
  const tag = m[1]!;
  return /[-_]/.test(tag) || tag === tag.toUpperCase() || AGENT_WORDS.has(tag);
}

/** A steering update's text, its blanks still on (`\s*` beside a lazy group is quadratic in a run of them): trim it. */
export const GEMINI_STEERING = /^\s*User (?:steering update|hints):\s*<user_input>([\s\S]*?)<\/user_input>/;

/**
 * A command the user ran in Gemini CLI's shell mode (`!cmd`): Gemini CLI (0.6x) records what it
 * tells the model as a user message, "I ran the following shell command:\n```sh\nCMD\n```\n\nThis
 * produced the following result:\n```\nRESULT\n```" (backslashes and backticks escaped with a
 * backslash). Failed when the result says so: "Command exited with code N.", "Command was
 * cancelled.", "Command terminated by signal: …" (after a note that a `cd` does not persist). Null
 * for any other message.
 */
export function geminiShellCommand(m: TranscriptRecord): { command: string; failed: boolean } | null {
  const text = textOf(m.content);
  const shell = text === null ? null : /^I ran the following shell command:\n```sh\n([\s\S]*?)\n```\n\nThis produced the following result:\n```\n([\s\S]*?)(?:\n```)?$/.exec(text);
  if (!shell) return null;
  const unescape = (t: string) => t.replace(/\\([\\`])/g, '$1');
  const result = unescape(shell[2]!).replace(/^WARNING: shell mode is stateless;[^\n]*\n\n/, '');
  return { command: unescape(shell[1]!), failed: /^(Command exited with code -?[1-9]\d*\.|Command was cancelled\.|Command terminated by signal)/.test(result) };
}

/**
 * What the user typed in a user message, or null when it is none. Gemini CLI records what was
 * typed as `displayContent` where the text it sent differs: an `@file` reference expanded to the
 * file's content (older versions: cut where "--- Content from referenced files ---" starts);
 * "System: Please continue." is Gemini CLI asking the model to go on, not the user; a steering
 * update sent while the agent works is the text inside its `<user_input>`; the prompt follows
 * git-memory's own context in the same message; other wrappers, and a tool's result recorded as a
 * user message (`[Function Response: …]`), and a command run in shell mode (geminiShellCommand), are no prompt.
 */
export function geminiTyped(m: TranscriptRecord): string | null {
  if (geminiShellCommand(m)) return null;
  const raw = textOf(m.displayContent) ?? textOf(m.content);
  if (raw === null) return null;
  let text = withoutHookContext(raw);
  const refs = text.indexOf('\n--- Content from referenced files ---');
  if (refs >= 0) text = text.slice(0, refs).trimEnd();
  const steer = GEMINI_STEERING.exec(text);
  if (steer) text = steer[1]!.trim();
  if (!text.trim() || text.trim() === 'System: Please continue.' || agentWrapper(text) || FUNCTION_RESPONSE.test(text)) return null;
  return text;
}
