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
 * named by its value); a text kept before a rule was added is redacted by today's rules.
 */
function shownSafe<T>(value: T, key = ''): T {
  if (typeof value === 'string') return (NOT_READ.has(key) ? value : redactQuickLines(value)) as T;
  if (Array.isArray(value)) return value.map((v) => shownSafe(v, key)) as T;
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shownSafe(v, k)])) as T;
  return value;
}
