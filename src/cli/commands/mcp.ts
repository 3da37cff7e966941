import type { Argv, CommandModule } from 'yargs';
import { MCP_TOOL_NAMES } from '../../mcp/tool-names.js';
import type { GlobalArgs, Io } from '../io.js';

/** What each tool does, in two words: the tool names without the prefix. */
const WHAT = MCP_TOOL_NAMES.map((n) => n.replace(/^memory_/, '').replaceAll('_', ' ')).join(', ');

export const mcpCommand = (io: Io): CommandModule<GlobalArgs, GlobalArgs> => ({
  command: 'mcp',
  describe: `Serve the memory tools over MCP (stdio): ${WHAT}`,
  builder: (y: Argv<GlobalArgs>) =>
    y
      .example('git memory mcp', 'started by the agent; `git memory init --agent claude --mcp` registers it in .mcp.json')
      .epilog(`Tools: ${MCP_TOOL_NAMES.join(', ')}. Only protocol messages go to stdout; logs go to stderr.`),
  handler: async () => {
    const { serveMcp } = await import('../../mcp/server.js');
    await serveMcp({ cwd: io.cwd, env: io.env }, (t) => io.err(t));
  },
});
