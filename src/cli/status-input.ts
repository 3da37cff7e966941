import { parseJsonInput } from '../input.js';
import type { StatuslineInput } from '../commands/statusline.js';

/** What the status line reads from Claude Code's status JSON (stdin); every field is checked before use. */
export interface StatusInput extends StatuslineInput {
  /** The model's display name (or id), shown in front of the bar. */
  model?: string;
}

const str = (v: unknown) => (typeof v === 'string' && v ? v : undefined);

/** Claude Code's status JSON (`transcript_path`, `model`, `workspace`, `cwd`); empty input reads as `{}`. */
export function decodeStatusInput(bytes: Buffer): StatusInput {
  const raw = bytes.toString('utf8').trim();
  const input: Record<string, any> = raw ? (parseJsonInput(raw, 'status input', { allow: 'any', invalid: 'is not JSON' }) as Record<string, any>) : {};
  const dirs = [str(input.workspace?.current_dir), str(input.cwd), str(input.workspace?.project_dir)].filter((d): d is string => d !== undefined);
  return { dirs, transcriptPath: str(input.transcript_path), sessionId: str(input.session_id), model: str(input.model?.display_name) ?? str(input.model?.id) };
}
