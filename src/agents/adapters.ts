import { PRIMER_FILE } from '../paths.js';
import { hookCommand, type AgentName } from './agents.js';
import { addFlatHooks, addGroupedHooks, hasHooks, removeFlatHooks, removeGroupedHooks, type GroupedHook } from './config/hook-entries.js';
import { isEmptyObject, newJson, parseJsonc } from './config/json-text.js';
import { addCodexMcp, addMcpServer, hasCodexMcp, hasMcpServer, removeCodexMcp, removeMcpServer } from './config/mcp-servers.js';
import { addListEntry, hasListEntry, removeListEntry } from './config/yaml-read-list.js';

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

export interface AgentAdapter {
  name: AgentName;
  config: ConfigFile[];
  /** Where `--mcp` registers the MCP server; null when the agent has no project-level MCP file. */
  mcp: ConfigFile | null;
  /** Instruction files that get the marked "how to use the memory" section. */
  instructions: string[];
}

/** Our handlers are told from the user's by their command, whatever else the user changed. */
const ours = (agent: AgentName) => (command: string) => new RegExp(`\\bgit-memory hook agent \\S+ --agent ${agent}\\b`).test(command);

const jsonOrNull = (text: string) => (isEmptyObject(text) ? null : text);

function grouped(path: string, agent: AgentName, hooks: GroupedHook[]): ConfigFile {
  return {
    path,
    install: (text) => addGroupedHooks(text ?? '{}\n', path, hooks),
    uninstall: (text) => jsonOrNull(removeGroupedHooks(text, path, ours(agent))),
    installed: (text) => hasHooks(text, path, ours(agent)),
  };
}

function mcpJson(path: string, server: Record<string, unknown>): ConfigFile {
  return {
    path,
    install: (text) => (text === null ? newJson({ mcpServers: { 'git-memory': server } }) : addMcpServer(text, path, server)),
    uninstall: (text) => jsonOrNull(removeMcpServer(text, path)),
    installed: (text) => hasMcpServer(text, path),
  };
}

const command = (agent: AgentName, event: 'session-start' | 'session-end' | 'stop', timeout?: number, extra: Record<string, unknown> = {}) => ({
  type: 'command',
  ...extra,
  command: hookCommand(agent, event),
  ...(timeout !== undefined ? { timeout } : {}),
});

// No matchers: SessionStart should run on every source (startup, resume, clear, compact), and an
// omitted matcher matches all of them in every agent that has one.
const claude: AgentAdapter = {
  name: 'claude',
  // Timeouts are seconds. The SessionEnd one also lifts Claude Code's shared 1.5 s budget a little;
  // the hook itself only starts a detached worker.
  config: [grouped('.claude/settings.json', 'claude', [
    { event: 'SessionStart', handler: command('claude', 'session-start', 10) },
    { event: 'SessionEnd', handler: command('claude', 'session-end', 5) },
  ])],
  mcp: mcpJson('.mcp.json', { type: 'stdio', command: 'git-memory', args: ['mcp'], env: {} }),
  instructions: ['CLAUDE.md'],
};

// Codex has no SessionEnd: Stop ends every turn, and the first Stop with queued items records them.
const codex: AgentAdapter = {
  name: 'codex',
  config: [grouped('.codex/hooks.json', 'codex', [
    { event: 'SessionStart', handler: command('codex', 'session-start', 10) },
    { event: 'Stop', handler: command('codex', 'stop', 10) },
  ])],
  mcp: { path: '.codex/config.toml', install: (t) => addCodexMcp(t ?? ''), uninstall: (t) => removeCodexMcp(t).trim() ? removeCodexMcp(t) : null, installed: hasCodexMcp },
  instructions: ['AGENTS.md'],
};

// Gemini CLI timeouts are milliseconds.
const gemini: AgentAdapter = {
  name: 'gemini',
  config: [grouped('.gemini/settings.json', 'gemini', [
    { event: 'SessionStart', handler: command('gemini', 'session-start', 10_000, { name: 'git-memory' }) },
    { event: 'SessionEnd', handler: command('gemini', 'session-end', 5_000, { name: 'git-memory' }) },
  ])],
  mcp: mcpJson('.gemini/settings.json', { command: 'git-memory', args: ['mcp'] }),
  instructions: ['GEMINI.md'],
};

// Cursor: version 1, camelCase events, flat entries.
const CURSOR_HOOKS = [
  { event: 'sessionStart', entry: { command: hookCommand('cursor', 'session-start') } },
  { event: 'stop', entry: { command: hookCommand('cursor', 'stop') } },
];
const cursor: AgentAdapter = {
  name: 'cursor',
  config: [{
    path: '.cursor/hooks.json',
    install: (text) => addFlatHooks(text ?? '{\n  "version": 1\n}\n', '.cursor/hooks.json', CURSOR_HOOKS),
    uninstall: (text) => {
      const next = removeFlatHooks(text, '.cursor/hooks.json', ours('cursor'));
      const left = parseJsonc(next, '.cursor/hooks.json') as Record<string, unknown>;
      return Object.keys(left).every((k) => k === 'version') && !/\/[/*]/.test(next) ? null : next;
    },
    installed: (text) => hasHooks(text, '.cursor/hooks.json', ours('cursor')),
  }],
  mcp: mcpJson('.cursor/mcp.json', { command: 'git-memory', args: ['mcp'] }),
  instructions: ['AGENTS.md'],
};

// Aider runs no hooks: it reads the primer file, which the other agents' session starts and every
// `git memory end` keep fresh.
const aider: AgentAdapter = {
  name: 'aider',
  config: [{
    path: '.aider.conf.yml',
    install: (text) => addListEntry(text ?? '', '.aider.conf.yml', 'read', PRIMER_FILE),
    uninstall: (text) => {
      const next = removeListEntry(text, '.aider.conf.yml', 'read', PRIMER_FILE);
      return next.trim() ? next : null;
    },
    installed: (text) => hasListEntry(text, '.aider.conf.yml', 'read', PRIMER_FILE),
  }],
  mcp: null,
  instructions: [],
};

export const ADAPTERS: Record<AgentName, AgentAdapter> = { claude, codex, gemini, cursor, aider };
