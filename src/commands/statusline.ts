import { UsageError } from '../errors.js';
import { isDir } from '../fs/stat.js';
import { findRepo } from '../git/repo.js';
import { peekSpool } from '../git/spool.js';
import { loadConfig, SCHEMA } from '../memory/config.js';
import { renderStatus, type Level } from '../agents/statusline/render.js';
import { contextUsage } from '../transcripts/usage.js';
import type { Ctx, Result } from './context.js';

export interface StatuslineData {
  line: string;
  tokens: number;
  window: number;
  percent: number;
  level: Level;
  turns: number;
  turnsLeft: number | null;
  pending: number;
}

const str = (v: unknown) => (typeof v === 'string' && v ? v : undefined);

/**
 * Claude Code's status line: reads the status JSON on stdin (`transcript_path`, `model`,
 * `workspace`), and says how full the context is, at what level, and roughly how many turns of the
 * recent size still fit. The window comes from `[statusline] context_window`. Outside a repository
 * the defaults apply; nothing is written.
 */
export async function statusline(ctx: Ctx, opts: { colour: boolean }): Promise<Result<StatuslineData>> {
  const raw = (await ctx.readStdin()).toString('utf8').trim();
  let input: Record<string, any> = {}; // Claude Code's status JSON; every field is checked before use
  if (raw) {
    try {
      input = JSON.parse(raw);
    } catch (e) {
      throw new UsageError(`status input is not JSON: ${(e as Error).message}`);
    }
  }
  const warnings: string[] = [];
  const dir = [str(input.workspace?.current_dir), str(input.cwd), str(input.workspace?.project_dir)].find(isDir) ?? ctx.cwd;
  let window = SCHEMA.statusline!.context_window!.default as number;
  let pending = 0;
  try {
    const repo = findRepo(dir, ctx.env);
    const loaded = loadConfig(repo.root);
    window = loaded.config.statusline.context_window;
    warnings.push(...loaded.warnings);
    pending = peekSpool(repo.stateDir).filter((e) => e.type === 'log').length;
  } catch (e) {
    warnings.push((e as Error).message);
  }
  const usage = contextUsage(str(input.transcript_path));
  const model = str(input.model?.display_name) ?? str(input.model?.id);
  const turnsLeft = usage.perTurn ? Math.max(0, Math.floor((window - usage.tokens) / usage.perTurn)) : null;
  const shown = renderStatus({ model, tokens: usage.tokens, window, turnsLeft, pending, colour: opts.colour });
  return { data: { ...shown, tokens: usage.tokens, window, turns: usage.turns, turnsLeft, pending }, warnings };
}
