import { EXIT, GitMemoryError } from '../../errors.js';
import { parseJsonc, removePath, setProperty } from './json-text.js';
import { isTomlTable, parseTomlFile } from './toml-text.js';

/** The server name agents list git-memory's MCP tools under. */
export const MCP_NAME = 'git-memory';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

function servers(text: string, file: string): Json | undefined {
  const data = parseJsonc(text, file);
  return isObject(data) && isObject(data.mcpServers) ? data.mcpServers : undefined;
}

/** Registers the server in an `mcpServers` object (Claude Code, Gemini CLI, Cursor), unless an entry of that name exists. */
export function addMcpServer(text: string, file: string, server: Json): string {
  if (servers(text, file)?.[MCP_NAME] !== undefined) return text;
  return setProperty(text, ['mcpServers', MCP_NAME], server);
}

/** Removes our entry (one that runs `git-memory`); a user's own entry of the same name is kept. */
export function removeMcpServer(text: string, file: string): string {
  const all = servers(text, file);
  const ours = all?.[MCP_NAME];
  if (!all || !isObject(ours) || ours.command !== 'git-memory') return text;
  return removePath(text, Object.keys(all).length > 1 ? ['mcpServers', MCP_NAME] : ['mcpServers']);
}

export function hasMcpServer(text: string, file: string): boolean {
  return servers(text, file)?.[MCP_NAME] !== undefined;
}

const BEGIN = '# >>> git-memory >>>';
const END = '# <<< git-memory <<<';
const CODEX_SERVER = { command: 'git-memory', args: ['mcp'] };
const TOML_BLOCK = `${BEGIN}\n[mcp_servers.${MCP_NAME}]\ncommand = "git-memory"\nargs = ["mcp"]\n${END}\n`;
const TOML_BLOCK_RE = /\n?# >>> git-memory >>>\n[\s\S]*?# <<< git-memory <<<\n?/;
/** The same server as one entry of an inline `mcp_servers = { … }` table. */
const TOML_INLINE_ENTRY = `${MCP_NAME} = { command = "git-memory", args = ["mcp"] }`;

/** Codex's `mcp_servers`, as Codex would read it (undefined when absent). */
const codexServers = (text: string, file: string) => parseTomlFile(text, file).mcp_servers;

/**
 * Codex CLI reads MCP servers from `.codex/config.toml`. A server of our name already there, in any
 * TOML form (a table, dotted keys, an inline entry), is left as it is. Otherwise our table is appended,
 * marked so it can be removed exactly: every byte before it stays. An inline `mcp_servers = { … }`
 * cannot take a table from outside its braces, and is reported with the entry to add by hand; the
 * result is parsed again before it is returned, so no edit makes the file one Codex cannot load.
 */
export function addCodexMcp(text: string, file: string): string {
  const all = codexServers(text, file);
  if (isTomlTable(all) && all[MCP_NAME] !== undefined) return text;
  if (all !== undefined && !isTomlTable(all)) {
    throw new GitMemoryError(`${file}: mcp_servers is not a table of servers; it was left as it is`, EXIT.error, 'Codex reads each MCP server from a [mcp_servers.<name>] table: make mcp_servers one, then run the command again (or run it without --mcp)');
  }
  const next = text ? `${text.endsWith('\n') ? text : `${text}\n`}\n${TOML_BLOCK}` : TOML_BLOCK;
  let after: unknown;
  try {
    after = codexServers(next, file);
  } catch {
    after = undefined;
  }
  if (isTomlTable(after) && JSON.stringify(after[MCP_NAME]) === JSON.stringify(CODEX_SERVER)) return next;
  if (all !== undefined) {
    // A table of servers that takes no table after it: an inline one.
    const at = text.split('\n').findIndex((l) => /^\s*mcp_servers\s*=/.test(l));
    throw new GitMemoryError(
      `${file}${at < 0 ? '' : `:${at + 1}`}: mcp_servers is an inline table (mcp_servers = { … }), which a table added after it would make invalid TOML; it was left as it is`,
      EXIT.error,
      `add this entry inside its braces (after a comma if it holds others), then run the command again (or run it without --mcp):\n${TOML_INLINE_ENTRY}`,
    );
  }
  throw new GitMemoryError(`${file}: our [mcp_servers.${MCP_NAME}] table would not read back from the file; it was left as it is`, EXIT.error, `add it by hand:\n${TOML_BLOCK}`);
}

/** Removes our marked block; a server of our name the user wrote is theirs and stays. */
export function removeCodexMcp(text: string): string {
  return text.replace(TOML_BLOCK_RE, '');
}

/** True when Codex would see a server of our name. */
export function hasCodexMcp(text: string, file: string): boolean {
  const all = codexServers(text, file);
  return isTomlTable(all) && all[MCP_NAME] !== undefined;
}
