/**
 * The tools `git memory mcp` serves, in the order it lists them: the one list that the command's
 * help is built from and that the server's TOOLS, the man page and the README are tested against
 * (test/cli/command-lists.test.ts). Kept apart from tools.ts, which loads zod and every handler,
 * so that the help does not.
 */
export const MCP_TOOL_NAMES = ['memory_primer', 'memory_log', 'memory_search', 'memory_tasks', 'memory_update_tasks', 'memory_session_end', 'memory_dream'] as const;
