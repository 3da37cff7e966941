import { UsageError } from '../../errors.js';
import { isDir } from '../../fs/stat.js';

/** The fields git-memory reads from an agent's hook JSON, whichever agent sent it. */
export interface HookInput {
  sessionId?: string;
  transcriptPath?: string;
  /** The directory the agent works in, when the payload names one that exists. */
  cwd?: string;
  /** SessionStart: startup | resume | clear | compact (Gemini calls it `trigger` in some versions). */
  source?: string;
  event?: string;
}

/** Hook events git-memory acts on, in one spelling; anything else is ignored. */
export type HookEvent = 'session-start' | 'session-end' | 'stop';

/** `SessionStart`, `sessionStart`, `session-start` and `session_start` all name the same event. */
export function normaliseEvent(name: string | undefined): HookEvent | null {
  switch ((name ?? '').toLowerCase().replace(/[-_\s]/g, '')) {
    case 'sessionstart':
      return 'session-start';
    case 'sessionend':
      return 'session-end';
    case 'stop':
      return 'stop';
    default:
      return null;
  }
}

const MAX_INPUT = 1024 * 1024;

const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v : undefined);


/**
 * Parses the JSON an agent writes on the hook's stdin. Empty input is allowed (a hook run by hand);
 * anything that is not a JSON object is refused. Unknown fields are ignored: payloads grow between
 * agent versions.
 */
export function parseHookInput(bytes: Buffer): HookInput {
  if (bytes.length > MAX_INPUT) throw new UsageError(`hook input is ${bytes.length} bytes; the limit is ${MAX_INPUT}`);
  const text = bytes.toString('utf8').trim();
  if (!text) return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    throw new UsageError(`hook input is not JSON: ${(e as Error).message}`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new UsageError('hook input must be a JSON object');
  const o = value as Record<string, unknown>;
  // Cursor names the conversation and the workspace differently from the others.
  const roots = Array.isArray(o.workspace_roots) ? o.workspace_roots.filter((r): r is string => typeof r === 'string') : [];
  const cwd = [str(o.cwd), ...roots].find(isDir);
  return {
    sessionId: str(o.session_id) ?? str(o.conversation_id),
    transcriptPath: str(o.transcript_path),
    ...(cwd ? { cwd } : {}),
    source: str(o.source) ?? str(o.trigger),
    event: str(o.hook_event_name),
  };
}
