// The one gate every request passes on its way out (DESIGN §10): what the provider is about to send,
// after every rendering (the transcript rendered, the prompt assembled, the CLI's prompt joined),
// with every secret the scanner knows redacted. The scanner is loaded here, on the model path only.

/** Keys of the wire body whose values are ours and not text: ids, roles, types, tool names, schemas. */
const NOT_TEXT = new Set(['type', 'role', 'id', 'tool_use_id', 'name', 'cache_control', 'model', 'max_tokens', 'tools', 'is_error']);

/** A text as sent: see safety/outgoing.ts. */
export async function redactSent(text: string, allowlist: readonly string[] = []): Promise<{ text: string; redacted: number }> {
  const { redactOutgoing } = await import('../safety/outgoing.js');
  return redactOutgoing(text, allowlist);
}

/**
 * The request body as the provider will serialise it, with every text value redacted: system
 * blocks, message text, tool inputs and tool results, whatever their nesting.
 */
export async function redactWire<T>(body: T, allowlist: readonly string[] = []): Promise<{ body: T; redacted: number }> {
  let redacted = 0;
  const clean = async (v: unknown, key: string | null): Promise<unknown> => {
    if (key !== null && NOT_TEXT.has(key)) return v;
    if (typeof v === 'string') {
      const r = await redactSent(v, allowlist);
      redacted += r.redacted;
      return r.text;
    }
    if (Array.isArray(v)) {
      const out: unknown[] = [];
      for (const x of v) out.push(await clean(x, null));
      return out;
    }
    if (v && typeof v === 'object') {
      const out: Record<string, unknown> = {};
      for (const [k, x] of Object.entries(v)) out[k] = await clean(x, k);
      return out;
    }
    return v;
  };
  return { body: (await clean(body, null)) as T, redacted };
}
