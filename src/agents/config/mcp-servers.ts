import { parseJsonc, removePath, setProperty } from './json-text.js';

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
const TOML_BLOCK = `${BEGIN}\n[mcp_servers.${MCP_NAME}]\ncommand = "git-memory"\nargs = ["mcp"]\n${END}\n`;
const TOML_BLOCK_RE = /\n?# >>> git-memory >>>\n[\s\S]*?# <<< git-memory <<<\n?/;
const TOML_HEADER_RE = /^\s*\[\s*mcp_servers\s*\.\s*"?git-memory"?\s*\]/m;

/**
 * Codex CLI reads MCP servers from `.codex/config.toml`. A table appended at the end is valid TOML
 * whatever precedes it; the block is marked so it can be removed exactly.
 */
export function addCodexMcp(text: string): string {
  if (TOML_HEADER_RE.test(text)) return text;
  if (!text) return TOML_BLOCK;
  return `${text.endsWith('\n') ? text : `${text}\n`}\n${TOML_BLOCK}`;
}

export function removeCodexMcp(text: string): string {
  return text.replace(TOML_BLOCK_RE, '');
}

export const hasCodexMcp = (text: string) => TOML_HEADER_RE.test(text);
