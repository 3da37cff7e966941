import { EXIT, GitMemoryError } from '../../errors.js';
import { parseJsonc, removePath, setProperty } from './json-text.js';
import { isTomlTable, parseTomlFile } from './toml-text.js';
import { MCP_ENTRY_FIRST_LINE } from '../hook-command.js';
import { spanOf } from '../../linear.js';

/** The server name agents list git-memory's MCP tools under. */
export const MCP_NAME = 'git-memory';

/** How older versions' entries began: `git-memory mcp` (node) at once where it is installed. */
const MCP_SCRIPT_V1 = 'command -v git-memory >/dev/null 2>&1 && exec git-memory mcp';

/**
 * Where git-memory is installed, the entry answers the agent's MCP handshake in sh: the build writes
 * the front (mcp/front-sh.ts) as mcp-front.sh beside git-memory.js, which the `git-memory` on PATH is
 * (symbolic links to it followed, as npm or Homebrew install it: one `readlink` each); read with `.`, it answers
 * `initialize`, `tools/list` and the like without node, and execs `git-memory mcp` at the first line
 * it does not answer, the session going on there. Where no front is found (another kind of install),
 * `git-memory mcp` serves from the start, as before. The same text for every machine: nothing in it
 * names a path.
 */
const MCP_SCRIPT_FRONT = [
  MCP_ENTRY_FIRST_LINE,
  'n=0; while [ -L "$g" ] && [ $n -lt 8 ] && h=$(readlink "$g"); do case $h in /*) g=$h;; *) g=${g%/*}/$h;; esac; n=$((n + 1)); done',
  '[ -f "${g%/*}/mcp-front.sh" ] && . "${g%/*}/mcp-front.sh"',
  'exec git-memory mcp',
  '}',
].join('\n');

/**
 * How the committed agent files start git-memory's MCP server: through `sh`, with the front above where
 * git-memory is installed. A teammate who cloned the repository without git-memory gets, instead
 * of a server that fails to start (Claude Code lists it as failed, Codex CLI warns "MCP client for
 * `git-memory` failed to start", Gemini CLI "MCP issues detected"), a few lines of POSIX sh that
 * answer the MCP handshake with one resource saying git-memory is not installed and no tools: every
 * agent takes that as a server that connected (Gemini CLI drops a server with no tool, prompt or
 * resource as an error, hence the resource). The reply echoes the client's protocol version; a
 * notification (no id) gets none. Plain text: no quotes or backslashes go into the JSON it prints.
 */
export const MCP_SCRIPT = [
  MCP_SCRIPT_FRONT,
  'u=git-memory://not-installed',
  "t='git-memory is not installed here, so this session neither reads nor records the project memory in .openclaw_memory/'",
  'while IFS= read -r l; do',
  'i=${l#*\\"id\\":}; [ "$i" = "$l" ] && continue; i=${i# }; i=${i%%[,\\}]*}',
  'case $l in',
  `*'"initialize"'*) v=\${l#*\\"protocolVersion\\":\\"}; r='{"protocolVersion":"'\${v%%\\"*}'","capabilities":{"resources":{}},"serverInfo":{"name":"git-memory","version":"0"}}';;`,
  `*'"resources/list"'*) r='{"resources":[{"uri":"'$u'","name":"not-installed","description":"'"$t"'","mimeType":"text/plain"}]}';;`,
  `*'"resources/read"'*) r='{"contents":[{"uri":"'$u'","mimeType":"text/plain","text":"'"$t"'"}]}';;`,
  `*'"resources/templates/list"'*) r='{"resourceTemplates":[]}';;`,
  `*'"tools/list"'*) r='{"tools":[]}';;`,
  `*'"prompts/list"'*) r='{"prompts":[]}';;`,
  `*) r='{}';;`,
  'esac',
  `printf '{"jsonrpc":"2.0","id":%s,"result":%s}\\n' "$i" "$r"`,
  'done',
].join('\n');

/** The server entry: `sh -c <MCP_SCRIPT>`. */
export const MCP_SERVER = { command: 'sh', args: ['-c', MCP_SCRIPT] };

/**
 * Whether an MCP server entry is one git-memory wrote: the guarded `sh -c` one (with the sh front, or
 * as older versions wrote it, node at once), or `git-memory mcp` as still older ones wrote it
 * (unguarded). A server of our name running anything else is the user's.
 */
