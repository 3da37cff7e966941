// Untrusted text inside a prompt's data frame (`<conversation_record>…</conversation_record>`) must
// not be able to end the frame: a tool result holding `</conversation_record>` was sent verbatim, and
// what followed it sat beside the real instructions (issue 26). Loads nothing: prompts are built on
// the model path, but the function is cheap enough for anywhere.

/**
 * Every tag name a git-memory prompt frames data with, or that the CLI provider wraps a message in,
 * or that a prompt asks the model to answer in: none may open or close in data.
 */
export const FRAME_TAGS = [
  'conversation_record',
  'current_notes_content',
  'conversation',
  'must_keep',
  'previous_summary',
  'entries',
  'sessions',
  'user',
  'assistant',
  'system',
  'analysis',
  'summary',
] as const;

// One optional slash between blanks: `\s*/?\s*` split a run of blanks both ways, from every `<`.
const tagPattern = (tags: readonly string[]) => new RegExp(`<(\\s*(?:/\\s*)?(?:${tags.join('|')})(?![A-Za-z0-9_-]))`, 'gi');
const TAG = tagPattern(FRAME_TAGS);
const ROLE_TAG = tagPattern(['user', 'assistant']);

/**
 * `text` safe to put inside a frame: each `<` that would open or close one of FRAME_TAGS (any case,
 * spaces allowed: `</ Conversation_Record >`) becomes `&lt;`, which a model reads as the character and
 * no tag ends at. Everything else is left as it is.
 */
export function unframe(text: string): string {
  return text.replace(TAG, '&lt;$1');
}

/**
 * A message put in the claude-cli provider's `<user>`/`<assistant>` wrapper: its own frames were
 * made by the prompt builders (with their data unframed), so only the role tags are neutralised.
 */
export function unframeRoles(text: string): string {
  return text.replace(ROLE_TAG, '&lt;$1');
}
