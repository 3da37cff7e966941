/**
 * A handler's error in the terms of an MCP client. The handlers are shared with the command line
 * and name its flags (`--agent`, `--limit`) and usage lines; over MCP the same value is a tool
 * argument (`agent`, `limit`) and there is no command to type, so flags become argument names and
 * command-line usage hints are left out.
 */
export function inMcpTerms(message: string, hint?: string): string {
  const text = message.replace(/(^|[\s(])--([a-z][a-z-]*)/g, (_, before: string, flag: string) => `${before}\`${flag.replace(/-/g, '_')}\``);
  const cliHint = hint !== undefined && /^usage: git memory|`git memory /.test(hint);
  return hint && !cliHint ? `${text}\n${hint}` : text;
}
