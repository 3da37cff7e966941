// Claude Code transcript lines for hook tests: a prompt, tool calls with their results, a reply,
// with the context size (usage) each response reports, so a test decides which notes threshold is met.
import { perFile } from '../../helpers/cleanup.js';

let n = 0;
perFile(() => void (n = 0));
const base = (sessionId: string, cwd: string) => ({ isSidechain: false, userType: 'external', cwd, sessionId, version: '2.1.39', gitBranch: 'main' });
const at = () => new Date(Date.UTC(2026, 10, 22, 9) + ++n * 1000).toISOString();

/** A user prompt. */
export function prompt(sessionId: string, cwd: string, text: string): string {
  return `${JSON.stringify({ ...base(sessionId, cwd), parentUuid: null, uuid: `u${n}`, type: 'user', timestamp: at(), message: { role: 'user', content: text } })}\n`;
}

/** One tool call (a Bash command) and its result, the response reporting `context` tokens. */
export function toolTurn(sessionId: string, cwd: string, context: number, command = 'npm test'): string {
  const id = ++n;
  const usage = { input_tokens: 4, cache_creation_input_tokens: 0, cache_read_input_tokens: Math.max(0, context - 104), output_tokens: 100 };
  const call = {
    ...base(sessionId, cwd), parentUuid: `p${id}`, uuid: `a${id}`, type: 'assistant', timestamp: at(), requestId: `req_${id}`,
    message: { model: 'claude-opus-4-6', id: `msg_${id}`, type: 'message', role: 'assistant', content: [{ type: 'tool_use', id: `toolu_${id}`, name: 'Bash', input: { command } }], stop_reason: 'tool_use', usage },
  };
  const result = {
    ...base(sessionId, cwd), parentUuid: `a${id}`, uuid: `r${id}`, type: 'user', timestamp: at(),
    message: { role: 'user', content: [{ tool_use_id: `toolu_${id}`, type: 'tool_result', content: 'ok', is_error: false }] },
  };
  return `${JSON.stringify(call)}\n${JSON.stringify(result)}\n`;
}

/** An assistant reply with no tool call (a natural pause). */
export function reply(sessionId: string, cwd: string, context: number, text: string): string {
  const id = ++n;
  const usage = { input_tokens: 4, cache_creation_input_tokens: 0, cache_read_input_tokens: Math.max(0, context - 104), output_tokens: 100 };
  return `${JSON.stringify({
    ...base(sessionId, cwd), parentUuid: `p${id}`, uuid: `a${id}`, type: 'assistant', timestamp: at(), requestId: `req_${id}`,
    message: { model: 'claude-opus-4-6', id: `msg_${id}`, type: 'message', role: 'assistant', content: [{ type: 'text', text }], stop_reason: 'end_turn', usage },
  })}\n`;
}