export function isOurMcpServer(entry: unknown): boolean {
  if (!isObject(entry)) return false;
  const args = Array.isArray(entry.args) ? entry.args : [];
  if (entry.command === 'git-memory') return true;
  return entry.command === 'sh' && args.length === 2 && args[0] === '-c' && typeof args[1] === 'string' && [MCP_SCRIPT_V1, MCP_SCRIPT_FRONT].some((p) => (args[1] as string).startsWith(p));
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

function servers(text: string, file: string): Json | undefined {
  const data = parseJsonc(text, file);
  return isObject(data) && isObject(data.mcpServers) ? data.mcpServers : undefined;
}

/**
 * Registers the server in an `mcpServers` object (Claude Code, Gemini CLI, Cursor), unless an entry of
 * that name exists. Ours as an older version wrote it (unguarded `git-memory mcp`) gets the guarded
 * command and arguments in place; whatever else it holds (env, type) stays. A user's entry stays as it is.
 */
export function addMcpServer(text: string, file: string, server: Json): string {
  const existing = servers(text, file)?.[MCP_NAME];
  if (existing === undefined) return setProperty(text, ['mcpServers', MCP_NAME], server);
  if (!isOurMcpServer(existing) || !isObject(existing)) return text;
  let next = text;
  for (const key of ['command', 'args'] as const) {
    if (JSON.stringify(existing[key]) !== JSON.stringify(server[key])) next = setProperty(next, ['mcpServers', MCP_NAME, key], server[key]);
  }
  return next;
}

/** Removes our entry (guarded, or as older versions wrote it); a user's own entry of the same name is kept. */
export function removeMcpServer(text: string, file: string): string {
  const all = servers(text, file);
  const ours = all?.[MCP_NAME];
  if (!all || !isOurMcpServer(ours)) return text;
  return removePath(text, Object.keys(all).length > 1 ? ['mcpServers', MCP_NAME] : ['mcpServers']);
}

export function hasMcpServer(text: string, file: string): boolean {
  return servers(text, file)?.[MCP_NAME] !== undefined;
}

const BEGIN = '# >>> git-memory >>>';
const END = '# <<< git-memory <<<';
// A JSON string is a TOML basic string too: the script's quotes, backslashes and newlines escaped alike.
const TOML_ARGS = `[${MCP_SERVER.args.map((a) => JSON.stringify(a)).join(', ')}]`;
const TOML_BLOCK = `${BEGIN}\n[mcp_servers.${MCP_NAME}]\ncommand = "${MCP_SERVER.command}"\nargs = ${TOML_ARGS}\n${END}\n`;
/** Our marked block in a Codex config, with the line breaks around it (linear time: linear.ts). */
const tomlBlock = (text: string) => spanOf(text, `${BEGIN}\n`, END, { before: true, after: true });
/** The same server as one entry of an inline `mcp_servers = { … }` table. */
const TOML_INLINE_ENTRY = `${MCP_NAME} = { command = "${MCP_SERVER.command}", args = ${TOML_ARGS} }`;

/** Codex's `mcp_servers`, as Codex would read it (undefined when absent). */
const codexServers = (text: string, file: string) => parseTomlFile(text, file).mcp_servers;

/**
 * Codex CLI reads MCP servers from `.codex/config.toml`. A server of our name already there, in any
 * TOML form (a table, dotted keys, an inline entry), is left as it is, but for our own marked block as
 * an older version wrote it, which gets the guarded command in place. Otherwise our table is appended,
 * marked so it can be removed exactly: every byte before it stays. An inline `mcp_servers = { … }`
 * cannot take a table from outside its braces, and is reported with the entry to add by hand; the
 * result is parsed again before it is returned, so no edit makes the file one Codex cannot load.
 */
export function addCodexMcp(text: string, file: string): string {
  const all = codexServers(text, file);
  if (isTomlTable(all) && all[MCP_NAME] !== undefined) {
    // Our own marked block as an older version wrote it (unguarded): the block is replaced in place.
    const span = tomlBlock(text);
    if (!span || JSON.stringify(all[MCP_NAME]) === JSON.stringify(MCP_SERVER) || !isOurMcpServer(all[MCP_NAME])) return text;
    const block = text.slice(span[0], span[1]);
    return text.slice(0, span[0]) + `${block.startsWith('\n') ? '\n' : ''}${block.endsWith('\n') ? TOML_BLOCK : TOML_BLOCK.slice(0, -1)}` + text.slice(span[1]);
  }
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
  if (isTomlTable(after) && JSON.stringify(after[MCP_NAME]) === JSON.stringify(MCP_SERVER)) return next;
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
  const span = tomlBlock(text);
  return span ? text.slice(0, span[0]) + text.slice(span[1]) : text;
}

/** True when Codex would see a server of our name. */
export function hasCodexMcp(text: string, file: string): boolean {
  const all = codexServers(text, file);
  return isTomlTable(all) && all[MCP_NAME] !== undefined;
}
