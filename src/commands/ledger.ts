import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { UsageError } from '../errors.js';
import { findRepo } from '../git/repo.js';
import { redactQuickLines } from '../safety/quick-redact.js';
import { detectAgent, readLedger } from '../transcripts/read.js';
import type { AgentName, Ledger } from '../transcripts/ledger.js';
import type { Ctx, Result } from './context.js';

export type LedgerData = Ledger & {
  /** The transcript read, as an absolute path. */
  transcript: string;
  /** The repository paths are relative to, or null outside one. */
  repo: string | null;
};

const WHICH = 'a Claude Code session (.jsonl), a Codex rollout (.jsonl) or a Gemini CLI chat (.jsonl or .json)';

/** What a transcript says happened: files, commands, errors, user messages, todos, token usage. */
export async function ledger(ctx: Ctx, input: { transcript: string; agent?: AgentName }): Promise<Result<LedgerData>> {
  const path = resolve(ctx.cwd, input.transcript);
  let isFile = false;
  try {
    isFile = statSync(path).isFile();
  } catch {
    /* reported below */
  }
  if (!isFile) throw new UsageError(`cannot read the transcript ${path}`, `--transcript takes the path of ${WHICH}; agent hooks get it as transcript_path`);
  const agent = input.agent ?? detectAgent(path);
  if (!agent) throw new UsageError(`not a transcript git-memory knows: ${path}`, `expected ${WHICH}; name the agent with --agent claude|codex|gemini if it is one`);
  let repo: string | null = null;
  try {
    repo = findRepo(ctx.cwd, ctx.env).root;
  } catch {
    /* outside a repository every path stays absolute */
  }
  const l = readLedger(path, { agent, repoRoot: repo ?? undefined });
  return { data: { transcript: path, repo, ...shownSafe(l) }, warnings: [] };
}

/** Keys whose values the transcript's reader made (ids, times, states, names of tools), not text read from it. */
const NOT_READ = new Set(['agent', 'session_id', 'at', 'first', 'last', 'started', 'updated', 'last_op', 'status', 'trigger']);

/**
 * The ledger as shown, its texts redacted: the ledger keeps a file's path as the agent named it
 * (hot files match it against git's), and a path may hold a token (`src/npm_….json`, a key file
 * named by its value); a text kept before a rule was added is redacted by today's rules. In place:
 * the ledger was read for this output alone, and a redacted copy beside it doubled the peak memory
 * of `ledger --json` on a large transcript (bench: 50 MB − 5 MB grew 16 → 32 MB).
 */
function shownSafe<T>(value: T): T {
  redactIn(value as unknown, '');
  return value;
}

/** `text` redacted; the text itself where nothing was (the copy the redaction made is left to die young). */
function redacted(text: string): string {
  const r = redactQuickLines(text);
  return r === text ? text : r;
}

/** Each text under `value` (an array's items, an object's values) replaced by its redaction where that differs. */
function redactIn(value: unknown, key: string): void {
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const v: unknown = value[i];
      if (typeof v === 'string') {
        if (!NOT_READ.has(key)) value[i] = redacted(v);
      } else redactIn(v, key);
    }
  } else if (value && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    for (const k of Object.keys(o)) {
      const v = o[k];
      if (typeof v === 'string') {
        if (!NOT_READ.has(k)) o[k] = redacted(v);
      } else redactIn(v, k);
    }
  }
}
