import type { Argv, CommandModule } from 'yargs';
import type { GlobalArgs, Io } from '../io.js';

export const mcpCommand = (io: Io): CommandModule<GlobalArgs, GlobalArgs> => ({
  command: 'mcp',
  describe: 'Serve the memory tools over MCP (stdio): primer, log, search, tasks, update tasks, end the session',
  builder: (y: Argv<GlobalArgs>) =>
    y
      .example('git memory mcp', 'started by the agent; `git memory init --agent claude --mcp` registers it in .mcp.json')
      .epilog('Tools: memory_primer, memory_log, memory_search, memory_tasks, memory_update_tasks, memory_session_end. Only protocol messages go to stdout; logs go to stderr.'),
  handler: async () => {
    const { serveMcp } = await import('../../agents/mcp/server.js');
    await serveMcp({ cwd: io.cwd, env: io.env, readStdin: async () => Buffer.alloc(0) }, (t) => io.err(t));
  },
});
