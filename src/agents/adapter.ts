import { hookCommand, hookCommandKey, type HookEventName } from './hook-command.js';
import { addGroupedHooks, hasHooks, removeGroupedHooks, type GroupedHook } from './config/hook-entries.js';
import { isEmptyObject, newJson, unlessBlank } from './config/json-text.js';
import { addMcpServer, hasMcpServer, removeMcpServer } from './config/mcp-servers.js';
import type { TranscriptRecord } from './transcript-text.js';

/** One configuration file and how git-memory's entries go in and out of it. */
export interface ConfigFile {
  /** Repository-relative path. */
  path: string;
  /** The text with our entries (`text` null: the file does not exist yet). */
  install(text: string | null): string;
  /** The text without our entries; null when nothing is left and the file can go. */
  uninstall(text: string): string | null;
  installed(text: string): boolean;
}

/** How `init --agent` wires an agent up and `uninstall --agent` takes it out again. */
export interface AgentAdapter {
  config: ConfigFile[];
  /** Where `--mcp` registers the MCP server; null when the agent has no project-level MCP file. */
  mcp: ConfigFile | null;
  /**
   * The instruction files the agent reads (repository paths, best first); one of them gets the
   * marked "how to use the memory" section. `read` gives a repository file's text (null: absent),
   * for an agent whose settings name them; with nothing to read, the agent's defaults.
   */
  instructions(read: (path: string) => string | null): string[];
}

/**
 * How sure an environment variable makes us that this agent runs the command: `set-by-agent` when
 * the agent sets it for its own child processes, `hint` when users may export it in their shell
 * (it then loses to any `set-by-agent`), null when nothing tells.
 */
export type Detection = 'set-by-agent' | 'hint' | null;

/** Hook payload fields an agent spells its own way; the common spellings are read in hook/agent/input.ts. */
export interface HookSpellings {
  sessionId?: string;
  /** Directories the agent may be working in, best first. */
  cwds?: string[];
  source?: string;
}

/** Everything particular to one agent. Adding an agent: one file exporting this, one line in registry.ts. */
export interface Agent<N extends string = string> extends AgentAdapter {
  name: N;
  /** How the agent is called in messages and docs. */
  title: string;
  detect(env: NodeJS.ProcessEnv): Detection;
  /**
   * True for an agent without a SessionEnd event (Codex, Cursor): its Stop hook, run at the end of
   * every turn, records the session, and what is new at a later turn as a follow-up; the session is
   * never closed by it. For the others Stop is only a natural pause.
   */
  stopEndsSession?: boolean;
  /**
   * For an agent whose Stop ends the session: whether the version that wrote this transcript fires
   * SessionEnd as well (Codex from 0.171), so that even its first session in a worktree, before any
   * SessionEnd was seen there, can wait for it instead of recording each turn.
   */
  firesSessionEnd?(transcriptPath: string): boolean;
  /**
   * What the user must do before the agent runs the project's hooks and MCP server (trust, review),
   * and what CI passes instead: said by `init --agent` and by `doctor` while the hooks have not run.
   */
  trust?: string;
  /** Its own spellings of hook payload fields, when they differ from the common ones. */
  hookInput?(raw: Record<string, unknown>): HookSpellings;
  /**
   * What its SessionStart hook prints so the agent takes `context` (already capped) as context;
   * absent for an agent without hooks (it is then not offered to `git-memory hook agent`).
   */
  sessionStartOutput?(context: string): string;
  /**
   * The user's text a transcript record carries, in this agent's shape: undefined when the record
   * is not in its shape, null when it is but holds no text.
   */
  transcriptText?(r: TranscriptRecord): string | null | undefined;
}

/** Our handlers are told from the user's by their command, whatever else the user changed. */
export const ours = (agent: string) => (command: string) => new RegExp(`\\bgit-memory hook agent \\S+ --agent ${agent}\\b`).test(command);

export const jsonOrNull = (text: string) => (isEmptyObject(text) ? null : text);

/** A JSON settings file holding `hooks: { Event: [{ hooks: [handler] }] }` (Claude Code, Codex, Gemini CLI). */
export function grouped(path: string, agent: string, hooks: GroupedHook[]): ConfigFile {
  return {
    path,
    // Ours that this version no longer writes (an older version's per-tool-call hook) go first.
    install: (text) => {
      const wanted = new Set(hooks.map((h) => `${h.event}\0${hookCommandKey(h.handler.command)}`));
      const t = unlessBlank(text) ?? '{}\n';
      const outdated = (c: string, event: string) => ours(agent)(c) && !wanted.has(`${event}\0${hookCommandKey(c)}`);
      return addGroupedHooks(removeGroupedHooks(t, path, outdated), path, hooks);
    },
    uninstall: (text) => jsonOrNull(removeGroupedHooks(text, path, ours(agent))),
    installed: (text) => hasHooks(text, path, ours(agent)),
  };
}

/** A JSON file with `mcpServers`, where `--mcp` registers ours. */
export function mcpJson(path: string, server: Record<string, unknown>): ConfigFile {
  return {
    path,
    install: (text) => {
      const t = unlessBlank(text);
      return t === null ? newJson({ mcpServers: { 'git-memory': server } }) : addMcpServer(t, path, server);
    },
    uninstall: (text) => jsonOrNull(removeMcpServer(text, path)),
    installed: (text) => hasMcpServer(text, path),
  };
}

/** A hook handler entry running our hook command; `timeout` in the agent's own unit. */
export const command = (agent: string, event: HookEventName, timeout?: number, extra: Record<string, unknown> = {}) => ({
  type: 'command',
  ...extra,
  command: hookCommand(agent, event),
  ...(timeout !== undefined ? { timeout } : {}),
});

/** Claude Code's and Gemini CLI's SessionStart output: `hookSpecificOutput.additionalContext`. */
export const additionalContextJson = (context: string) => `${JSON.stringify({ hookSpecificOutput: { hookEventName: 'SessionStart', additionalContext: context } })}\n`;

/** Context as plain text on stdout, newline-terminated. */
export const plainText = (context: string) => (context.endsWith('\n') ? context : `${context}\n`);

/** A hook payload field as text: a non-blank string, or undefined. */
export const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v : undefined);
