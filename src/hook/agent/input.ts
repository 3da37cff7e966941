import { AGENTS } from '../../agents/registry.js';
import { UsageError } from '../../errors.js';
import { isDir } from '../../fs/stat.js';
import { parseJsonInput } from '../../input.js';

/** The fields git-memory reads from an agent's hook JSON, whichever agent sent it. */
export interface HookInput {
  sessionId?: string;
  transcriptPath?: string;
  /** The directory the agent works in, when the payload names one that exists. */
  cwd?: string;
  /** SessionStart: startup | resume | fork | clear | compact (Gemini calls it `trigger` in some versions). */
  source?: string;
  event?: string;
  /** PreCompact/PostCompact: manual | auto. */
  trigger?: string;
  /** PostCompact: the summary the agent wrote. */
  compactSummary?: string;
}

/** Hook events git-memory acts on, in one spelling; anything else is ignored. */
export type HookEvent = 'session-start' | 'session-end' | 'stop' | 'tool-use' | 'pre-compact' | 'post-compact';

/**
 * `SessionStart`, `sessionStart`, `session-start` and `session_start` all name the same event;
 * Claude Code's and Codex's `PostToolUse` and Gemini CLI's `AfterTool` are `tool-use`.
 */
export function normaliseEvent(name: string | undefined): HookEvent | null {
  switch ((name ?? '').toLowerCase().replace(/[-_\s]/g, '')) {
    case 'sessionstart':
      return 'session-start';
    case 'sessionend':
      return 'session-end';
    case 'stop':
      return 'stop';
    case 'tooluse':
    case 'posttooluse':
    case 'aftertool':
      return 'tool-use';
    case 'precompact':
      return 'pre-compact';
    case 'postcompact':
      return 'post-compact';
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
  const o = parseJsonInput(text, 'hook input', { allow: 'object', invalid: 'is not JSON' }) as Record<string, unknown>;
  // The common spellings first, then each agent's own: the payload is read whichever agent sent it,
  // as it always was, so a payload in another agent's spelling still works.
  const own = AGENTS.map((a) => a.hookInput?.(o) ?? {});
  const cwd = [str(o.cwd), ...own.flatMap((s) => s.cwds ?? [])].find(isDir);
  return {
    sessionId: str(o.session_id) ?? own.find((s) => s.sessionId)?.sessionId,
    transcriptPath: str(o.transcript_path),
    ...(cwd ? { cwd } : {}),
    source: str(o.source) ?? own.find((s) => s.source)?.source,
    event: str(o.hook_event_name),
    ...(str(o.trigger) ? { trigger: str(o.trigger) } : {}),
    ...(typeof o.compact_summary === 'string' && o.compact_summary ? { compactSummary: o.compact_summary } : {}),
  };
}
