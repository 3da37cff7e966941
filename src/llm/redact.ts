import type { LlmBlock, LlmMessage, LlmRequest } from './types.js';

/**
 * The request with every secret the scanner finds replaced by `[REDACTED:<rule>]`: system text,
 * message text, tool inputs and tool results. Text from transcripts and notes is redacted, never
 * refused (a model call is optional; a notes update must not stop on a key the user pasted). The
 * scanner is loaded here, on the model path only.
 */
export async function redactRequest(req: LlmRequest, allowlist: readonly string[] = []): Promise<{ request: LlmRequest; redacted: number }> {
  const { scanText, redactText } = await import('../safety/scan.js');
  let redacted = 0;
  const clean = async (text: string): Promise<string> => {
    const findings = await scanText(text, { allowlist });
    if (!findings.length) return text;
    redacted += findings.length;
    return redactText(text, findings);
  };
  const cleanValue = async (v: unknown): Promise<unknown> => {
    if (typeof v === 'string') return clean(v);
    if (Array.isArray(v)) return Promise.all(v.map(cleanValue));
    if (v && typeof v === 'object') {
      const out: Record<string, unknown> = {};
      for (const [k, x] of Object.entries(v)) out[k] = await cleanValue(x);
      return out;
    }
    return v;
  };
  const cleanBlock = async (b: LlmBlock): Promise<LlmBlock> => {
    switch (b.type) {
      case 'text':
        return { ...b, text: await clean(b.text) };
      case 'tool_use':
        return { ...b, input: await cleanValue(b.input) };
      case 'tool_result':
        return { ...b, content: await clean(b.content) };
    }
  };
  const messages: LlmMessage[] = [];
  for (const m of req.messages) {
    messages.push({ role: m.role, content: typeof m.content === 'string' ? await clean(m.content) : await Promise.all(m.content.map(cleanBlock)) });
  }
  return { request: { ...req, system: await clean(req.system), messages }, redacted };
}
