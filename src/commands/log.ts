import { localIso } from '../clock.js';
import { UsageError } from '../errors.js';
import { shellSession } from '../git/session-marks.js';
import { appendSpool, peekSpool, type SpoolLog } from '../git/spool.js';
import { decodeInput } from '../input.js';
import { controlCharProblems } from '../safety/control-chars.js';
import { guardText } from '../safety/guard.js';
import { open, type Ctx, type Result } from './context.js';

export const LOG_KINDS = ['learned', 'decision', 'note', 'completed', 'next_step'] as const;

export interface LogOptions {
  /** The item (the CLI front door has read `-` from stdin); none: list what is queued. */
  text?: string;
  kind?: string;
}

export interface LogData {
  /** The item queued, or null when only listing. */
  queued: SpoolLog | null;
  pending: { commits: number; items: SpoolLog[] };
}

/**
 * Queues a learning, decision or note for the current session (folded in by the next `end`), or
 * lists what is queued when no text is given.
 */
export async function log(ctx: Ctx, opts: LogOptions & { text: string }): Promise<Result<LogData & { queued: SpoolLog }>>;
export async function log(ctx: Ctx, opts: LogOptions): Promise<Result<LogData>>;
export async function log(ctx: Ctx, opts: LogOptions): Promise<Result<LogData>> {
  const o = open(ctx);
  const kind = (opts.kind ?? 'learned') as SpoolLog['kind'];
  if (!LOG_KINDS.includes(kind)) throw new UsageError(`--kind must be one of ${LOG_KINDS.join(', ')}, found ${JSON.stringify(opts.kind)}`);
  const warnings = [...o.warnings];
  let queued: SpoolLog | null = null;
  if (opts.text !== undefined) {
    const raw = decodeInput(opts.text, 'the log text');
    const control = controlCharProblems(raw, 'the log text');
    if (control.length) throw new UsageError(control[0]!);
    const text = raw.replace(/\s+/g, ' ').trim();
    if (!text) throw new UsageError('the log text is empty', 'usage: git memory log "what you learned" [--kind learned|decision|note|completed|next_step]');
    const guarded = await guardText(text, 'the log item', { mode: o.config.secrets.mode, allowlist: o.config.secrets.allowlist });
    warnings.push(...guarded.warnings);
    // Queued from an agent's shell: for that session's end, not another's running beside it.
    const session = shellSession(o.env);
    queued = { type: 'log', kind, text: guarded.text, at: localIso(o.now), ...(session ? { session } : {}) };
    appendSpool(o.repo.stateDir, queued);
  }
  const entries = peekSpool(o.repo.stateDir);
  return {
    data: {
      queued,
      pending: { commits: entries.filter((e) => e.type === 'commit').length, items: entries.filter((e): e is SpoolLog => e.type === 'log') },
    },
    warnings,
  };
}
