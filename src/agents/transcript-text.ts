// Transcript records are untyped JSON whose shape differs per agent and version; every access is checked.
export type TranscriptRecord = Record<string, any>;

/** Text blocks of a message's content (a string, or an array of `{type:'text'|'input_text', text}`). */
export function textOf(content: unknown): string | null {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return null;
  // A tool result travels as a user message too; it is not a prompt.
  if (content.some((b) => b && typeof b === 'object' && b.type === 'tool_result')) return null;
  const texts = content.filter((b) => b && typeof b === 'object' && typeof b.text === 'string' && b.type !== 'thinking').map((b) => b.text as string);
  return texts.length ? texts.join('\n') : null;
}

/**
 * Text with git-memory's own context block taken off its start: Gemini CLI puts a SessionStart
 * hook's context in the first user message, `<hook_context>…</hook_context>`, and the prompt after it.
 */
export function withoutHookContext(text: string): string {
  const m = /^\s*<hook_context>[\s\S]*?<\/hook_context>\s*/.exec(text);
  return m ? text.slice(m[0].length) : text;
}
