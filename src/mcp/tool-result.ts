// A tool call's MCP result, from its handler's answer or error: what the real server registers
// (server.ts) and what the front's lean search answers with (search-entry.ts), the same bytes.
import type { Result } from '../commands/context.js';
import type { ToolAnswer } from './define-tool.js';
import { redactQuickDeep } from '../safety/redact-deep.js';
import { inMcpTerms } from './mcp-terms.js';

/** A tools/call result: text for the model, and the structured data where the tool gives some. */
export interface ToolResult {
  [key: string]: unknown;
  content: { type: 'text'; text: string }[];
  structuredContent?: Record<string, unknown>;
  isError?: true;
}

/** The message a failed call shows the model: the error, its hint (e.g. the expected shape). */
function failure(e: unknown): string {
  const err = e as Error & { hint?: string };
  return inMcpTerms(err.message ?? String(e), err.hint);
}

/** Runs a tool's call; warnings and a failure's first line go to `log` (stderr), the whole failure to the model. */
export async function toolResult(name: string, run: () => Promise<Result<ToolAnswer>>, log: (t: string) => void): Promise<ToolResult> {
  try {
    const r = await run();
    // Into the agent's context: memory a teammate committed past the pre-commit scan (`--no-verify`)
    // came back whole from memory_search and memory_tasks (stop 53), where the primer redacts it.
    for (const w of r.warnings) log(`git-memory mcp: ${name}: warning: ${w}\n`);
    const text = r.warnings.length ? `${r.data.text}\n\nwarnings:\n${r.warnings.map((w) => `- ${w}`).join('\n')}` : r.data.text;
    // The warnings go in the structured answer too: Claude Code gives the model that in place of the text.
    const data = r.data.data && r.warnings.length ? { ...r.data.data, warnings: r.warnings } : r.data.data;
    return { content: [{ type: 'text' as const, text: redactQuickDeep(text) }], ...(data ? { structuredContent: redactQuickDeep(data) } : {}) };
  } catch (e) {
    const said = redactQuickDeep(failure(e));
    log(`git-memory mcp: ${name}: ${said.split('\n')[0]}\n`);
    return { content: [{ type: 'text' as const, text: said }], isError: true };
  }
}
